// The synthetic manifest (issue 5's acceptance, synthetic half): a demo install written with
// --defects all, with each single kind and with none, verified through run_verify and every
// registered pass; every manifest figure must equal the pass's counter in its game/set scope
// exactly, every violation counter of every stated pass must have a figure, and without
// defects every violation counter is 0 while with a mesh defect some are not.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <ostream>
#include <set>
#include <string>

#include "engine/pipeline/run.h"
#include "engine/synth/install_writer.h"
#include "engine/synth/synth_manifest.h"
#include "tests/synth/temp_install.h"
#include "tests/support/param_printers.h"

namespace meshproof::synth {
namespace {
namespace fs = std::filesystem;

std::vector<PassCounter> registry_counters() {
    std::vector<PassCounter> out;
    for (const Pass* pass : PassRegistry::global().all())
        for (const CounterInfo& c : pass->info().counters)
            out.push_back({pass->info().name, c.name, c.description, c.violation});
    return out;
}

bool stated(std::string_view pass) {
    const auto s = stated_passes();
    return std::find(s.begin(), s.end(), pass) != s.end();
}

struct Case {
    SynthGame game;
    std::string spec;  // --defects
};
void PrintTo(const Case& c, std::ostream* os) { *os << synth_game_name(c.game) << " --defects '" << c.spec << "'"; }

class ManifestMatchesPasses : public ::testing::TestWithParam<Case> {};

TEST_P(ManifestMatchesPasses, EveryFigureExactly) {
    const Case& k = GetParam();
    const fs::path root =
        test::temp_install_root("manifest-" + std::string(synth_game_name(k.game)) + "-" +
                                (k.spec.empty() ? std::string("none") : k.spec.substr(0, k.spec.find(':'))));
    SynthOptions o;
    o.game = k.game;
    o.seed = 7;
    auto spec = parse_defect_spec(k.spec);
    ASSERT_TRUE(spec.ok());
    o.defects = *spec;
    o.counters = registry_counters();
    auto written = write_synthetic_install(root, o);
    ASSERT_TRUE(written.ok()) << written.error().message;
    EXPECT_EQ(written->injected, o.defects);
    ASSERT_TRUE(fs::exists(root / "manifest.json"));
    // The object / asset binders hold point-set custom primitives (round-tripped below), Elden
    // Ring's extern shapes too.
    EXPECT_GT(written->by_set[3].point_sets, 0u);
    EXPECT_EQ(written->by_set[3].extern_shapes > 0, k.game == SynthGame::kEldenRing);
    EXPECT_EQ(written->by_set[3].binders, written->by_set[3].members);
    const SynthManifest manifest = make_synth_manifest(o, *written, o.counters);
    EXPECT_EQ(synth_manifest_json(manifest), written->manifest_json);

    RunOptions ro;
    ro.threads = 2;
    auto run = run_verify(root, ro);
    ASSERT_TRUE(run.ok()) << run.error().message;

    // Every figure equals the pass's counter in its scope.
    std::set<std::string> ids;
    for (const ManifestFigure& f : manifest.figures) {
        EXPECT_TRUE(ids.insert(f.id).second) << "duplicate id " << f.id;
        const auto pr = std::find_if(run->passes.begin(), run->passes.end(),
                                     [&](const PassResult& p) { return p.pass->info().name == f.pass; });
        ASSERT_NE(pr, run->passes.end()) << f.id;
        const auto& declared = pr->pass->info().counters;
        EXPECT_TRUE(
            std::any_of(declared.begin(), declared.end(), [&](const CounterInfo& c) { return c.name == f.counter; }))
            << f.id << ": the pass declares no such counter";
        EXPECT_EQ(pr->tally.count(f.counter, TallyScope{f.scope.game, f.scope.set, {}}),
                  static_cast<std::uint64_t>(f.expected))
            << f.id;
    }
    // Every violation counter of every stated pass has a figure in every set.
    std::uint64_t violations_expected = 0;
    for (const PassCounter& pc : o.counters) {
        if (!pc.violation || !stated(pc.pass)) continue;
        for (std::string_view set : synth_sets(k.game)) {
            const std::string id =
                "synthetic." + pc.pass + "." + manifest.game + "." + std::string(set) + "." + pc.counter;
            const auto f = std::find_if(manifest.figures.begin(), manifest.figures.end(),
                                        [&](const ManifestFigure& x) { return x.id == id; });
            ASSERT_NE(f, manifest.figures.end()) << "no figure " << id;
            violations_expected += static_cast<std::uint64_t>(f->expected);
        }
    }
    // Defects show; none means every violation counter of every pass (stated or not) is 0.
    const std::uint32_t container =
        o.defects[static_cast<int>(DefectKind::kTruncated)] + o.defects[static_cast<int>(DefectKind::kDcxHeader)];
    const std::uint32_t mesh_defects = std::accumulate(o.defects.begin(), o.defects.end(), 0u) - container;
    EXPECT_EQ(run->count(MemberState::kDecodeError), container);
    // A nibble defect is an Observed rate, not a violation: it shows in the nibble figures only. So
    // is an entry referenced twice ("each extern shape is referenced exactly once" is Observed).
    const std::uint32_t violating = mesh_defects - o.defects[static_cast<int>(DefectKind::kNibble)] -
                                    o.defects[static_cast<int>(DefectKind::kExternTwice)];
    EXPECT_EQ(run->any_violation(), violating > 0);
    EXPECT_EQ(violations_expected > 0, violating > 0);
    EXPECT_GE(violations_expected, violating);
    // Each interior defect is one wrong key; every install has meshes whose computed bits are compared.
    EXPECT_EQ(written->counts.effects.interior_keys_wrong, o.defects[static_cast<int>(DefectKind::kInterior)]);
    EXPECT_GT(written->counts.interior.meshes_with_bits, 0u);
    if (o.defects[static_cast<int>(DefectKind::kNibble)] > 0) {
        EXPECT_GE(written->counts.effects.nibble_differing, o.defects[static_cast<int>(DefectKind::kNibble)]);
    }
    fs::remove_all(root);
}

// A manifest names only counters the registry declares (verify refuses a manifest with an unknown
// pass or counter): with a two-counter registry, two figures per set and nothing else.
TEST(SynthManifest, NamesOnlyRegisteredCounters) {
    SynthOptions o;
    SynthResult r;
    r.by_set[0].triangles = 12;
    r.by_set[0].effects.key_bits_differ = 1;
    const std::vector<PassCounter> registry = {{"page", "triangles", "triangles", false},
                                               {"keys", "key_bits_differ", "widths differ", true},
                                               {"later", "new_violation", "a pass the writer does not state", true}};
    const SynthManifest m = make_synth_manifest(o, r, registry);
    ASSERT_EQ(m.figures.size(), 2 * kSynthSetCount);
    for (const ManifestFigure& f : m.figures) {
        EXPECT_TRUE(f.pass == "page" || f.pass == "keys") << f.id;
        const std::uint64_t want = f.scope.set != "h" ? 0 : f.pass == "page" ? 12 : 1;
        EXPECT_EQ(static_cast<std::uint64_t>(f.expected), want) << f.id;
    }
    EXPECT_TRUE(
        std::is_sorted(m.figures.begin(), m.figures.end(), [](const auto& a, const auto& b) { return a.id < b.id; }));
    const std::string json = synth_manifest_json(m);
    EXPECT_NE(
        json.find(
            "\"id\": \"synthetic.keys.eldenring.h.key_bits_differ\", \"figure\": \"widths differ\", \"pass\": \"keys\", "
            "\"counter\": \"key_bits_differ\", \"scope\": {\"game\": \"eldenring\", \"set\": \"h\"}, \"expected\": 1, "
            "\"label\": \"Synthetic\"}"),
        std::string::npos)
        << json;
}

std::vector<Case> cases() {
    std::vector<Case> out = {
        {SynthGame::kEldenRing, ""},
        {SynthGame::kEldenRing, "all"},
        {SynthGame::kSekiro, ""},
        {SynthGame::kSekiro, "page0:3,leafbox:5,nibble:2,interior:4,run_gap:1,key_width:2,truncated:1,dcx_header:1"}};
    for (std::string_view kind : {"page0", "leafbox", "nibble", "interior", "run_gap", "key_width", "truncated",
                                  "dcx_header", "extern_missing", "extern_twice", "extern_outside"})
        out.push_back({SynthGame::kEldenRing, std::string(kind) + ":2"});
    return out;
}

INSTANTIATE_TEST_SUITE_P(Installs, ManifestMatchesPasses, ::testing::ValuesIn(cases()), [](const auto& info) {
    std::string name = std::string(synth_game_name(info.param.game)) + "_";
    const std::string& s = info.param.spec;
    name += s.empty()                          ? "none"
            : s == "all"                       ? "all"
            : s.find(',') != std::string::npos ? "many"
                                               : s.substr(0, s.find(':'));
    return name;
});

}  // namespace
}  // namespace meshproof::synth
