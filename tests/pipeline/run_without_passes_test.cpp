// RunOptions::no_passes, the decode-only baseline of bench/pipeline_bench.cpp: every member is
// still decompressed, parsed and decoded (a corrupt one still fails), but no pass runs.
#include <gtest/gtest.h>

#include <fstream>

#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx_writer.h"
#include "engine/pipeline/run.h"
#include "tests/support/corpus.h"
#include "tests/support/split_binder_install.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

TEST(RunWithoutPasses, DecodesEveryMemberAndRunsNoPass) {
    MP_REQUIRE_CORPUS();
    const fs::path root = fs::temp_directory_path() / "meshproof-run-without-passes";
    const auto hkx = test::read_file(test::corpus_path("havok/h.hkx"));
    const auto compendium = test::read_file(test::corpus_path("havok/h.compendium"));
    test::write_split_binder_install(
        root, "h10_00_00_00",
        {
            {"h10_00_00_00.compendium.dcx", dcx_write_dflt(compendium)},
            {"h10_00_00_00_000000.hkx.dcx", dcx_write_dflt(hkx)},
            {"h10_00_00_00_000001.hkx.dcx", dcx_write_zstd(hkx)},
            // A tagfile cut short inside a valid DCX: only parsing or decoding can notice it.
            {"h10_00_00_00_000002.hkx.dcx", dcx_write_dflt(Bytes(hkx.data(), hkx.size() / 2))},
        });

    RunOptions decode_only;
    decode_only.no_passes = true;
    auto bare = run_verify(root, decode_only);
    ASSERT_TRUE(bare.ok()) << bare.error().message;
    EXPECT_TRUE(bare->passes.empty());
    EXPECT_EQ(bare->count(MemberState::kOk), 3u);           // compendium and two tagfiles
    EXPECT_EQ(bare->count(MemberState::kDecodeError), 1u);  // the cut tagfile

    // The same members as a run with every pass; only the passes differ.
    auto full = run_verify(root, RunOptions{});
    ASSERT_TRUE(full.ok());
    EXPECT_FALSE(full->passes.empty());
    ASSERT_EQ(full->members.size(), bare->members.size());
    for (std::size_t i = 0; i < full->members.size(); ++i) {
        EXPECT_EQ(full->members[i].path, bare->members[i].path);
        EXPECT_EQ(full->members[i].state, bare->members[i].state) << full->members[i].path;
    }
    fs::remove_all(root);
}

}  // namespace
}  // namespace meshproof
