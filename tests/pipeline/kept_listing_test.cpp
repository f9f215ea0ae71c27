// The count's listings kept for the run (count_members.h): a DCX-wrapped binder is inflated once
// per run. A kept listing is opened from where it stands, its file no longer mapped: the binder's
// file removed after the count, the run still reads its members (a run that listed the binder
// again would find no file). Split binders and loose folders are not kept (loose files are counted
// without being opened), and a body past the budget is not kept.
#include <gtest/gtest.h>

#include <unistd.h>

#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx_writer.h"
#include "engine/containers/default_decompressors.h"
#include "engine/pipeline/count_members.h"
#include "engine/pipeline/member_group.h"
#include "engine/pipeline/run.h"
#include "tests/support/split_binder_install.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

const std::vector<std::uint8_t> kTiny = {'n', 'o', 't', ' ', 'a', ' ', 't', 'a', 'g'};

// A split map binder of two tagfile members, a DCX-wrapped asset binder of one, and a loose folder
// of two files.
fs::path write_install(const std::string& name) {
    const fs::path root = fs::temp_directory_path() / ("meshproof-kept-" + name + "-" + std::to_string(::getpid()));
    test::write_split_binder_install(root, "h10_00_00_00",
                                     {{"h10_00_00_00_000000.hkx", kTiny}, {"h10_00_00_00_000001.hkx", kTiny}});
    BinderFile member;
    member.name = "aeg100_000.hkx";
    member.data = kTiny;
    test::write_test_file(root / "asset" / "aeg" / "aeg100" / "aeg100_000_h.geomhkxbnd.dcx",
                          dcx_write_dflt(write_bnd4(std::span<const BinderFile>(&member, 1))));
    test::write_test_file(root / "loose" / "a.hkx", kTiny);
    test::write_test_file(root / "loose" / "b.hkx", kTiny);
    return root;
}

std::vector<Group> groups_of(const fs::path& root, InstallScan& scan) {
    auto scanned = scan_install(root);
    EXPECT_TRUE(scanned.ok());
    scan = std::move(*scanned);
    std::uint64_t binders = 0;
    return plan_groups(scan, binders);
}

TEST(KeptListing, DcxWrappedBindersAreKeptUnmapped) {
    const fs::path root = write_install("kept");
    InstallScan scan;
    const std::vector<Group> groups = groups_of(root, scan);
    ASSERT_EQ(groups.size(), 3u);
    MemberCount counted = count_and_keep_members(groups, default_decompressors());
    EXPECT_EQ(counted.members, 5u);
    EXPECT_EQ(counted.members, count_members(groups, default_decompressors()));
    ASSERT_EQ(counted.listed.size(), groups.size());
    std::size_t kept = 0;
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const bool dcx_wrapped = groups[g].binder != nullptr && groups[g].binder->kind == InputKind::kBinder;
        EXPECT_EQ(counted.listed[g] != nullptr, dcx_wrapped) << groups[g].path;
        if (!counted.listed[g]) continue;
        ++kept;
        EXPECT_FALSE(counted.listed[g]->owned.empty());
        EXPECT_TRUE(counted.listed[g]->maps.empty());  // the body is owned: no file page held
    }
    EXPECT_EQ(kept, 1u);

    // The files gone, the kept listing still opens to its members, decodable from the body.
    fs::remove_all(root);
    for (std::size_t g = 0; g < groups.size(); ++g) {
        if (!counted.listed[g]) continue;
        const std::size_t members = counted.listed[g]->jobs.size();
        const std::unique_ptr<OpenedGroup> opened =
            open_group(groups[g], default_decompressors(), std::move(counted.listed[g]));
        EXPECT_TRUE(opened->failures.empty()) << groups[g].path;
        EXPECT_EQ(opened->jobs.size(), members);
        for (const MemberJob& job : opened->jobs) {
            std::string skip;
            const auto bytes = member_bytes(job, default_decompressors(), skip);
            ASSERT_TRUE(bytes.ok()) << job.path;
            EXPECT_EQ(*bytes, kTiny);
        }
        // Listed again, the binder is a failure: the kept listing is what the run read.
        EXPECT_FALSE(open_group(groups[g], default_decompressors())->failures.empty());
    }
}

TEST(KeptListing, BodiesPastTheBudgetAreNotKept) {
    const fs::path root = write_install("budget");
    InstallScan scan;
    const std::vector<Group> groups = groups_of(root, scan);
    const MemberCount none = count_and_keep_members(groups, default_decompressors(), 0);
    EXPECT_EQ(none.members, 5u);
    for (const auto& listed : none.listed) EXPECT_EQ(listed, nullptr);
    fs::remove_all(root);
}

// The run with a display (the count runs and its listings are used) and without (none) report the
// same members.
TEST(KeptListing, TheRunWithTheCountReportsWhatTheRunWithoutItReports) {
    const fs::path root = write_install("run");
    std::vector<std::string> seen[2];
    for (int with_count : {0, 1}) {
        Progress progress;
        RunOptions o;
        o.threads = 2;
        if (with_count) o.progress = &progress;
        auto run = run_verify(root, o);
        ASSERT_TRUE(run.ok()) << run.error().message;
        for (const MemberStatus& m : run->members)
            seen[with_count].push_back(m.path + " " + std::to_string(static_cast<int>(m.state)));
        if (with_count) {
            EXPECT_EQ(progress.members_done.load(), progress.members_total.load());
        }
    }
    EXPECT_EQ(seen[0], seen[1]);
    EXPECT_EQ(seen[0].size(), 5u);
    fs::remove_all(root);
}

}  // namespace
}  // namespace meshproof
