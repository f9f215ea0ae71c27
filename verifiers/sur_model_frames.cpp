#include "verifiers/sur_model_frames.h"

#include <array>
#include <cmath>
#include <vector>

#include "engine/sur/hull_points.h"
#include "engine/utf/model.h"
#include "verifiers/sur_pairing.h"

namespace meshproof::verifiers {
namespace {

bool is_identity(const utf::Frame& f) {
    static constexpr double kI[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    for (int i = 0; i < 9; ++i)
        if (std::fabs(f.r[i] - kI[i]) > kFrameRotationTolerance) return false;
    for (int i = 0; i < 3; ++i)
        if (std::fabs(f.t[i]) > kFrameTranslationTolerance) return false;
    return true;
}

// The centroid of the distinct points a hull's faces use.
std::array<double, 3> centroid(const sur::SurModel& m, std::uint32_t l, std::vector<std::uint32_t>& scratch) {
    sur::hull_points(m, l, scratch);
    std::array<double, 3> c{};
    for (std::uint32_t p : scratch) {
        c[0] += m.points.x[p];
        c[1] += m.points.y[p];
        c[2] += m.points.z[p];
    }
    const double n = scratch.empty() ? 1.0 : double(scratch.size());
    return {c[0] / n, c[1] / n, c[2] / n};
}

double distance(const std::array<double, 3>& a, const std::array<double, 3>& b) {
    return std::sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

}  // namespace

void count_copies_and_frames(SurWalk& w) {
    if (w.unit.model == nullptr || w.m.format != sur::SurFormat::kVers2) return;
    const sur::SurModel& m = w.m;
    const utf::Model& model = *w.unit.model;
    const SurPairing pairing = pair_parts(m, model);
    std::vector<std::uint32_t> scratch;
    bool any_copy = false;
    for (std::size_t p = 0; p < m.parts.size(); ++p) {
        const std::int32_t a = pairing.model_part[p];
        const std::int32_t s = m.parts[p].surface;
        if (a < 0 || s < 0 || std::size_t(s) >= m.surfaces.size()) continue;
        const sur::Surface& sf = m.surfaces[std::size_t(s)];
        for (std::uint32_t i = 0; i < sf.ledges.count; ++i) {
            const std::uint32_t l = sf.ledges.first + i;
            if (!m.ledges.terminal(l)) continue;
            const std::uint32_t id = static_cast<std::uint32_t>(m.ledges.client_data[l]);
            w.counts.add("fold_placeable");
            const std::int32_t named = part_named(model, id);
            // Copies: the id's part (or hardpoint owner) sits below A and holds the hull itself.
            const std::int32_t q = named >= 0 ? named : hardpoint_owner(model, id);
            if (q >= 0 && q != a && model.is_ancestor(a, q)) {
                const std::int32_t own = pairing.sur_part_of[std::size_t(q)];
                if (own >= 0 && std::size_t(own) != p && part_holds_hull_id(m, std::size_t(own), id)) {
                    any_copy = true;
                    w.counts.add("fold_copies");
                    w.counts.add(model.moves_between(a, q) ? "fold_copies_moving" : "fold_copies_fixed");
                }
            }
            // Frames: only ids naming another part (not hardpoints).
            if (named < 0 || named == a) continue;
            const utf::Frame t = model.relative(a, named);
            if (is_identity(t)) {
                w.counts.add("frame_same");
                continue;
            }
            w.counts.add("frame_candidates");
            const utf::MeshSphere& sphere = model.parts[std::size_t(named)].sphere;
            if (!sphere.present) {
                w.counts.add("frame_no_sphere");
                continue;
            }
            const std::array<double, 3> c = centroid(m, l, scratch);
            const double containing = distance(c, t.apply(sphere.center));
            const double in_named = distance(c, sphere.center);
            if (containing < in_named) {
                w.counts.add("frame_containing_wins");
            } else if (in_named < containing) {
                w.fail(
                    "frame_named_wins",
                    [&] { return fmt::format("part {} (id 0x{:08x}) / hull {}", p, m.parts[p].id, i); },
                    [&] {
                        return fmt::format(
                            "id 0x{:08x} ({}): centroid {:.4g} from the sphere in the containing frame, "
                            "{:.4g} in the named part's",
                            id, model.parts[std::size_t(named)].object_name, containing, in_named);
                    });
            } else {
                w.counts.add("frame_tie");
            }
        }
    }
    if (any_copy) w.counts.add("fold_files");
}

}  // namespace meshproof::verifiers
