#include "engine/synth/compressed_mesh.h"

#include <algorithm>
#include <bit>

#include "engine/mesh/havok_quicksort.h"
#include "engine/synth/bvh_build.h"
#include "engine/synth/quad_pairing.h"
#include "engine/synth/section_cut.h"
#include "engine/synth/static_tree_encode.h"
#include "engine/synth/vertex_quantise.h"

namespace meshproof::synth {

std::string_view defect_name(DefectKind kind) {
    switch (kind) {
        case DefectKind::kPage0: return "page0";
        case DefectKind::kLeafBox: return "leafbox";
        case DefectKind::kNibble: return "nibble";
        case DefectKind::kInterior: return "interior";
        case DefectKind::kRunGap: return "run_gap";
        case DefectKind::kKeyWidth: return "key_width";
        case DefectKind::kTruncated: return "truncated";
        case DefectKind::kDcxHeader: return "dcx_header";
    }
    return "?";
}

namespace {

std::uint32_t wanted(const MeshBuildOptions& o, DefectKind k) { return o.defects[static_cast<int>(k)]; }

// Sections in a seed-dependent order, for choosing defect targets.
std::vector<std::uint32_t> section_order(std::uint32_t n, std::uint64_t seed) {
    std::vector<std::uint32_t> order(n);
    for (std::uint32_t i = 0; i < n; ++i) order[i] = i;
    SplitMix64 rng(seed);
    for (std::uint32_t i = n; i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
    return order;
}

}  // namespace

CompressedMesh build_compressed_mesh(const SourceMesh& src, const MeshBuildOptions& opt) {
    CompressedMesh m;
    const float r = opt.convex_radius;
    m.convex_radius = r;
    const PrimitiveList prims = pair_quads(src);
    const std::size_t np = prims.size();
    const std::uint32_t nv = src.vertex_count();

    // ---- one tree over every primitive, cut into sections
    std::vector<Aabb> pbox(np);
    for (std::size_t p = 0; p < np; ++p)
        for (std::uint32_t v : prims.vertex[p]) pbox[p].add(src.x[v], src.y[v], src.z[v]);
    const BinaryTree tree = build_bvh(pbox);
    const SectionCut cut = cut_sections(tree, prims.vertex);
    const auto ns = static_cast<std::uint32_t>(cut.section_root.size());

    // ---- per section: primitives numbered by the quicksort of the pre-order
    std::vector<std::uint32_t> stored;  // global primitive in stored order
    stored.reserve(np);
    std::vector<std::uint32_t> index_in_section(np, 0), section_of(np, 0);
    std::vector<PreorderTree> section_trees(ns);
    m.first_primitive.resize(ns);
    m.num_primitives.resize(ns);
    std::vector<std::uint32_t> preorder;
    for (std::uint32_t s = 0; s < ns; ++s) {
        preorder.clear();
        leaves_in_preorder(tree, cut.section_root[s], preorder);
        const auto n = static_cast<std::uint32_t>(preorder.size());
        const std::vector<std::uint32_t> rank = mesh::ranks(n);
        m.first_primitive[s] = static_cast<std::uint32_t>(stored.size());
        m.num_primitives[s] = n;
        for (std::uint32_t p = 0; p < n; ++p) {
            const std::uint32_t g = preorder[rank[p]];
            stored.push_back(g);
            index_in_section[g] = p;
            section_of[g] = s;
        }
        section_trees[s] = preorder_subtree(tree, cut.section_root[s]);
        for (std::size_t i = 0; i < section_trees[s].size(); ++i)
            if (section_trees[s].second_child[i] == kNoNode)
                section_trees[s].payload[i] = index_in_section[section_trees[s].payload[i]];
    }
    auto corners = [&](std::uint32_t g) { return prims.is_quad[g] ? 4u : 3u; };

    // ---- vertex slots: packed (this section's alone) first, then shared
    std::vector<std::uint32_t> section_count(nv, 0), stamp(nv, kNoNode), slot_of(nv, 0);
    for (std::uint32_t s = 0; s < ns; ++s)
        for (std::uint32_t i = 0; i < m.num_primitives[s]; ++i) {
            const std::uint32_t g = stored[m.first_primitive[s] + i];
            for (std::uint32_t k = 0; k < corners(g); ++k) {
                const std::uint32_t v = prims.vertex[g][k];
                if (stamp[v] != s) {
                    stamp[v] = s;
                    ++section_count[v];
                }
            }
        }
    std::fill(stamp.begin(), stamp.end(), kNoNode);
    std::vector<std::uint32_t> slot_vertex, first_slot(ns + 1, 0);
    slot_vertex.reserve(nv + nv / 4);
    m.num_packed.resize(ns);
    m.num_shared.resize(ns);
    m.primitives.resize(np);
    std::vector<std::uint32_t> packed_tmp, shared_tmp;
    for (std::uint32_t s = 0; s < ns; ++s) {
        packed_tmp.clear();
        shared_tmp.clear();
        for (std::uint32_t i = 0; i < m.num_primitives[s]; ++i) {
            const std::uint32_t g = stored[m.first_primitive[s] + i];
            for (std::uint32_t k = 0; k < corners(g); ++k) {
                const std::uint32_t v = prims.vertex[g][k];
                if (stamp[v] == s) continue;
                stamp[v] = s;
                (!opt.all_shared && section_count[v] == 1 ? packed_tmp : shared_tmp).push_back(v);
            }
        }
        first_slot[s] = static_cast<std::uint32_t>(slot_vertex.size());
        m.num_packed[s] = static_cast<std::uint32_t>(packed_tmp.size());
        m.num_shared[s] = static_cast<std::uint32_t>(shared_tmp.size());
        std::uint32_t slot = 0;
        for (std::uint32_t v : packed_tmp) slot_of[v] = slot++, slot_vertex.push_back(v);
        for (std::uint32_t v : shared_tmp) slot_of[v] = slot++, slot_vertex.push_back(v);
        for (std::uint32_t i = 0; i < m.num_primitives[s]; ++i) {
            const std::uint32_t g = stored[m.first_primitive[s] + i];
            const auto& q = prims.vertex[g];
            m.primitives[m.first_primitive[s] + i] = {
                static_cast<std::uint8_t>(slot_of[q[0]]), static_cast<std::uint8_t>(slot_of[q[1]]),
                static_cast<std::uint8_t>(slot_of[q[2]]), static_cast<std::uint8_t>(slot_of[prims.is_quad[g] ? q[3] : q[2]])};
        }
    }
    first_slot[ns] = static_cast<std::uint32_t>(slot_vertex.size());
    std::vector<float> sx(slot_vertex.size()), sy(slot_vertex.size()), sz(slot_vertex.size());

    // ---- mesh domain: the vertex box grown by the convex radius
    Aabb used;
    for (std::uint32_t v : slot_vertex) used.add(src.x[v], src.y[v], src.z[v]);
    m.domain = used.grown(r);
    const mesh::SharedVertexCodec shared_codec = mesh::shared_vertex_codec(mesh::Box{m.domain.min, m.domain.max});

    std::vector<std::uint8_t> used_section(ns, 0);
    const std::vector<std::uint32_t> order = section_order(ns, opt.seed);
    auto pick = [&](auto accept) -> std::uint32_t {
        for (std::uint32_t s : order)
            if (!used_section[s] && accept(s)) {
                used_section[s] = 1;
                return s;
            }
        return kNoNode;
    };

    // ---- run gaps are laid out with the packed vertices
    std::vector<std::uint8_t> gap_before(ns, 0);
    for (std::uint32_t i = 0; i < wanted(opt, DefectKind::kRunGap); ++i) {
        const std::uint32_t s = pick([&](std::uint32_t t) { return t > 0 && m.num_packed[t] > 0; });
        if (s == kNoNode) break;
        gap_before[s] = 1;
        m.injected.push_back({DefectKind::kRunGap, s});
    }

    // ---- packed vertices per section
    m.first_packed.resize(ns);
    m.codec_parms.resize(ns);
    m.packed_vertices.reserve(slot_vertex.size() + ns);
    for (std::uint32_t s = 0; s < ns; ++s) {
        if (gap_before[s]) m.packed_vertices.push_back(m.packed_vertices.empty() ? 0u : m.packed_vertices.back());
        m.first_packed[s] = static_cast<std::uint32_t>(m.packed_vertices.size());
        Aabb box;
        for (std::uint32_t k = 0; k < m.num_packed[s]; ++k) {
            const std::uint32_t v = slot_vertex[first_slot[s] + k];
            box.add(src.x[v], src.y[v], src.z[v]);
        }
        m.codec_parms[s] = packed_codec_parms(box);
        for (std::uint32_t k = 0; k < m.num_packed[s]; ++k) {
            const std::uint32_t slot = first_slot[s] + k, v = slot_vertex[slot];
            const std::uint32_t word = quantise_packed(m.codec_parms[s], src.x[v], src.y[v], src.z[v]);
            m.packed_vertices.push_back(word);
            const auto p = mesh::decode_packed_vertex(word, m.codec_parms[s]);
            sx[slot] = p[0], sy[slot] = p[1], sz[slot] = p[2];
        }
    }

    // ---- shared vertices over the domain, a section's entries within one page of 65,536
    m.first_shared.resize(ns);
    m.page.resize(ns);
    std::vector<std::int64_t> entry_of(nv, -1);
    std::uint32_t page = 0;
    for (std::uint32_t s = 0; s < ns; ++s) {
        const std::int64_t base = static_cast<std::int64_t>(page) << 16;
        std::uint32_t fresh = 0;
        for (std::uint32_t k = m.num_packed[s]; k < m.num_packed[s] + m.num_shared[s]; ++k)
            if (entry_of[slot_vertex[first_slot[s] + k]] < base) ++fresh;
        if (static_cast<std::int64_t>(m.shared_vertices.size()) - base + fresh > 65536) {
            // The rest of this page cannot hold the section: pad it, open the next page.
            const std::uint64_t pad = m.shared_vertices.empty() ? 0 : m.shared_vertices.back();
            m.shared_vertices.resize(static_cast<std::size_t>(base + 65536), pad);
            ++page;
        }
        const std::int64_t page_base = static_cast<std::int64_t>(page) << 16;
        m.page[s] = static_cast<std::uint8_t>(page);
        if (page > 0) ++m.paged_sections;
        m.first_shared[s] = static_cast<std::uint32_t>(m.shared_vertices_index.size());
        for (std::uint32_t k = m.num_packed[s]; k < m.num_packed[s] + m.num_shared[s]; ++k) {
            const std::uint32_t slot = first_slot[s] + k, v = slot_vertex[slot];
            if (entry_of[v] < page_base) {
                entry_of[v] = static_cast<std::int64_t>(m.shared_vertices.size());
                m.shared_vertices.push_back(quantise_shared(shared_codec, src.x[v], src.y[v], src.z[v]));
            }
            m.shared_vertices_index.push_back(static_cast<std::uint16_t>(entry_of[v] - page_base));
            const auto p = mesh::decode_shared_vertex(m.shared_vertices[static_cast<std::size_t>(entry_of[v])], shared_codec);
            sx[slot] = p[0], sy[slot] = p[1], sz[slot] = p[2];
        }
    }

    // ---- section domains and trees
    auto prim_box = [&](std::uint32_t s, std::uint32_t p) {
        Aabb b;
        const auto& q = m.primitives[m.first_primitive[s] + p];
        const std::uint32_t g = stored[m.first_primitive[s] + p];
        for (std::uint32_t k = 0; k < corners(g); ++k) {
            const std::uint32_t slot = first_slot[s] + q[k];
            b.add(sx[slot], sy[slot], sz[slot]);
        }
        return b;
    };
    m.section_domain.resize(ns);
    m.first_node_byte.resize(ns);
    m.node_byte_count.resize(ns);
    m.section_node_bytes.reserve(np * 8);
    std::vector<Aabb> leaf_boxes;
    std::vector<EncodedStaticTree> encoded(ns);
    for (std::uint32_t s = 0; s < ns; ++s) {
        Aabb box;
        for (std::uint32_t slot = first_slot[s]; slot < first_slot[s + 1]; ++slot) box.add(sx[slot], sy[slot], sz[slot]);
        m.section_domain[s] = box.grown(r);
        leaf_boxes.resize(m.num_primitives[s]);
        for (std::uint32_t p = 0; p < m.num_primitives[s]; ++p) leaf_boxes[p] = prim_box(s, p).grown(r);
        encoded[s] = encode_static_tree(section_trees[s], leaf_boxes, m.section_domain[s], 4);
        m.first_node_byte[s] = static_cast<std::uint32_t>(m.section_node_bytes.size());
        m.node_byte_count[s] = static_cast<std::uint32_t>(encoded[s].bytes.size());
        m.section_node_bytes.insert(m.section_node_bytes.end(), encoded[s].bytes.begin(), encoded[s].bytes.end());
        m.section_tree_nodes += section_trees[s].size();
    }
    const PreorderTree mesh_tree = preorder_mesh_tree(tree, cut);
    m.mesh_node_bytes = encode_static_tree(mesh_tree, m.section_domain, m.domain, 5).bytes;
    m.leaf_index.resize(ns);
    for (std::size_t i = 0; i < mesh_tree.size(); ++i)
        if (mesh_tree.second_child[i] == kNoNode) m.leaf_index[mesh_tree.payload[i]] = static_cast<std::uint16_t>(i);

    // ---- defects on the trees and vertices (before the simd tree, which follows the vertices)
    for (std::uint32_t i = 0; i < wanted(opt, DefectKind::kLeafBox); ++i) {
        InjectedDefect d{DefectKind::kLeafBox};
        const std::uint32_t s = pick([&](std::uint32_t t) {
            // A packed slot of one primitive whose leaf box stops short of the codec box.
            std::vector<std::uint32_t> uses(m.num_packed[t], 0);
            for (std::uint32_t p = 0; p < m.num_primitives[t]; ++p) {
                const auto& q = m.primitives[m.first_primitive[t] + p];
                const std::uint32_t g = stored[m.first_primitive[t] + p];
                for (std::uint32_t k = 0; k < corners(g); ++k)
                    if (q[k] < m.num_packed[t]) ++uses[q[k]];
            }
            const auto& tr = section_trees[t];
            const auto& c = m.codec_parms[t];
            const std::uint32_t tops[3] = {2047, 2047, 1023};
            for (std::size_t n = 0; n < tr.size(); ++n) {
                if (tr.second_child[n] != kNoNode) continue;
                const std::uint32_t p = tr.payload[n];
                const auto& q = m.primitives[m.first_primitive[t] + p];
                const Aabb& leaf = encoded[t].decoded[n];
                for (std::uint32_t k = 0; k < corners(stored[m.first_primitive[t] + p]); ++k) {
                    if (q[k] >= m.num_packed[t] || uses[q[k]] != 1) continue;
                    for (int a = 0; a < 3; ++a) {
                        const float top = c[a] + static_cast<float>(tops[a]) * c[3 + a];
                        std::uint32_t code = 0xFFFFFFFFu;
                        if (top > leaf.max[a] + 0.01f) code = tops[a];
                        else if (c[a] < leaf.min[a] - 0.01f) code = 0;
                        if (code == 0xFFFFFFFFu) continue;
                        const std::uint32_t shift = a == 0 ? 0 : (a == 1 ? 11 : 22);
                        const std::uint32_t mask = (a == 2 ? 0x3FFu : 0x7FFu) << shift;
                        std::uint32_t& word = m.packed_vertices[m.first_packed[t] + q[k]];
                        word = (word & ~mask) | (code << shift);
                        const auto pos = mesh::decode_packed_vertex(word, c);
                        const std::uint32_t slot = first_slot[t] + q[k];
                        sx[slot] = pos[0], sy[slot] = pos[1], sz[slot] = pos[2];
                        d.primitive = p;
                        d.detail = q[k];
                        d.node = static_cast<std::uint32_t>(n);
                        return true;
                    }
                }
            }
            return false;
        });
        if (s == kNoNode) break;
        d.section = s;
        m.injected.push_back(d);
    }
    for (std::uint32_t i = 0; i < wanted(opt, DefectKind::kNibble); ++i) {
        InjectedDefect d{DefectKind::kNibble};
        const std::uint32_t s = pick([&](std::uint32_t t) {
            const auto& tr = section_trees[t];
            for (std::size_t n = 0; n < tr.size(); ++n) {
                if (tr.second_child[n] != kNoNode) continue;
                std::uint8_t* bytes = m.section_node_bytes.data() + m.first_node_byte[t] + 4 * n;
                for (int a = 0; a < 3; ++a) {
                    if (bytes[a] & 0xF0) bytes[a] = static_cast<std::uint8_t>(bytes[a] - 0x10);
                    else if (bytes[a] & 0x0F) bytes[a] = static_cast<std::uint8_t>(bytes[a] - 1);
                    else continue;
                    d.node = static_cast<std::uint32_t>(n);
                    d.detail = static_cast<std::uint32_t>(a);
                    return true;
                }
            }
            return false;
        });
        if (s == kNoNode) break;
        d.section = s;
        m.injected.push_back(d);
    }

    // ---- keys
    std::vector<std::uint32_t> leaf_keys(np);
    std::vector<Aabb> leaf_exact(np);
    for (std::uint32_t s = 0; s < ns; ++s)
        for (std::uint32_t p = 0; p < m.num_primitives[s]; ++p) {
            const std::uint32_t i = m.first_primitive[s] + p;
            const std::uint32_t key = (s << 8) | (p << 1);
            leaf_keys[i] = key;
            leaf_exact[i] = prim_box(s, p);
            const bool quad = prims.is_quad[stored[i]] != 0;
            m.max_key_value = std::max(m.max_key_value, quad ? key | 1u : key);
            m.num_primitive_keys += quad ? 2 : 1;
            m.triangles += quad ? 2 : 1;
            m.quads += quad ? 1 : 0;
        }
    m.bits_per_key = np == 0 ? 0 : static_cast<std::uint8_t>(std::bit_width(m.max_key_value + 1));
    m.num_shape_key_bits = m.bits_per_key;
    m.interior_bits = np == 0 ? 0 : static_cast<std::int64_t>(m.max_key_value) + 1;
    m.interior_words.assign(static_cast<std::size_t>((m.interior_bits + 31) / 32), 0u);
    const std::uint32_t low = m.bits_per_key >= 32 ? 0u : (1u << (32 - m.bits_per_key)) - 1u;
    m.row_key_word.resize(src.rows.size());
    for (std::size_t row = 0; row < src.rows.size(); ++row) {
        const std::uint32_t g = prims.row_primitive[row];
        const std::uint32_t key = (section_of[g] << 8) | (index_in_section[g] << 1) | prims.row_half[row];
        m.row_key_word[row] = m.bits_per_key >= 32 ? key : (key << (32 - m.bits_per_key)) | low;
    }
    m.row_vertices = src.rows;

    // ---- simd tree over the (possibly moved) decoded vertices
    m.simd_nodes = build_simd_tree(leaf_keys, leaf_exact, opt.numbering);

    // ---- defects on keys, interior bits and pages
    for (std::uint32_t i = 0; i < wanted(opt, DefectKind::kInterior); ++i) {
        InjectedDefect d{DefectKind::kInterior};
        const std::uint32_t s = pick([&](std::uint32_t t) {
            for (std::uint32_t p = 0; p < m.num_primitives[t]; ++p) {
                const std::uint32_t key = (t << 8) | (p << 1) | 1u;  // a triangle's second half: no such key
                if (prims.is_quad[stored[m.first_primitive[t] + p]] || key > m.max_key_value) continue;
                m.interior_words[key >> 5] |= 1u << (key & 31);
                d.primitive = p;
                d.detail = key;
                return true;
            }
            return false;
        });
        if (s == kNoNode) break;
        d.section = s;
        m.injected.push_back(d);
    }
    for (std::uint32_t i = 0; i < wanted(opt, DefectKind::kPage0); ++i) {
        const std::uint32_t s = pick([&](std::uint32_t t) { return m.page[t] > 0 && m.num_shared[t] > 0; });
        if (s == kNoNode) break;
        m.page[s] = 0;
        m.injected.push_back({DefectKind::kPage0, s});
    }
    if (wanted(opt, DefectKind::kKeyWidth) > 0 && np > 0) {
        m.num_shape_key_bits = static_cast<std::uint8_t>(m.bits_per_key + 1);
        InjectedDefect d{DefectKind::kKeyWidth};
        d.detail = m.num_shape_key_bits;
        m.injected.push_back(d);
    }
    return m;
}

}  // namespace meshproof::synth
