// Pass "fset_join" (family havok-extern): the f-set figures that join files (issue 16 item 4;
// havok-compressed-mesh.txt, the f-set paragraphs). A joining pass (engine/pipeline/join.h):
//   key      a map's own id; an open-world tile (m60_XX_ZZ_SS, m61 likewise) its tile group, the
//            tiles sharing XX and the first digit of ZZ ("two tile groups (m60_34_5, m60_41_3)";
//            ../shared/spec/places.md), so that the "another tile" control has tiles beside it;
//   extract  of an f member f<area>_<model>.hkx: its model number and its extern meshes' vertices;
//            of an h member h<area>_<model>.hkx: its model number and its compressed meshes'
//            vertices (each body's pose applied, float) and triangles as corner indices into
//            them (a key holds every h file of its map at once: 12 bytes a vertex and 12 a
//            triangle, where float corners took 36 a triangle);
//   join     per key: "an f file paired with the h file of the same model (same map, same model
//            number)", then every vertex of a paired f file against the nearest triangle of its h
//            file (a TriangleBvh per h file: "exact to 4 m"; searched within 2 m, the largest
//            distance counted), counted within 1 cm, 5 cm, 25 cm, 1 m and 2 m, and the controls
//            (asked only whether a triangle lies within 1 m).
// Readings where the document is loose (README, "The f-set join"):
//   - "with triangles": an f file counts as paired when the h file of its model holds a triangle;
//     one whose h file holds none is f_h_without_triangles, neither paired nor f_without_h;
//   - "an h file of another model" / "of another tile": the h file of the next paired file in the
//     key's path order, cyclically, of another model (a map) or of another tile (a tile group);
//     a key with no such file measures no control (other_vertices counts what was measured);
//   - "footprint, height ignored": the distance in x and z to the triangle with y dropped, measured
//     in tile groups only (the document's m60 figures);
//   - the half extent: the largest |x| or |z| of the paired files' f vertices and h corners in tile
//     groups ("share the tile's horizontal extent (±128 in x and z)").
// Shares are counts over a denominator counter (the manifest's `of`): the report's share kind.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <oneapi/tbb/parallel_for.h>

#include "engine/mesh/decoded_member.h"
#include "engine/mesh/triangle_bvh.h"
#include "engine/pipeline/pass.h"
#include "verifiers/fset_reach.h"
#include "verifiers/unit_counts.h"

