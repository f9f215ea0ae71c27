#include "engine/synth/map_binders.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx_writer.h"
#include "engine/core/path_text.h"
#include "engine/synth/compressed_mesh.h"
#include "engine/synth/extern_mesh.h"
#include "engine/synth/install_files.h"
#include "engine/synth/prng.h"
#include "engine/synth/source_mesh.h"
#include "engine/tagfile/tagfile_writer.h"

namespace meshproof::synth {

namespace {
namespace fs = std::filesystem;

struct MemberOut {
    std::vector<std::uint8_t> stored;
    CompressedMesh mesh;  // the arrays are dropped after counting; counts and defects kept
    std::uint64_t source_rows = 0;
    bool is_extern = false;
    std::uint64_t extern_triangles = 0, extern_vertices = 0;
    std::string error;
};

struct BinderOutcome {
    SynthCounts counts;
    std::vector<DefectLocation> locations;
    DefectCounts injected{};
    Status status = ok_status();
};

// map/m10_00_00_00, or map/m60/m60_30_30_00 for Elden Ring.
fs::path binder_dir(SynthGame game, const BinderPlan& bp) {
    const std::string block = block_name(game, bp.block);
    return game == SynthGame::kEldenRing ? fs::path("map") / block.substr(0, 3) / block : fs::path("map") / block;
}

Status write_map_binder(const fs::path& out, const SynthOptions& o, const ScaleParams& sp,
                        const builder::CollisionTypeContext& types, const BinderPlan& bp, BinderOutcome& outcome) {
    const bool er = o.game == SynthGame::kEldenRing;
    const std::string block = block_name(o.game, bp.block);
    const std::string stem = std::string(1, bp.set) + block.substr(1);  // h10_00_00_00
    const fs::path rel_dir = binder_dir(o.game, bp);
    const std::string binder_rel = path_text(rel_dir / (stem + ".hkxbhd"));
    SynthCounts& c = outcome.counts;
    std::vector<DefectLocation>& locations = outcome.locations;
    const tagfile::CompendiumId compendium_id = derive_seed(
        o.seed, 0xC0C0ull ^ (static_cast<std::uint64_t>(bp.block) << 8) ^ static_cast<std::uint64_t>(bp.set));

    std::vector<MemberOut> outs(bp.members.size());
    {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, bp.members.size(), 1), [&](const auto& range) {
            for (std::size_t i = range.begin(); i != range.end(); ++i) {
                const MemberPlan& mp = bp.members[i];
                MemberOut& mo = outs[i];
                char body[16];
                std::snprintf(body, sizeof body, "%c%06u", bp.set, mp.model);
                if (bp.set == 'f') {
                    const SourceMesh shell = build_part(mp.seed, mp.target, mp.x0, mp.z0);
                    const ExternMesh ext =
                        build_extern_mesh(shell, er ? SimdNumbering::kEldenRing : SimdNumbering::kSekiro);
                    auto tag0 = write_extern_tag0(types, ext, body, compendium_id);
                    if (!tag0.ok()) {
                        mo.error = tag0.error().message;
                        continue;
                    }
                    mo.stored = dcx_write_dflt(*tag0, o.dcx_level);
                    mo.is_extern = true;
                    mo.extern_triangles = ext.triangles.size();
                    mo.extern_vertices = ext.vertices.size();
                    continue;
                }
                const SourceMesh src = mp.large ? build_large_terrain(mp.seed, sp.large_cells, mp.x0, mp.z0)
                                                : build_part(mp.seed, mp.target, mp.x0, mp.z0);
                MeshBuildOptions mo_opt;
                mo_opt.numbering = er ? SimdNumbering::kEldenRing : SimdNumbering::kSekiro;
                mo_opt.all_shared = mp.large;
                mo_opt.seed = derive_seed(mp.seed, 0xDEFEC7ull);
                mo_opt.defects = mp.defects;
                mo_opt.interior_serial = mp.interior_serial;
                mo.mesh = build_compressed_mesh(src, mo_opt);
                if (!mo.mesh.error.empty()) {
                    mo.error = mo.mesh.error;
                    continue;
                }
                mo.source_rows = src.rows.size();
                auto tag0 = builder::write_collision_tag0(types, mo.mesh, body, compendium_id);
                if (!tag0.ok()) {
                    mo.error = tag0.error().message;
                    continue;
                }
                mo.stored = dcx_write_dflt(*tag0, o.dcx_level);
                if (mp.container == static_cast<int>(DefectKind::kTruncated)) {
                    mo.stored.resize(mo.stored.size() / 2);
                } else if (mp.container == static_cast<int>(DefectKind::kDcxHeader)) {
                    for (std::size_t at = 0; at + 4 <= std::min<std::size_t>(mo.stored.size(), 0x60); ++at)
                        if (std::memcmp(mo.stored.data() + at, "DCS\0", 4) == 0) {
                            mo.stored[at + 2] = 'Z';
                            break;
                        }
                }
                // Keep the counts, drop the big arrays.
                CompressedMesh& m = mo.mesh;
                m.primitives = {};
                m.row_key_word = {};
                m.row_vertices = {};
                m.section_node_bytes = {};
            }
        });
    }

