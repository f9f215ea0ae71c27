// Pass "sur_roundtrip" (family sur): the write-read round trip of freelancer-surface.md
// "Round-trip" and ivp-surface-notes.md §11. For every file the reader accepts: encoding the
// decoded model and decoding that again gives back the same model, and encoding it once more
// gives the same bytes (the fixed point); and the first encoding is the file itself, byte for
// byte (the writer keeps IVP's storage order, §11, and the legacy layout, §12). A file that
// misses either is a defect of meshproof's reader or writer, not of the file: a violation.
// Beside it, informational: what a writer emitting the hulls in tree order (treewyrm's, §11)
// makes of the file — byte-identical only where retail's insertion order is the tree's.
#include <algorithm>

#include <fmt/format.h>

#include "engine/pipeline/pass.h"
#include "engine/sur/model_equal.h"
#include "engine/sur/sur_file.h"
#include "engine/sur/sur_writer.h"
#include "engine/sur/tree_order.h"
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
            "treewyrm's writer (hulls in tree order) is byte-identical for 574 of 781 files (ivp-surface-notes.md §11; "
            "freelancer-surface.md: 574 of them re-encode byte for byte regardless)",
        };
        info_.counters = {
            {"files", "files the reader accepts", false},
            {"fixed_point", "files where write-read is a fixed point and re-encoding gives identical bytes", false},
            {"fixed_point_fail", "files where write-read changes the model or re-encoding changes the bytes", true},
            {"byte_exact", "files that re-encode byte for byte to the original", false},
            {"byte_exact_fail", "files whose re-encoding differs from the original bytes", true},
            {"encode_errors", "decoded files the writer refuses, or whose written bytes the reader refuses", true},
            {"tree_order_byte_exact",
             "files that re-encode byte for byte with every surface's hulls written in tree order "
             "(terminal hulls in left-first leaf order, the root hull last)",
             false},
            {"tree_order_differ",
             "files whose tree-order re-encoding differs from the original (insertion order is not the "
             "tree's in some part)",
             false},
            {"tree_order_errors", "files whose tree cannot give a hull order (a leaf without a hull of its surface)",
             false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.sur == nullptr) return;
        UnitCounts counts(info_);
        counts.add("files");
        check(unit, tally, counts);
        tree_order(unit, tally, counts);
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
            tally.sample(
                "fixed_point_fail", where,
                !diff.empty() ? fmt::format("write-read changes the model's {}", diff) : mismatch(*second, e1));
        }
    }

    void tree_order(const Unit& unit, Tally& tally, UnitCounts& counts) const {
        auto reordered = sur::with_ledges_in_tree_order(*unit.sur);
        if (!reordered.ok()) {
            counts.add_sampled(
                tally, "tree_order_errors", [&] { return std::string(unit.path); },
                [&] { return reordered.error().message; });
            return;
        }
        auto bytes = sur::encode_sur(*reordered);
        if (!bytes.ok()) {
            counts.add_sampled(
                tally, "tree_order_errors", [&] { return std::string(unit.path); },
                [&] { return fmt::format("writer: {}", bytes.error().message); });
            return;
        }
        if (std::equal(bytes->begin(), bytes->end(), unit.bytes.begin(), unit.bytes.end()))
            counts.add("tree_order_byte_exact");
        else
            counts.add_sampled(
                tally, "tree_order_differ", [&] { return std::string(unit.path); },
                [&] { return mismatch(*bytes, unit.bytes); });
    }

    static std::string mismatch(const std::vector<std::uint8_t>& written, Bytes original) {
        const std::size_t n = std::min(written.size(), original.size());
        std::size_t at = 0;
        while (at < n && written[at] == original[at]) ++at;
        return fmt::format("{} bytes written, {} expected; first difference at byte {}", written.size(),
                           original.size(), at);
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(SurRoundtripPass);

}  // namespace
}  // namespace meshproof
