#include "engine/synth/compressed_mesh.h"

#include <algorithm>
#include <bit>

#include "engine/mesh/havok_quicksort.h"
#include "engine/synth/bvh_build.h"
#include "engine/synth/interior_store.h"
#include "engine/synth/nibble_recount.h"
#include "engine/synth/point_set_section.h"
#include "engine/synth/prng.h"
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
        m.effects.runs_not_tiling += 1;
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
    // ---- object and asset meshes: a last section of point-set custom primitives, inside the
    // middle half of the vertex box (so inside the mesh domain), joined to the mesh tree by a new root
    PointSetSection custom;
    const bool with_points = opt.point_sets > 0 && np > 0;
    if (with_points) {
        Aabb inside;
        for (int a = 0; a < 3; ++a) {
            const float quarter = 0.25f * (used.max[a] - used.min[a]);
            inside.min[a] = used.min[a] + quarter;
            inside.max[a] = used.max[a] - quarter;
        }
        custom = append_point_set_section(m, opt.point_sets, inside, derive_seed(opt.seed, 0x9017ull), opt.sekiro);
    }
    PreorderTree mesh_tree = preorder_mesh_tree(tree, cut);
    if (with_points) {
        PreorderTree joined;
        joined.payload.reserve(mesh_tree.size() + 2);
        joined.second_child.reserve(mesh_tree.size() + 2);
        joined.payload.push_back(kNoNode);
        joined.second_child.push_back(static_cast<std::uint32_t>(mesh_tree.size() + 1));
        for (std::size_t i = 0; i < mesh_tree.size(); ++i) {
            joined.payload.push_back(mesh_tree.payload[i]);
            joined.second_child.push_back(mesh_tree.second_child[i] == kNoNode ? kNoNode : mesh_tree.second_child[i] + 1);
        }
        joined.payload.push_back(ns);
        joined.second_child.push_back(kNoNode);
        mesh_tree = std::move(joined);
    }
    m.mesh_node_bytes = encode_static_tree(mesh_tree, m.section_domain, m.domain, 5).bytes;
    m.leaf_index.resize(m.page.size());
    for (std::size_t i = 0; i < mesh_tree.size(); ++i)
        if (mesh_tree.second_child[i] == kNoNode) m.leaf_index[mesh_tree.payload[i]] = static_cast<std::uint16_t>(i);

    // ---- defects on the trees and vertices (before the simd tree, which follows the vertices)
    std::vector<std::uint32_t> recount_sections;  // sections whose floor-rule figures a defect changes
    std::vector<std::uint32_t> tree_parent, subtree_end, uses;
    for (std::uint32_t i = 0; i < wanted(opt, DefectKind::kLeafBox); ++i) {
        InjectedDefect d{DefectKind::kLeafBox};
        const std::uint32_t s = pick([&](std::uint32_t t) {
            // A packed slot used by one primitive alone moves onto a packed vertex of its leaf's
            // sibling subtree: outside its own leaf box by ≥ 1 mm, inside every ancestor's box
            // and the section domain (that position already lies below them). What the floor
            // rule now says (the old position may have bounded an ancestor) is recounted below.
            const auto& tr = section_trees[t];
            const std::size_t nn = tr.size();
            if (nn < 3) return false;
            uses.assign(m.num_packed[t], 0);
            for (std::uint32_t p = 0; p < m.num_primitives[t]; ++p) {
                const auto& q = m.primitives[m.first_primitive[t] + p];
                for (std::uint32_t k = 0; k < corners(stored[m.first_primitive[t] + p]); ++k)
                    if (q[k] < m.num_packed[t]) ++uses[q[k]];
            }
            tree_parent.assign(nn, kNoNode);
            subtree_end.assign(nn, 0);
            for (std::size_t n = nn; n-- > 0;) {
                if (tr.second_child[n] == kNoNode) {
                    subtree_end[n] = static_cast<std::uint32_t>(n + 1);
                } else {
                    subtree_end[n] = subtree_end[tr.second_child[n]];
                    tree_parent[n + 1] = tree_parent[tr.second_child[n]] = static_cast<std::uint32_t>(n);
                }
            }
            for (std::size_t n = 1; n < nn; ++n) {
                if (tr.second_child[n] != kNoNode) continue;
                const std::uint32_t p = tr.payload[n];
                const auto& q = m.primitives[m.first_primitive[t] + p];
                const std::uint32_t nq = corners(stored[m.first_primitive[t] + p]);
                const std::uint32_t par = tree_parent[n];
                const std::uint32_t sib = n == par + 1u ? tr.second_child[par] : par + 1u;
                const Aabb& leaf = encoded[t].decoded[n];
                for (std::uint32_t k = 0; k < nq; ++k) {
                    if (q[k] >= m.num_packed[t] || uses[q[k]] != 1) continue;
                    for (std::uint32_t j = sib; j < subtree_end[sib]; ++j) {
                        if (tr.second_child[j] != kNoNode) continue;
                        const std::uint32_t sp = tr.payload[j];
                        const auto& sq = m.primitives[m.first_primitive[t] + sp];
                        for (std::uint32_t sk = 0; sk < corners(stored[m.first_primitive[t] + sp]); ++sk) {
                            const std::uint32_t w = sq[sk];
                            if (w >= m.num_packed[t] || std::find(q.begin(), q.begin() + nq, w) != q.begin() + nq) continue;
                            const std::uint32_t ws = first_slot[t] + w;
                            const float pos[3] = {sx[ws], sy[ws], sz[ws]};
                            bool outside = false;
                            for (int a = 0; a < 3; ++a)
                                outside = outside || pos[a] < leaf.min[a] - 1e-3f || pos[a] > leaf.max[a] + 1e-3f;
                            if (!outside) continue;
                            m.packed_vertices[m.first_packed[t] + q[k]] = m.packed_vertices[m.first_packed[t] + w];
                            const std::uint32_t slot = first_slot[t] + q[k];
                            sx[slot] = pos[0], sy[slot] = pos[1], sz[slot] = pos[2];
                            d.primitive = p;
                            d.detail = q[k];
                            d.node = static_cast<std::uint32_t>(n);
                            return true;
                        }
                    }
                }
            }
            return false;
        });
        if (s == kNoNode) break;
        d.section = s;
        m.injected.push_back(d);
        m.effects.prims_outside += 1;
        recount_sections.push_back(s);
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
        recount_sections.push_back(s);
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
    for (std::uint32_t p = 0; p < custom.decoded_points.size(); ++p) {
        const std::uint32_t key = (ns << 8) | (p << 1);
        leaf_keys.push_back(key);
        leaf_exact.push_back(custom.decoded_points[p]);
        m.max_key_value = std::max(m.max_key_value, key);
        m.num_primitive_keys += 1;
    }
    m.bits_per_key = np == 0 ? 0 : static_cast<std::uint8_t>(std::bit_width(m.max_key_value + 1));
    m.num_shape_key_bits = m.bits_per_key;
    m.interior_bits = np == 0 ? 0 : static_cast<std::int64_t>(m.max_key_value) + 1;
    m.interior_words.assign(static_cast<std::size_t>((m.interior_bits + 31) / 32), 0u);
    if (wanted(opt, DefectKind::kKeyWidth) > 0 && np > 0) {
        m.num_shape_key_bits = static_cast<std::uint8_t>(m.bits_per_key + 1);
        InjectedDefect d{DefectKind::kKeyWidth};
        d.detail = m.num_shape_key_bits;
        m.injected.push_back(d);
        m.effects.key_bits_differ += 1;
    }
    // The words are left-aligned to the stored numShapeKeyBits (what a reader aligns them by), so
    // a key_width defect changes the width figure alone.
    const std::uint32_t width = m.num_shape_key_bits;
    const std::uint32_t low = width >= 32 ? 0u : (1u << (32 - width)) - 1u;
    m.row_key_word.resize(src.rows.size());
    for (std::size_t row = 0; row < src.rows.size(); ++row) {
        const std::uint32_t g = prims.row_primitive[row];
        const std::uint32_t key = (section_of[g] << 8) | (index_in_section[g] << 1) | prims.row_half[row];
        m.row_key_word[row] = width >= 32 ? key : (key << (32 - width)) | low;
    }
    m.row_vertices = src.rows;

    // ---- simd tree over the (possibly moved) decoded vertices
    m.simd_nodes = build_simd_tree(leaf_keys, leaf_exact, opt.numbering);

    // ---- defects on pages
    for (std::uint32_t i = 0; i < wanted(opt, DefectKind::kPage0); ++i) {
        // Only a section every vertex of which, read with page 0, lies ≥ 1 cm outside the section
        // domain: each primitive is then outside its leaf box and short of its simd lane, each
        // triangle outside the domain, by far more than any tolerance.
        std::array<float, 3> moved[255];
        const std::uint32_t s = pick([&](std::uint32_t t) {
            if (m.page[t] == 0 || m.num_packed[t] != 0 || m.num_shared[t] == 0) return false;
            const Aabb& dom = m.section_domain[t];
            for (std::uint32_t k = 0; k < m.num_shared[t]; ++k) {
                const std::uint16_t entry = m.shared_vertices_index[m.first_shared[t] + k];
                moved[k] = mesh::decode_shared_vertex(m.shared_vertices[entry], shared_codec);
                bool outside = false;
                for (int a = 0; a < 3; ++a)
                    outside = outside || moved[k][a] < dom.min[a] - 0.01f || moved[k][a] > dom.max[a] + 0.01f;
                if (!outside) return false;
            }
            return true;
        });
        if (s == kNoNode) break;
        m.page[s] = 0;
        --m.paged_sections;
        m.injected.push_back({DefectKind::kPage0, s});
        // From here on the section's slots hold what a reader decodes (the recount below uses them).
        for (std::uint32_t k = 0; k < m.num_shared[s]; ++k) {
            const std::uint32_t slot = first_slot[s] + k;
            sx[slot] = moved[k][0], sy[slot] = moved[k][1], sz[slot] = moved[k][2];
        }
        m.effects.prims_outside += m.num_primitives[s];
        m.effects.simd_leaf_short += m.num_primitives[s];
        for (std::uint32_t p = 0; p < m.num_primitives[s]; ++p)
            m.effects.triangles_outside_domain += prims.is_quad[stored[m.first_primitive[s] + p]] ? 2 : 1;
        recount_sections.push_back(s);
    }

    // ---- triangleIsInterior: the interior-bit pass over the vertices as a reader decodes them
    // (every defect that moves a vertex or changes a page is applied above), then the flips
    if (np > 0) {
        ComputedInterior ci;
        if (Status st = compute_stored_interior(m, ns, first_slot, sx, sy, sz, ci); !st.ok()) {
            m.error = st.error().message;
            return m;
        }
        std::uint64_t stored_set = ci.bits_set;
        for (std::uint32_t i = 0; i < wanted(opt, DefectKind::kInterior); ++i) {
            // Alternately clear a set bit (while another stays set, so the mesh is still compared)
            // and set a clear one; either direction where the other is not to be had.
            InjectedDefect d{DefectKind::kInterior};
            const bool clear_first = (opt.interior_serial + i) % 2 == 0;
            const std::uint32_t s = pick([&](std::uint32_t t) {
                for (const bool clear : {clear_first, !clear_first}) {
                    if (clear && stored_set < 2) continue;
                    for (std::uint32_t j = ci.section_first_triangle[t]; j < ci.section_first_triangle[t + 1]; ++j) {
                        if ((ci.bit[j] != 0) != clear) continue;
                        ci.bit[j] = clear ? 2 : 3;  // 2: computed set, stored clear; 3: computed clear, stored set
                        d.primitive = (ci.key[j] & 0xFFu) >> 1;
                        d.node = clear ? 0 : 1;
                        d.detail = ci.key[j];
                        return true;
                    }
                }
                return false;
            });
            if (s == kNoNode) break;
            d.section = s;
            m.injected.push_back(d);
            m.effects.interior_keys_wrong += 1;
            if (d.node == 0) {
                m.effects.interior_set_not_stored += 1;
                --stored_set;
            } else {
                m.effects.interior_stored_not_set += 1;
                ++stored_set;
            }
        }
        for (std::size_t j = 0; j < ci.bit.size(); ++j)
            if (ci.bit[j] == 1 || ci.bit[j] == 3) m.interior_words[ci.key[j] >> 5] |= 1u << (ci.key[j] & 31);
        InteriorFigures& f = m.interior;
        f.bits_stored = stored_set;
        if (stored_set == 0) {
            f.meshes_no_bit = 1;
            f.meshes_no_bit_with_triangles = ci.bit.empty() ? 0 : 1;
        } else {
            f.meshes_with_bits = 1;
            f.keys_checked = ci.bit.size();
            f.bits_set = ci.bits_set;
            (m.effects.interior_keys_wrong == 0 ? f.meshes_exact : f.meshes_wrong) = 1;
            f.complete_faces = ci.complete_faces;
            f.convex_edges = ci.convex_edges;
        }
    } else {
        m.interior.meshes_no_bit = 1;
    }

    // ---- the floor-rule figures of every section a defect touched, from what a reader decodes
    for (std::uint32_t s : recount_sections) {
        leaf_boxes.resize(m.num_primitives[s]);
        for (std::uint32_t p = 0; p < m.num_primitives[s]; ++p) leaf_boxes[p] = prim_box(s, p).grown(r);
        const NibbleRecount rc = recount_nibbles(
            section_trees[s], leaf_boxes,
            std::span<const std::uint8_t>(m.section_node_bytes.data() + m.first_node_byte[s], m.node_byte_count[s]),
            m.section_domain[s]);
        m.effects.nibble_differing += rc.differing;
        m.effects.nibble_one += rc.one_nibble;
        m.effects.nibble_differing_stored += rc.differing_stored;
        m.effects.nibble_one_stored += rc.one_nibble_stored;
    }
    return m;
}

}  // namespace meshproof::synth
