// The count's listings kept for the run (count_members.h): every binder's, none of its bytes. The
// run binds a listing to the container it reads: a split binder's header file is not read again
// (removed after the count, the run still reads its members from the data file), and a container
// that changed since the count is listed again from what the run read.
#include <gtest/gtest.h>

#include <algorithm>

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

TEST(KeptListing, EveryBindersListingIsKeptWithoutItsBytes) {
    const fs::path root = write_install("kept");
    InstallScan scan;
    const std::vector<Group> groups = groups_of(root, scan);
    ASSERT_EQ(groups.size(), 3u);
    const MemberCount counted = count_and_keep_members(groups, default_decompressors());
    EXPECT_EQ(counted.members, 5u);
    EXPECT_EQ(counted.members, count_members(groups, default_decompressors()));
    ASSERT_EQ(counted.listed.size(), groups.size());
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const bool binder = groups[g].binder != nullptr;
        ASSERT_EQ(counted.listed[g].has_value(), binder) << groups[g].path;
        if (!binder) continue;
        const BinderListing& listed = *counted.listed[g];
        EXPECT_TRUE(listed.table_read);
        EXPECT_TRUE(listed.failures.empty());
        for (const ListedMember& m : listed.members) EXPECT_EQ(m.size, kTiny.size()) << m.path;
    }
    fs::remove_all(root);
}

TEST(KeptListing, TheRunReadsASplitBindersHeaderFileOnlyInTheCount) {
    const fs::path root = write_install("header");
    InstallScan scan;
    const std::vector<Group> groups = groups_of(root, scan);
    MemberCount counted = count_and_keep_members(groups, default_decompressors());
    const auto split = std::find_if(groups.begin(), groups.end(), [](const Group& g) {
        return g.binder != nullptr && g.binder->kind == InputKind::kSplitBinder;
    });
    ASSERT_NE(split, groups.end());
    const auto g = static_cast<std::size_t>(split - groups.begin());
    fs::remove(split->binder->path);  // the .hkxbhd

    const std::unique_ptr<OpenedGroup> opened =
        open_group(groups[g], default_decompressors(), std::move(counted.listed[g]));
    EXPECT_TRUE(opened->failures.empty());
    ASSERT_EQ(opened->jobs.size(), 2u);
    for (const MemberJob& job : opened->jobs) {
        std::string skip;
        const auto bytes = member_bytes(job, default_decompressors(), skip);
        ASSERT_TRUE(bytes.ok()) << job.path;
        EXPECT_EQ(*bytes, kTiny);
    }
    // Listed by the run instead, the binder is a failure: it has no header file now.
    EXPECT_EQ(open_group(groups[g], default_decompressors())->failures.size(), 1u);
    fs::remove_all(root);
}

TEST(KeptListing, AContainerChangedSinceTheCountIsListedAgain) {
    const fs::path root = write_install("changed");
    InstallScan scan;
    const std::vector<Group> groups = groups_of(root, scan);
    MemberCount counted = count_and_keep_members(groups, default_decompressors());
    // Both binders rewritten with a third member: their containers grew.
    test::write_split_binder_install(
        root, "h10_00_00_00",
        {{"h10_00_00_00_000000.hkx", kTiny}, {"h10_00_00_00_000001.hkx", kTiny}, {"h10_00_00_00_000002.hkx", kTiny}});
    std::vector<BinderFile> members(3);
    for (std::size_t i = 0; i < members.size(); ++i) {
        members[i].name = "aeg100_00" + std::to_string(i) + ".hkx";
        members[i].data = kTiny;
    }
    test::write_test_file(root / "asset" / "aeg" / "aeg100" / "aeg100_000_h.geomhkxbnd.dcx",
                          dcx_write_dflt(write_bnd4(members)));
    for (std::size_t g = 0; g < groups.size(); ++g) {
        if (!counted.listed[g]) continue;
        EXPECT_LT(counted.listed[g]->members.size(), 3u);
        const auto opened = open_group(groups[g], default_decompressors(), std::move(counted.listed[g]));
        EXPECT_EQ(opened->jobs.size(), 3u) << groups[g].path;
        EXPECT_TRUE(opened->failures.empty()) << groups[g].path;
    }
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