namespace meshproof {
namespace {

using mesh::Point3d;
using mesh::TriangleBvh;

// "exact to 4 m": the radius within which the document measured.
constexpr double kExactTo = 4.0;
// The distances the document counts within: 1 cm, 5 cm, 25 cm, 1 m (Sekiro), 2 m (Elden Ring).
constexpr std::array<double, 5> kWithin = {0.01, 0.05, 0.25, 1.0, 2.0};
// The nearest triangle is searched within the largest of them: a distance between 2 m and 4 m
// counts in no figure, so the search prunes at 2 m (the same counts as a search to 4 m).
constexpr double kSearchRadius = kWithin.back();
static_assert(kSearchRadius <= kExactTo);
constexpr std::array<const char*, 5> kWithinName = {"within_1cm", "within_5cm", "within_25cm", "within_1m",
                                                    "within_2m"};

// What the join keeps of an f or h member.
struct SetExtract final : JoinExtract {
    char set = 'f';
    std::string model;                     // the digits after the area: "000100"
    std::vector<float> f_xyz;              // f: vertices, x y z each
    std::uint64_t f_triangles = 0;         // f: triangles
    std::vector<float> h_xyz;              // h: vertices, x y z each
    std::vector<std::uint32_t> h_corners;  // h: triangles, three indices into h_xyz each
};

// The model number of a member named {h,f}AA_BB_CC_DD_<model>.hkx…: the digits after the area's
// eleven characters and '_'; "" when the name is not of that form.
std::string model_of(std::string_view path) {
    const std::size_t cut = path.find_last_of("/\\");
    std::string_view name = cut == std::string_view::npos ? path : path.substr(cut + 1);
    const std::size_t sep = name.rfind(" :: ");
    if (sep != std::string_view::npos) name = name.substr(sep + 4);
    if (name.size() < 14 || name[12] != '_') return {};
    std::size_t end = 13;
    while (end < name.size() && name[end] >= '0' && name[end] <= '9') ++end;
    if (end == 13 || (end < name.size() && name[end] != '.')) return {};
    return std::string(name.substr(13, end - 13));
}

// A body's pose applied to a point: v + 2w(q × v) + 2 q × (q × v), then the position (double).
std::array<double, 3> posed(const std::array<float, 4>& pos, const std::array<float, 4>& q, double x, double y,
                            double z) {
    const double qx = q[0], qy = q[1], qz = q[2], qw = q[3];
    const double tx = 2 * (qy * z - qz * y), ty = 2 * (qz * x - qx * z), tz = 2 * (qx * y - qy * x);
    return {x + qw * tx + (qy * tz - qz * ty) + pos[0], y + qw * ty + (qz * tx - qx * tz) + pos[1],
            z + qw * tz + (qx * ty - qy * tx) + pos[2]};
}

bool is_tile_group(std::string_view key) {
    return key.size() == 8 && (key.starts_with("m60_") || key.starts_with("m61_"));
}

// What one paired f file measured.
struct PairCounts {
    std::uint64_t vertices = 0;
    std::array<std::uint64_t, 5> within{};
    std::uint64_t swapped_within_1m = 0;
    std::uint64_t other_vertices = 0, other_within_1m = 0;
    std::uint64_t footprint_vertices = 0, footprint_within_1m = 0, other_footprint_within_1m = 0;
    double f_extent = 0, h_extent = 0;
};

class FsetJoinPass final : public Pass {
public:
    FsetJoinPass() {
        info_.name = "fset_join";
        info_.family = "havok-extern";
        info_.joins = true;
        info_.claims = {
            "the f file with the same model number is the part's mesh of this set: 1,087 of Sekiro's 1,145 f files have an h "
            "file of the same model with triangles … 12 have none, and 327 h files have no f file (Observed)",
            "each against the nearest triangle of the h file of its model, exact to 4 m: 22.8% lie within 1 cm … 97.2% within "
            "1 m; swapped in y and z 0.6%; against an h file of another model 1.0% (Observed)",
            "68.6% of m10_00's f vertices lie within 2 m, 87.4% of m15's and 77.9% of m16's (Observed)",
            "m60 tiles: 0.1% within 1 m of an h triangle, 1.2% for another tile; ignoring the height 56.6%, 20.1% for another "
            "tile's (Observed)",
        };
        info_.counters = {
            {"f_files", "f files joined (members of f binders of a map)", false},
            {"f_paired", "f files with an h file of the same model (same map, same model number) with triangles",
             false},
            {"f_without_h", "f files with no h file of the same model", false},
            {"f_h_without_triangles", "f files whose h file of the same model holds no triangle", false},
            {"h_files", "h files joined (members of h binders of a map)", false},
            {"h_without_f", "h files with no f file of the same model", false},
            {"paired_vertices", "f vertices of the paired files, each measured against the h file of its model", false},
            {"within_1cm", "paired f vertices within 1 cm of a triangle of their h file", false},
            {"within_5cm", "paired f vertices within 5 cm of a triangle of their h file", false},
            {"within_25cm", "paired f vertices within 25 cm of a triangle of their h file", false},
            {"within_1m", "paired f vertices within 1 m of a triangle of their h file", false},
            {"within_2m", "paired f vertices within 2 m of a triangle of their h file", false},
            {"swapped_yz_within_1m",
             "paired f vertices with y and z swapped within 1 m of a triangle of their h file (control)", false},
            {"other_vertices",
             "paired f vertices measured against the h file of another model (another tile in a tile group)", false},
            {"other_within_1m", "of those, within 1 m of a triangle of that other h file (control)", false},
            {"footprint_vertices", "paired f vertices of tile groups measured with the height ignored", false},
            {"footprint_within_1m", "of those, within 1 m in x and z of an h triangle's footprint", false},
            {"other_footprint_within_1m", "of those, within 1 m of a footprint of the other tile's h file (control)",
             false},
            {"tile_groups", "tile groups (m60_XX_Z, m61 likewise) with a paired file", false},
            {"f_binders", "f binders (those with a member joined: a binder is counted by its members)", false},
            {"maps_with_f", "maps with an f binder", false},
        };
        // "Ashina Castle's binder has 192 files, 185 with triangles and 7 without (models 4900, …)".
        info_.value_sets = {
            {"empty_f_models",
             "the model numbers of a map's f files without triangles, in path order: one list per map", false},
        };
        info_.maxima = {
            {"f_half_extent_xz", "largest |x| or |z| of a paired f vertex in a tile group", false},
            {"h_half_extent_xz", "largest |x| or |z| of a paired h triangle corner in a tile group", false},
        };
    }
    const PassInfo& info() const override { return info_; }
    void run(const Unit&, Tally&) const override {}

