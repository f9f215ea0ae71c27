#include "cli/sur_obj.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/sur/hull_points.h"

namespace meshproof::cli {
namespace {

// Floats as nine significant digits: every f32 reads back as itself.
void vertex(const std::array<double, 3>& p, std::string& out) {
    out += fmt::format("v {:.9g} {:.9g} {:.9g}\n", float(p[0]), float(p[1]), float(p[2]));
}

// One hull as a group: its distinct points (in index order), then its faces as triangles over them.
// `base` is the number of vertices written before (OBJ indices are 1-based over the whole file).
void hull_group(const sur::SurModel& m, std::uint32_t l, const std::string& group,
                const std::optional<utf::Frame>& frame, std::vector<std::uint32_t>& points, std::size_t& base,
                SurObjCounts& counts, std::string& out) {
    sur::hull_points(m, l, points);
    out += "g " + group + "\n";
    for (std::uint32_t p : points) {
        const std::array<double, 3> stored{m.points.x[p], m.points.y[p], m.points.z[p]};
        vertex(frame ? frame->apply(stored) : stored, out);
    }
    auto local = [&](std::uint32_t p) {
        return base + 1 + std::size_t(std::lower_bound(points.begin(), points.end(), p) - points.begin());
    };
    const sur::IndexRange f = m.ledges.faces[l];
    for (std::uint64_t t = f.first; t < f.end(); ++t)
        out += fmt::format("f {} {} {}\n", local(m.edges.point[3 * t]), local(m.edges.point[3 * t + 1]),
                           local(m.edges.point[3 * t + 2]));
    base += points.size();
    counts.hulls += 1;
    counts.triangles += f.count;
}

}  // namespace

std::string obj_name(std::string_view name) {
    std::string out(name);
    for (char& c : out)
        if (static_cast<unsigned char>(c) <= 0x20 || c == 0x7F) c = '_';
    return out.empty() ? std::string("_") : out;
}

std::string sur_obj(const sur::SurModel& m, const std::vector<std::optional<utf::Frame>>& frames,
                    const std::vector<std::string>& names, SurObjCounts& counts) {
    std::string out;
    std::vector<std::uint32_t> points;
    std::size_t base = 0;
    if (m.format == sur::SurFormat::kVers2) {
        for (std::size_t p = 0; p < m.parts.size(); ++p) {
            const sur::Part& part = m.parts[p];
            if (part.surface < 0) continue;
            const std::string name =
                p < names.size() && !names[p].empty() ? obj_name(names[p]) : fmt::format("part_0x{:08x}", part.id);
            const std::optional<utf::Frame> frame = p < frames.size() ? frames[p] : std::nullopt;
            out += "o " + name + "\n";
            counts.objects += 1;
            const sur::Surface& s = m.surfaces[std::size_t(part.surface)];
            for (std::uint32_t l = s.ledges.first; l < s.ledges.end(); ++l)
                if (m.ledges.terminal(l))
                    hull_group(m, l,
                               fmt::format("{}.hull{}_0x{:08x}", name, l - s.ledges.first,
                                           std::uint32_t(m.ledges.client_data[l])),
                               frame, points, base, counts, out);
        }
        return out;
    }
    for (std::size_t r = 0; r < m.legacy_records.size(); ++r) {
        const sur::LegacyRecord& rec = m.legacy_records[r];
        const std::string name = obj_name(rec.name);
        out += "o " + name + "\n";
        counts.objects += 1;
        for (std::uint32_t i = 0; i < rec.items.count; ++i) {
            if (rec.ledges) {
                hull_group(m, rec.items.first + i, fmt::format("{}.hull{}", name, i), std::nullopt, points, base,
                           counts, out);
                continue;
            }
            const sur::Surface& s = m.surfaces[rec.items.first + i];
            for (std::uint32_t l = s.ledges.first; l < s.ledges.end(); ++l)
                if (m.ledges.terminal(l))
                    hull_group(m, l, fmt::format("{}.surface{}.hull{}", name, i, l - s.ledges.first), std::nullopt,
                               points, base, counts, out);
        }
    }
    return out;
}

std::string model_axes_obj(const utf::Model& model) {
    std::string out;
    std::size_t base = 0;
    for (std::size_t i = 0; i < model.parts.size(); ++i) {
        const utf::ModelPart& p = model.parts[i];
        const double length = p.sphere.present && p.sphere.radius > 0 ? 0.25 * p.sphere.radius : 1.0;
        out += "o " + (p.object_name.empty() ? std::string("root") : obj_name(p.object_name)) + "\n";
        vertex(p.world.apply({0, 0, 0}), out);
        vertex(p.world.apply({length, 0, 0}), out);
        vertex(p.world.apply({0, length, 0}), out);
        vertex(p.world.apply({0, 0, length}), out);
        for (std::size_t axis = 2; axis <= 4; ++axis) out += fmt::format("l {} {}\n", base + 1, base + axis);
        base += 4;
    }
    return out;
}

}  // namespace meshproof::cli
