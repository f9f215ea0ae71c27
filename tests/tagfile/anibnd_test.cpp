// Every tagfile and compendium inside the uncompressed anibnd binders (Sekiro 2016.2, ER
// 2018.1, AC6 2019.1) parses with zero unread type bytes; TCRF files resolve against the
// compendium of their own binder; the object tree walks and dumps without errors.
#include <gtest/gtest.h>

#include <map>

#include "engine/tagfile/dump.h"
#include "engine/tagfile/object_view.h"
#include "tests/tagfile/tagfile_fixtures.h"

namespace meshproof::tagfile {
namespace {

struct Tally {
    int tagfiles = 0, compendiums = 0, tcrf = 0, own_type = 0;
    std::map<std::string, int> sdk;
    std::size_t compendium_ids = 0;
};

TEST(Anibnd, EveryMemberParsesWithZeroUnreadTypeBytes) {
    MP_REQUIRE_CORPUS();
    const auto& files = test::anibnd_files();
    ASSERT_FALSE(files.empty());
    Tally tally;
    for (const auto& file : files) {
        SCOPED_TRACE(file.path);
        auto entries = test::list_bnd4(file.bytes);
        ASSERT_TRUE(entries.has_value());
        CompendiumRegistry registry;
        for (const auto& e : *entries) {
            if (!test::is_tcm0(e.bytes)) continue;
            SCOPED_TRACE(e.name);
            auto c = parse_compendium(e.bytes);
            ASSERT_TRUE(c.ok()) << c.error().message << " @" << c.error().offset;
            EXPECT_EQ(c->types->unread_bytes(), 0u);
            EXPECT_EQ(c->types->body_count() + 1, c->types->type_count());
            tally.compendium_ids += c->ids.size();
            ASSERT_TRUE(registry.add(*c).ok());
            ++tally.compendiums;
        }
        for (const auto& e : *entries) {
            if (!test::is_tag0(e.bytes)) continue;
            SCOPED_TRACE(e.name);
            auto tf = parse_tagfile(e.bytes, &registry);
            ASSERT_TRUE(tf.ok()) << tf.error().message << " @" << tf.error().offset;
            EXPECT_EQ(tf->types().unread_bytes(), 0u);
            ++tally.tagfiles;
            ++tally.sdk[std::string(tf->sdk_version())];
            (tf->compendium_id() ? tally.tcrf : tally.own_type)++;
            ObjectView root = ObjectView::root(*tf);
            ASSERT_TRUE(root.ok()) << root.error().message;
            EXPECT_EQ(root.type_name(), "hkRootLevelContainer");
            const std::string text = dump_tagfile(*tf);
            EXPECT_EQ(text.find("<error"), std::string::npos) << text.substr(text.find("<error") - 200, 400);
        }
    }
    // From corpus/README.md: uncompressed binders hold 2+2+10+1+4+1+2 = 22 TAG0 and 2 TCM0.
    EXPECT_EQ(tally.tagfiles, 22);
    EXPECT_EQ(tally.compendiums, 2);
    EXPECT_EQ(tally.compendium_ids, 4u);  // 2 in WP_A_2300, 2 in WP_A_0550_1
    EXPECT_EQ(tally.tcrf, 12);
    EXPECT_EQ(tally.own_type, 10);
    EXPECT_EQ(tally.sdk["20160200"], 4);
    EXPECT_EQ(tally.sdk["20180100"], 15);
    EXPECT_EQ(tally.sdk["20190100"], 3);
}

}  // namespace
}  // namespace meshproof::tagfile