    std::vector<BinderFile> files;
    files.reserve(outs.size() + 1);
    MP_TRY_ASSIGN(auto tcm0, tagfile::write_tcm0(std::array{compendium_id}, types.type_section));
    files.push_back(binder_file(block + "\\" + stem + ".compendium.dcx", 0, dcx_write_dflt(tcm0, o.dcx_level)));
    for (std::size_t i = 0; i < outs.size(); ++i) {
        const MemberPlan& mp = bp.members[i];
        MemberOut& mo = outs[i];
        if (!mo.error.empty()) return make_error(ErrorCode::kInternal, 0, "synth: " + mo.error);
        char name[64];
        std::snprintf(name, sizeof name, "%s_%06u.hkx.dcx", stem.c_str(), mp.model);
        files.push_back(binder_file(block + "\\" + name, static_cast<std::int32_t>(i + 1), std::move(mo.stored)));
        const CompressedMesh& m = mo.mesh;
        // Injected exactly as requested?
        DefectCounts got{};
        for (const InjectedDefect& d : m.injected) ++got[static_cast<int>(d.kind)];
        for (int k = 0; k < kDefectKindCount; ++k)
            if (got[static_cast<std::size_t>(k)] != mp.defects[static_cast<std::size_t>(k)])
                return make_error(ErrorCode::kInternal, 0,
                                  "synth: could inject only " + std::to_string(got[static_cast<std::size_t>(k)]) +
                                      " of " + std::to_string(mp.defects[static_cast<std::size_t>(k)]) + " " +
                                      std::string(defect_name(static_cast<DefectKind>(k))) + " in " + name);
        const std::string path = binder_rel + " :: " + name;
        for (const InjectedDefect& d : m.injected) {
            ++outcome.injected[static_cast<int>(d.kind)];
            locations.push_back({path, d});
        }
        ++c.members;
        if (mp.container >= 0) {
            ++outcome.injected[static_cast<std::size_t>(mp.container)];
            InjectedDefect d{static_cast<DefectKind>(mp.container)};
            locations.push_back({path, d});
            continue;
        }
        ++c.readable_members;
        if (mo.is_extern) {
            ++c.bodies;
            ++c.extern_meshes;
            c.extern_triangles += mo.extern_triangles;
            c.extern_vertices += mo.extern_vertices;
            // The h binder of the block comes two before its f binder (h, l, f), member for member.
            const BinderPlan& hp = (&bp)[-2];
            if (hp.set == 'h' && i < hp.members.size() && hp.members[i].model == mp.model &&
                hp.members[i].container < 0) {
                ++c.fset_paired;
                c.fset_paired_vertices += mo.extern_vertices;
            } else {
                ++c.fset_f_without_h;
            }
            continue;
        }
        ++c.meshes;
        ++c.bodies;
        c.sections += m.page.size();
        c.primitives += m.num_primitives.empty() ? 0 : m.first_primitive.back() + m.num_primitives.back();
        c.triangles += m.triangles;
        c.quads += m.quads;
        c.source_rows += mo.source_rows;
        c.packed_vertices += m.packed_vertices.size();
        c.shared_vertices += m.shared_vertices.size();
        c.shared_index_entries += m.shared_vertices_index.size();
        c.paged_sections += m.paged_sections;
        c.section_tree_nodes += m.section_tree_nodes;
        c.mesh_tree_nodes += m.mesh_node_bytes.size() / 5;
        c.simd_nodes += m.simd_nodes.size();
        c.effects.add(m.effects);
        c.interior.add(m.interior);
    }
    const Bxf4Bytes bxf = write_bxf4(files);
    const fs::path dir = out / rel_dir;
    std::string error;
    write_file(dir / (stem + ".hkxbhd"), bxf.bhd, error);
    write_file(dir / (stem + ".hkxbdt"), bxf.bdt, error);
    if (!error.empty()) return make_error(ErrorCode::kIo, 0, error);
    c.bytes_written += bxf.bhd.size() + bxf.bdt.size();
    ++c.binders;
    ++c.compendiums;
    return ok_status();
}

}  // namespace

