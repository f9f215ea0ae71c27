// Pass "sur_read" (family sur): the structural facts of a .sur file that the reader decodes and
// that freelancer-surface.md ("Corpus") and ivp-surface-notes.md (§2-§5, §14, §15) state as
// figures: counts of parts, hulls by type, faces, points and nodes; nodeCount == 2 × terminal
// hulls − 1; size_div_16 == 1 + F + V; the surf chunk's size fields; zero padding words;
// material and virtual flags; tri_index; opposites; the point trailing word (clientData);
// hull-id classes; the extent. Each rule is counted as checked (the denominator), hold and
// fail, with the first 20 failing locations.
//
// None of these is a violation: the rules are retail's (every one holds on the retail corpus
// except the extent and the partial clientData, which the documents expect to miss), and
// mod-built files legitimately break them (notes §14). A file is judged instead with the
// severities of notes §14: "IVP-exact" when every exact rule below holds (files_exact_structure:
// only the structural rules; the derived values — mass centre, radius, node spheres — belong to
// the sur_derive pass, which judges them per file), "structurally valid" when the reader accepts the file
// but one fails; "malformed" files are the run's decode errors (the pass never sees them).
#include <algorithm>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include <fmt/format.h>

#include "engine/pipeline/pass.h"
#include "engine/sur/hull_points.h"
#include "engine/sur/sur_dump.h"
#include "engine/sur/sur_model.h"
#include "engine/utf/model.h"
#include "verifiers/sur_pairing.h"
#include "verifiers/sur_walk.h"

