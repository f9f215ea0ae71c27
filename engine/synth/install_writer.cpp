#include "engine/synth/install_writer.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "engine/core/path_text.h"
#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx_writer.h"
#include "engine/builder/collision_tagfile.h"
#include "engine/synth/compressed_mesh.h"
#include "engine/synth/defects_json.h"
#include "engine/synth/character_binders.h"
#include "engine/synth/extern_mesh.h"
#include "engine/synth/mesh_counts.h"
#include "engine/synth/prng.h"
#include "engine/synth/source_mesh.h"
#include "engine/synth/synth_manifest.h"
#include "engine/tagfile/tagfile_writer.h"

namespace meshproof::synth {

std::string_view synth_game_name(SynthGame g) { return g == SynthGame::kEldenRing ? "eldenring" : "sekiro"; }
std::array<std::string_view, kSynthSetCount> synth_sets(SynthGame g) {
    return {"h", "l", "f", g == SynthGame::kEldenRing ? "asset" : "object", "character"};
}
std::string_view synth_scale_name(SynthScale s) {
    return s == SynthScale::kDemo ? "demo" : s == SynthScale::kSmall ? "small" : "full";
}

void SynthCounts::add(const SynthCounts& o) {
    binders += o.binders, compendiums += o.compendiums, members += o.members, readable_members += o.readable_members;
    meshes += o.meshes, bodies += o.bodies, sections += o.sections, primitives += o.primitives, triangles += o.triangles;
    quads += o.quads, source_rows += o.source_rows;
    packed_vertices += o.packed_vertices, shared_vertices += o.shared_vertices;
    shared_index_entries += o.shared_index_entries, paged_sections += o.paged_sections;
    section_tree_nodes += o.section_tree_nodes, mesh_tree_nodes += o.mesh_tree_nodes, simd_nodes += o.simd_nodes;
    extern_meshes += o.extern_meshes, extern_triangles += o.extern_triangles, extern_vertices += o.extern_vertices;
    fset_paired += o.fset_paired, fset_paired_vertices += o.fset_paired_vertices, fset_f_without_h += o.fset_f_without_h;
    point_sets += o.point_sets, custom_sections += o.custom_sections, point_set_boxes += o.point_set_boxes;
    extern_refs += o.extern_refs, extern_shapes += o.extern_shapes, extern_w_zero += o.extern_w_zero;
    extern_files += o.extern_files, record_pairs += o.record_pairs;
    not_collision += o.not_collision, duplicate_sections += o.duplicate_sections, duplicate_flagged += o.duplicate_flagged;
    bytes_written += o.bytes_written;
    effects.add(o.effects);
    interior.add(o.interior);
}

namespace {
namespace fs = std::filesystem;

struct ScaleParams {
    std::uint32_t blocks, models;
    std::uint32_t h_min, h_max, l_divisor;
    std::uint32_t large_cells;  // the all-shared terrain of block 0's l set
    std::uint32_t objects;      // object (Sekiro) or asset (Elden Ring) binders
    std::uint32_t characters;   // character binders
};

// The asset copied byte for byte into the first character binder (Elden Ring).
constexpr std::uint32_t kCopiedAsset = 1;

ScaleParams scale_params(SynthGame g, SynthScale s) {
    switch (s) {
        case SynthScale::kDemo: return {2, 6, 1500, 5000, 4, 270, 4, 3};
        case SynthScale::kSmall: return {6, 40, 1000, 8000, 4, 300, 12, 4};
        case SynthScale::kFull:
            // ER: 500 × 50 = 25,000 tagfiles, ≈ 66 M triangles; Sekiro: 10 × 564 = 5,640, ≈ 25 M.
            return g == SynthGame::kEldenRing ? ScaleParams{500, 25, 2000, 6000, 3, 300, 40, 10}
                                              : ScaleParams{10, 282, 4000, 10000, 3, 300, 40, 10};
    }
    return {2, 6, 1500, 5000, 4, 270, 4, 3};
}

std::string block_name(SynthGame g, std::uint32_t b) {
    char buf[32];
    if (g == SynthGame::kSekiro || b < 10) std::snprintf(buf, sizeof buf, "m%02u_00_00_00", 10 + b);
    else std::snprintf(buf, sizeof buf, "m60_%02u_%02u_00", 30 + (b - 10) / 40, 30 + (b - 10) % 40);
    return buf;
}

struct MemberPlan {
    std::uint32_t model = 0;
    std::uint32_t target = 0;
    bool large = false;
    std::uint64_t seed = 0;
    float x0 = 0, z0 = 0;
    DefectCounts defects{};
    std::uint32_t interior_serial = 0;  // MeshBuildOptions::interior_serial
    int container = -1;  // DefectKind of a container defect, or −1
};

struct BinderPlan {
    std::uint32_t block = 0;
    char set = 'h';
    std::vector<MemberPlan> members;
};

struct MemberOut {
    std::vector<std::uint8_t> stored;
    CompressedMesh mesh;  // the arrays are dropped after counting; counts and defects kept
    std::uint64_t source_rows = 0;
    bool is_extern = false;
    std::uint64_t extern_triangles = 0, extern_vertices = 0;
    std::string error;
};

using Location = DefectLocation;

// A binder member with the default flags and sizes.
BinderFile binder_file(std::string name, std::int32_t id, std::vector<std::uint8_t> data) {
    BinderFile f;
    f.name = std::move(name);
    f.id = id;
    f.data = std::move(data);
    return f;
}

void write_file(const fs::path& p, const std::vector<std::uint8_t>& bytes, std::string& error) {
    std::ofstream f(p, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!f) error = "cannot write " + p.string();
}

}  // namespace

Result<SynthResult> write_synthetic_install(const fs::path& out, const SynthOptions& o) {
    const ScaleParams sp = scale_params(o.game, o.scale);
    const bool er = o.game == SynthGame::kEldenRing;
    MP_TRY_ASSIGN(const builder::CollisionTypeContext types,
                  builder::make_collision_type_context(er ? tagfile::HavokDialect::kEldenRing2018 : tagfile::HavokDialect::kSekiro2016));
    // Elden Ring assets with extern shapes declare the §7.3 convex classes in their TYPE section.
    MP_TRY_ASSIGN(const builder::CollisionTypeContext convex_types,
                  builder::make_collision_type_context(tagfile::HavokDialect::kEldenRing2018, {.convex_shapes = true}));

    // ---- plan every binder and member
    std::vector<BinderPlan> binders;
    binders.reserve(2ull * sp.blocks);
    for (std::uint32_t b = 0; b < sp.blocks; ++b) {
        for (char set : {'h', 'l', 'f'}) {
            BinderPlan bp{b, set, {}};
            bp.members.reserve(sp.models + 1);
            for (std::uint32_t k = 0; k < sp.models; ++k) {
                MemberPlan mp;
                mp.model = 100 * (k + 1);
                SplitMix64 r(derive_seed(o.seed, (static_cast<std::uint64_t>(b) << 20) | k));
                const std::uint32_t h_target = sp.h_min + r.below(sp.h_max - sp.h_min + 1);
                mp.target = set == 'h'   ? h_target
                            : set == 'l' ? std::max<std::uint32_t>(64, h_target / sp.l_divisor)
                                         : std::max<std::uint32_t>(32, h_target / 8);  // f: a coarse shell
                mp.seed = derive_seed(o.seed, (static_cast<std::uint64_t>(b) << 22) | (static_cast<std::uint64_t>(k) << 2) |
                                                  (set == 'l' ? 1u : set == 'f' ? 2u : 0u));
                mp.x0 = -120.0f + 30.0f * static_cast<float>(k % 8);
                mp.z0 = -120.0f + 30.0f * static_cast<float>((k / 8) % 8);
                bp.members.push_back(mp);
            }
            if (b == 0 && set == 'l') {
                MemberPlan large;
                large.model = 900000;
                large.large = true;
                large.seed = derive_seed(o.seed, 0xB16B00B5ull);
                large.x0 = large.z0 = -128.0f;
                bp.members.push_back(large);
            }
            binders.push_back(std::move(bp));
        }
    }
    // ---- assign the defects: container kinds to the last ordinary members, page0 to the large
    // terrain, the other mesh kinds round-robin over the remaining members.
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
        for (std::uint32_t i = 0; i < o.defects[static_cast<int>(k)]; ++i) {
            if (tail == 0) return make_error(ErrorCode::kUsage, 0, "defects: more container defects than members");
            ordinary[--tail]->container = static_cast<int>(k);
        }
    }
    if (o.defects[static_cast<int>(DefectKind::kPage0)] > 0) {
        if (!large) return make_error(ErrorCode::kUsage, 0, "defects: page0 needs a paged mesh");
        large->defects[static_cast<int>(DefectKind::kPage0)] = o.defects[static_cast<int>(DefectKind::kPage0)];
    }
    if (tail == 0) return make_error(ErrorCode::kUsage, 0, "defects: no member left for mesh defects");
    std::size_t next = 0;
    for (DefectKind k : {DefectKind::kLeafBox, DefectKind::kNibble, DefectKind::kInterior, DefectKind::kRunGap,
                         DefectKind::kKeyWidth}) {
        const std::uint32_t n = o.defects[static_cast<int>(k)];
        if (k == DefectKind::kKeyWidth && n > tail)
            return make_error(ErrorCode::kUsage, 0, "defects: key_width needs one member each");
        for (std::uint32_t i = 0; i < n; ++i) {
            MemberPlan& mp = *ordinary[next++ % tail];
            if (k == DefectKind::kInterior && mp.defects[static_cast<int>(k)] == 0) mp.interior_serial = i;
            mp.defects[static_cast<int>(k)] += 1;
        }
    }