    std::string join_key(std::string_view map_id) const override {
        if (map_id.size() >= 8 && (map_id.starts_with("m60_") || map_id.starts_with("m61_")))
            return std::string(map_id.substr(0, 8));
        return std::string(map_id);
    }

    std::unique_ptr<JoinExtract> extract(const Unit& unit) const override {
        if (unit.mesh == nullptr || (unit.set != "f" && unit.set != "h")) return nullptr;
        auto out = std::make_unique<SetExtract>();
        out->set = unit.set[0];
        out->model = model_of(unit.path);
        const mesh::DecodedMember& m = *unit.mesh;
        for (std::size_t b = 0; b < m.bodies.size(); ++b) {
            const auto& pos = m.bodies.position[b];
            const auto& q = m.bodies.orientation[b];
            const std::uint32_t s = m.bodies.shape_index[b];
            if (out->set == 'f' && m.bodies.shape_kind[b] == mesh::ShapeKind::kExternMesh &&
                s < m.extern_meshes.size()) {
                const mesh::DecodedExternMesh& e = m.extern_meshes[s];
                for (std::size_t v = 0; v < e.x.size(); ++v) {
                    const auto p = posed(pos, q, e.x[v], e.y[v], e.z[v]);
                    for (double c : p) out->f_xyz.push_back(static_cast<float>(c));
                }
                out->f_triangles += e.triangle_count();
            }
            if (out->set == 'h' && m.bodies.shape_kind[b] == mesh::ShapeKind::kCompressedMesh && s < m.meshes.size()) {
                // Each vertex posed once (a corner is its vertex's posed floats, as before).
                const mesh::DecodedMesh& cm = m.meshes[s];
                const auto base = static_cast<std::uint32_t>(out->h_xyz.size() / 3);
                for (std::size_t v = 0; v < cm.vertices.x.size(); ++v) {
                    const auto p = posed(pos, q, cm.vertices.x[v], cm.vertices.y[v], cm.vertices.z[v]);
                    for (double c : p) out->h_xyz.push_back(static_cast<float>(c));
                }
                for (std::size_t t = 0; t < cm.triangles.size(); ++t)
                    for (int k = 0; k < 3; ++k) out->h_corners.push_back(base + cm.triangles.vertex[k][t]);
            }
        }
        return out;
    }