namespace meshproof {
namespace {

using namespace verifiers;
using sur::IndexRange;
using sur::SurModel;

constexpr std::uint8_t kTerminalType = 4;  // low byte of a terminal ledge's header word
constexpr std::uint8_t kSkipType = 5;      // low byte of a subtree-bounding ledge's
constexpr std::uint32_t kHeaderSize = 48;  // IVP_Compact_Surface (notes §2)

// The counters of the rules whose failure makes a file not IVP-exact (notes §14, §15).
const char* const kExactRules[] = {
    "hulls_type_other",      "nodecount_fail",          "size_div_16_fail",      "surf_sizes_fail",
    "surf_sizes_shpe",       "surface_padding_nonzero", "node_padding_nonzero",  "hull_reserved_nonzero",
    "face_material_nonzero", "virtual_type5_fail",      "virtual_type4_fail",    "edge_virtual_disagree",
    "tri_index_fail",        "opposite_fail",           "point_first_user_fail", "point_order_fail",
    "points_indexed_fail",   "skip_hull_root_fail",     "tag_order_fail",        "node_right_is_left",
};

class SurReadPass final : public Pass {
public:
    SurReadPass() {
        info_.name = "sur_read";
        info_.family = "sur";
        info_.claims = {
            "nodeCount == 2 × terminalHulls − 1 holds for all 1,365 parts, size_div_16 for all 9,526 hulls, and the "
            "surf chunk's two size fields agree in all 1,365. Surface.padding is zero in every file (freelancer-surface.md)",
            "Face.material is 0 for all 177,824 faces; virtual is true for all 28,644 faces of type-5 hulls and false for "
            "all 149,180 of type-4, and the three per-edge is_virtual flags always agree with it",
            "Point.clientData is the owning hull's id: it agrees on every point of 9,085 of the 9,111 terminal hulls, "
            "partially on 26, and on none of none",
            "Terminal hull ids split 5,314 naming a model part · 1,272 listed in their part's hpid · 2,525 zero",
            "The extent encloses every point of its part in 1,134 of 1,365; every point a part holds is indexed by some face",
            "size_div_16 == 1 + F + V (notes §3); tri_index equals the storage position (§5); opposites are an involution "
            "with reversed endpoints (§5); the trailing word is the first user's hull id, points in first-use order (§4); "
            "type-5 only on the root, back-offset to the root (§9, §15); dummy, free_0, for_future_use zero (§15)",
            "Part containers use only the tag orders !fxd, exts, surf[, hpid] and exts, surf[, hpid] (notes §2)",
            "severities (notes §14): IVP-exact, structurally valid (a rule above fails), malformed (a decode error)",
            "Measured over the 1,308 parts in the 735 retail .sur files with a sibling model: 549 match by the zero, 747 by "
            "name, 12 by neither; the id is 0 for 549 of the 551 single-part .3db surfaces (freelancer-models.md §3, §4: "
            "every hpid entry is the FL-CRC of a hardpoint folder name)",
        };
        info_.input_counter = "sur_files";  // freelancer-surface.md's ".sur files 798": every file, read or not
        info_.judges_units = true;          // its exact rules decide the file's severity (notes §14)
        info_.counters = {
            {"files", "files the reader accepts", false},
            {"sur_files",
             ".sur files of the run, whether the reader accepts them or not (counted by the pipeline: "
             "PassInfo::input_counter; a malformed file is a decode error and never reaches the pass)",
             false},
            {"files_exact_structure",
             "files on which every exact structural rule of this pass holds (severity IVP-exact "
             "as far as sur_read checks; the derived values are sur_derive's)",
             false},
            {"files_structurally_valid",
             "files the reader accepts on which an exact structural rule fails "
             "(severity structurally valid)",
             false},
            {"parts", "parts (vers 2.0)", false},
            {"parts_not_fixed", "parts with a '!fxd' chunk", false},
            {"parts_extents", "parts with an 'exts' chunk", false},
            {"parts_surface", "parts with a 'surf' chunk", false},
            {"parts_hpid", "parts with an 'hpid' chunk", false},
            {"hardpoint_ids", "ids listed in 'hpid' chunks", false},
            {"tag_order_hold",
             "parts whose chunks come in the order '!fxd', 'exts', 'surf', 'hpid' with exts and surf present", false},
            {"tag_order_fail", "parts with another chunk order or without exts or surf", false},
            {"surfaces", "IVP compact surfaces (a vers part's surf chunk, or a legacy surf item)", false},
            {"bare_ledges", "stand-alone ledges of legacy ledg records", false},
            {"hulls", "hulls (compact ledges), bare ledges included", false},
            {"terminal_hulls", "terminal (type-4) hulls", false},
            {"skip_hulls", "subtree-bounding (type-5) hulls", false},
            {"hulls_type_other", "hulls whose type byte is neither 4 nor 5", false},
            {"faces", "faces", false},
            {"faces_terminal", "faces of terminal hulls", false},
            {"faces_skip", "faces of type-5 hulls", false},
            {"points", "points", false},
            {"nodes", "ledgetree nodes", false},
            {"nodecount_hold", "surfaces with nodeCount == 2 × terminalHulls − 1", false},
            {"nodecount_fail", "surfaces where nodeCount != 2 × terminalHulls − 1", false},
            {"size_div_16_hold", "hulls with size_div_16 == 1 + faces + own distinct points", false},
            {"size_div_16_fail", "hulls where size_div_16 != 1 + faces + own distinct points", false},
            {"surf_sizes_agree", "surfaces whose surf chunk size equals the header's byte_size", false},
            {"surf_sizes_shpe", "surfaces whose surf chunk holds a SHPE block after byte_size (notes §13)", false},
            {"surf_sizes_fail", "surfaces whose chunk size is neither byte_size nor byte_size + SHPE", false},
            {"surface_padding_nonzero", "surfaces whose padding (dummy[3]) is not zero", false},
            {"node_padding_nonzero", "nodes whose padding (free_0) is not zero", false},
            {"node_right_is_left",
             "inner nodes whose right child is their left child (the next node): the ledgetree "
             "is not a binary tree and cannot be walked as one",
             false},
            {"hull_reserved_nonzero", "hulls whose reserved (for_future_use) is not zero", false},
            {"face_material_zero", "faces whose material is 0", false},
            {"face_material_nonzero", "faces whose material is not 0", false},
            {"virtual_type5_hold", "faces of type-5 hulls with virtual true", false},
            {"virtual_type5_fail", "faces of type-5 hulls with virtual false", false},
            {"virtual_type4_hold", "faces of type-4 hulls with virtual false", false},
            {"virtual_type4_fail", "faces of type-4 hulls with virtual true", false},
            {"edge_virtual_disagree", "faces whose three edge is_virtual flags do not all equal the face's", false},
            {"tri_index_hold", "faces whose tri_index is their storage position in the hull", false},
            {"tri_index_fail", "faces whose tri_index is not their storage position", false},
            {"half_edges", "half-edges (three per face)", false},
            {"opposite_hold",
             "half-edges whose opposite is a half-edge of the same hull, opposite back, endpoints reversed", false},
            {"opposite_fail", "half-edges whose opposite is not that", false},
            {"clientdata_all", "terminal hulls whose every point's clientData is the hull's id", false},
            {"clientdata_partial", "terminal hulls where clientData agrees on some points, not all", false},
            {"clientdata_none", "terminal hulls where clientData agrees on no point", false},
            {"points_clientdata_zero", "points whose clientData is zero", false},
            {"point_first_user_hold",
             "surface points whose clientData is the id of the first hull (storage order) using them", false},
            {"point_first_user_fail", "surface points whose clientData is not that id", false},
            {"point_order_fail", "surfaces whose points are not in first-use order", false},
            {"points_indexed_hold", "surfaces whose every point is indexed by some face", false},
            {"points_indexed_fail", "surfaces holding a point no face indexes", false},
            {"skip_hull_root_hold", "type-5 hulls held by the root node only, back-offset to the root", false},
            {"skip_hull_root_fail", "type-5 hulls elsewhere, or with another back-offset", false},
            {"hull_ids_zero", "terminal hulls of vers parts whose id is zero", false},
            {"hull_ids_hpid", "terminal hulls of vers parts whose id is listed in their part's hpid", false},
            {"hull_ids_other",
             "terminal hulls of vers parts whose id is neither zero nor in the hpid (a model part's, by the document)",
             false},
            {"hull_id_differs", "terminal hulls of vers parts whose id differs from their part's id", false},
            {"multi_id_parts", "vers parts holding terminal hulls under more than one id", false},
            {"extent_checked", "vers parts with both an exts and a surf chunk", false},
            {"extent_encloses", "of those, parts whose extent encloses every point of the part", false},
            {"extent_misses", "of those, parts with a point outside the extent", false},
            // Pairing with the sibling model (freelancer-models.md §3, §4; engine/utf).
            {"files_with_model", "vers files whose sibling model (.cmp, else .3db) decodes", false},
            {"files_without_model", "vers files with no sibling model", false},
            {"files_model_malformed", "vers files whose sibling model is malformed (a decode error of the model)",
             false},
            {"model_parts", "parts of files with a model", false},
            {"parts_match_zero", "of those, parts whose id is 0 (the model root)", false},
            {"parts_match_name", "of those, parts whose id is the FL-CRC of a compound part's Object name", false},
            {"parts_match_neither", "of those, parts matched by neither rule", false},
            {"single_part_parts", "parts of files whose model is single-part (.3db, no Cmpnd)", false},
            {"single_part_zero", "of those, parts whose id is 0", false},
            {"model_terminal_hulls", "terminal hulls of files with a model", false},
            {"model_hull_ids_hpid", "of those, hulls whose id is listed in their part's hpid", false},
            {"model_hull_ids_zero", "of those, hulls whose id is zero", false},
            {"model_hull_ids_part", "of those, hulls whose id (not zero, not in the hpid) names a model part", false},
            {"model_hull_ids_hardpoint",
             "of those, hulls whose id (not zero, not in the hpid, no part's) names a hardpoint", false},
            {"model_hull_ids_nothing",
             "of those, hulls whose id (not zero, not in the hpid) names no part and no hardpoint", false},
            {"hull_ids_other_no_model",
             "terminal hulls of files without a model whose id is neither zero nor in the hpid", false},
            {"model_hpid_entries", "hpid entries of files with a model", false},
            {"model_hpid_hardpoint", "of those, entries that are the FL-CRC of a hardpoint folder name of the model",
             false},
            {"model_hpid_not_hardpoint", "of those, entries naming no hardpoint of the model", false},
        };
        info_.maxima = {
            {"box_byte_max", "largest quantized box byte of a leaf node", false},
        };
        info_.value_sets = {
            {"hull_type",
             "the type byte of every hull (freelancer-surface.md: only 4 and 5 occur), each with its count", false},
        };
        for (const char* r : kExactRules) exact_slots_.push_back(counter_slot(r));
    }
    const PassInfo& info() const override { return info_; }

