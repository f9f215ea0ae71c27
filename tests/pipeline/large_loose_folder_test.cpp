// A folder of more loose tagfiles than one group holds (member_group.h, kLooseTagfilesPerGroup)
// runs as consecutive chunks: every tagfile once, in scan order, its folder's compendiums resolving
// every chunk's tagfiles and counted once, in the first chunk. Before, a loose folder was one group
// mapping all its files at once: 70,000 of them used up the kernel's map count and the allocator
// aborted the run.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>

#include "engine/containers/default_decompressors.h"
#include "engine/pipeline/count_members.h"
#include "engine/pipeline/member_group.h"
#include "engine/pipeline/run.h"
#include "tests/support/corpus.h"
#include "tests/support/split_binder_install.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

std::string tagfile_name(std::size_t i) {
    char name[32];
    std::snprintf(name, sizeof name, "t%06zu.hkx", i);
    return name;
}

TEST(LargeLooseFolder, IsPlannedAsChunksWithTheCompendiumsCountedInTheFirst) {
    const std::size_t n = 2 * kLooseTagfilesPerGroup + 88;
    InstallScan scan;
    scan.inputs.push_back(InputFile{InputKind::kSplitBinder, "a/h10_00_00_00.hkxbhd", "x", "y", "h", {}});
    scan.inputs.push_back(InputFile{InputKind::kCompendium, "m/a.compendium", "m/a.compendium", {}, "loose", {}});
    for (std::size_t i = 0; i < n; ++i)
        scan.inputs.push_back(
            InputFile{InputKind::kTagfile, "m/" + tagfile_name(i), "m/" + tagfile_name(i), {}, "loose", {}});
    scan.inputs.push_back(InputFile{InputKind::kCompendium, "m/z.compendium", "m/z.compendium", {}, "loose", {}});
    scan.inputs.push_back(InputFile{InputKind::kTagfile, "small/one.hkx", "small/one.hkx", {}, "loose", {}});

    std::uint64_t binders = 0;
    const std::vector<Group> groups = plan_groups(scan, binders);
    EXPECT_EQ(binders, 1u);
    ASSERT_EQ(groups.size(), 5u);  // the binder, three chunks of m, small
    EXPECT_EQ(groups[0].binder, &scan.inputs[0]);
    std::vector<std::string> tagfiles;
    for (std::size_t c = 1; c <= 3; ++c) {
        const Group& g = groups[c];
        EXPECT_EQ(g.path, "m");
        EXPECT_EQ(g.binder, nullptr);
        std::size_t own_tagfiles = 0;
        for (const InputFile* f : g.loose) {
            if (f->kind == InputKind::kTagfile) ++own_tagfiles, tagfiles.push_back(f->rel_path);
            else EXPECT_EQ(c, 1u) << "a compendium is a member of the first chunk alone: " << f->rel_path;
        }
        EXPECT_LE(own_tagfiles, kLooseTagfilesPerGroup);
        if (c == 1) {
            EXPECT_EQ(g.loose.size(), kLooseTagfilesPerGroup + 2);
            EXPECT_TRUE(g.compendium_context.empty());
        } else {
            ASSERT_EQ(g.compendium_context.size(), 2u);
            EXPECT_EQ(g.compendium_context[0]->rel_path, "m/a.compendium");
            EXPECT_EQ(g.compendium_context[1]->rel_path, "m/z.compendium");
        }
    }
    ASSERT_EQ(tagfiles.size(), n);
    for (std::size_t i = 0; i < n; ++i) EXPECT_EQ(tagfiles[i], "m/" + tagfile_name(i));
    EXPECT_EQ(groups[4].path, "small");
    EXPECT_EQ(groups[4].loose.size(), 1u);
    EXPECT_TRUE(groups[4].compendium_context.empty());
}

// The real sample's tagfile, copied past one chunk, beside its compendium and a broken one: every
// copy decodes (the later chunks resolve through their context), the count before the run is the
// run's, each compendium has one status, and the report is the same at one and two threads.
TEST(LargeLooseFolder, EveryChunkResolvesItsTagfilesAndEachCompendiumIsCountedOnce) {
    MP_REQUIRE_CORPUS();
    const fs::path root = fs::temp_directory_path() / ("meshproof-large-loose-" + std::to_string(::getpid()));
    fs::remove_all(root);
    const fs::path folder = root / "loose";
    fs::create_directories(folder);
    const std::size_t copies = kLooseTagfilesPerGroup + 44;
    for (std::size_t i = 0; i < copies; ++i) fs::copy_file(test::corpus_path("havok/h.hkx"), folder / tagfile_name(i));
    fs::copy_file(test::corpus_path("havok/h.compendium"), folder / "h.compendium");
    test::write_test_file(folder / "z.compendium", std::vector<std::uint8_t>(64, 0xAB));

    auto scan = scan_install(root);
    ASSERT_TRUE(scan.ok());
    std::uint64_t binders = 0;
    const std::vector<Group> groups = plan_groups(*scan, binders);
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_EQ(count_members(groups, default_decompressors()), copies + 2);

    std::vector<RunResult> runs;
    for (int threads : {1, 2}) {
        RunOptions o;
        o.threads = threads;
        auto run = run_verify(root, o);
        ASSERT_TRUE(run.ok()) << run.error().message;
        EXPECT_EQ(run->members.size(), copies + 2);
        EXPECT_EQ(run->count(MemberState::kOk), copies + 1);  // the copies and h.compendium
        ASSERT_EQ(run->count(MemberState::kDecodeError), 1u);
        for (const MemberStatus& m : run->members) {
            if (m.state == MemberState::kDecodeError) {
                EXPECT_EQ(m.path, "loose/z.compendium");
            }
        }
        runs.push_back(std::move(*run));
    }
    ASSERT_EQ(runs[0].passes.size(), runs[1].passes.size());
    for (std::size_t p = 0; p < runs[0].passes.size(); ++p) {
        EXPECT_EQ(runs[0].passes[p].pass, runs[1].passes[p].pass);
        EXPECT_EQ(runs[0].passes[p].tally.counts(), runs[1].passes[p].tally.counts())
            << runs[0].passes[p].pass->info().name;
    }
    fs::remove_all(root);
}

}  // namespace
}  // namespace meshproof