    void join(std::string_view key, std::span<const JoinItem> items, JoinTallies& tallies) const override {
        const bool tiles = is_tile_group(key);
        struct File {
            const JoinItem* item;
            const SetExtract* x;
        };
        std::vector<File> f_files, h_files;
        std::map<std::pair<std::string, std::string>, std::size_t> h_of;  // (map, model) → h file
        std::map<std::pair<std::string, std::string>, bool> f_models;
        for (const JoinItem& it : items) {
            const auto* x = dynamic_cast<const SetExtract*>(it.extract.get());
            if (x == nullptr) continue;
            if (x->set == 'h') {
                if (!x->model.empty()) h_of.emplace(std::make_pair(it.map, x->model), h_files.size());
                h_files.push_back({&it, x});
            } else {
                if (!x->model.empty()) f_models[{it.map, x->model}] = true;
                f_files.push_back({&it, x});
            }
        }
        // Pairs in path order; each f file's h file (or none).
        std::vector<std::size_t> f_h(f_files.size(), SIZE_MAX);
        std::vector<std::size_t> pair_f;
        for (std::size_t i = 0; i < f_files.size(); ++i) {
            if (f_files[i].x->model.empty()) continue;
            const auto it = h_of.find({f_files[i].item->map, f_files[i].x->model});
            if (it == h_of.end()) continue;
            f_h[i] = it->second;
            if (!h_files[it->second].x->h_corners.empty()) pair_f.push_back(i);
        }
        // The control's h file: the next pair's, cyclically, of another model (another tile).
        std::vector<std::size_t> other(pair_f.size(), SIZE_MAX);
        for (std::size_t k = 0; k < pair_f.size(); ++k)
            for (std::size_t step = 1; step < pair_f.size(); ++step) {
                const std::size_t o = pair_f[(k + step) % pair_f.size()];
                const std::size_t me = pair_f[k];
                const bool differs = tiles ? f_files[o].item->map != f_files[me].item->map : f_h[o] != f_h[me];
                if (differs) {
                    other[k] = f_h[o];
                    break;
                }
            }
        // One tree per h file a pair uses (its own or as a control), built in parallel over the
        // triangles its f files' queries can reach (fset_reach.h).
        std::vector<std::unique_ptr<TriangleBvh>> trees(h_files.size());
        std::vector<std::size_t> wanted;
        for (std::size_t i : pair_f) wanted.push_back(f_h[i]);
        std::sort(wanted.begin(), wanted.end());
        wanted.erase(std::unique(wanted.begin(), wanted.end()), wanted.end());
        const std::vector<std::optional<std::vector<verifiers::ReachBox>>> reach =
            reach_by_h(f_files, pair_f, f_h, other, h_files.size(), tiles);
        tbb::parallel_for(std::size_t{0}, wanted.size(), [&](std::size_t w) {
            const SetExtract& h = *h_files[wanted[w]].x;
            const auto& boxes = reach[wanted[w]];
            trees[wanted[w]] = boxes ? std::make_unique<TriangleBvh>(
                                           h.h_xyz, verifiers::corners_within_reach(h.h_xyz, h.h_corners, *boxes))
                                     : std::make_unique<TriangleBvh>(h.h_xyz, h.h_corners);
        });
        std::vector<PairCounts> counts(pair_f.size());
        tbb::parallel_for(std::size_t{0}, pair_f.size(), [&](std::size_t k) {
            measure(*f_files[pair_f[k]].x, *h_files[f_h[pair_f[k]]].x, *trees[f_h[pair_f[k]]],
                    other[k] == SIZE_MAX ? nullptr : trees[other[k]].get(), tiles, counts[k]);
        });

        // Counted per map and set, maps in order; pairs by their f file's map.
        std::map<std::string, std::vector<std::size_t>> f_by_map, h_by_map;
        for (std::size_t i = 0; i < f_files.size(); ++i) f_by_map[f_files[i].item->map].push_back(i);
        for (std::size_t i = 0; i < h_files.size(); ++i) h_by_map[h_files[i].item->map].push_back(i);
        std::vector<std::size_t> pair_of_f(f_files.size(), SIZE_MAX);
        for (std::size_t k = 0; k < pair_f.size(); ++k) pair_of_f[pair_f[k]] = k;
        bool group_counted = false;
        // Every declared counter is flushed in each unit, zeros included (unit_counts.h), so each
        // figure has its value in both sets.
        for (const auto& [map, fs] : f_by_map) {
            verifiers::UnitCounts u(info_);
            PairCounts sum;
            bool any_pair = false;
            for (std::size_t i : fs) {
                if (f_h[i] == SIZE_MAX) u.add("f_without_h");
                else if (pair_of_f[i] == SIZE_MAX) u.add("f_h_without_triangles");
                else {
                    u.add("f_paired");
                    any_pair = true;
                    add(sum, counts[pair_of_f[i]]);
                }
            }
            u.add("f_files", fs.size());
            u.add("maps_with_f");
            std::vector<std::string_view> binders;
            std::vector<double> empty_models;
            for (std::size_t i : fs) {
                const std::string_view path = f_files[i].item->path;
                binders.push_back(path.substr(0, path.find(" :: ")));
                if (f_files[i].x->f_triangles == 0 && !f_files[i].x->model.empty())
                    empty_models.push_back(std::stod(f_files[i].x->model));
            }
            std::sort(binders.begin(), binders.end());
            u.add("f_binders",
                  static_cast<std::uint64_t>(std::unique(binders.begin(), binders.end()) - binders.begin()));
            u.add("paired_vertices", sum.vertices);
            for (std::size_t w = 0; w < kWithin.size(); ++w) u.add(kWithinName[w], sum.within[w]);
            u.add("swapped_yz_within_1m", sum.swapped_within_1m);
            u.add("other_vertices", sum.other_vertices);
            u.add("other_within_1m", sum.other_within_1m);
            u.add("footprint_vertices", sum.footprint_vertices);
            u.add("footprint_within_1m", sum.footprint_within_1m);
            u.add("other_footprint_within_1m", sum.other_footprint_within_1m);
            if (tiles && any_pair && !group_counted) {
                u.add("tile_groups");
                group_counted = true;
            }
            Tally& t = tallies.unit(map, "f");
            u.flush(t);
            if (!empty_models.empty()) t.values("empty_f_models", std::move(empty_models));
            if (tiles && any_pair) {
                t.max("f_half_extent_xz", sum.f_extent);
                t.max("h_half_extent_xz", sum.h_extent);
            }
        }
        for (const auto& [map, hs] : h_by_map) {
            verifiers::UnitCounts u(info_);
            for (std::size_t i : hs)
                if (h_files[i].x->model.empty() || !f_models.contains({map, h_files[i].x->model})) u.add("h_without_f");
            u.add("h_files", hs.size());
            u.flush(tallies.unit(map, "h"));
        }
    }

private:
    // For each h file, the boxes its queries reach (fset_reach.h): for its own f files the
    // nearest search, the swapped control and, in tile groups, the footprint; for the f files it is
    // the control of, the 1 m control and the footprint. nullopt (the whole file) when an f file's
    // vertex is not finite.
    template <class File>
    static std::vector<std::optional<std::vector<verifiers::ReachBox>>> reach_by_h(
        const std::vector<File>& f_files, const std::vector<std::size_t>& pair_f, const std::vector<std::size_t>& f_h,
        const std::vector<std::size_t>& other, std::size_t h_count, bool tiles) {
        std::vector<std::optional<std::vector<verifiers::ReachBox>>> reach(h_count, std::vector<verifiers::ReachBox>{});
        auto add_reach = [&](std::size_t h, const SetExtract& f, bool swapped_too) {
            auto& boxes = reach[h];
            if (!boxes || f.f_xyz.size() < 3) return;  // an f file without vertices asks nothing
            for (const bool swap : {false, true}) {
                if (swap && !swapped_too) continue;
                const auto box = verifiers::reach_of(f.f_xyz, kExactTo, swap, false);
                if (!box) {
                    boxes.reset();
                    return;
                }
                boxes->push_back(*box);
            }
            if (tiles) boxes->push_back(*verifiers::reach_of(f.f_xyz, kExactTo, false, true));
        };
        for (std::size_t k = 0; k < pair_f.size(); ++k) {
            const SetExtract& f = *f_files[pair_f[k]].x;
            add_reach(f_h[pair_f[k]], f, true);
            if (other[k] != SIZE_MAX) add_reach(other[k], f, false);
        }
        return reach;
    }