    void run(const Unit& unit, Tally& tally) const override {
        if (unit.sur == nullptr) return;
        const SurModel& m = *unit.sur;
        Walk w{{unit, m, tally, UnitCounts(info_)}, false, 0, {}};
        w.counts.add("files");
        w.counts.add("points", m.points.size());
        w.counts.add("nodes", m.nodes.size());

        // Which part (vers) or record (legacy) holds each surface, for locations and part facts.
        std::vector<std::int32_t> part_of(m.surfaces.size(), -1);
        for (std::size_t p = 0; p < m.parts.size(); ++p)
            if (m.parts[p].surface >= 0 && std::size_t(m.parts[p].surface) < m.surfaces.size())
                part_of[std::size_t(m.parts[p].surface)] = std::int32_t(p);
        w.counts.add("parts", m.parts.size());
        for (std::size_t p = 0; p < m.parts.size(); ++p) part_chunks(w, p);
        for (std::size_t s = 0; s < m.surfaces.size(); ++s) {
            const sur::Part* part = part_of[s] >= 0 ? &m.parts[std::size_t(part_of[s])] : nullptr;
            std::string label =
                part ? fmt::format("part {} (id 0x{:08x})", part_of[s], part->id) : fmt::format("legacy surface {}", s);
            surface(w, s, part, label);
        }
        for (std::size_t r = 0; r < m.legacy_records.size(); ++r) {
            const sur::LegacyRecord& rec = m.legacy_records[r];
            if (!rec.ledges) continue;
            for (std::uint32_t l = rec.items.first; l < rec.items.end() && l < m.ledges.size(); ++l) {
                w.counts.add("bare_ledges");
                ledge(w, l, l - rec.items.first, nullptr,
                      fmt::format("legacy record {} '{}'", r, sur::printable_name(rec.name)));
            }
        }
        if (m.format == sur::SurFormat::kVers2) model_pairing(w);
        // (a file with no hull at all is exact by this reading: no rule has anything to refuse)
        w.counts.add(w.judge(exact_slots_) ? "files_exact_structure" : "files_structurally_valid");
        if (w.has_box) tally.max("box_byte_max", w.box_max);
        w.counts.flush(tally);
    }

private:
    struct Walk : SurWalk {
        bool has_box = false;
        double box_max = 0;
        std::vector<std::uint32_t> scratch;
    };

