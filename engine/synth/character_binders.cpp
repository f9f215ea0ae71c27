#include "engine/synth/character_binders.h"

#include <array>
#include <cstdio>
#include <fstream>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx_writer.h"
#include "engine/synth/mesh_counts.h"
#include "engine/synth/prng.h"
#include "engine/synth/source_mesh.h"
#include "engine/tagfile/object_writer.h"
#include "engine/tagfile/tagfile_writer.h"

namespace meshproof::synth {
namespace {
namespace fs = std::filesystem;

std::string character_name(std::uint32_t k) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "c%04u", 2000 + 10 * k);
    return buf;
}

// A TAG0 in the collision types whose root container holds no variant: no body, no mesh.
Result<std::vector<std::uint8_t>> bodiless_tag0(const builder::CollisionTypeContext& types) {
    tagfile::ObjectWriter w(types.table);
    const tagfile::RecordWriter root = w.new_object("hkRootLevelContainer");
    return tagfile::write_tag0(w, root, {.sdk_version = types.sdk_version, .type_section = types.type_section});
}

// A Havok packfile's magic and a zero header (§5.1 names the binary packfile format): no TAG0.
std::vector<std::uint8_t> packfile_bytes() {
    std::vector<std::uint8_t> b(64, 0);
    const std::array<std::uint8_t, 8> magic{0x57, 0xE0, 0xE0, 0x57, 0x10, 0xC0, 0xC0, 0x10};
    std::copy(magic.begin(), magic.end(), b.begin());
    return b;
}

struct Built {
    CompressedMesh mesh;
    std::vector<std::uint8_t> tag0;
    std::uint64_t rows = 0;
    std::string error;
};

}  // namespace

Result<SynthCounts> write_character_binders(const fs::path& out, const SynthOptions& o, std::uint32_t count,
                                            const builder::CollisionTypeContext& types, const CopiedTagfile* cross,
                                            tbb::task_arena& arena) {
    const bool er = o.game == SynthGame::kEldenRing;
    std::vector<Built> built(count);
    arena.execute([&] {
        tbb::parallel_for(tbb::blocked_range<std::uint32_t>(0, count, 1), [&](const auto& range) {
            for (std::uint32_t k = range.begin(); k != range.end(); ++k) {
                const std::uint64_t seed = derive_seed(o.seed, 0xC4A2000000ull | k);
                SplitMix64 r(seed);
                const SourceMesh src =
                    build_part(seed, 200 + r.below(800), -40.0f + 20.0f * static_cast<float>(k % 4), 0.0f);
                MeshBuildOptions mo;
                mo.numbering = er ? SimdNumbering::kEldenRing : SimdNumbering::kSekiro;
                mo.seed = derive_seed(seed, 0xDEFEC7ull);
                mo.point_sets = er ? 1 + k % 2 : 0;
                mo.sekiro = !er;
                Built& b = built[k];
                b.mesh = build_compressed_mesh(src, mo);
                if (!b.mesh.error.empty()) {
                    b.error = b.mesh.error;
                    continue;
                }
                auto tag0 = builder::write_collision_tag0(types, b.mesh, character_name(k), std::nullopt, 21);
                if (!tag0.ok()) {
                    b.error = tag0.error().message;
                    continue;
                }
                b.tag0 = std::move(*tag0);
                b.rows = src.rows.size();
            }
        });
    });
    MP_TRY_ASSIGN(const std::vector<std::uint8_t> skeleton, bodiless_tag0(types));
    SynthCounts c;
    std::error_code ec;
    fs::create_directories(out / "chr", ec);
    if (ec) return make_error(ErrorCode::kIo, 0, "cannot create " + (out / "chr").string() + ": " + ec.message());
    for (std::uint32_t k = 0; k < count; ++k) {
        if (!built[k].error.empty()) return make_error(ErrorCode::kInternal, 0, "synth: " + built[k].error);
        const std::string name = character_name(k);
        std::vector<BinderFile> files;
        auto member = [&](std::string member_name, const std::vector<std::uint8_t>& bytes) {
            BinderFile f;
            f.name = std::move(member_name);
            f.id = static_cast<std::int32_t>(files.size());
            f.data = bytes;
            files.push_back(std::move(f));
            ++c.members;
        };
        member(name + ".hkx", built[k].tag0);
        ++c.readable_members;
        add_mesh_counts(c, built[k].mesh, built[k].rows);
        member(name + "_skeleton.hkx", skeleton);
        member(name + "_cloth.hkx", packfile_bytes());
        c.not_collision += 2;
        // The copies: counted by every pass, and once only over distinct tagfiles (in the set of
        // the first in path order: the predecessor's binder, or the asset binder).
        auto copy = [&](std::string member_name, const std::vector<std::uint8_t>& tag0, const CompressedMesh& mesh,
                        std::uint64_t rows) {
            member(std::move(member_name), tag0);
            ++c.readable_members;
            add_mesh_counts(c, mesh, rows);
            c.duplicate_sections += mesh.page.size();
            c.duplicate_flagged += mesh.point_sets > 0 || mesh.extern_refs > 0 ? 1 : 0;
        };
        if (k % 2 == 1)
            copy(character_name(k - 1) + "_shared.hkx", built[k - 1].tag0, built[k - 1].mesh, built[k - 1].rows);
        if (k == 0 && cross != nullptr && cross->mesh != nullptr)
            copy(cross->member, cross->tag0, *cross->mesh, cross->source_rows);
        const std::vector<std::uint8_t> stored = dcx_write_dflt(write_bnd4(files), o.dcx_level);
        const fs::path path = out / "chr" / (name + ".chrbnd.dcx");
        std::ofstream f(path, std::ios::binary | std::ios::trunc);
        f.write(reinterpret_cast<const char*>(stored.data()), static_cast<std::streamsize>(stored.size()));
        if (!f) return make_error(ErrorCode::kIo, 0, "cannot write " + path.string());
        ++c.binders;
        c.bytes_written += stored.size();
    }
    return c;
}

}  // namespace meshproof::synth
