// Pass "keys" (family havok-mesh): shape-key widths, maxKeyValue, numPrimitiveKeys,
// triangleIsInterior's shape and triangleIndexToShapeKey, havok-compressed-mesh.txt. The key of a
// primitive is (section << 8) | (primitive << 1) | half.
#include <algorithm>
#include <bit>
#include <vector>

#include <fmt/format.h>

#include "engine/core/scratch_release.h"
#include "engine/pipeline/pass.h"
#include "verifiers/mesh_walk.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using namespace verifiers;
using mesh::DecodedMesh;

std::uint32_t bit_length(std::uint64_t v) { return static_cast<std::uint32_t>(std::bit_width(v)); }

// Everything one thread reuses from mesh to mesh.
struct Scratch {
    std::vector<std::uint8_t> is_triangle_key;  // per key of triangleIsInterior's words
    std::vector<std::uint32_t> keys;            // the keys the rows name
    std::vector<std::uint32_t> key_uses;        // per key: rows naming it
};

class KeysPass final : public Pass {
public:
    KeysPass() {
        info_.name = "keys";
        info_.family = "havok-mesh";
        info_.claims = {
            "the shape's numShapeKeyBits equals the tree's bitsPerKey (Proven)",
            "maxKeyValue is the largest key of any primitive (custom primitives included, a quad's second triangle counting | 1) (Proven)",
            "bitsPerKey is the bit length of maxKeyValue + 1; meshes with no sections store 0 for both (Proven)",
            "numPrimitiveKeys equals the number of keys … plus the custom primitives in 3,008 of 3,344 … (Proven)",
            "triangleIsInterior is a bit field of maxKeyValue + 1 bits in ceil(bits ⁄ 32) words (Proven)",
            "Its bits are set only on the keys of triangles and quads (Proven)",
            "triangleIndexToShapeKey: key left-aligned … low bits all ones … names a primitive that exists … no key twice (Proven)",
        };
        info_.counters = {
            {"meshes", "compressed meshes", false},
            {"empty_meshes", "meshes with no sections", false},
            {"empty_mesh_key_bits_nonzero", "meshes with no sections storing a key width other than 0", true},
            {"key_bits_differ", "meshes whose numShapeKeyBits differs from bitsPerKey", true},
            {"bits_per_key_not_bitlen", "meshes whose bitsPerKey is not the bit length of maxKeyValue + 1", true},
            {"max_key_not_largest", "meshes whose maxKeyValue is not their largest key", true},
            {"bitlen_one_less",
             "meshes where bitlen(maxKeyValue) and that of the last-key formula are one less than bitsPerKey", false},
            {"numprimitivekeys_exact", "meshes whose numPrimitiveKeys equals the key count plus the custom primitives",
             false},
            {"numprimitivekeys_more", "meshes storing more numPrimitiveKeys than that (a warning)", false},
            {"numprimitivekeys_fewer", "meshes storing fewer numPrimitiveKeys than that (a warning)", false},
            {"triangle_keys", "triangle keys (one per triangle, two per quad)", false},
            {"interior_set_bits", "triangleIsInterior bits set", false},
            {"meshes_no_interior_bits", "meshes with triangles and no triangleIsInterior bit set", false},
            {"interior_num_bits_mismatch", "meshes whose triangleIsInterior numBits is not maxKeyValue + 1", true},
            {"interior_words_mismatch", "meshes whose triangleIsInterior word count is not ceil(numBits / 32)", true},
            {"interior_bit_not_triangle_key", "triangleIsInterior bits set on a key no triangle or quad has", true},
            {"meshes_with_tri2key", "meshes with triangleIndexToShapeKey", false},
            {"tri2key_rows", "triangleIndexToShapeKey words", false},
            {"tri2key_len_equal", "meshes whose triangleIndexToShapeKey length equals the decoded triangle count",
             false},
            {"tri2key_not_left_aligned", "words whose low 32 − numShapeKeyBits bits are not all ones", true},
            {"tri2key_names_no_primitive", "words naming no existing triangle", true},
            {"tri2key_duplicate", "words repeating a key named before", true},
        };
        info_.maxima = {
            {"numprimitivekeys_max_excess", "largest excess of numPrimitiveKeys over the primitive keys of a mesh",
             false},
        };
        info_.minima = {
            {"numprimitivekeys_min_excess",
             "smallest excess of numPrimitiveKeys over the primitive keys of a mesh whose count is not exact (negative: fewer)",
             false},
        };
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.mesh == nullptr) return;
        UnitCounts counts(info_);
        thread_local Scratch scratch;
        const ReleaseAfterLargeUnit release(scratch, unit.triangles);
        for (std::size_t mi = 0; mi < unit.mesh->meshes.size(); ++mi) {
            const DecodedMesh& m = unit.mesh->meshes[mi];
            counts.add("meshes");
            widths(unit, mi, m, tally, counts);
            interior(unit, mi, m, tally, counts, scratch.is_triangle_key);
            tri2key(unit, mi, m, tally, counts, scratch);
        }
        counts.flush(tally);
    }