    std::size_t counter_slot(std::string_view name) const {
        for (std::size_t i = 0; i < info_.counters.size(); ++i)
            if (info_.counters[i].name == name) return i;
        std::abort();
    }

    // Chunk presence, and the tag orders retail uses (notes §2): '!fxd'?, 'exts', 'surf', 'hpid'?.
    void part_chunks(Walk& w, std::size_t p) const {
        const sur::Part& part = w.m.parts[p];
        if (part.not_fixed) w.counts.add("parts_not_fixed");
        if (part.has_extents) w.counts.add("parts_extents");
        if (part.surface >= 0) w.counts.add("parts_surface");
        if (part.has_hardpoints) w.counts.add("parts_hpid");
        w.counts.add("hardpoint_ids", part.hardpoints.count);
        using sur::ChunkTag;
        std::size_t k = 0;
        auto next_is = [&](ChunkTag t) { return k < part.chunk_count && part.chunks[k] == t ? (++k, true) : false; };
        next_is(ChunkTag::kNotFixed);
        bool ok = next_is(ChunkTag::kExtents) && next_is(ChunkTag::kSurface);
        next_is(ChunkTag::kHardpoints);
        ok = ok && k == part.chunk_count;
        if (ok) {
            w.counts.add("tag_order_hold");
            return;
        }
        w.fail(
            "tag_order_fail", [&] { return fmt::format("part {} (id 0x{:08x})", p, part.id); },
            [&] {
                static const char* const names[] = {"!fxd", "exts", "surf", "hpid"};
                std::string order;
                for (std::size_t i = 0; i < part.chunk_count; ++i)
                    order += (i ? ", " : "") + std::string(names[static_cast<int>(part.chunks[i])]);
                return "chunks " + (order.empty() ? std::string("none") : order);
            });
    }

