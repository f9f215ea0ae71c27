// Tally scopes (engine/pipeline/tally_scope.h): the struct a Tally keys its counts by, its text
// (written only where a report shows a scope) and its order (the text's, so reports list keys as
// they did when the Tally was keyed by the text).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/pipeline/tally.h"
#include "engine/pipeline/tally_scope.h"

namespace meshproof {
namespace {

TEST(TallyScope, TextOfAUnitScopeAndOfEachSubScope) {
    EXPECT_EQ(scope_text({"eldenring", "l", {}}), "eldenring/l");
    EXPECT_EQ(scope_text({"freelancer", "vers", {SubScopeKind::kSeverity, std::string(kIvpExact)}}),
              "freelancer/vers#ivp-exact");
    EXPECT_EQ(scope_text({"freelancer", "vers", {SubScopeKind::kFile, "pod_drab.sur"}}),
              "freelancer/vers#file:pod_drab.sur");
    EXPECT_EQ(scope_text({"sekiro", "h", {SubScopeKind::kMap, "m11_01"}}), "sekiro/h#map:m11_01");
    EXPECT_EQ(scope_text(TallyScope{}), "all");  // a Tally used alone
}

// Every pair of scopes is ordered as its texts are, with the awkward cases: a set that is a prefix
// of another, set names holding characters below and above the mark, each kind of sub-scope, and
// the scope of a Tally used alone.
TEST(TallyScope, OrderIsTheTextsOrder) {
    std::vector<TallyScope> scopes{TallyScope{}};
    for (const char* game : {"eldenring", "freelancer", "sekiro"})
        for (const char* set : {"h", "h!", "h a", "h#x", "h#map:m10", "ha", "legacy", "vers", "a/b", ""}) {
            const TallyScope own{game, set, {}};
            scopes.push_back(own);
            for (const char* name : {"", "m10", "m10,m11", "!pod.sur", "z"}) {
                scopes.push_back(own.with(SubScopeKind::kFile, name));
                scopes.push_back(own.with(SubScopeKind::kMap, name));
            }
            scopes.push_back(own.with(SubScopeKind::kSeverity, kIvpExact));
            scopes.push_back(own.with(SubScopeKind::kSeverity, kStructurallyValid));
            scopes.push_back(own.with(SubScopeKind::kSeverity, "file"));
        }
    std::size_t differ_by_kind_alone = 0;
    for (const TallyScope& a : scopes)
        for (const TallyScope& b : scopes) {
            if (scope_text(a) == scope_text(b)) {
                ASSERT_TRUE(a == b || (a < b) != (b < a)) << scope_text(a);  // one text, still two keys
                continue;
            }
            ASSERT_EQ(a < b, scope_text(a) < scope_text(b)) << scope_text(a) << " against " << scope_text(b);
            if (a.game == b.game && a.set == b.set && a.sub.kind < b.sub.kind && scope_text(b) < scope_text(a))
                ++differ_by_kind_alone;
        }
    EXPECT_GT(differ_by_kind_alone, 0u);  // an order by the fields would not be the text's
}

// A set whose name holds the sub-scope mark is a unit's own scope, counted in a total: the key is
// the struct, never its text read back.
TEST(TallyScope, ASetNamedWithTheMarkIsNotASubScope) {
    Tally t;
    const TallyScope odd{"eldenring", "h#map:m10", {}};
    t.begin_unit(odd, 0, true);
    t.add("triangles", 3);
    EXPECT_EQ(t.unit_count("triangles"), 3u);  // its own scope's count
    t.end_unit({odd.with(SubScopeKind::kFile, "x")});
    EXPECT_EQ(t.total("triangles"), 3u);
    EXPECT_EQ(t.count("triangles", odd), 3u);
    EXPECT_EQ(t.count("triangles", TallyScope{"eldenring", "h", {SubScopeKind::kMap, "m10"}}), 0u);
}

}  // namespace
}  // namespace meshproof