    static void add(PairCounts& s, const PairCounts& c) {
        s.vertices += c.vertices;
        for (std::size_t w = 0; w < kWithin.size(); ++w) s.within[w] += c.within[w];
        s.swapped_within_1m += c.swapped_within_1m;
        s.other_vertices += c.other_vertices;
        s.other_within_1m += c.other_within_1m;
        s.footprint_vertices += c.footprint_vertices;
        s.footprint_within_1m += c.footprint_within_1m;
        s.other_footprint_within_1m += c.other_footprint_within_1m;
        s.f_extent = std::max(s.f_extent, c.f_extent);
        s.h_extent = std::max(s.h_extent, c.h_extent);
    }

    static void measure(const SetExtract& f, const SetExtract& h, const TriangleBvh& tree, const TriangleBvh* other,
                        bool tiles, PairCounts& c) {
        const std::size_t n = f.f_xyz.size() / 3;
        c.vertices = n;
        // The controls count within 1 m only: "is a triangle within 1 m" (any_within, which answers
        // nearest_sq(p, 1) <= 1) instead of the nearest one within 4 m compared with 1 m².
        const double one_m = 1.0;
        for (std::size_t v = 0; v < n; ++v) {
            const Point3d p{f.f_xyz[3 * v], f.f_xyz[3 * v + 1], f.f_xyz[3 * v + 2]};
            const double d = tree.nearest_sq(p, kSearchRadius);
            for (std::size_t w = 0; w < kWithin.size(); ++w)
                if (d <= kWithin[w] * kWithin[w]) ++c.within[w];
            if (tree.any_within(Point3d{p[0], p[2], p[1]}, one_m)) ++c.swapped_within_1m;
            if (other != nullptr) {
                ++c.other_vertices;
                if (other->any_within(p, one_m)) ++c.other_within_1m;
            }
            if (tiles) {
                ++c.footprint_vertices;
                if (tree.any_footprint_within(p, one_m)) ++c.footprint_within_1m;
                if (other != nullptr && other->any_footprint_within(p, one_m)) ++c.other_footprint_within_1m;
                c.f_extent = std::max({c.f_extent, std::fabs(p[0]), std::fabs(p[2])});
            }
        }
        if (tiles)
            for (const std::uint32_t v : h.h_corners)
                c.h_extent = std::max({c.h_extent, static_cast<double>(std::fabs(h.h_xyz[3 * std::size_t{v}])),
                                       static_cast<double>(std::fabs(h.h_xyz[3 * std::size_t{v} + 2]))});
    }

    PassInfo info_;
};

MESHPROOF_REGISTER_PASS(FsetJoinPass);

}  // namespace
}  // namespace meshproof