    // The rules of one hull. `part` is its vers part (null for legacy), `index` its position in
    // its surface or record.
    void ledge(Walk& w, std::uint32_t l, std::uint32_t index, const sur::Part* part, const std::string& owner) const {
        const SurModel& m = w.m;
        const std::uint8_t type = m.ledges.flags[l];
        const IndexRange f = m.ledges.faces[l];
        auto where = [&] { return fmt::format("{} / hull {}", owner, index); };
        w.counts.add("hulls");
        w.tally.value("hull_type", type);
        w.counts.add("faces", f.count);
        w.counts.add("half_edges", 3ull * f.count);
        if (type == kTerminalType) {
            w.counts.add("terminal_hulls");
            w.counts.add("faces_terminal", f.count);
        } else if (type == kSkipType) {
            w.counts.add("skip_hulls");
            w.counts.add("faces_skip", f.count);
        } else {
            w.fail("hulls_type_other", where, [&] { return fmt::format("type byte {}", type); });
        }
        if (m.ledges.reserved[l] != 0)
            w.fail("hull_reserved_nonzero", where,
                   [&] { return fmt::format("for_future_use {}", m.ledges.reserved[l]); });

        std::vector<std::uint32_t>& pts = w.scratch;
        sur::hull_points(m, l, pts);
        const std::uint64_t want = 1ull + f.count + pts.size();
        if (m.ledges.size_div_16[l] == want) {
            w.counts.add("size_div_16_hold");
        } else {
            w.fail("size_div_16_fail", where, [&] {
                return fmt::format("size_div_16 {}, expected 1 + {} faces + {} points = {}", m.ledges.size_div_16[l],
                                   f.count, pts.size(), want);
            });
        }

        for (std::uint32_t k = 0; k < f.count; ++k) {
            const std::uint32_t face = f.first + k;
            const std::uint8_t virt = m.faces.is_virtual[face];
            auto fw = [&] { return fmt::format("{} / face {}", where(), k); };
            if (m.faces.material[face] == 0) {
                w.counts.add("face_material_zero");
            } else {
                w.fail("face_material_nonzero", fw, [&] { return fmt::format("material {}", m.faces.material[face]); });
            }
            if (type == kSkipType) {
                if (virt) w.counts.add("virtual_type5_hold");
                else w.fail("virtual_type5_fail", fw, [] { return std::string("virtual false on a type-5 hull"); });
            } else if (type == kTerminalType) {
                if (!virt) w.counts.add("virtual_type4_hold");
                else w.fail("virtual_type4_fail", fw, [] { return std::string("virtual true on a type-4 hull"); });
            }
            bool agree = true;
            for (std::uint32_t e = 0; e < 3; ++e) agree = agree && m.edges.is_virtual[3ull * face + e] == virt;
            if (!agree)
                w.fail("edge_virtual_disagree", fw, [&] {
                    return fmt::format("face virtual {}, edges {} {} {}", virt, m.edges.is_virtual[3ull * face],
                                       m.edges.is_virtual[3ull * face + 1], m.edges.is_virtual[3ull * face + 2]);
                });
            if (m.faces.tri_index[face] == k) {
                w.counts.add("tri_index_hold");
            } else {
                w.fail("tri_index_fail", fw,
                       [&] { return fmt::format("tri_index {}, stored at {}", m.faces.tri_index[face], k); });
            }
            for (std::uint32_t e = 0; e < 3; ++e) {
                const std::uint64_t edge = 3ull * face + e;
                const std::uint64_t next = 3ull * face + (e + 1) % 3;
                const std::int32_t o = m.edges.opposite[edge];
                bool ok = o >= 0 && std::uint64_t(o) >= 3ull * f.first && std::uint64_t(o) < 3ull * f.end();
                if (ok) {
                    const std::uint64_t oface = std::uint64_t(o) / 3, oe = std::uint64_t(o) % 3;
                    const std::uint64_t onext = 3 * oface + (oe + 1) % 3;
                    ok = m.edges.opposite[std::size_t(o)] == std::int32_t(edge) &&
                         m.edges.point[std::size_t(o)] == m.edges.point[next] &&
                         m.edges.point[onext] == m.edges.point[edge];
                }
                if (ok) {
                    w.counts.add("opposite_hold");
                } else {
                    w.fail(
                        "opposite_fail", [&] { return fmt::format("{} / edge {}", fw(), e); },
                        [&] {
                            return fmt::format("slot delta {} -> {}", m.edges.opposite_delta[edge],
                                               o < 0 ? std::string("no edge of the hull")
                                                     : fmt::format("edge {}", o - 3 * std::int64_t(f.first)));
                        });
                }
            }
        }

        if (type != kTerminalType) return;
        const std::int32_t id = m.ledges.client_data[l];
        std::size_t agree = 0;
        for (std::uint32_t p : pts) agree += m.points.client_data[p] == id;
        if (!pts.empty() && agree == pts.size()) w.counts.add("clientdata_all");
        else if (agree > 0) w.counts.add("clientdata_partial");
        else w.counts.add("clientdata_none");
        if (part == nullptr) return;
        const std::uint32_t uid = static_cast<std::uint32_t>(id);
        if (uid == 0) {
            w.counts.add("hull_ids_zero");
        } else {
            w.counts.add(in_hpid(m, *part, uid) ? "hull_ids_hpid" : "hull_ids_other");
        }
        if (uid != part->id) w.counts.add("hull_id_differs");
    }

