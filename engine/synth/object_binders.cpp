#include "engine/synth/object_binders.h"

#include <array>
#include <cstdio>
#include <string>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx_writer.h"
#include "engine/synth/defect_assignment.h"
#include "engine/synth/install_files.h"
#include "engine/synth/mesh_counts.h"
#include "engine/synth/prng.h"
#include "engine/synth/source_mesh.h"

namespace meshproof::synth {

namespace fs = std::filesystem;

Status write_object_binders(const fs::path& out, const SynthOptions& o, const ScaleParams& sp,
                            const builder::CollisionTypeContext& types,
                            const builder::CollisionTypeContext& convex_types, tbb::task_arena& arena,
                            SynthResult& result, std::vector<DefectLocation>& locations, ObjectBinders& objects) {
    const bool er = o.game == SynthGame::kEldenRing;
    std::vector<CompressedMesh>& meshes = objects.meshes;
    meshes.assign(sp.objects, CompressedMesh{});
    CopiedTagfile& copied_asset = objects.copied_asset;
    std::error_code ec;
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
    // Extern shapes in every other Elden Ring asset, the extern defects over them.
    const AssetExterns externs = assign_asset_externs(er, sp.objects, o.defects);
    const std::vector<std::uint32_t>& extern_count = externs.extern_count;
    const std::vector<DefectCounts>& asset_defects = externs.defects;
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::uint32_t>(0, sp.objects, 1), [&](const auto& range) {
            for (std::uint32_t k = range.begin(); k != range.end(); ++k) {
                const std::uint64_t seed = derive_seed(o.seed, 0x0B1E000000ull | k);
                SplitMix64 r(seed);
                const SourceMesh src =
                    build_part(seed, 300 + r.below(1200), -60.0f + 15.0f * static_cast<float>(k % 8), 0.0f);
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
        if (ec)
            return make_error(ErrorCode::kIo, 0, "cannot create " + path.parent_path().string() + ": " + ec.message());
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
    return ok_status();
}

}  // namespace meshproof::synth
