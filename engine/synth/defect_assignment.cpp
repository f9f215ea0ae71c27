#include "engine/synth/defect_assignment.h"

#include "engine/synth/compressed_mesh.h"

namespace meshproof::synth {

Status assign_map_defects(std::vector<BinderPlan>& binders, const DefectCounts& defects) {
    std::vector<MemberPlan*> ordinary;
    MemberPlan* large = nullptr;
    for (auto& bp : binders)
        for (auto& mp : bp.members) {
            if (bp.set == 'f') continue;  // defects go into compressed meshes (and their DCX)
            if (mp.large) large = &mp;
            else ordinary.push_back(&mp);
        }
    std::size_t tail = ordinary.size();
    for (DefectKind k : {DefectKind::kTruncated, DefectKind::kDcxHeader}) {
        for (std::uint32_t i = 0; i < defects[static_cast<int>(k)]; ++i) {
            if (tail == 0) return make_error(ErrorCode::kUsage, 0, "defects: more container defects than members");
            ordinary[--tail]->container = static_cast<int>(k);
        }
    }
    if (defects[static_cast<int>(DefectKind::kPage0)] > 0) {
        if (!large) return make_error(ErrorCode::kUsage, 0, "defects: page0 needs a paged mesh");
        large->defects[static_cast<int>(DefectKind::kPage0)] = defects[static_cast<int>(DefectKind::kPage0)];
    }
    if (tail == 0) return make_error(ErrorCode::kUsage, 0, "defects: no member left for mesh defects");
    std::size_t next = 0;
    for (DefectKind k : {DefectKind::kLeafBox, DefectKind::kNibble, DefectKind::kInterior, DefectKind::kRunGap,
                         DefectKind::kKeyWidth}) {
        const std::uint32_t n = defects[static_cast<int>(k)];
        if (k == DefectKind::kKeyWidth && n > tail)
            return make_error(ErrorCode::kUsage, 0, "defects: key_width needs one member each");
        for (std::uint32_t i = 0; i < n; ++i) {
            MemberPlan& mp = *ordinary[next++ % tail];
            if (k == DefectKind::kInterior && mp.defects[static_cast<int>(k)] == 0) mp.interior_serial = i;
            mp.defects[static_cast<int>(k)] += 1;
        }
    }
    return ok_status();
}

AssetExterns assign_asset_externs(bool eldenring, std::uint32_t objects, const DefectCounts& defects) {
    AssetExterns out;
    std::vector<std::uint32_t>& extern_count = out.extern_count;
    extern_count.assign(objects, 0);
    std::vector<DefectCounts>& asset_defects = out.defects;
    asset_defects.assign(objects, DefectCounts{});
    std::vector<std::uint32_t> with_externs;
    for (std::uint32_t k = 0; eldenring && k < objects; k += 2) {
        extern_count[k] = 4 + (k / 2) % 3;
        with_externs.push_back(k);
    }
    std::size_t next_asset = 0;
    for (DefectKind kind : {DefectKind::kExternMissing, DefectKind::kExternTwice, DefectKind::kExternOutside})
        for (std::uint32_t i = 0; !with_externs.empty() && i < defects[static_cast<int>(kind)]; ++i)
            asset_defects[with_externs[next_asset++ % with_externs.size()]][static_cast<int>(kind)] += 1;
    return out;
}

}  // namespace meshproof::synth