    // The file against its sibling model (freelancer-models.md §3, §4): how each part matches, what
    // each terminal hull's id names, and whether each hpid entry names a hardpoint. A file without a
    // model is counted, never an error; its non-zero ids outside the hpid are counted apart.
    void model_pairing(Walk& w) const {
        const SurModel& m = w.m;
        if (w.unit.model_malformed) w.counts.add("files_model_malformed");
        if (w.unit.model == nullptr) {
            w.counts.add("files_without_model");
            for (const sur::Part& part : m.parts)
                for_terminal(m, part, [&](std::uint32_t id) {
                    if (id != 0 && !in_hpid(m, part, id)) w.counts.add("hull_ids_other_no_model");
                });
            return;
        }
        const utf::Model& model = *w.unit.model;
        w.counts.add("files_with_model");
        w.counts.add("model_parts", m.parts.size());
        const SurPairing pairing = pair_parts(m, model);
        for (std::size_t p = 0; p < m.parts.size(); ++p) {
            const sur::Part& part = m.parts[p];
            const PartMatch match = pairing.match[p];
            if (match == PartMatch::kZero) w.counts.add("parts_match_zero");
            else if (match == PartMatch::kName) w.counts.add("parts_match_name");
            else
                w.fail("parts_match_neither", fmt::format("part {} (id 0x{:08x})", p, part.id), [&] {
                    return fmt::format("names no part of the {} model", model.compound ? "compound" : "single-part");
                });
            if (!model.compound) {
                w.counts.add("single_part_parts");
                if (part.id == 0) w.counts.add("single_part_zero");
            }
            for_terminal(m, part, [&](std::uint32_t id) {
                w.counts.add("model_terminal_hulls");
                if (id == 0) w.counts.add("model_hull_ids_zero");  // zero first, as hull_ids_zero
                else if (in_hpid(m, part, id)) w.counts.add("model_hull_ids_hpid");
                else if (part_named(model, id) >= 0) w.counts.add("model_hull_ids_part");
                else if (hardpoint_owner(model, id) >= 0) w.counts.add("model_hull_ids_hardpoint");
                else
                    w.fail("model_hull_ids_nothing", fmt::format("part {} (id 0x{:08x})", p, part.id),
                           [&] { return fmt::format("hull id 0x{:08x} names no part and no hardpoint", id); });
            });
            for (std::uint32_t h = part.hardpoints.first; h < part.hardpoints.end() && h < m.hardpoints.size(); ++h) {
                w.counts.add("model_hpid_entries");
                if (hardpoint_owner(model, m.hardpoints[h]) >= 0) w.counts.add("model_hpid_hardpoint");
                else
                    w.fail("model_hpid_not_hardpoint", fmt::format("part {} (id 0x{:08x})", p, part.id),
                           [&] { return fmt::format("hpid 0x{:08x} names no hardpoint", m.hardpoints[h]); });
            }
        }
    }

