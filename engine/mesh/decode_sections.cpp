#include "engine/mesh/decode_sections.h"

#include <limits>
#include <string>

#include "engine/mesh/vertex_codec.h"

namespace meshproof::mesh {

namespace {

template <class T>
bool sized(const RawColumn<T>& c, std::size_t n) {
    return c.size() == n;
}

Status check_section_columns(const RawSections& s) {
    const std::size_t n = s.count;
    bool ok = sized(s.first_packed, n) && sized(s.num_packed, n) && sized(s.page, n) && sized(s.layer_data, n) &&
              sized(s.flags, n) && sized(s.leaf_index, n) && s.trees.size() == n;
    for (const auto& c : s.codec_parms) ok = ok && sized(c, n);
    if (s.naming == SectionNaming::kExplicit) {
        ok = ok && sized(s.first_shared, n) && sized(s.first_primitive, n) && sized(s.num_primitives, n) &&
             sized(s.first_data_run, n) && sized(s.num_data_runs, n);
    } else {
        ok = ok && sized(s.shared_word, n) && sized(s.num_shared_indices, n) && sized(s.primitives_word, n) &&
             sized(s.data_runs_word, n);
    }
    if (!s.unused_data.empty()) ok = ok && sized(s.unused_data, n);
    if (!ok) return make_error(ErrorCode::kBadObject, s.offset, "section columns differ in length");
    return ok_status();
}

}  // namespace

Status decode_sections(const RawCompressedMesh& raw, DecodedMesh& mesh) {
    const RawSections& s = raw.sections;
    MP_TRY(check_section_columns(s));
    const std::size_t n = s.count;
    DecodedSections& out = mesh.sections;
    out.naming = s.naming;
    for (auto* v :
         {&out.first_packed, &out.num_packed, &out.first_shared, &out.num_shared, &out.first_primitive,
          &out.num_primitives, &out.first_data_run, &out.num_data_runs, &out.shared_word_low, &out.first_slot})
        v->resize(n);
    for (auto* v : {&out.page, &out.flags, &out.layer_data, &out.unused_data}) v->resize(n);
    out.leaf_index.resize(n);
    out.domain.resize(n);
    out.domain_w.resize(n);
    out.codec_parms.resize(n);

    const std::size_t shared_index_count = raw.shared_vertices_index.size();
    std::uint64_t slots = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t at = s.offset + i * s.stride;
        const auto fail = [&](const std::string& what) {
            return make_error(ErrorCode::kOutOfBounds, at, "section " + std::to_string(i) + ": " + what);
        };
        out.first_packed[i] = s.first_packed[i];
        out.num_packed[i] = s.num_packed[i];
        if (s.naming == SectionNaming::kExplicit) {
            out.first_shared[i] = s.first_shared[i];
            const std::uint64_t end = i + 1 < n ? s.first_shared[i + 1] : shared_index_count;
            if (end < s.first_shared[i]) return fail("shared-index run ends before it starts");
            out.num_shared[i] = static_cast<std::uint32_t>(end - s.first_shared[i]);
            out.first_primitive[i] = s.first_primitive[i];
            out.num_primitives[i] = s.num_primitives[i];
            out.first_data_run[i] = s.first_data_run[i];
            out.num_data_runs[i] = s.num_data_runs[i];
            out.shared_word_low[i] = kNone;
        } else {
            // 2016.2: (first << 8) | count words; the shared word's low byte is not a count
            // (it equals numPackedVertices), numSharedIndices is.
            out.first_shared[i] = s.shared_word[i] >> 8;
            out.num_shared[i] = s.num_shared_indices[i];
            out.shared_word_low[i] = s.shared_word[i] & 0xFFu;
            out.first_primitive[i] = s.primitives_word[i] >> 8;
            out.num_primitives[i] = s.primitives_word[i] & 0xFFu;
            out.first_data_run[i] = s.data_runs_word[i] >> 8;
            out.num_data_runs[i] = s.data_runs_word[i] & 0xFFu;
        }
        out.page[i] = s.page[i];
        out.flags[i] = s.flags[i];
        out.layer_data[i] = s.layer_data[i];
        out.unused_data[i] = s.unused_data.empty() ? 0 : s.unused_data[i];
        out.leaf_index[i] = s.leaf_index[i];
        const RawAabb& d = s.trees[i].domain;
        for (int a = 0; a < 3; ++a) {
            out.domain[i].min[a] = d.min[a];
            out.domain[i].max[a] = d.max[a];
        }
        out.domain_w[i] = {d.min[3], d.max[3]};
        for (int k = 0; k < 6; ++k) out.codec_parms[i][k] = s.codec_parms[k][i];

        if (!in_range(out.first_packed[i], out.num_packed[i], raw.packed_vertices.size()))
            return fail("packed-vertex run past packedVertices");
        if (!in_range(out.first_shared[i], out.num_shared[i], shared_index_count))
            return fail("shared-index run past sharedVerticesIndex");
        if (!in_range(out.first_primitive[i], out.num_primitives[i], raw.primitive_indices[0].size()))
            return fail("primitive run past primitives");
        if (!in_range(out.first_data_run[i], out.num_data_runs[i], raw.run_value.size()))
            return fail("data-run run past primitiveDataRuns");
        out.first_slot[i] = static_cast<std::uint32_t>(slots);
        slots += std::uint64_t{out.num_packed[i]} + out.num_shared[i];
        if (slots >= kNone) return fail("too many vertex slots");
    }
    return ok_status();
}