    // ---- build and write: binders in parallel (each a nested parallel_for over its members,
    // writing its own two files), their counts and locations gathered in binder order afterwards,
    // so the output does not depend on the schedule.
    SynthResult result;
    std::vector<Location> locations;
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec) return make_error(ErrorCode::kIo, 0, "cannot create " + out.string() + ": " + ec.message());
    auto binder_dir = [&](const BinderPlan& bp) {
        const std::string block = block_name(o.game, bp.block);
        return er ? fs::path("map") / block.substr(0, 3) / block : fs::path("map") / block;
    };
    for (const BinderPlan& bp : binders) {
        fs::create_directories(out / binder_dir(bp), ec);
        if (ec) return make_error(ErrorCode::kIo, 0, "cannot create " + (out / binder_dir(bp)).string() + ": " + ec.message());
    }
    tbb::task_arena arena(o.threads > 0 ? o.threads : tbb::task_arena::automatic);
    struct BinderOutcome {
        SynthCounts counts;
        std::vector<Location> locations;
        DefectCounts injected{};
        Status status = ok_status();
    };
    auto write_binder = [&](const BinderPlan& bp, BinderOutcome& outcome) -> Status {
        const std::string block = block_name(o.game, bp.block);
        const std::string stem = std::string(1, bp.set) + block.substr(1);  // h10_00_00_00
        const fs::path rel_dir = binder_dir(bp);
        const std::string binder_rel = path_text(rel_dir / (stem + ".hkxbhd"));
        SynthCounts& c = outcome.counts;
        std::vector<Location>& locations = outcome.locations;
        const tagfile::CompendiumId compendium_id =
            derive_seed(o.seed, 0xC0C0ull ^ (static_cast<std::uint64_t>(bp.block) << 8) ^ static_cast<std::uint64_t>(bp.set));

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
                                      "synth: could inject only " + std::to_string(got[static_cast<std::size_t>(k)]) + " of " +
                                          std::to_string(mp.defects[static_cast<std::size_t>(k)]) + " " +
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
                if (hp.set == 'h' && i < hp.members.size() && hp.members[i].model == mp.model && hp.members[i].container < 0) {
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
    };
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
                outcomes[b].status = write_binder(binders[b], outcomes[b]);
            }
        });
    });
    for (std::size_t b = 0; b < binders.size(); ++b) {
        BinderOutcome& bo = outcomes[b];
        if (!bo.status.ok()) return bo.status.error();
        result.by_set[binders[b].set == 'h' ? 0 : binders[b].set == 'l' ? 1 : 2].add(bo.counts);
        for (int k = 0; k < kDefectKindCount; ++k) result.injected[static_cast<std::size_t>(k)] += bo.injected[static_cast<std::size_t>(k)];
        locations.insert(locations.end(), std::make_move_iterator(bo.locations.begin()), std::make_move_iterator(bo.locations.end()));
    }

    // ---- object / asset binders: one tagfile each, its own TYPE section, point sets. Elden
    // Ring's asset 1 (an l asset: no extern shapes, no defect) is copied into a character binder.
    CopiedTagfile copied_asset;
    std::vector<CompressedMesh> meshes(sp.objects);
    {
        SynthCounts& c = result.by_set[3];
        std::vector<std::vector<std::uint8_t>> stored(sp.objects);
        std::vector<std::string> errors(sp.objects);
        std::vector<std::uint64_t> rows(sp.objects, 0);
        auto name_of = [&](std::uint32_t k, std::string& rel, std::string& member) {
            char buf[96];
            if (er) {
                const unsigned group = 100 + 10 * (k / 8), model = k % 8;
                std::snprintf(buf, sizeof buf, "aeg%03u_%03u_%c", group, model, k % 2 ? 'l' : 'h');
                member = std::string(buf) + ".hkx";
                rel = "asset/aeg/aeg" + std::to_string(group) + "/" + buf + ".geomhkxbnd.dcx";
            } else {
                std::snprintf(buf, sizeof buf, "o%06u", 100000 + 1000 * k);
                member = std::string(buf) + ".hkx";
                rel = std::string("obj/") + buf + ".objbnd.dcx";
            }
        };
        // Extern shapes in every other Elden Ring asset (the h ones), 4 to 6 each; the extern
        // defects round-robin over them (Sekiro has no extern shapes: none injected there).
        std::vector<std::uint32_t> extern_count(sp.objects, 0);
        std::vector<DefectCounts> asset_defects(sp.objects, DefectCounts{});
        std::vector<std::uint32_t> with_externs;
        for (std::uint32_t k = 0; er && k < sp.objects; k += 2) {
            extern_count[k] = 4 + (k / 2) % 3;
            with_externs.push_back(k);
        }
        std::size_t next_asset = 0;
        for (DefectKind kind : {DefectKind::kExternMissing, DefectKind::kExternTwice, DefectKind::kExternOutside})
            for (std::uint32_t i = 0; !with_externs.empty() && i < o.defects[static_cast<int>(kind)]; ++i)
                asset_defects[with_externs[next_asset++ % with_externs.size()]][static_cast<int>(kind)] += 1;
        arena.execute([&] {
            tbb::parallel_for(tbb::blocked_range<std::uint32_t>(0, sp.objects, 1), [&](const auto& range) {
                for (std::uint32_t k = range.begin(); k != range.end(); ++k) {
                    const std::uint64_t seed = derive_seed(o.seed, 0x0B1E000000ull | k);
                    SplitMix64 r(seed);
                    const SourceMesh src = build_part(seed, 300 + r.below(1200), -60.0f + 15.0f * static_cast<float>(k % 8), 0.0f);
                    MeshBuildOptions mo_opt;
                    mo_opt.numbering = er ? SimdNumbering::kEldenRing : SimdNumbering::kSekiro;
                    mo_opt.seed = derive_seed(seed, 0xDEFEC7ull);
                    mo_opt.point_sets = 1 + k % 3;
                    mo_opt.extern_shapes = extern_count[k];
                    mo_opt.defects = asset_defects[k];
                    mo_opt.sekiro = !er;
                    meshes[k] = build_compressed_mesh(src, mo_opt);
                    if (!meshes[k].error.empty()) {
                        errors[k] = meshes[k].error;
                        continue;
                    }
                    std::string rel, member;
                    name_of(k, rel, member);
                    const CompressedMesh& built = meshes[k];
                    auto tag0 = builder::write_collision_tag0(built.extern_shapes.empty() ? types : convex_types, built,
                                                            member.substr(0, member.size() - 4), std::nullopt, 21,
                                                            built.extern_shapes);
                    if (!tag0.ok()) {
                        errors[k] = tag0.error().message;
                        continue;
                    }
                    if (er && k == kCopiedAsset) copied_asset.tag0 = *tag0;
                    const std::array files{binder_file(member, 0, std::move(*tag0))};
                    stored[k] = dcx_write_dflt(write_bnd4(files), o.dcx_level);
                    rows[k] = src.rows.size();
                }
            });
        });
        for (std::uint32_t k = 0; k < sp.objects; ++k) {
            if (!errors[k].empty()) return make_error(ErrorCode::kInternal, 0, "synth: " + errors[k]);
            std::string rel, member;
            name_of(k, rel, member);
            const fs::path path = out / rel;
            fs::create_directories(path.parent_path(), ec);
            if (ec) return make_error(ErrorCode::kIo, 0, "cannot create " + path.parent_path().string() + ": " + ec.message());
            std::string error;
            write_file(path, stored[k], error);
            if (!error.empty()) return make_error(ErrorCode::kIo, 0, error);
            const CompressedMesh& m = meshes[k];
            DefectCounts got{};
            for (const InjectedDefect& d : m.injected) {
                ++got[static_cast<int>(d.kind)];
                ++result.injected[static_cast<int>(d.kind)];
                locations.push_back({rel + " :: " + member, d});
            }
            if (got != asset_defects[k])
                return make_error(ErrorCode::kInternal, 0, "synth: could not inject the extern defects asked of " + rel);
            ++c.binders, ++c.members, ++c.readable_members;
            add_mesh_counts(c, m, rows[k]);
            c.bytes_written += stored[k].size();
            if (er && k == kCopiedAsset) {
                copied_asset.member = member;
                copied_asset.mesh = &m;
                copied_asset.source_rows = rows[k];
            }
        }
    }
    // ---- character binders
    MP_TRY_ASSIGN(result.by_set[4], write_character_binders(out, o, sp.characters, types, er ? &copied_asset : nullptr, arena));

    SynthCounts& c = result.counts;
    for (const SynthCounts& set : result.by_set) c.add(set);

    // ---- defects.json
    result.json = defects_json(o, result, types.sdk_version, locations);
    const std::string& j = result.json;
    if (o.write_json) {
        std::string error;
        write_file(out / "defects.json", std::vector<std::uint8_t>(j.begin(), j.end()), error);
        if (!error.empty()) return make_error(ErrorCode::kIo, 0, error);
    }

    // ---- manifest.json
    result.manifest_json = synth_manifest_json(make_synth_manifest(o, result, o.counters));
    if (o.write_json) {
        std::string error;
        const std::string& mj = result.manifest_json;
        write_file(out / "manifest.json", std::vector<std::uint8_t>(mj.begin(), mj.end()), error);
        if (!error.empty()) return make_error(ErrorCode::kIo, 0, error);
    }
    return result;
}

}  // namespace meshproof::synth
