// Tally scopes (engine/pipeline/tally_scope.h): the text a Tally keys counts by, written from the
// struct and read back into it.
#include <gtest/gtest.h>

#include "engine/pipeline/tally_scope.h"

namespace meshproof {
namespace {

TEST(TallyScope, TextOfAUnitScopeAndOfEachSubScope) {
    EXPECT_EQ(scope_text({"eldenring", "l", {}}), "eldenring/l");
    EXPECT_EQ(scope_text({"freelancer", "vers", {SubScopeKind::kSeverity, kIvpExact}}), "freelancer/vers#ivp-exact");
    EXPECT_EQ(scope_text({"freelancer", "vers", {SubScopeKind::kFile, "pod_drab.sur"}}),
              "freelancer/vers#file:pod_drab.sur");
    EXPECT_EQ(scope_text({"sekiro", "h", {SubScopeKind::kMap, "m11_01"}}), "sekiro/h#map:m11_01");
}

TEST(TallyScope, ReadBackIsTheStructItWasWrittenFrom) {
    for (const TallyScope s : {TallyScope{"eldenring", "l", {}},
                               TallyScope{"freelancer", "legacy", {SubScopeKind::kSeverity, kStructurallyValid}},
                               TallyScope{"freelancer", "vers", {SubScopeKind::kFile, "!a,b"}},
                               TallyScope{"sekiro", "h", {SubScopeKind::kMap, "m60_34_5,m60_41_3"}}}) {
        const std::string text = scope_text(s);
        const std::optional<TallyScope> back = read_scope(text);
        ASSERT_TRUE(back) << text;
        EXPECT_EQ(back->game, s.game);
        EXPECT_EQ(back->set, s.set);
        EXPECT_EQ(back->sub, s.sub) << text;
    }
    EXPECT_FALSE(read_scope("all"));  // a Tally used alone has no game
    EXPECT_TRUE(is_sub_scope("sekiro/h#map:m11"));
    EXPECT_FALSE(is_sub_scope("sekiro/h"));
}

}  // namespace
}  // namespace meshproof
