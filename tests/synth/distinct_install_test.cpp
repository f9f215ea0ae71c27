// Counts over distinct tagfiles end to end (issue 15): a demo install whose character binders
// hold byte-for-byte copies of tagfiles read earlier (character_binders.h) and members that are
// not collision, verified through run_verify at 1 and 4 threads. The structure pass's distinct
// counts are the plain counts less the copies, in the set of the first copy in path order, the
// same at any thread count; the members that are not collision are neither errors nor skips.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "engine/containers/binder.h"
#include "engine/containers/binder_entry_data.h"
#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx.h"
#include "engine/containers/dcx_writer.h"
#include "engine/containers/default_decompressors.h"

#include "engine/pipeline/run.h"
#include "engine/synth/install_writer.h"
#include "tests/support/pass_tally.h"
#include "tests/synth/temp_install.h"
#include "tests/support/param_printers.h"

namespace meshproof::synth {
namespace {
namespace fs = std::filesystem;

class DistinctInstall : public ::testing::TestWithParam<SynthGame> {};

TEST_P(DistinctInstall, CopiesCountOnceAndNonCollisionIsNoFailure) {
    const SynthGame game = GetParam();
    const std::string g(synth_game_name(game));
    const fs::path root = test::temp_install_root("distinct-" + g);
    SynthOptions o;
    o.game = game;
    o.seed = 9;
    auto written = write_synthetic_install(root, o);
    ASSERT_TRUE(written.ok()) << written.error().message;
    const SynthCounts& chr = written->by_set[4];
    const SynthCounts& objects = written->by_set[3];
    ASSERT_EQ(synth_sets(game)[4], "character");
    // Three binders: c2000 (with the asset copy in Elden Ring), c2010 (with c2000's copy), c2020.
    EXPECT_EQ(chr.binders, 3u);
    EXPECT_EQ(chr.not_collision, 6u);
    EXPECT_GT(chr.duplicate_sections, 0u);
    EXPECT_LT(chr.duplicate_sections, chr.sections);
    // Elden Ring: c2000 and c2020 have 1 point set, c2010 2, the copies of c2000 and of the asset
    // one flagged section each; Sekiro's flagged sections are all in object binders.
    EXPECT_EQ(chr.custom_sections, game == SynthGame::kEldenRing ? 5u : 0u);
    EXPECT_EQ(chr.duplicate_flagged, game == SynthGame::kEldenRing ? 2u : 0u);

    RunResult runs[2];
    for (int i = 0; i < 2; ++i) {
        RunOptions ro;
        ro.threads = i == 0 ? 1 : 4;
        auto run = run_verify(root, ro);
        ASSERT_TRUE(run.ok()) << run.error().message;
        runs[i] = std::move(*run);
    }
    for (const RunResult& run : runs) {
        for (const MemberStatus& m : run.members)
            EXPECT_EQ(m.state, MemberState::kOk) << m.path << ": " << m.error.message << " at " << m.error.offset;
        EXPECT_EQ(run.count(MemberState::kSkipped), 0u);
        EXPECT_EQ(run.not_collision(), 6u);
        const Tally& t = meshproof::test::tally_of(run, "structure");
        const TallyScope character{g, "character", {}}, obj{g, std::string(synth_sets(game)[3]), {}};
        EXPECT_EQ(t.count("sections", character), chr.sections);
        EXPECT_EQ(t.count("distinct_sections", character), chr.sections - chr.duplicate_sections);
        EXPECT_EQ(t.count("flagged_sections", character), chr.custom_sections);
        EXPECT_EQ(t.count("distinct_flagged_sections", character), chr.custom_sections - chr.duplicate_flagged);
        // The asset copy counts in the asset set, which holds its original.
        EXPECT_EQ(t.count("distinct_sections", obj), objects.sections);
        EXPECT_EQ(t.count("distinct_flagged_sections", obj), objects.custom_sections);
        // Over the game: the plain count less the copies.
        EXPECT_EQ(t.total("distinct_sections"), t.total("sections") - chr.duplicate_sections);
        EXPECT_EQ(t.total("distinct_flagged_sections"), t.total("flagged_sections") - chr.duplicate_flagged);
    }
    for (std::size_t p = 0; p < runs[0].passes.size(); ++p)
        EXPECT_EQ(runs[0].passes[p].tally.counts(), runs[1].passes[p].tally.counts())
            << runs[0].passes[p].pass->info().name;
    fs::remove_all(root);
}

// A character member that is a TAG0 but cut short is no less a decode error: only a member that
// is no TAG0, declares no compressed mesh or decodes to none is not collision.
// ctest-labels: hostile
TEST(DistinctInstallCorrupt, ATruncatedCharacterCollisionMemberStaysAnError) {
    const fs::path root = test::temp_install_root("distinct-truncated");
    SynthOptions o;
    o.seed = 9;
    ASSERT_TRUE(write_synthetic_install(root, o).ok());
    const fs::path chr = root / "chr" / "c2020.chrbnd.dcx";
    std::ifstream in(chr, std::ios::binary);
    const std::vector<std::uint8_t> stored((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    in.close();
    auto body = dcx_decompress(stored, default_decompressors());
    ASSERT_TRUE(body.ok());
    auto binder = parse_bnd4(*body);
    ASSERT_TRUE(binder.ok());
    std::vector<BinderFile> files;
    for (const BinderEntry& e : binder->entries) {
        auto data = entry_stored_bytes(e, *body);
        ASSERT_TRUE(data.ok());
        BinderFile f;
        f.name = std::string(e.name_last_component());
        f.id = static_cast<std::int32_t>(files.size());
        f.data.assign(data->begin(), data->end());
        if (f.name == "c2020.hkx") f.data.resize(f.data.size() / 2);  // the TAG0 header intact, its sections cut
        files.push_back(std::move(f));
    }
    ASSERT_EQ(files.size(), 3u);
    const std::vector<std::uint8_t> rewritten = dcx_write_dflt(write_bnd4(files), 1);
    std::ofstream(chr, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(rewritten.data()), static_cast<std::streamsize>(rewritten.size()));
    RunOptions ro;
    ro.threads = 2;
    auto run = run_verify(root, ro);
    ASSERT_TRUE(run.ok()) << run.error().message;
    ASSERT_EQ(run->count(MemberState::kDecodeError), 1u);
    for (const MemberStatus& m : run->members)
        if (m.state == MemberState::kDecodeError) {
            EXPECT_EQ(m.path, "chr/c2020.chrbnd.dcx :: c2020.hkx");
        }
    EXPECT_EQ(run->not_collision(), 6u);
    fs::remove_all(root);
}

INSTANTIATE_TEST_SUITE_P(Games, DistinctInstall, ::testing::Values(SynthGame::kEldenRing, SynthGame::kSekiro),
                         [](const auto& info) { return std::string(synth_game_name(info.param)); });

}  // namespace
}  // namespace meshproof::synth