Status write_map_binders(const fs::path& out, const SynthOptions& o, const ScaleParams& sp,
                         const builder::CollisionTypeContext& types, const std::vector<BinderPlan>& binders,
                         tbb::task_arena& arena, SynthResult& result, std::vector<DefectLocation>& locations) {
    std::error_code ec;
    for (const BinderPlan& bp : binders) {
        fs::create_directories(out / binder_dir(o.game, bp), ec);
        if (ec)
            return make_error(ErrorCode::kIo, 0,
                              "cannot create " + (out / binder_dir(o.game, bp)).string() + ": " + ec.message());
    }
    // The heaviest binders start first (block 0's l set holds the large terrain, one mesh on one
    // core): the others then fill the remaining cores around it.
    std::vector<std::uint64_t> work(binders.size(), 0);
    for (std::size_t b = 0; b < binders.size(); ++b)
        for (const MemberPlan& mp : binders[b].members)
            work[b] += mp.large ? 2ull * sp.large_cells * sp.large_cells : mp.target;
    std::vector<std::size_t> schedule(binders.size());
    for (std::size_t b = 0; b < binders.size(); ++b) schedule[b] = b;
    std::stable_sort(schedule.begin(), schedule.end(), [&](std::size_t a, std::size_t b) { return work[a] > work[b]; });
    std::vector<BinderOutcome> outcomes(binders.size());
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, binders.size(), 1), [&](const auto& range) {
            for (std::size_t i = range.begin(); i != range.end(); ++i) {
                const std::size_t b = schedule[i];
                outcomes[b].status = write_map_binder(out, o, sp, types, binders[b], outcomes[b]);
            }
        });
    });
    for (std::size_t b = 0; b < binders.size(); ++b) {
        BinderOutcome& bo = outcomes[b];
        if (!bo.status.ok()) return bo.status.error();
        result.by_set[binders[b].set == 'h' ? 0 : binders[b].set == 'l' ? 1 : 2].add(bo.counts);
        for (int k = 0; k < kDefectKindCount; ++k)
            result.injected[static_cast<std::size_t>(k)] += bo.injected[static_cast<std::size_t>(k)];
        locations.insert(locations.end(), std::make_move_iterator(bo.locations.begin()),
                         std::make_move_iterator(bo.locations.end()));
    }
    return ok_status();
}

}  // namespace meshproof::synth
