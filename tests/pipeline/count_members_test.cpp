// The member total counted before the fan-out (count_members.h) against what the run processes:
// on the corpus's samples (loose Havok tagfiles and compendiums, .sur files with and without
// models), and on binders that cannot be read or hold members that cannot be reached, whose
// failures stand for members in the run. Progress counts a .sur file as one member even when its
// model adds a status of its own, so the .sur folders are checked against progress alone.
#include <gtest/gtest.h>

#include <unistd.h>

#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx_writer.h"
#include "engine/containers/default_decompressors.h"
#include "engine/pipeline/count_members.h"
#include "engine/pipeline/member_group.h"
#include "engine/pipeline/run.h"
#include "tests/support/corpus.h"
#include "tests/support/split_binder_install.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

std::uint64_t count_under(const fs::path& root) {
    auto scan = scan_install(root);
    EXPECT_TRUE(scan.ok());
    if (!scan.ok()) return 0;
    std::uint64_t binders = 0;
    return count_members(plan_groups(*scan, binders), default_decompressors());
}

struct Counted {
    std::uint64_t total = 0, done = 0, statuses = 0;
};

Counted run_with_progress(const fs::path& root, int threads) {
    Progress progress;
    RunOptions o;
    o.threads = threads;
    o.progress = &progress;
    auto run = run_verify(root, o);
    EXPECT_TRUE(run.ok()) << (run.ok() ? "" : run.error().message);
    return {progress.members_total.load(), progress.members_done.load(), run.ok() ? run->members.size() : 0};
}

TEST(CountMembers, CorpusHavokSampleEqualsTheMembersProcessed) {
    MP_REQUIRE_CORPUS();
    const fs::path root = test::corpus_path("havok");
    const std::uint64_t counted = count_under(root);
    EXPECT_GT(counted, 0u);
    for (int threads : {1, 2}) {
        const Counted c = run_with_progress(root, threads);
        EXPECT_EQ(c.total, counted);
        EXPECT_EQ(c.done, counted);
        EXPECT_EQ(c.statuses, counted);
    }
}

TEST(CountMembers, CorpusSurSamplesTotalEqualsDone) {
    MP_REQUIRE_CORPUS();
    for (const char* folder : {"sur/retail-sample", "sur-with-models/retail"}) {
        const Counted c = run_with_progress(test::corpus_path(folder), 2);
        EXPECT_GT(c.total, 0u) << folder;
        EXPECT_EQ(c.total, c.done) << folder;
    }
}

TEST(CountMembers, UnreadableBinderAndUnreachableMembersAreCountedAsTheRunReportsThem) {
    const fs::path root = fs::temp_directory_path() / ("meshproof-count-members-" + std::to_string(::getpid()));
    const std::vector<std::uint8_t> tiny = {'n', 'o', 't', ' ', 'a', ' ', 't', 'a', 'g'};
    test::write_split_binder_install(
        root, "h10_00_00_00",
        {
            {"h10_00_00_00_000000.hkx.dcx", dcx_write_dflt(tiny)},
            {"h10_00_00_00_000001.hkx", tiny},
            {"h10_00_00_00_000002.txt", tiny},  // not a collision member: neither counted nor run
        });
    // A second binder whose header is garbage: one failure stands for it.
    const fs::path bad = root / "map" / "m10_00_00_00" / "l10_00_00_00";
    test::write_test_file(fs::path(bad.string() + ".hkxbhd"), std::vector<std::uint8_t>(64, 0xAB));
    test::write_test_file(fs::path(bad.string() + ".hkxbdt"), std::vector<std::uint8_t>(64, 0xCD));

    const std::uint64_t counted = count_under(root);
    EXPECT_EQ(counted, 3u);  // two tagfile members, one unreadable binder
    const Counted c = run_with_progress(root, 2);
    EXPECT_EQ(c.total, counted);
    EXPECT_EQ(c.done, counted);
    EXPECT_EQ(c.statuses, counted);
    fs::remove_all(root);
}

}  // namespace
}  // namespace meshproof
