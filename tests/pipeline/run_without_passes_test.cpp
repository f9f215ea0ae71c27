// RunOptions::no_passes, the decode-only baseline of bench/pipeline_bench.cpp: every member is
// still decompressed, parsed and decoded (a corrupt one still fails), but no pass runs.
#include <gtest/gtest.h>

#include <fstream>

#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx_writer.h"
#include "engine/pipeline/run.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

void write_bytes(const fs::path& p, const std::vector<std::uint8_t>& bytes) {
    fs::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

TEST(RunWithoutPasses, DecodesEveryMemberAndRunsNoPass) {
    MP_REQUIRE_CORPUS();
    const fs::path root = fs::temp_directory_path() / "meshproof-run-without-passes";
    fs::remove_all(root);
    const auto hkx = test::read_file(test::corpus_path("havok/h.hkx"));
    const auto compendium = test::read_file(test::corpus_path("havok/h.compendium"));
    std::vector<BinderFile> files;
    auto add = [&](std::string name, std::vector<std::uint8_t> data) {
        BinderFile f;
        f.name = "m10_00_00_00\\" + name;
        f.id = static_cast<std::int32_t>(files.size());
        f.data = std::move(data);
        files.push_back(std::move(f));
    };
    add("h10_00_00_00.compendium.dcx", dcx_write_dflt(compendium));
    add("h10_00_00_00_000000.hkx.dcx", dcx_write_dflt(hkx));
    add("h10_00_00_00_000001.hkx.dcx", dcx_write_zstd(hkx));
    // A tagfile cut short inside a valid DCX: only parsing or decoding can notice it.
    add("h10_00_00_00_000002.hkx.dcx", dcx_write_dflt(Bytes(hkx.data(), hkx.size() / 2)));
    const auto bxf = write_bxf4(files);
    write_bytes(root / "map" / "m10_00_00_00" / "h10_00_00_00.hkxbhd", bxf.bhd);
    write_bytes(root / "map" / "m10_00_00_00" / "h10_00_00_00.hkxbdt", bxf.bdt);

    RunOptions decode_only;
    decode_only.no_passes = true;
    auto bare = run_verify(root, decode_only);
    ASSERT_TRUE(bare.ok()) << bare.error().message;
    EXPECT_TRUE(bare->passes.empty());
    EXPECT_EQ(bare->count(MemberState::kOk), 3u);            // compendium and two tagfiles
    EXPECT_EQ(bare->count(MemberState::kDecodeError), 1u);   // the cut tagfile

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
