// sur_writer: every file decode_sur accepts re-encodes to its own bytes (retail, mods, legacy),
// and write-read is a fixed point (the decoded model of the written bytes is the same model).
#include <gtest/gtest.h>

#include <cstring>

#include "engine/sur/sur_file.h"
#include "engine/sur/sur_writer.h"
#include "tests/sur/sur_fixtures.h"
#include "tests/sur/sur_model_compare.h"

namespace meshproof::sur {
namespace {

struct RoundTrip {
    std::size_t accepted = 0, identical = 0, fixed_point = 0;
};

RoundTrip round_trip_folder(const std::string& folder) {
    RoundTrip r;
    for (const std::string& name : test::sur_files(folder)) {
        const auto bytes = test::read_file(test::corpus_path(folder + "/" + name));
        auto m = decode_sur(bytes);
        if (!m.ok()) continue;
        ++r.accepted;
        auto out = encode_sur(*m);
        if (!out.ok()) {
            ADD_FAILURE() << name << ": encode failed: " << out.error().message;
            continue;
        }
        if (*out == bytes) {
            ++r.identical;
        } else {
            std::size_t at = 0;
            while (at < std::min(out->size(), bytes.size()) && (*out)[at] == bytes[at]) ++at;
            ADD_FAILURE() << name << ": re-encoding differs at byte " << at << " (sizes " << out->size() << " / "
                          << bytes.size() << ")";
        }
        auto again = decode_sur(*out);
        if (!again.ok()) {
            ADD_FAILURE() << name << ": written bytes do not read back: " << again.error().message;
            continue;
        }
        expect_same_model(*m, *again, name);
        auto twice = encode_sur(*again);
        if (twice.ok() && *twice == *out && !::testing::Test::HasFailure()) ++r.fixed_point;
    }
    return r;
}

TEST(SurRoundTrip, RetailSampleReencodesByteIdentical) {
    MP_REQUIRE_CORPUS();
    const RoundTrip r = round_trip_folder("sur/retail-sample");
    EXPECT_EQ(r.accepted, 196u);
    EXPECT_EQ(r.identical, 196u);  // notes §11: IVP-order re-encoding is byte-identical for every retail part
    EXPECT_EQ(r.fixed_point, 196u);
}

TEST(SurRoundTrip, ModsReencodeByteIdentical) {
    MP_REQUIRE_CORPUS();
    const RoundTrip r = round_trip_folder("sur/mods");
    EXPECT_EQ(r.accepted, 269u);
    EXPECT_EQ(r.identical, 269u);
    EXPECT_EQ(r.fixed_point, 269u);
}

TEST(SurRoundTrip, LegacyReencodesByteIdentical) {
    MP_REQUIRE_CORPUS();
    const RoundTrip r = round_trip_folder("sur/retail-legacy");
    EXPECT_EQ(r.accepted, 17u);
    EXPECT_EQ(r.identical, 17u);
    EXPECT_EQ(r.fixed_point, 17u);
}

}  // namespace
}  // namespace meshproof::sur
