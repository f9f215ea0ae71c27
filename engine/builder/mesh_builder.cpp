#include "engine/builder/mesh_builder.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "engine/core/free_vectors.h"
#include "engine/rules/degenerate_triangle.h"

namespace meshproof::builder {

mesh::Box MeshLayout::primitive_box(const CompressedMesh& m, std::uint32_t s, std::uint32_t p) const {
    mesh::Box b = mesh::unfilled_box();
    const auto& q = m.primitives[m.first_primitive[s] + p];
    const std::uint32_t g = stored[m.first_primitive[s] + p];
    for (std::uint32_t k = 0; k < corners(g); ++k) {
        const std::uint32_t slot = first_slot[s] + q[k];
        mesh::extend(b, sx[slot], sy[slot], sz[slot]);
    }
    return b;
}

mesh::Box MeshLayout::source_leaf_box(const MeshInputView& in, std::uint32_t g, float convex_radius) const {
    float xyz[12];
    const std::uint32_t c = corners(g);
    for (std::uint32_t k = 0; k < c; ++k) {
        const std::uint32_t v = prims.vertex[g][k];
        xyz[3 * k] = in.x[v], xyz[3 * k + 1] = in.y[v], xyz[3 * k + 2] = in.z[v];
    }
    return rules::leaf_box(std::span<const float>(xyz, 3 * c), convex_radius);
}

std::vector<std::uint32_t> kept_rows(const MeshInputView& in, MeshStats* stats) {
    std::vector<std::uint32_t> kept;
    kept.reserve(in.rows.size());
    const auto nv = static_cast<std::uint32_t>(in.x.size());
    std::uint64_t dropped = 0, invalid = 0;
    for (std::uint32_t r = 0; r < in.rows.size(); ++r) {
        const auto& row = in.rows[r];
        if (row[0] >= nv || row[1] >= nv || row[2] >= nv) {
            ++invalid;
            continue;
        }
        const rules::V3f a{in.x[row[0]], in.y[row[0]], in.z[row[0]]};
        const rules::V3f b{in.x[row[1]], in.y[row[1]], in.z[row[1]]};
        const rules::V3f c{in.x[row[2]], in.y[row[2]], in.z[row[2]]};
        if (rules::is_degenerate(a, b, c)) {
            ++dropped;
            continue;
        }
        kept.push_back(r);
    }
    if (stats != nullptr) {
        stats->rows_in = in.rows.size();
        stats->rows_dropped_degenerate = dropped;
        stats->rows_invalid = invalid;
    }
    return kept;
}

void lay_out(const MeshInputView& in, const MeshOptions& opt, MeshLayout& L, CompressedMesh& m) {
    const float r = opt.convex_radius;
    m.convex_radius = r;
    {
        // Rows of different materials (primitive data) never pair.
        // One pairing per build: nothing reads edge_uses, and each step's scratch is freed once
        // the step is done (the pairing's memory peak is then its dearest step's, not the sum).
        rules::QuadPairingWorkspace ws;
        ws.edge_uses_read = false;
        ws.release_scratch = true;
        L.prims = pair_rows(PairingInput{in.x, in.y, in.z, in.rows, in.row_material, L.kept}, ws);
    }
    const PrimitiveList& prims = L.prims;
    const auto np = static_cast<std::uint32_t>(prims.size());
    const auto nv = static_cast<std::uint32_t>(in.x.size());

    // ---- leaves: the primitives' vertex boxes grown by convexRadius; one tree; the cut
    std::vector<mesh::Box> leaves(np);
    std::vector<std::uint32_t> vertex_first(np + 1, 0), vertex_ids;
    vertex_ids.reserve(4 * std::size_t{np});
    for (std::uint32_t p = 0; p < np; ++p) {
        leaves[p] = L.source_leaf_box(in, p, r);
        for (std::uint32_t k = 0; k < L.corners(p); ++k) vertex_ids.push_back(prims.vertex[p][k]);
        vertex_first[p + 1] = static_cast<std::uint32_t>(vertex_ids.size());
    }
    L.tree = rules::build_stock_tree(leaves);
    free_vectors(leaves);
    L.cut = rules::cut_sections(L.tree, vertex_first, vertex_ids);
    free_vectors(vertex_first, vertex_ids);
    const auto ns = static_cast<std::uint32_t>(L.cut.sections.size());
    L.triangle_sections = ns;

    // ---- per section: the primitives numbered by the quicksort ranks of the pre-order
    L.stored.clear();
    L.stored.reserve(np);
    L.index_in_section.assign(np, 0);
    L.section_of.assign(np, 0);
    L.section_trees.resize(ns);
    m.first_primitive.resize(ns);
    m.num_primitives.resize(ns);
    for (std::uint32_t s = 0; s < ns; ++s) {
        const std::vector<std::uint32_t> order = rules::section_primitive_order(L.tree, L.cut.sections[s]);
        m.first_primitive[s] = static_cast<std::uint32_t>(L.stored.size());
        m.num_primitives[s] = static_cast<std::uint32_t>(order.size());
        for (std::uint32_t p = 0; p < order.size(); ++p) {
            L.stored.push_back(order[p]);
            L.index_in_section[order[p]] = p;
            L.section_of[order[p]] = s;
        }
        L.section_trees[s] = preorder_subtree(L.tree, L.cut.sections[s], L.index_in_section);
    }

    // ---- vertex slots: packed (this section's alone) first, then shared
    std::vector<std::uint32_t> section_count(nv, 0), stamp(nv, rules::kNoNode), slot_of(nv, 0);
    for (std::uint32_t s = 0; s < ns; ++s)
        for (std::uint32_t i = 0; i < m.num_primitives[s]; ++i) {
            const std::uint32_t g = L.stored[m.first_primitive[s] + i];
            for (std::uint32_t k = 0; k < L.corners(g); ++k) {
                const std::uint32_t v = prims.vertex[g][k];
                if (stamp[v] != s) {
                    stamp[v] = s;
                    ++section_count[v];
                }
            }
        }
    std::fill(stamp.begin(), stamp.end(), rules::kNoNode);
    L.slot_vertex.clear();
    L.slot_vertex.reserve(nv + nv / 4);
    L.first_slot.assign(ns + 1, 0);
    m.num_packed.resize(ns);
    m.num_shared.resize(ns);
    m.primitives.resize(np);
    std::vector<std::uint32_t> packed_tmp, shared_tmp;
    for (std::uint32_t s = 0; s < ns; ++s) {
        packed_tmp.clear();
        shared_tmp.clear();
        for (std::uint32_t i = 0; i < m.num_primitives[s]; ++i) {
            const std::uint32_t g = L.stored[m.first_primitive[s] + i];
            for (std::uint32_t k = 0; k < L.corners(g); ++k) {
                const std::uint32_t v = prims.vertex[g][k];
                if (stamp[v] == s) continue;
                stamp[v] = s;
                (!opt.all_shared && section_count[v] == 1 ? packed_tmp : shared_tmp).push_back(v);
            }
        }
        if (!packed_tmp.empty() && opt.max_packed_error < std::numeric_limits<float>::infinity()) {
            mesh::Box box = mesh::unfilled_box();
            for (std::uint32_t v : packed_tmp) mesh::extend(box, in.x[v], in.y[v], in.z[v]);
            const float half_step[3] = {0.5f * (box.max[0] - box.min[0]) / 2047.0f,
                                        0.5f * (box.max[1] - box.min[1]) / 2047.0f,
                                        0.5f * (box.max[2] - box.min[2]) / 1023.0f};
            if (half_step[0] > opt.max_packed_error || half_step[1] > opt.max_packed_error ||
                half_step[2] > opt.max_packed_error) {
                packed_tmp.insert(packed_tmp.end(), shared_tmp.begin(), shared_tmp.end());
                shared_tmp.swap(packed_tmp);
                packed_tmp.clear();
            }
        }
        L.first_slot[s] = static_cast<std::uint32_t>(L.slot_vertex.size());
        m.num_packed[s] = static_cast<std::uint32_t>(packed_tmp.size());
        m.num_shared[s] = static_cast<std::uint32_t>(shared_tmp.size());
        std::uint32_t slot = 0;
        for (std::uint32_t v : packed_tmp) slot_of[v] = slot++, L.slot_vertex.push_back(v);
        for (std::uint32_t v : shared_tmp) slot_of[v] = slot++, L.slot_vertex.push_back(v);
        for (std::uint32_t i = 0; i < m.num_primitives[s]; ++i) {
            const std::uint32_t g = L.stored[m.first_primitive[s] + i];
            const auto& q = prims.vertex[g];
            m.primitives[m.first_primitive[s] + i] = {
                static_cast<std::uint8_t>(slot_of[q[0]]), static_cast<std::uint8_t>(slot_of[q[1]]),
                static_cast<std::uint8_t>(slot_of[q[2]]), static_cast<std::uint8_t>(slot_of[q[3]])};
        }
    }
    L.first_slot[ns] = static_cast<std::uint32_t>(L.slot_vertex.size());
    L.sx.assign(L.slot_vertex.size(), 0.0f);
    L.sy.assign(L.slot_vertex.size(), 0.0f);
    L.sz.assign(L.slot_vertex.size(), 0.0f);
    L.gap_before.assign(ns, 0);

    // ---- mesh domain: the vertex box grown by the convex radius
    L.used = mesh::unfilled_box();
    for (std::uint32_t v : L.slot_vertex) mesh::extend(L.used, in.x[v], in.y[v], in.z[v]);
    m.domain = mesh::grown_by(L.used, r);
    L.shared_codec = mesh::shared_vertex_codec(m.domain);
}

void quantise_vertices(const MeshInputView& in, MeshLayout& L, CompressedMesh& m) {
    const auto ns = static_cast<std::uint32_t>(L.first_slot.size() - 1);
    // ---- packed vertices per section
    m.first_packed.resize(ns);
    m.codec_parms.resize(ns);
    m.packed_vertices.reserve(L.slot_vertex.size() + ns);
    for (std::uint32_t s = 0; s < ns; ++s) {
        if (L.gap_before[s]) m.packed_vertices.push_back(m.packed_vertices.empty() ? 0u : m.packed_vertices.back());
        m.first_packed[s] = static_cast<std::uint32_t>(m.packed_vertices.size());
        mesh::Box box = mesh::unfilled_box();
        for (std::uint32_t k = 0; k < m.num_packed[s]; ++k) {
            const std::uint32_t v = L.slot_vertex[L.first_slot[s] + k];
            mesh::extend(box, in.x[v], in.y[v], in.z[v]);
        }
        m.codec_parms[s] = mesh::packed_codec_parms(box);
        for (std::uint32_t k = 0; k < m.num_packed[s]; ++k) {
            const std::uint32_t slot = L.first_slot[s] + k, v = L.slot_vertex[slot];
            const std::uint32_t word = mesh::quantise_packed(m.codec_parms[s], in.x[v], in.y[v], in.z[v]);
            m.packed_vertices.push_back(word);
            const auto p = mesh::decode_packed_vertex(word, m.codec_parms[s]);
            L.sx[slot] = p[0], L.sy[slot] = p[1], L.sz[slot] = p[2];
        }
    }

    // ---- shared vertices over the domain, a section's entries within one page of 65,536
    m.first_shared.resize(ns);
    m.page.resize(ns);
    std::vector<std::int64_t> entry_of(in.x.size(), -1);
    std::uint32_t page = 0;
    for (std::uint32_t s = 0; s < ns; ++s) {
        const std::int64_t base = static_cast<std::int64_t>(page) << 16;
        std::uint32_t fresh = 0;
        for (std::uint32_t k = m.num_packed[s]; k < m.num_packed[s] + m.num_shared[s]; ++k)
            if (entry_of[L.slot_vertex[L.first_slot[s] + k]] < base) ++fresh;
        if (static_cast<std::int64_t>(m.shared_vertices.size()) - base + fresh > 65536) {
            // The rest of this page cannot hold the section: pad it, open the next page.
            const std::uint64_t pad = m.shared_vertices.empty() ? 0 : m.shared_vertices.back();
            m.shared_vertices.resize(static_cast<std::size_t>(base + 65536), pad);
            ++page;
        }
        const std::int64_t page_base = static_cast<std::int64_t>(page) << 16;
        m.page[s] = static_cast<std::uint8_t>(page);  // build_mesh refuses more than 256 pages
        if (page > 0) ++m.paged_sections;
        m.first_shared[s] = static_cast<std::uint32_t>(m.shared_vertices_index.size());
        for (std::uint32_t k = m.num_packed[s]; k < m.num_packed[s] + m.num_shared[s]; ++k) {
            const std::uint32_t slot = L.first_slot[s] + k, v = L.slot_vertex[slot];
            if (entry_of[v] < page_base) {
                entry_of[v] = static_cast<std::int64_t>(m.shared_vertices.size());
                m.shared_vertices.push_back(mesh::quantise_shared(L.shared_codec, in.x[v], in.y[v], in.z[v]));
            }
            m.shared_vertices_index.push_back(static_cast<std::uint16_t>(entry_of[v] - page_base));
            const auto p =
                mesh::decode_shared_vertex(m.shared_vertices[static_cast<std::size_t>(entry_of[v])], L.shared_codec);
            L.sx[slot] = p[0], L.sy[slot] = p[1], L.sz[slot] = p[2];
        }
    }
}

void encode_section_trees(MeshLayout& L, CompressedMesh& m) {
    const auto ns = static_cast<std::uint32_t>(L.first_slot.size() - 1);
    const float r = m.convex_radius;
    m.section_domain.resize(ns, mesh::unfilled_box());
    m.first_node_byte.resize(ns);
    m.node_byte_count.resize(ns);
    m.section_node_bytes.reserve(m.primitives.size() * 8);
    std::vector<mesh::Box> leaf_boxes;
    if (L.keep_encoded) L.encoded.resize(ns);
    for (std::uint32_t s = 0; s < ns; ++s) {
        mesh::Box box = mesh::unfilled_box();
        for (std::uint32_t slot = L.first_slot[s]; slot < L.first_slot[s + 1]; ++slot)
            mesh::extend(box, L.sx[slot], L.sy[slot], L.sz[slot]);
        m.section_domain[s] = mesh::grown_by(box, r);
        leaf_boxes.resize(m.num_primitives[s], mesh::unfilled_box());
        for (std::uint32_t p = 0; p < m.num_primitives[s]; ++p)
            leaf_boxes[p] = mesh::grown_by(L.primitive_box(m, s, p), r);
        BuiltStaticTree encoded =
            build_static_tree(L.section_trees[s], leaf_boxes, m.section_domain[s], mesh::TreeCodec::kAxis4);
        m.first_node_byte[s] = static_cast<std::uint32_t>(m.section_node_bytes.size());
        m.node_byte_count[s] = static_cast<std::uint32_t>(encoded.bytes.size());
        m.section_node_bytes.insert(m.section_node_bytes.end(), encoded.bytes.begin(), encoded.bytes.end());
        if (L.keep_encoded) L.encoded[s] = std::move(encoded);
        m.section_tree_nodes += L.section_trees[s].size();
    }
}

void encode_mesh_tree(MeshLayout& L, CompressedMesh& m) {
    PreorderTree mesh_tree = preorder_mesh_tree(L.tree, L.cut);
    const auto ns = static_cast<std::uint32_t>(L.cut.sections.size());
    if (m.page.size() == std::size_t{ns} + 1 && ns > 0) {
        PreorderTree joined;
        joined.payload.reserve(mesh_tree.size() + 2);
        joined.second_child.reserve(mesh_tree.size() + 2);
        joined.payload.push_back(rules::kNoNode);
        joined.second_child.push_back(static_cast<std::uint32_t>(mesh_tree.size() + 1));
        for (std::size_t i = 0; i < mesh_tree.size(); ++i) {
            joined.payload.push_back(mesh_tree.payload[i]);
            joined.second_child.push_back(mesh_tree.second_child[i] == rules::kNoNode ? rules::kNoNode
                                                                                      : mesh_tree.second_child[i] + 1);
        }
        joined.payload.push_back(ns);
        joined.second_child.push_back(rules::kNoNode);
        mesh_tree = std::move(joined);
    }
    m.mesh_node_bytes = build_static_tree(mesh_tree, m.section_domain, m.domain, mesh::TreeCodec::kAxis5).bytes;
    m.leaf_index.assign(m.page.size(), 0);
    for (std::size_t i = 0; i < mesh_tree.size(); ++i)
        if (mesh_tree.second_child[i] == rules::kNoNode)
            m.leaf_index[mesh_tree.payload[i]] = static_cast<std::uint16_t>(i);
}

void count_keys(const MeshLayout& L, CompressedMesh& m) {
    for (std::uint32_t s = 0; s < L.triangle_sections; ++s)
        for (std::uint32_t p = 0; p < m.num_primitives[s]; ++p) {
            const std::uint32_t i = m.first_primitive[s] + p;
            const std::uint32_t key = (s << 8) | (p << 1);
            const bool quad = L.prims.is_quad[L.stored[i]] != 0;
            m.max_key_value = std::max(m.max_key_value, quad ? key | 1u : key);
            m.num_primitive_keys += quad ? 2 : 1;
            m.triangles += quad ? 2 : 1;
            m.quads += quad ? 1 : 0;
        }
}

void simd_leaves(MeshLayout& L, const CompressedMesh& m) {
    const std::uint32_t ns = L.triangle_sections;
    const std::size_t np = ns == 0 ? 0 : std::size_t{m.first_primitive[ns - 1]} + m.num_primitives[ns - 1];
    L.leaf_keys.resize(np);
    L.leaf_exact.resize(np, mesh::unfilled_box());
    for (std::uint32_t s = 0; s < ns; ++s)
        for (std::uint32_t p = 0; p < m.num_primitives[s]; ++p) {
            const std::uint32_t i = m.first_primitive[s] + p;
            L.leaf_keys[i] = (s << 8) | (p << 1);
            mesh::Box b = mesh::unfilled_box();
            for (std::uint8_t q : m.primitives[i]) {  // a triangle's fourth corner is its third
                const std::uint32_t slot = L.first_slot[s] + q;
                mesh::extend(b, L.sx[slot], L.sy[slot], L.sz[slot]);
            }
            L.leaf_exact[i] = b;
        }
}

void assign_keys(MeshLayout& L, CompressedMesh& m) {
    count_keys(L, m);
    simd_leaves(L, m);
}

void set_key_widths(CompressedMesh& m) {
    const bool any = m.num_primitive_keys > 0;
    m.bits_per_key = any ? static_cast<std::uint8_t>(std::bit_width(m.max_key_value + 1)) : 0;
    m.num_shape_key_bits = m.bits_per_key;
    m.interior_bits = any ? static_cast<std::int64_t>(m.max_key_value) + 1 : 0;
    m.interior_words.assign(static_cast<std::size_t>((m.interior_bits + 31) / 32), 0u);
}

void write_rows(const MeshInputView& in, const MeshLayout& L, CompressedMesh& m) {
    // Only the kept rows are written: a dropped row has no key, and pParam keeps no trace of it.
    const std::uint32_t width = m.num_shape_key_bits;
    const std::uint32_t low = width >= 32 ? 0u : (1u << (32 - width)) - 1u;
    m.row_key_word.resize(L.kept.size());
    m.row_vertices.resize(L.kept.size());
    m.row_primitive_data.clear();
    m.materials.clear();
    if (!in.row_material.empty()) m.row_primitive_data.resize(L.kept.size());
    for (std::size_t i = 0; i < L.kept.size(); ++i) {
        const std::uint32_t row = L.kept[i];
        const std::uint32_t g = L.prims.row_primitive[row];
        const std::uint32_t key = (L.section_of[g] << 8) | (L.index_in_section[g] << 1) | L.prims.row_half[row];
        m.row_key_word[i] = width >= 32 ? key : (key << (32 - width)) | low;
        m.row_vertices[i] = in.rows[row];
        if (!in.row_material.empty()) {
            const std::uint32_t mat = in.row_material[row];
            const auto it = std::find(m.materials.begin(), m.materials.end(), mat);
            m.row_primitive_data[i] = static_cast<std::uint32_t>(it - m.materials.begin());
            if (it == m.materials.end()) m.materials.push_back(mat);
        }
    }
}

void build_simd(const MeshLayout& L, SimdNumbering numbering, CompressedMesh& m) {
    m.simd_nodes = build_simd_tree(L.leaf_keys, L.leaf_exact, numbering);
}

Status compute_interior(const MeshLayout& L, const CompressedMesh& m, ComputedInterior& out) {
    const std::uint32_t ns = L.triangle_sections;
    return compute_stored_interior(m, ns, std::span<const std::uint32_t>(L.first_slot.data(), std::size_t{ns} + 1),
                                   std::span<const float>(L.sx.data(), L.first_slot[ns]),
                                   std::span<const float>(L.sy.data(), L.first_slot[ns]),
                                   std::span<const float>(L.sz.data(), L.first_slot[ns]), out);
}

void store_interior(const ComputedInterior& ci, CompressedMesh& m) {
    for (std::size_t j = 0; j < ci.bit.size(); ++j)
        if (ci.bit[j] == 1 || ci.bit[j] == 3) m.interior_words[ci.key[j] >> 5] |= 1u << (ci.key[j] & 31);
}

namespace {

// What the interior bits, the SIMD tree and the statistics after them do not read, handed back
// before the interior's arrays are made (when the caller keeps no layout).
void release_before_interior(MeshLayout& L) {
    free_values(L.tree, L.cut, L.prims, L.section_trees, L.encoded);
    free_vectors(L.kept, L.stored, L.index_in_section, L.section_of);
}

}  // namespace

Result<CompressedMesh> build_mesh(const MeshInputView& in, const MeshOptions& opt, MeshStats* stats,
                                  MeshLayout* layout) {
    if (in.y.size() != in.x.size() || in.z.size() != in.x.size() ||
        (!in.row_material.empty() && in.row_material.size() != in.rows.size()))
        return make_error(ErrorCode::kInternal, 0, "build: input columns differ in length");
    if (!(opt.convex_radius >= 0.0f) || !std::isfinite(opt.convex_radius))
        return make_error(ErrorCode::kUsage, 0, "build: convexRadius must be a finite number ≥ 0");
    MeshStats local;
    MeshStats& st = stats != nullptr ? *stats : local;
    st = MeshStats{};
    CompressedMesh m;
    MeshLayout local_layout;
    MeshLayout& L = layout != nullptr ? *layout : local_layout;
    L = MeshLayout{};
    L.keep_encoded = layout != nullptr;
    L.kept = kept_rows(in, &st);
    if (L.kept.empty())
        return make_error(ErrorCode::kLimit, 0, "build: no triangle left (every row degenerate or invalid)");
    lay_out(in, opt, L, m);
    // The codecs divide the domain's extent into steps: an extent past single precision (points
    // 3e38 apart, or a convexRadius of 3.4e38) made infinite steps and a file verify rejects.
    for (int a = 0; a < 3; ++a)
        if (!std::isfinite(m.domain.max[a] - m.domain.min[a]))
            return make_error(
                ErrorCode::kLimit, 0,
                fmt::format("build: the mesh spans {} to {} along {} grown by convexRadius {}: wider than single "
                            "precision holds, so the format's codecs cannot",
                            L.used.min[a], L.used.max[a], "xyz"[a], opt.convex_radius));
    st.stock_surface = inner_surface(L.tree);
    if (layout == nullptr) free_vectors(L.tree.box);  // no later stage reads the tree's boxes
    const std::size_t ns = L.cut.sections.size();
    // Keys are section << 8 | primitive << 1 | half in 32 bits; leafIndex is 16 bits (a mesh tree
    // of 2 × sections − 1 nodes).
    if (ns > std::min<std::uint32_t>(opt.max_sections, 32768))
        return make_error(ErrorCode::kLimit, 0,
                          "build: the mesh needs " + std::to_string(ns) + " sections; the format holds " +
                              std::to_string(std::min<std::uint32_t>(opt.max_sections, 32768)) +
                              " (a 16-bit leafIndex into the mesh tree)");
    quantise_vertices(in, L, m);
    const std::size_t max_pages = std::min<std::uint32_t>(opt.max_pages, 256);
    if (m.shared_vertices.size() > (max_pages << 16))
        return make_error(ErrorCode::kLimit, 0,
                          "build: the shared vertices need " +
                              std::to_string((m.shared_vertices.size() + 65535) / 65536) +
                              " pages of 65,536; a section's 8-bit page names " + std::to_string(max_pages));
    encode_section_trees(L, m);
    encode_mesh_tree(L, m);
    count_keys(L, m);
    set_key_widths(m);
    write_rows(in, L, m);
    if (layout == nullptr) release_before_interior(L);
    // The interior bits before the SIMD tree (neither reads the other): the interior's arrays,
    // the builder's largest, are then made beside neither the SIMD tree nor its leaves.
    {
        ComputedInterior ci;
        MP_TRY(compute_interior(L, m, ci));
        store_interior(ci, m);
    }
    simd_leaves(L, m);
    build_simd(L, opt.numbering, m);

    st.triangles = m.triangles;
    st.quads = m.quads;
    st.sections = ns;
    st.pages = m.shared_vertices.empty() ? 0 : (m.shared_vertices.size() + 65535) / 65536;
    st.shared_vertices = m.shared_vertices.size();
    st.packed_vertices = m.packed_vertices.size();
    for (std::size_t slot = 0; slot < L.slot_vertex.size(); ++slot) {
        const std::uint32_t v = L.slot_vertex[slot];
        st.max_position_error =
            std::max({st.max_position_error, std::fabs(double{L.sx[slot]} - in.x[v]),
                      std::fabs(double{L.sy[slot]} - in.y[v]), std::fabs(double{L.sz[slot]} - in.z[v])});
    }
    return m;
}

}  // namespace meshproof::builder