    template <class F>
    static void for_terminal(const SurModel& m, const sur::Part& part, F&& f) {
        if (part.surface < 0 || std::size_t(part.surface) >= m.surfaces.size()) return;
        const sur::Surface& sf = m.surfaces[std::size_t(part.surface)];
        for (std::uint32_t l = sf.ledges.first; l < sf.ledges.end(); ++l)
            if (m.ledges.flags[l] == kTerminalType) f(static_cast<std::uint32_t>(m.ledges.client_data[l]));
    }

    static bool in_hpid(const SurModel& m, const sur::Part& part, std::uint32_t id) {
        for (std::uint32_t h = part.hardpoints.first; h < part.hardpoints.end() && h < m.hardpoints.size(); ++h)
            if (m.hardpoints[h] == id) return true;
        return false;
    }

    void surface(Walk& w, std::size_t s, const sur::Part* part, const std::string& label) const {
        const SurModel& m = w.m;
        const sur::Surface& sf = m.surfaces[s];
        w.counts.add("surfaces");

        std::uint64_t terminal = 0;
        std::vector<std::int32_t> ids;
        std::uint64_t ledge_off = kHeaderSize;
        for (std::uint32_t i = 0; i < sf.ledges.count; ++i) {
            const std::uint32_t l = sf.ledges.first + i;
            ledge(w, l, i, part, label);
            const std::uint8_t type = m.ledges.flags[l];
            if (type == kTerminalType) {
                ++terminal;
                ids.push_back(m.ledges.client_data[l]);
            } else if (type == kSkipType) {
                // Type 5 only on the root, its client_data the root node's offset from the ledge (notes §1, §9).
                const std::int64_t back = std::int64_t(sf.root_offset) - std::int64_t(ledge_off);
                if (m.ledges.node[l] == std::int32_t(sf.nodes.first) && m.ledges.client_data[l] == back) {
                    w.counts.add("skip_hull_root_hold");
                } else {
                    w.fail(
                        "skip_hull_root_fail", [&] { return fmt::format("{} / hull {}", label, i); },
                        [&] {
                            return fmt::format(
                                "first held by node {} of the surface (root 0), back-offset {} (root at {})",
                                m.ledges.node[l] - std::int32_t(sf.nodes.first), m.ledges.client_data[l], back);
                        });
                }
            }
            ledge_off += 16ull * (1 + m.ledges.faces[l].count);
        }
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        if (part != nullptr && ids.size() > 1) w.counts.add("multi_id_parts");

        if (terminal >= 1 && sf.nodes.count == 2 * terminal - 1) {
            w.counts.add("nodecount_hold");
        } else {
            w.fail("nodecount_fail", label, [&] {
                return fmt::format("{} nodes, {} terminal hulls (expected {})", sf.nodes.count, terminal,
                                   terminal ? 2 * terminal - 1 : 0);
            });
        }
        if (sf.chunk_size == sf.byte_size) {
            w.counts.add("surf_sizes_agree");
        } else if (sf.extension.count > 0 && sf.chunk_size == std::uint64_t(sf.byte_size) + sf.extension.count) {
            w.fail("surf_sizes_shpe", label, [&] {
                return fmt::format("SHPE block of {} bytes ({} groups, {} shapes)", sf.extension.count, sf.shpe_groups,
                                   sf.shpe_shapes);
            });
        } else {
            w.fail("surf_sizes_fail", label,
                   [&] { return fmt::format("chunk size {}, byte_size {}", sf.chunk_size, sf.byte_size); });
        }
        if (sf.dummy[0] != 0 || sf.dummy[1] != 0 || sf.dummy[2] != 0)
            w.fail("surface_padding_nonzero", label,
                   [&] { return fmt::format("dummy {} {} {}", sf.dummy[0], sf.dummy[1], sf.dummy[2]); });
        for (std::uint32_t n = sf.nodes.first; n < sf.nodes.end(); ++n) {
            if (m.nodes.free_0[n] != 0)
                w.fail(
                    "node_padding_nonzero", [&] { return fmt::format("{} / node {}", label, n - sf.nodes.first); },
                    [&] { return fmt::format("free_0 {}", m.nodes.free_0[n]); });
            // The reader accepts it (offsets only point forward), but the node has one child twice:
            // two swe mod files carry it (ivp-surface-notes.md §14 lists the family).
            if (m.nodes.right[n] >= 0 && std::uint32_t(m.nodes.right[n]) == n + 1)
                w.fail(
                    "node_right_is_left", [&] { return fmt::format("{} / node {}", label, n - sf.nodes.first); },
                    [&] { return std::string("right-child offset 28: the right child is the node that follows"); });
            if (m.nodes.right[n] < 0)
                for (std::uint8_t b : m.nodes.box[n]) {
                    w.box_max = w.has_box ? std::max(w.box_max, double(b)) : double(b);
                    w.has_box = true;
                }
        }

        // Points: first use walking the hulls in storage order (notes §4).
        std::vector<std::int32_t> first_user(sf.points.count, 0);
        std::vector<std::uint8_t> used(sf.points.count, 0);
        std::uint32_t next_new = 0;
        bool in_order = true;
        for (std::uint32_t l = sf.ledges.first; l < sf.ledges.end(); ++l) {
            const IndexRange f = m.ledges.faces[l];
            for (std::uint64_t e = 3ull * f.first; e < 3ull * f.end(); ++e) {
                const std::uint32_t p = m.edges.point[e] - sf.points.first;
                if (p >= sf.points.count || used[p]) continue;
                used[p] = 1;
                first_user[p] = m.ledges.client_data[l];
                in_order = in_order && p == next_new;
                ++next_new;
            }
        }
        if (!in_order)
            w.fail("point_order_fail", label, [] { return std::string("points are not stored in first-use order"); });
        if (next_new == sf.points.count) {
            w.counts.add("points_indexed_hold");
        } else {
            w.fail("points_indexed_fail", label, [&] {
                return fmt::format("{} of {} points indexed by no face", sf.points.count - next_new, sf.points.count);
            });
        }
        for (std::uint32_t p = 0; p < sf.points.count; ++p) {
            const std::int32_t cd = m.points.client_data[sf.points.first + p];
            if (cd == 0) w.counts.add("points_clientdata_zero");
            if (!used[p]) continue;
            if (cd == first_user[p]) {
                w.counts.add("point_first_user_hold");
            } else {
                w.fail(
                    "point_first_user_fail", [&] { return fmt::format("{} / point {}", label, p); },
                    [&] { return fmt::format("clientData {}, first user's id {}", cd, first_user[p]); });
            }
        }

        if (part == nullptr || !part->has_extents) return;
        w.counts.add("extent_checked");
        const auto& x = part->extents;
        std::uint32_t outside = 0;
        for (std::uint32_t p = sf.points.first; p < sf.points.end(); ++p) {
            const float v[3] = {m.points.x[p], m.points.y[p], m.points.z[p]};
            bool in = true;
            for (int a = 0; a < 3; ++a) in = in && x[a] <= v[a] && v[a] <= x[a + 3];
            outside += !in;
        }
        w.counts.add(outside == 0 ? "extent_encloses" : "extent_misses");
    }

    PassInfo info_;
    std::vector<std::size_t> exact_slots_;
};

MESHPROOF_REGISTER_PASS(SurReadPass);

}  // namespace
}  // namespace meshproof
