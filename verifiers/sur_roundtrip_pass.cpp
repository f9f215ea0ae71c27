// Pass "sur_roundtrip" (family sur): the write-read round trip of freelancer-surface.md
// "Round-trip" and ivp-surface-notes.md §11. For every file the reader accepts: encoding the
// decoded model and decoding that again gives back the same model, and encoding it once more
// gives the same bytes (the fixed point); and the first encoding is the file itself, byte for
// byte (the writer keeps IVP's storage order, §11, and the legacy layout, §12). A file that
// misses either is a defect of meshproof's reader or writer, not of the file: a violation.
#include <algorithm>

#include <fmt/format.h>

#include "engine/pipeline/pass.h"
#include "engine/sur/model_equal.h"
#include "engine/sur/sur_file.h"
#include "engine/sur/sur_writer.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;

class SurRoundtripPass final : public Pass {
public:
    SurRoundtripPass() {
        info_.name = "sur_roundtrip";
        info_.family = "sur";
        info_.claims = {
            "writing a decoded library and reading it back yields the same structure, and encoding that again gives "
            "identical bytes (freelancer-surface.md, Round-trip)",
            "Re-encoding a parsed part in IVP order … rebuilds all 1,365 retail surf blocks byte for byte "
            "(ivp-surface-notes.md §11)",
        };
        info_.counters = {
            {"files", "files the reader accepts", false},
            {"fixed_point", "files where write-read is a fixed point and re-encoding gives identical bytes", false},
            {"fixed_point_fail", "files where write-read changes the model or re-encoding changes the bytes", true},
            {"byte_exact", "files that re-encode byte for byte to the original", false},
            {"byte_exact_fail", "files whose re-encoding differs from the original bytes", true},
            {"encode_errors", "decoded files the writer refuses, or whose written bytes the reader refuses", true},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.sur == nullptr) return;
        UnitCounts counts(info_);
        counts.add("files");
        check(unit, tally, counts);
        counts.flush(tally);
    }

private:
    void check(const Unit& unit, Tally& tally, UnitCounts& counts) const {
        const std::string where(unit.path);
        auto first = sur::encode_sur(*unit.sur);
        if (!first.ok()) {
            counts.add("encode_errors");
            tally.sample("encode_errors", where, fmt::format("writer: {}", first.error().message));
            return;
        }
        const std::vector<std::uint8_t>& e1 = *first;
        if (std::equal(e1.begin(), e1.end(), unit.bytes.begin(), unit.bytes.end())) {
            counts.add("byte_exact");
        } else {
            counts.add("byte_exact_fail");
            tally.sample("byte_exact_fail", where, mismatch(e1, unit.bytes));
        }
        auto again = sur::decode_sur(e1);
        if (!again.ok()) {
            counts.add("encode_errors");
            tally.sample("encode_errors", where,
                         fmt::format("the written bytes do not decode: {} at byte {}", again.error().message,
                                     again.error().offset));
            return;
        }
        const std::string_view diff = sur::first_difference(*unit.sur, *again);
        auto second = sur::encode_sur(*again);
        if (!second.ok()) {
            counts.add("encode_errors");
            tally.sample("encode_errors", where, fmt::format("writer, second time: {}", second.error().message));
            return;
        }
        if (diff.empty() && *second == e1) {
            counts.add("fixed_point");
        } else {
            counts.add("fixed_point_fail");
            tally.sample("fixed_point_fail", where,
                         !diff.empty() ? fmt::format("write-read changes the model's {}", diff)
                                       : mismatch(*second, e1));
        }
    }

    static std::string mismatch(const std::vector<std::uint8_t>& written, Bytes original) {
        const std::size_t n = std::min(written.size(), original.size());
        std::size_t at = 0;
        while (at < n && written[at] == original[at]) ++at;
        return fmt::format("{} bytes written, {} expected; first difference at byte {}", written.size(), original.size(), at);
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(SurRoundtripPass);

}  // namespace
}  // namespace meshproof
