#include "engine/sur/sur_dump.h"

#include <fmt/format.h>

#include "engine/core/plural.h"
#include "engine/sur/hull_points.h"

namespace meshproof::sur {
namespace {

std::string vec3(float x, float y, float z) { return fmt::format("({:.6g}, {:.6g}, {:.6g})", x, y, z); }
std::string vec3(const std::array<float, 3>& v) { return vec3(v[0], v[1], v[2]); }

std::string more(std::size_t shown, std::size_t total, std::string_view indent) {
    return shown < total ? fmt::format("{}… ({} more)\n", indent, grouped(total - shown)) : std::string();
}

// One hull line: its index in the surface (or record), kind, id, faces and distinct points.
std::string hull_line(const SurModel& m, std::uint32_t l, std::size_t index, std::vector<std::uint32_t>& scratch) {
    hull_points(m, l, scratch);
    const bool terminal = m.ledges.terminal(l);
    const std::string id = terminal ? fmt::format("id 0x{:08x}", static_cast<std::uint32_t>(m.ledges.client_data[l]))
                                    : std::string("subtree-bounding");
    return fmt::format("      {:4}  {}  {}, {}\n", index, id, plural(m.ledges.faces[l].count, "face", "faces"),
                       plural(scratch.size(), "point", "points"));
}

// The ledge tree from the surface's root, depth first (left before right), `budget` nodes at most.
void tree_lines(const SurModel& m, const Surface& s, std::int32_t n, std::size_t depth, std::size_t& budget,
                std::string& out) {
    // Iterative: a hostile right link cannot recurse without bound (the reader checked each one
    // lies inside the surface, and a walk of `budget` nodes ends).
    std::vector<std::pair<std::int32_t, std::size_t>> todo{{n, depth}};
    while (!todo.empty() && budget > 0) {
        const auto [node, d] = todo.back();
        todo.pop_back();
        if (node < std::int32_t(s.nodes.first) || node >= std::int32_t(s.nodes.end())) continue;
        --budget;
        const std::size_t k = std::size_t(node);
        const std::array<std::uint8_t, 3>& box = m.nodes.box[k];
        std::string what;
        if (const std::int32_t l = m.nodes.ledge[k]; l >= 0)
            what = fmt::format("  hull {}", std::uint32_t(l) - s.ledges.first);
        out += fmt::format("      {}node {}  centre {} radius {:.6g} box ({}, {}, {}){}\n", std::string(2 * d, ' '),
                           k - s.nodes.first, vec3(m.nodes.center_x[k], m.nodes.center_y[k], m.nodes.center_z[k]),
                           m.nodes.radius[k], box[0], box[1], box[2], what);
        if (m.nodes.right[k] >= 0) {
            todo.push_back({m.nodes.right[k], d + 1});
            todo.push_back({m.nodes.left(k), d + 1});
        }
    }
}

void surface_text(const SurModel& m, const Surface& s, const SurDumpOptions& o, std::string& out) {
    const SurfaceCounts c = surface_counts(m, s);
    out +=
        fmt::format("    hulls {} ({} terminal, {} subtree-bounding), {}, {}, {}\n", grouped(c.terminal + c.bounding),
                    grouped(c.terminal), grouped(c.bounding), plural(c.faces, "face", "faces"),
                    plural(c.points, "point", "points"), plural(c.nodes, "tree node", "tree nodes"));
    out += fmt::format("    mass centre {}  rotationInertia {}\n", vec3(s.mass_center), vec3(s.rotation_inertia));
    out += fmt::format("    radius {:.6g}  surfaceDeviation {}\n", s.radius, s.deviation);
    if (s.extension.count > 0)
        out += fmt::format("    SHPE block: {}, {}, {}\n", plural(s.extension.count, "byte", "bytes"),
                           plural(s.shpe_groups, "group", "groups"), plural(s.shpe_shapes, "shape", "shapes"));
    std::vector<std::uint32_t> scratch;
    out += "    hulls:\n";
    const std::size_t shown = std::min<std::size_t>(s.ledges.count, o.max_elements);
    for (std::size_t i = 0; i < shown; ++i) out += hull_line(m, s.ledges.first + std::uint32_t(i), i, scratch);
    out += more(shown, s.ledges.count, "      ");
    out += "    tree:\n";
    if (s.nodes.count > 0) {
        std::size_t budget = o.max_elements;
        tree_lines(m, s, std::int32_t(s.nodes.first), 0, budget, out);
        out += more(std::min<std::size_t>(o.max_elements, s.nodes.count), s.nodes.count, "      ");
    }
}

void part_text(const SurModel& m, std::size_t p, const SurDumpOptions& o, std::string& out) {
    static constexpr const char* kTags[] = {"!fxd", "exts", "surf", "hpid"};
    const Part& part = m.parts[p];
    const std::string name =
        p < o.part_names.size() && !o.part_names[p].empty() ? "  " + o.part_names[p] : std::string();
    out += fmt::format("  part {}  id 0x{:08x}{}\n", p, part.id, name);
    std::string chunks;
    for (std::size_t i = 0; i < part.chunk_count; ++i)
        chunks += std::string(chunks.empty() ? "" : " ") + kTags[std::size_t(part.chunks[i])];
    out += fmt::format("    chunks: {}{}\n", chunks, part.not_fixed ? " (not fixed)" : "");
    if (part.has_extents)
        out += fmt::format("    extents min {} max {}\n", vec3(part.extents[0], part.extents[1], part.extents[2]),
                           vec3(part.extents[3], part.extents[4], part.extents[5]));
    if (part.has_hardpoints) {
        out += fmt::format("    hardpoint ids: {}", grouped(part.hardpoints.count));
        const std::size_t shown = std::min<std::size_t>(part.hardpoints.count, o.max_elements);
        for (std::size_t i = 0; i < shown; ++i)
            out += fmt::format(" 0x{:08x}", m.hardpoints[part.hardpoints.first + i]);
        out += shown < part.hardpoints.count ? fmt::format(" … ({} more)\n", grouped(part.hardpoints.count - shown))
                                             : "\n";
    }
    if (part.surface >= 0) surface_text(m, m.surfaces[std::size_t(part.surface)], o, out);
}

void record_text(const SurModel& m, std::size_t r, const SurDumpOptions& o, std::string& out) {
    const LegacyRecord& rec = m.legacy_records[r];
    out += fmt::format("  record {}  {}  {} {}\n", r, printable_name(rec.name), rec.ledges ? "ledg" : "surf",
                       rec.ledges ? plural(rec.items.count, "bare hull", "bare hulls")
                                  : plural(rec.items.count, "surface", "surfaces"));
    if (!rec.ledges) {
        for (std::uint32_t i = 0; i < rec.items.count; ++i) {
            out += fmt::format("   surface {}\n", i);
            surface_text(m, m.surfaces[rec.items.first + i], o, out);
        }
        return;
    }
    std::vector<std::uint32_t> scratch;
    out += "    hulls:\n";
    const std::size_t shown = std::min<std::size_t>(rec.items.count, o.max_elements);
    for (std::size_t i = 0; i < shown; ++i) out += hull_line(m, rec.items.first + std::uint32_t(i), i, scratch);
    out += more(shown, rec.items.count, "      ");
}

}  // namespace

SurfaceCounts surface_counts(const SurModel& m, const Surface& s) {
    SurfaceCounts c;
    for (std::uint32_t l = s.ledges.first; l < s.ledges.end(); ++l) {
        (m.ledges.terminal(l) ? c.terminal : c.bounding) += 1;
        c.faces += m.ledges.faces[l].count;
    }
    c.points = s.points.count;
    c.nodes = s.nodes.count;
    return c;
}

std::string printable_name(const std::string& name) {
    std::string out = name;
    for (char& c : out)
        if (c < 0x20 || c > 0x7E) c = '?';
    return out;
}

std::string dump_sur(const SurModel& m, const SurDumpOptions& o) {
    std::string out;
    if (m.format == SurFormat::kVers2) {
        out += fmt::format("Freelancer .sur, vers {:.1f}: {}, {}\n\nparts:\n", m.version,
                           plural(m.parts.size(), "part", "parts"), plural(m.surfaces.size(), "surface", "surfaces"));
        for (std::size_t p = 0; p < m.parts.size(); ++p)
            if (!o.only || *o.only == p) part_text(m, p, o, out);
        return out;
    }
    const auto& b = m.legacy_box;
    out += fmt::format("Freelancer .sur, legacy (pre-vers): {}, box min {} max {}\n\nrecords:\n",
                       plural(m.legacy_records.size(), "record", "records"), vec3(b[0], b[1], b[2]),
                       vec3(b[3], b[4], b[5]));
    for (std::size_t r = 0; r < m.legacy_records.size(); ++r)
        if (!o.only || *o.only == r) record_text(m, r, o, out);
    return out;
}

}  // namespace meshproof::sur
