// Pass "tagfile" (family havok-structure): the tagfile layer itself. Counts the collision
// tagfiles by the SDK version they store (havok-compressed-mesh.txt: "Sekiro 20160200",
// "Elden Ring 20180100", "Elden Ring also has 42 tagfiles that store 20160200") and by
// where their types come from (own TYPE or a compendium through TCRF).
#include <fmt/format.h>

#include "engine/pipeline/pass.h"
#include "engine/tagfile/patch_check.h"
#include "engine/tagfile/tagfile.h"

namespace meshproof {
namespace {

// "20160200" as the number 20160200; -1 for a version that is not 1 to 9 digits (a value set is
// of numbers, and no SDK version is negative).
double sdk_number(std::string_view sdk) {
    if (sdk.empty() || sdk.size() > 9) return -1;
    double v = 0;
    for (char c : sdk) {
        if (c < '0' || c > '9') return -1;
        v = v * 10 + (c - '0');
    }
    return v;
}

class TagfilePass final : public Pass {
public:
    TagfilePass() {
        info_.name = "tagfile";
        info_.family = "havok-structure";
        info_.claims = {
            "One TAG0 root contains SDKV, DATA, either TYPE or TCRF, and INDX sections (Observed)",
            "SDK string in examined collision: Sekiro 20160200, Elden Ring 20180100 (Observed)",
            "Item and patch tables resolve typed objects and references into DATA (Observed): every "
            "non-null reference field is listed once in PTCH, and PTCH lists nothing else",
        };
        info_.counters = {
            {"tagfiles", "tagfiles parsed through their own type table", false},
            {"sdk_20160200", "tagfiles that store SDK 20160200 (2016.2)", false},
            {"sdk_20180100", "tagfiles that store SDK 20180100 (2018.1)", false},
            {"sdk_other", "tagfiles that store another SDK version", false},
            {"types_from_compendium", "tagfiles whose types come from a compendium (TCRF)", false},
            {"types_own", "tagfiles that carry their own TYPE section", false},
            {"items", "ITEM entries (objects and arrays) over all tagfiles", false},
            {"references", "non-null reference fields found by walking every item", false},
            {"ptch_missing", "non-null reference fields that PTCH does not list", true},
            {"ptch_extra", "PTCH offsets that are no non-null reference field", true},
            {"ptch_duplicate", "PTCH offsets listed more than once", true},
            {"ptch_type_mismatch", "PTCH entries listed under another type than the field's", true},
            {"ptch_walk_limit", "tagfiles whose types make the PTCH walk exceed its work budget (limit)", true},
        };
        info_.value_sets = {
            {"sdk_version", "the SDK version every tagfile stores (SDKV, read as a number; -1 when not all digits)",
             false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        const tagfile::Tagfile& tf = *unit.tagfile;
        tally.add("tagfiles");
        std::string_view sdk = tf.sdk_version();
        if (sdk == "20160200") tally.add("sdk_20160200");
        else if (sdk == "20180100") tally.add("sdk_20180100");
        else {
            tally.add("sdk_other");
            tally.sample("sdk_other", std::string(unit.path), fmt::format("SDKV {}", sdk));
        }
        tally.value("sdk_version", sdk_number(sdk));
        tally.add(tf.compendium_id() ? "types_from_compendium" : "types_own");
        tally.add("items", tf.item_count() > 0 ? tf.item_count() - 1 : 0);

        const auto checked = tagfile::check_patch_table(tf);
        if (!checked.ok()) {  // a hostile type table: counted, never a hang (issue 19)
            if (checked.error().code == ErrorCode::kTimeout) return;  // the pipeline abandons the member
            tally.add("ptch_walk_limit");
            tally.sample("ptch_walk_limit", fmt::format("{} @0x{:x}", unit.path, checked.error().offset),
                         fmt::format("{}: {}", error_code_name(checked.error().code), checked.error().message));
            return;
        }
        const tagfile::PatchCheck& patch = *checked;
        tally.add("references", patch.references);
        auto report = [&](std::string_view counter, std::size_t n, const std::vector<std::uint32_t>& offsets) {
            if (n == 0) return;
            tally.add(counter, n);
            for (std::uint32_t off : offsets) tally.sample(counter, fmt::format("{} / DATA+0x{:x}", unit.path, off));
        };
        report("ptch_missing", patch.missing, patch.first_missing);
        report("ptch_extra", patch.extra, patch.first_extra);
        report("ptch_duplicate", patch.duplicates, {});
        report("ptch_type_mismatch", patch.type_mismatches, patch.first_type_mismatch);
    }

private:
    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(TagfilePass);

}  // namespace
}  // namespace meshproof
