#include "engine/synth/fset_map.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "engine/builder/collision_tagfile.h"
#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx_writer.h"
#include "engine/synth/compressed_mesh.h"
#include "engine/synth/extern_mesh.h"
#include "engine/synth/prng.h"
#include "engine/synth/source_mesh.h"
#include "engine/tagfile/tagfile_writer.h"

namespace meshproof::synth {
namespace {

SourceMesh square(const FsetModel& m) {
    SourceMesh s;
    const float h = m.half, y = m.floor_y;
    const auto a = s.add_vertex(-h, y, -h), b = s.add_vertex(-h, y, h), c = s.add_vertex(h, y, h),
               d = s.add_vertex(h, y, -h);
    s.add_quad(a, b, c, d);
    return s;
}

SourceMesh fan(const FsetModel& m) {
    SourceMesh s;
    for (const auto& v : m.f_vertices) s.add_vertex(v[0], v[1], v[2]);
    for (std::uint32_t i = 1; i + 1 < s.vertex_count(); ++i) s.rows.push_back({0, i, i + 1});
    return s;
}

Status write_bytes(const std::filesystem::path& p, const std::vector<std::uint8_t>& bytes) {
    std::ofstream f(p, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    if (!f) return make_error(ErrorCode::kIo, 0, "cannot write " + p.string());
    return ok_status();
}

}  // namespace

double fset_square_distance_sq(const FsetModel& m, const std::array<float, 3>& p, bool footprint) {
    const double dx = std::max(std::abs(double(p[0])) - m.half, 0.0),
                 dz = std::max(std::abs(double(p[2])) - m.half, 0.0);
    const double dy = footprint ? 0.0 : double(p[1]) - m.floor_y;
    return dx * dx + dy * dy + dz * dz;
}

Status write_fset_maps(const std::filesystem::path& root, SynthGame game, const std::vector<FsetMap>& maps) {
    const bool er = game == SynthGame::kEldenRing;
    MP_TRY_ASSIGN(const builder::CollisionTypeContext types,
                  builder::make_collision_type_context(er ? tagfile::HavokDialect::kEldenRing2018
                                                          : tagfile::HavokDialect::kSekiro2016));
    const SimdNumbering numbering = er ? SimdNumbering::kEldenRing : SimdNumbering::kSekiro;
    for (std::size_t mi = 0; mi < maps.size(); ++mi) {
        const FsetMap& map = maps[mi];
        const std::filesystem::path dir = er ? root / "map" / map.map.substr(0, 3) / map.map : root / "map" / map.map;
        std::error_code ec;
        std::filesystem::create_directories(dir, ec);
        if (ec) return make_error(ErrorCode::kIo, 0, "cannot create " + dir.string());
        for (char set : {'h', 'f'}) {
            const std::string stem = std::string(1, set) + map.map.substr(1);
            const tagfile::CompendiumId id =
                derive_seed(0xF5E7, (std::uint64_t{mi} << 8) | static_cast<std::uint8_t>(set));
            std::vector<BinderFile> files;
            MP_TRY_ASSIGN(auto tcm0, tagfile::write_tcm0(std::array{id}, types.type_section));
            files.push_back(BinderFile{map.map + "\\" + stem + ".compendium.dcx", 0, dcx_write_dflt(tcm0),
                                       binder_entry_flags::kOrdinary, std::nullopt});
            for (const FsetModel& m : map.models) {
                if (set == 'h' ? !m.has_h : !m.has_f) continue;
                char body[16], name[64];
                std::snprintf(body, sizeof body, "%c%06u", set, m.model);
                std::snprintf(name, sizeof name, "%s\\%s_%06u.hkx.dcx", map.map.c_str(), stem.c_str(), m.model);
                std::vector<std::uint8_t> tag0;
                if (set == 'h') {
                    MeshBuildOptions options;
                    options.numbering = numbering;
                    const CompressedMesh mesh = build_compressed_mesh(square(m), options);
                    if (!mesh.error.empty()) return make_error(ErrorCode::kInternal, 0, "fset map: " + mesh.error);
                    MP_TRY_ASSIGN(tag0, builder::write_collision_tag0(types, mesh, body, id));
                } else {
                    MP_TRY_ASSIGN(tag0, write_extern_tag0(types, build_extern_mesh(fan(m), numbering), body, id));
                }
                files.push_back(BinderFile{name, static_cast<std::int32_t>(files.size()), dcx_write_dflt(tag0),
                                           binder_entry_flags::kOrdinary, std::nullopt});
            }
            const Bxf4Bytes bxf = write_bxf4(files);
            MP_TRY(write_bytes(dir / (stem + ".hkxbhd"), bxf.bhd));
            MP_TRY(write_bytes(dir / (stem + ".hkxbdt"), bxf.bdt));
        }
    }
    return ok_status();
}

}  // namespace meshproof::synth