private:
    void widths(const Unit& unit, std::size_t mi, const DecodedMesh& m, Tally& tally, UnitCounts& counts) const {
        const auto where = [&] { return mesh_location(unit, mi); };  // built only for a sample
        if (m.sections.size() == 0) {
            counts.add("empty_meshes");
            if (m.num_shape_key_bits != 0 || m.bits_per_key != 0) {
                counts.add("empty_mesh_key_bits_nonzero");
                tally.sample("empty_mesh_key_bits_nonzero", where(),
                             fmt::format("numShapeKeyBits {}, bitsPerKey {}, expected 0 and 0", m.num_shape_key_bits,
                                         m.bits_per_key));
            }
            return;
        }
        if (m.num_shape_key_bits != m.bits_per_key) {
            counts.add("key_bits_differ");
            tally.sample("key_bits_differ", where(),
                         fmt::format("numShapeKeyBits {}, bitsPerKey {}", m.num_shape_key_bits, m.bits_per_key));
        }
        const std::uint32_t want_bits = bit_length(std::uint64_t{m.max_key_value} + 1);
        if (m.bits_per_key != want_bits) {
            counts.add("bits_per_key_not_bitlen");
            tally.sample("bits_per_key_not_bitlen", where(),
                         fmt::format("bitsPerKey {}, bit length of maxKeyValue + 1 = {}", m.bits_per_key, want_bits));
        }
        // Largest key: dead primitives have none; a quad's second half counts | 1.
        std::uint32_t largest = 0, custom = 0;
        const mesh::DecodedPrimitives& p = m.primitives;
        for (std::uint32_t i = 0; i < p.size(); ++i) {
            if (p.kind[i] == mesh::PrimitiveKind::kDead) continue;
            if (is_custom(p.kind[i])) ++custom;
            largest = std::max(largest, p.key[i] | (p.kind[i] == mesh::PrimitiveKind::kQuad ? 1u : 0u));
        }
        if (m.max_key_value != largest) {
            counts.add("max_key_not_largest");
            tally.sample("max_key_not_largest", where(),
                         fmt::format("maxKeyValue {}, largest key {}", m.max_key_value, largest));
        }
        const mesh::DecodedSections& s = m.sections;
        const std::uint64_t last_formula =
            (std::uint64_t{s.size() - 1} << 8) |
            (std::uint64_t{s.num_primitives[s.size() - 1] == 0 ? 0 : s.num_primitives[s.size() - 1] - 1} << 1);
        if (m.bits_per_key > 0 && bit_length(m.max_key_value) + 1 == m.bits_per_key &&
            bit_length(last_formula) + 1 == m.bits_per_key)
            counts.add("bitlen_one_less");
        const std::int64_t keys = static_cast<std::int64_t>(m.triangles.size() + custom);
        // "the smallest excess … in the other meshes": every mesh that is not exact, a shortfall as a negative excess.
        if (m.num_primitive_keys != keys)
            tally.min("numprimitivekeys_min_excess", static_cast<double>(m.num_primitive_keys - keys));
        if (m.num_primitive_keys == keys) counts.add("numprimitivekeys_exact");
        else if (m.num_primitive_keys > keys) {
            counts.add("numprimitivekeys_more");
            tally.max("numprimitivekeys_max_excess", static_cast<double>(m.num_primitive_keys - keys));
        } else {
            counts.add("numprimitivekeys_fewer");
        }
    }

    void interior(const Unit& unit, std::size_t mi, const DecodedMesh& m, Tally& tally, UnitCounts& counts,
                  std::vector<std::uint8_t>& is_triangle_key) const {
        const auto where = [&] { return mesh_location(unit, mi); };  // built only for a sample
        counts.add("triangle_keys", m.triangles.size());
        if (m.sections.size() > 0) {
            if (m.interior_num_bits != std::int64_t{m.max_key_value} + 1) {
                counts.add("interior_num_bits_mismatch");
                tally.sample("interior_num_bits_mismatch", where(),
                             fmt::format("numBits {}, expected maxKeyValue + 1 = {}", m.interior_num_bits,
                                         std::uint64_t{m.max_key_value} + 1));
            }
        }
        const std::int64_t want_words = (m.interior_num_bits + 31) / 32;
        if (static_cast<std::int64_t>(m.interior_words.size()) != want_words) {
            counts.add("interior_words_mismatch");
            tally.sample("interior_words_mismatch", where(),
                         fmt::format("{} words for {} bits, expected {}", m.interior_words.size(), m.interior_num_bits,
                                     want_words));
        }
        is_triangle_key.assign(m.interior_words.size() * 32, 0);
        for (std::uint32_t key : m.triangles.key)
            if (key < is_triangle_key.size()) is_triangle_key[key] = 1;
        std::uint64_t set = 0;
        for (std::uint32_t w = 0; w < m.interior_words.size(); ++w) {
            for (std::uint32_t bits = m.interior_words[w]; bits != 0; bits &= bits - 1) {
                const std::uint32_t key = w * 32 + static_cast<std::uint32_t>(std::countr_zero(bits));
                ++set;
                if (is_triangle_key[key]) continue;
                counts.add("interior_bit_not_triangle_key");
                tally.sample("interior_bit_not_triangle_key", fmt::format("{} / key {}", where(), key),
                             "triangleIsInterior bit set on a key no triangle or quad has");
            }
        }
        counts.add("interior_set_bits", set);
        if (set == 0 && m.triangles.size() > 0) counts.add("meshes_no_interior_bits");
    }

    void tri2key(const Unit& unit, std::size_t mi, const DecodedMesh& m, Tally& tally, UnitCounts& counts,
                 Scratch& scratch) const {
        std::vector<std::uint32_t>& keys = scratch.keys;
        if (!m.has_triangle_index_to_shape_key) return;
        const auto where = [&] { return mesh_location(unit, mi); };  // built only for a sample
        counts.add("meshes_with_tri2key");
        counts.add("tri2key_rows", m.row_key_word.size());
        if (m.row_key_word.size() == m.triangles.size()) counts.add("tri2key_len_equal");
        const std::uint32_t width = m.num_shape_key_bits;
        const std::uint32_t low_mask = width >= 32 ? 0u : width == 0 ? 0xFFFFFFFFu : (1u << (32 - width)) - 1u;
        keys.clear();
        for (std::uint32_t r = 0; r < m.row_key_word.size(); ++r) {
            const std::uint32_t word = m.row_key_word[r];
            if ((word & low_mask) != low_mask) {
                counts.add("tri2key_not_left_aligned");
                tally.sample("tri2key_not_left_aligned", fmt::format("{} / row {}", where(), r),
                             fmt::format("word 0x{:08X}: low {} bits not all ones", word, 32 - std::min(width, 32u)));
            }
            if (r >= m.row_triangle.size() || m.row_triangle[r] == mesh::kNone) {
                counts.add("tri2key_names_no_primitive");
                tally.sample("tri2key_names_no_primitive", fmt::format("{} / row {}", where(), r),
                             fmt::format("word 0x{:08X} names no triangle of the mesh", word));
            }
            if (r < m.row_key.size() && m.row_key[r] != mesh::kNone) keys.push_back(m.row_key[r]);
        }
        // Each key named more than once, in ascending key order, once per extra word. Keys below a
        // few times the row count are counted in an array; larger ones sorted.
        auto duplicate = [&](std::uint32_t key) {
            counts.add("tri2key_duplicate");
            tally.sample("tri2key_duplicate", fmt::format("{} / key {}", where(), key),
                         "key named by more than one word");
        };
        std::uint32_t largest = 0;
        for (const std::uint32_t key : keys) largest = std::max(largest, key);
        if (!keys.empty() && largest < 4 * keys.size() + 4096) {
            std::vector<std::uint32_t>& uses = scratch.key_uses;
            uses.assign(std::size_t{largest} + 1, 0);
            bool any = false;
            for (const std::uint32_t key : keys) any = uses[key]++ > 0 || any;
            if (any)
                for (std::uint32_t key = 0; key <= largest; ++key)
                    for (std::uint32_t extra = 1; extra < uses[key]; ++extra) duplicate(key);
            return;
        }
        std::sort(keys.begin(), keys.end());
        for (std::size_t i = 1; i < keys.size(); ++i)
            if (keys[i] == keys[i - 1]) duplicate(keys[i]);
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(KeysPass);

}  // namespace
}  // namespace meshproof
