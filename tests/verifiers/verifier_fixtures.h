// Fixtures for the verifier tests (header-only): the Elden Ring collision sample decoded from
// ../shared/corpus/havok (never copied), a Unit over any DecodedMember, and one pass run on it.
#pragma once

#include <memory>
#include <string>

#include <gtest/gtest.h>

#include "engine/mesh/decode_member.h"
#include "engine/pipeline/pass.h"
#include "engine/tagfile/compendium.h"
#include "engine/tagfile/tagfile.h"
#include "tests/support/corpus.h"

namespace meshproof::test {

struct ErSample {
    std::vector<std::uint8_t> bytes;
    std::unique_ptr<tagfile::Tagfile> tagfile;
    mesh::DecodedMember member;
};

// Parses h.hkx with h.compendium and decodes it; fails the test (and returns null) on an error.
inline std::unique_ptr<ErSample> load_er_sample() {
    static tagfile::CompendiumRegistry registry;
    static bool loaded = false;
    if (!loaded) {
        const auto comp = read_file(corpus_path("havok/h.compendium"));
        auto st = registry.add_bytes(comp);
        EXPECT_TRUE(st.ok());
        loaded = true;
    }
    auto s = std::make_unique<ErSample>();
    s->bytes = read_file(corpus_path("havok/h.hkx"));
    auto tf = tagfile::parse_tagfile(s->bytes, &registry);
    EXPECT_TRUE(tf.ok()) << tf.error().message;
    if (!tf.ok()) return nullptr;
    s->tagfile = std::make_unique<tagfile::Tagfile>(std::move(tf).value());
    auto member = mesh::decode_member(*s->tagfile);
    EXPECT_TRUE(member.ok()) << member.error().message;
    if (!member.ok()) return nullptr;
    s->member = std::move(member).value();
    return s;
}

inline const TallyScope kScope{"eldenring", "h", {}};

// A test over the sample, decoded afresh for each test (tests edit their copy to inject defects);
// skipped when ../shared/corpus is absent.
class ErSampleTest : public ::testing::Test {
protected:
    void SetUp() override {
        MP_REQUIRE_CORPUS();
        sample_ = load_er_sample();
        ASSERT_NE(sample_, nullptr);
    }
    mesh::DecodedMesh& mesh() { return sample_->member.meshes[0]; }
    std::unique_ptr<ErSample> sample_;
};

// Runs the registered pass `name` on one member and returns its tally (scope kScope).
inline Tally run_pass(std::string_view name, const mesh::DecodedMember& member, const tagfile::Tagfile* tf = nullptr,
                      std::string_view set = "h", Bytes bytes = {}) {
    const Pass* pass = PassRegistry::global().find(name);
    EXPECT_NE(pass, nullptr) << name;
    Tally tally;
    if (pass == nullptr) return tally;
    Unit unit;
    unit.path = "sample/h.hkx";
    unit.set = set;
    unit.game = Game::kEldenRing;
    unit.ordinal = 0;
    unit.tagfile = tf;
    unit.mesh = &member;
    unit.bytes = bytes;
    tally.begin_unit(kScope, 0);
    pass->run(unit, tally);
    return tally;
}

// The sum of every violation counter of the pass (0 when every claim holds).
inline std::uint64_t violations(std::string_view name, const Tally& tally) {
    const Pass* pass = PassRegistry::global().find(name);
    std::uint64_t n = 0;
    for (const auto& c : pass->info().counters)
        if (c.violation) n += tally.total(c.name);
    return n;
}

}  // namespace meshproof::test
