// Pass "tagfile" (family havok-structure): the tagfile layer itself. Counts the collision
// tagfiles by the SDK version they store (havok-compressed-mesh.txt: "Sekiro 20160200",
// "Elden Ring 20180100", "Elden Ring also has 42 tagfiles that store 20160200") and by
// where their types come from (own TYPE or a compendium through TCRF).
#include <fmt/format.h>

#include "engine/pipeline/pass.h"
#include "engine/tagfile/tagfile.h"

namespace meshproof {
namespace {

class TagfilePass final : public Pass {
public:
    TagfilePass() {
        info_.name = "tagfile";
        info_.family = "havok-structure";
        info_.claims = {
            "One TAG0 root contains SDKV, DATA, either TYPE or TCRF, and INDX sections (Observed)",
            "SDK string in examined collision: Sekiro 20160200, Elden Ring 20180100 (Observed)",
        };
        info_.counters = {
            {"tagfiles", "tagfiles parsed through their own type table", false},
            {"sdk_20160200", "tagfiles that store SDK 20160200 (2016.2)", false},
            {"sdk_20180100", "tagfiles that store SDK 20180100 (2018.1)", false},
            {"sdk_other", "tagfiles that store another SDK version", false},
            {"types_from_compendium", "tagfiles whose types come from a compendium (TCRF)", false},
            {"types_own", "tagfiles that carry their own TYPE section", false},
            {"items", "ITEM entries (objects and arrays) over all tagfiles", false},
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
        tally.add(tf.compendium_id() ? "types_from_compendium" : "types_own");
        tally.add("items", tf.item_count() > 0 ? tf.item_count() - 1 : 0);
    }

private:
    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(TagfilePass);

}  // namespace
}  // namespace meshproof