Status decode_vertices(const RawCompressedMesh& raw, DecodedMesh& mesh) {
    const DecodedSections& s = mesh.sections;
    const std::size_t n = s.size();
    const std::size_t total = n == 0 ? 0 : std::size_t{s.first_slot[n - 1]} + s.num_packed[n - 1] + s.num_shared[n - 1];
    DecodedVertices& v = mesh.vertices;
    for (auto* c : {&v.x, &v.y, &v.z}) c->resize(total);
    v.kind.resize(total);
    v.section.resize(total);
    v.slot.resize(total);
    v.source.resize(total);
    v.shared_entry.resize(total);
    v.packed_word.resize(total);
    v.identity.resize(total);

    const SharedVertexCodec shared = shared_vertex_codec(mesh.domain);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const std::size_t shared_count = raw.shared_vertices.size();
    for (std::size_t sec = 0; sec < n; ++sec) {
        std::size_t at = s.first_slot[sec];
        const std::uint32_t packed = s.num_packed[sec];
        const std::uint32_t slots = packed + s.num_shared[sec];
        for (std::uint32_t slot = 0; slot < slots; ++slot, ++at) {
            v.section[at] = static_cast<std::uint32_t>(sec);
            v.slot[at] = slot;
            std::array<float, 3> p{nan, nan, nan};
            if (slot < packed) {
                const std::uint32_t source = s.first_packed[sec] + slot;  // run checked in decode_sections
                p = decode_packed_vertex(raw.packed_vertices[source], s.codec_parms[sec]);
                v.kind[at] = VertexKind::kPacked;
                v.source[at] = source;
                v.shared_entry[at] = kNone;
                v.packed_word[at] = raw.packed_vertices[source];
                v.identity[at] = kPackedIdentityBit | (static_cast<std::uint32_t>(sec) << 8) | (slot & 0xFFu);
            } else {
                const std::uint32_t entry = raw.shared_vertices_index[s.first_shared[sec] + (slot - packed)];
                const std::uint64_t source = std::uint64_t{s.page[sec]} * 65536u + entry;
                v.shared_entry[at] = entry;
                v.packed_word[at] = 0;
                v.identity[at] = entry;
                if (source < shared_count) {
                    p = decode_shared_vertex(raw.shared_vertices[source], shared);
                    v.kind[at] = VertexKind::kShared;
                    v.source[at] = static_cast<std::uint32_t>(source);
                } else {
                    v.kind[at] = VertexKind::kUnresolved;
                    v.source[at] = kNone;
                }
            }
            v.x[at] = p[0];
            v.y[at] = p[1];
            v.z[at] = p[2];
        }
    }
    return ok_status();
}

}  // namespace meshproof::mesh
