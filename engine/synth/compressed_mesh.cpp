#include "engine/synth/compressed_mesh.h"

#include <algorithm>
#include <bit>

#include "engine/builder/mesh_builder.h"
#include "engine/synth/nibble_recount.h"
#include "engine/synth/custom_section.h"
#include "engine/synth/extern_shape_set.h"
#include "engine/synth/prng.h"

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
        case DefectKind::kExternMissing: return "extern_missing";
        case DefectKind::kExternTwice: return "extern_twice";
        case DefectKind::kExternOutside: return "extern_outside";
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
    const builder::MeshInputView input(src.x, src.y, src.z, src.rows, {});
    builder::MeshLayout L;
    L.kept = builder::kept_rows(input, nullptr);
    builder::lay_out(input, builder::MeshOptions{opt.numbering, r, opt.all_shared}, L, m);
    const auto& prims = L.prims;
    const std::size_t np = prims.size();
    const auto ns = static_cast<std::uint32_t>(L.cut.sections.size());
    const std::vector<std::uint32_t>& stored = L.stored;
    const std::vector<std::uint32_t>& first_slot = L.first_slot;
    std::vector<float>& sx = L.sx;
    std::vector<float>& sy = L.sy;
    std::vector<float>& sz = L.sz;
    const std::vector<builder::PreorderTree>& section_trees = L.section_trees;
    const mesh::Box& used = L.used;
    const mesh::SharedVertexCodec& shared_codec = L.shared_codec;
    auto corners = [&](std::uint32_t g) { return L.corners(g); };
    auto prim_box = [&](std::uint32_t s, std::uint32_t p) { return L.primitive_box(m, s, p); };

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
    for (std::uint32_t i = 0; i < wanted(opt, DefectKind::kRunGap); ++i) {
        const std::uint32_t s = pick([&](std::uint32_t t) { return t > 0 && m.num_packed[t] > 0; });
        if (s == kNoNode) break;
        L.gap_before[s] = 1;
        m.injected.push_back({DefectKind::kRunGap, s});
        m.effects.runs_not_tiling += 1;
    }

    builder::quantise_vertices(input, L, m);
    builder::encode_section_trees(L, m);
    const std::vector<builder::BuiltStaticTree>& encoded = L.encoded;
    std::vector<mesh::Box> leaf_boxes;

    // ---- object and asset meshes: a last section of custom primitives (point sets, then extern
    // references), inside the middle half of the vertex box (so inside the mesh domain), joined to
    // the mesh tree by a new root
    CustomSection custom;
    const bool with_custom = (opt.point_sets > 0 || opt.extern_shapes > 0) && np > 0;
    if (with_custom) {
        mesh::Box inside;
        for (int a = 0; a < 3; ++a) {
            const float quarter = 0.25f * (used.max[a] - used.min[a]);
            inside.min[a] = used.min[a] + quarter;
            inside.max[a] = used.max[a] - quarter;
        }
        ExternShapeSet externs;
        if (opt.extern_shapes > 0) {
            const ExternDefects ed{wanted(opt, DefectKind::kExternMissing), wanted(opt, DefectKind::kExternTwice),
                                   wanted(opt, DefectKind::kExternOutside)};
            if (ed.twice + ed.outside <= opt.extern_shapes) {
                externs = make_extern_shape_set(opt.extern_shapes, inside, derive_seed(opt.seed, 0xE87ull), ed);
                const auto shapes = static_cast<std::uint32_t>(externs.shapes.size());
                for (std::uint32_t i = 0; i < ed.missing; ++i)
                    m.injected.push_back(
                        {DefectKind::kExternMissing, ns, opt.point_sets + shapes + i, kNoNode, shapes + i});
                for (std::uint32_t i = 0; i < ed.twice; ++i)
                    m.injected.push_back(
                        {DefectKind::kExternTwice, ns, opt.point_sets + shapes + ed.missing + i, kNoNode, i});
                for (std::uint32_t i = 0; i < ed.outside; ++i)
                    m.injected.push_back(
                        {DefectKind::kExternOutside, ns, opt.point_sets + shapes - 1 - i, kNoNode, shapes - 1 - i});
                m.effects.extern_missing += ed.missing;
                m.effects.extern_not_once += ed.twice;
                m.effects.extern_outside_leaf += ed.outside;
                m.effects.extern_outside_domain += ed.outside;
                m.extern_refs = static_cast<std::uint32_t>(externs.records.size());
                m.extern_w_zero = externs.w_zero;
            }
        }
        custom = append_custom_section(m, opt.point_sets, externs.records, inside, derive_seed(opt.seed, 0x9017ull),
                                       opt.sekiro);
        m.record_pairs = m.num_primitives.back() - 1;
        m.extern_shapes = std::move(externs.shapes);
    }
    builder::encode_mesh_tree(L, m);

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
                const mesh::Box& leaf = encoded[t].decoded[n];
                for (std::uint32_t k = 0; k < nq; ++k) {
                    if (q[k] >= m.num_packed[t] || uses[q[k]] != 1) continue;
                    for (std::uint32_t j = sib; j < subtree_end[sib]; ++j) {
                        if (tr.second_child[j] != kNoNode) continue;
                        const std::uint32_t sp = tr.payload[j];
                        const auto& sq = m.primitives[m.first_primitive[t] + sp];
                        for (std::uint32_t sk = 0; sk < corners(stored[m.first_primitive[t] + sp]); ++sk) {
                            const std::uint32_t w = sq[sk];
                            if (w >= m.num_packed[t] || std::find(q.begin(), q.begin() + nq, w) != q.begin() + nq)
                                continue;
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

    // ---- keys (the point sets' after the primitives')
    builder::assign_keys(L, m);
    for (std::uint32_t p = 0; p < custom.leaf_exact.size(); ++p) {
        const std::uint32_t key = (ns << 8) | (p << 1);
        L.leaf_keys.push_back(key);
        L.leaf_exact.push_back(custom.leaf_exact[p]);
        m.max_key_value = std::max(m.max_key_value, key);
        m.num_primitive_keys += 1;
    }
    builder::set_key_widths(m);
    if (wanted(opt, DefectKind::kKeyWidth) > 0 && np > 0) {
        m.num_shape_key_bits = static_cast<std::uint8_t>(m.bits_per_key + 1);
        InjectedDefect d{DefectKind::kKeyWidth};
        d.detail = m.num_shape_key_bits;
        m.injected.push_back(d);
        m.effects.key_bits_differ += 1;
    }
    // The words are left-aligned to the stored numShapeKeyBits (what a reader aligns them by), so
    // a key_width defect changes the width figure alone.
    builder::write_rows(input, L, m);

    // ---- simd tree over the (possibly moved) decoded vertices
    builder::build_simd(L, opt.numbering, m);

    // ---- defects on pages
    for (std::uint32_t i = 0; i < wanted(opt, DefectKind::kPage0); ++i) {
        // Only a section every vertex of which, read with page 0, lies ≥ 1 cm outside the section
        // domain: each primitive is then outside its leaf box and short of its simd lane, each
        // triangle outside the domain, by far more than any tolerance.
        std::array<float, 3> moved[255];
        const std::uint32_t s = pick([&](std::uint32_t t) {
            if (m.page[t] == 0 || m.num_packed[t] != 0 || m.num_shared[t] == 0) return false;
            const mesh::Box& dom = m.section_domain[t];
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
        builder::ComputedInterior ci;
        if (Status st = builder::compute_interior(L, m, ci); !st.ok()) {
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
        builder::store_interior(ci, m);
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
        leaf_boxes.resize(m.num_primitives[s], mesh::unfilled_box());
        for (std::uint32_t p = 0; p < m.num_primitives[s]; ++p) leaf_boxes[p] = mesh::grown_by(prim_box(s, p), r);
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
