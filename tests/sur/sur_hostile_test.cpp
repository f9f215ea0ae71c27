// ctest-labels: hostile
// Hostile input for the .sur reader: every prefix of a few fixtures (test::prefix_lengths) and
// single-byte corruptions give a typed error or a model, never a crash; and whatever the reader
// accepts, sur_writer re-encodes to exactly the accepted bytes. Labelled hostile, so
// scripts/test also runs them under ASan + UBSan.
#include <gtest/gtest.h>

#include "engine/sur/sur_file.h"
#include "engine/sur/sur_writer.h"
#include "tests/sur/sur_fixtures.h"

namespace meshproof::sur {
namespace {

// Multi-part retail (with hpid and a type-5 root hull), a mod with the DAG-shaped tree, a
// legacy file with bare ledges and one with surf records.
const char* const kFixtures[] = {
    "sur/retail-sample/equipment__models__commodities__crates__pod_drab.sur",
    "sur/mods/swe__DATA__SHIPS__MW__fr_valor__fr_valor.sur",
    "sur/retail-legacy/ships__utility__freight_train__freight_train.sur",
    "sur/retail-legacy/equipment__models__turret__no_turret01.sur",
};

std::string largest_multipart_retail() {
    std::string best;
    std::size_t best_parts = 0;
    for (const std::string& name : test::sur_files("sur/retail-sample")) {
        const auto bytes = test::read_file(test::corpus_path("sur/retail-sample/" + name));
        auto m = decode_sur(bytes);
        if (m.ok() && m->parts.size() > best_parts && bytes.size() < 64 * 1024)
            best = name, best_parts = m->parts.size();
    }
    return "sur/retail-sample/" + best;
}

bool reencodes_to(const SurModel& m, Bytes bytes) {
    auto out = encode_sur(m);
    return out.ok() && out->size() == bytes.size() && std::equal(out->begin(), out->end(), bytes.begin());
}

TEST(SurHostile, TruncatedPrefixesFailTypedOrStopAtAPartBoundary) {
    MP_REQUIRE_CORPUS();
    std::vector<std::string> fixtures(std::begin(kFixtures), std::end(kFixtures));
    fixtures.push_back(largest_multipart_retail());
    for (const std::string& rel : fixtures) {
        const auto bytes = test::read_file(test::corpus_path(rel));
        ASSERT_FALSE(bytes.empty()) << rel;
        auto full = decode_sur(bytes);
        ASSERT_TRUE(full.ok()) << rel << ": " << full.error().message;
        std::size_t accepted = 0, truncated = 0;
        for (std::size_t n : test::prefix_lengths(bytes.size())) {
            const Bytes prefix = Bytes(bytes).first(n);
            auto m = decode_sur(prefix);
            if (!m.ok()) {
                EXPECT_LE(m.error().offset, n) << rel << " prefix " << n;
                EXPECT_NE(m.error().code, ErrorCode::kInternal) << rel << " prefix " << n;
                truncated += m.error().code == ErrorCode::kTruncated;
                continue;
            }
            // A prefix is only whole when it ends between parts (records): the same leading ones.
            ++accepted;
            ASSERT_EQ(m->format, full->format) << rel << " prefix " << n;
            EXPECT_LT(m->parts.size() + m->legacy_records.size(), full->parts.size() + full->legacy_records.size())
                << rel << " prefix " << n;
            for (std::size_t i = 0; i < m->parts.size(); ++i) EXPECT_EQ(m->parts[i].id, full->parts[i].id);
            for (std::size_t i = 0; i < m->legacy_records.size(); ++i)
                EXPECT_EQ(m->legacy_records[i].name, full->legacy_records[i].name);
            EXPECT_TRUE(reencodes_to(*m, prefix)) << rel << " prefix " << n;
        }
        // Whole parts / records: vers files at 8 + each part end, legacy at 24 + each record end.
        EXPECT_EQ(accepted, full->format == SurFormat::kVers2 ? full->parts.size() : full->legacy_records.size())
            << rel;
        EXPECT_GT(truncated, 0u) << rel;
    }
}

TEST(SurHostile, CorruptedBytesGiveTypedErrorsOrReencodeExactly) {
    MP_REQUIRE_CORPUS();
    for (const char* rel : kFixtures) {
        const auto original = test::read_file(test::corpus_path(rel));
        std::size_t accepted = 0, rejected = 0;
        const std::size_t stride = original.size() > 8192 ? 7 : 1;
        for (std::size_t at = 0; at < original.size(); at += stride) {
            for (std::uint8_t x : {std::uint8_t(0x01), std::uint8_t(0x80), std::uint8_t(0xFF)}) {
                auto bytes = original;
                bytes[at] ^= x;
                auto m = decode_sur(bytes);
                if (!m.ok()) {
                    ++rejected;
                    EXPECT_NE(m.error().code, ErrorCode::kInternal) << rel << " @" << at;
                    EXPECT_LE(m.error().offset, bytes.size());
                    continue;
                }
                ++accepted;
                // Whatever the reader takes, the writer gives back byte for byte.
                EXPECT_TRUE(reencodes_to(*m, bytes)) << rel << " byte " << at << " ^ " << int(x);
            }
        }
        EXPECT_GT(accepted, 0u) << rel;
        EXPECT_GT(rejected, 0u) << rel;
    }
}

}  // namespace
}  // namespace meshproof::sur
