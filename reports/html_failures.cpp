#include "reports/html_failures.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "engine/core/plural.h"
#include "reports/html_report.h"
#include "reports/member_results.h"

namespace meshproof {

namespace {

constexpr std::size_t kListedFiles = 50;

void write_files(std::string& out, const RunResult& run) {
    const std::vector<FailingFile> files = worst_files(run);
    out += "<h2 id=\"files\">Files that fail</h2>\n";
    if (files.empty()) {
        out += "<p class=\"good\">No file breaks a rule or fails to decode.</p>\n";
        return;
    }
    const std::size_t shown = std::min(files.size(), kListedFiles);
    out += fmt::format(
        "<p>{}, most violations first{}.</p>\n<table><tr><th>file</th><th>place</th><th class=\"num\">violations</th>"
        "<th class=\"num\">not decoded</th><th>rules broken</th></tr>\n",
        plural(files.size(), "file", "files"),
        shown < files.size()
            ? fmt::format(" (the first {}; the JSON report and <code>--failures</code> list every one)", shown)
            : "");
    for (std::size_t i = 0; i < shown; ++i) {
        const FailingFile& f = files[i];
        out += fmt::format(
            "<tr><td class=\"path\">{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td></tr>\n",
            html_escape(f.path), html_escape(f.place), grouped(f.violations),
            f.decode_errors ? grouped(f.decode_errors) : std::string(), html_escape(rules_text(f.by_rule)));
    }
    out += "</table>\n";
}

// An m60 tile "m60_XX_ZZ_SS" as the small tiles it covers (places.md: SS mod 10 is the size, 0
// small, 1 medium = 2 × 2 small, 2 large = 4 × 4 small; the south-west child's numbers are the
// parent's × 2). False for any other map id.
bool small_tiles_of(std::string_view map, int& x0, int& z0, int& span) {
    if (map.size() != 12 || map.substr(0, 4) != "m60_" || map[6] != '_' || map[9] != '_') return false;
    auto two = [&](std::size_t at, int& v) {
        if (map[at] < '0' || map[at] > '9' || map[at + 1] < '0' || map[at + 1] > '9') return false;
        v = (map[at] - '0') * 10 + (map[at + 1] - '0');
        return true;
    };
    int x = 0, z = 0, size = 0;
    if (!two(4, x) || !two(7, z) || !two(10, size) || size % 10 > 2) return false;
    span = 1 << (size % 10);
    x0 = x * span;
    z0 = z * span;
    return true;
}

// The m60 overworld as a grid of small tiles, each coloured by the failing members of the tiles
// that cover it: none read (blank), every member sound (green), some failing (red).
std::string tile_grid(const std::vector<MapRow>& rows) {
    struct Cell {
        std::uint64_t members = 0, failing = 0;
    };
    std::map<std::pair<int, int>, Cell> cells;
    for (const MapRow& r : rows) {
        int x0 = 0, z0 = 0, span = 0;
        if (r.game != Game::kEldenRing || !small_tiles_of(r.map, x0, z0, span)) continue;
        for (int x = x0; x < x0 + span; ++x)
            for (int z = z0; z < z0 + span; ++z) {
                Cell& c = cells[{x, z}];
                c.members += r.members;
                c.failing += r.failing_members;
            }
    }
    if (cells.empty()) return {};
    int xmin = cells.begin()->first.first, xmax = xmin, zmin = cells.begin()->first.second, zmax = zmin;
    for (const auto& [xz, c] : cells) {
        xmin = std::min(xmin, xz.first), xmax = std::max(xmax, xz.first);
        zmin = std::min(zmin, xz.second), zmax = std::max(zmax, xz.second);
    }
    constexpr int kCell = 14;
    const int w = (xmax - xmin + 1) * kCell + 40, h = (zmax - zmin + 1) * kCell + 24;
    std::string out = fmt::format(
        "<h3>The Lands Between (m60), by small tile</h3>\n<svg width=\"{}\" height=\"{}\" role=\"img\" "
        "aria-label=\"m60 tiles coloured by failing members\">",
        w, h);
    // North up: z grows northwards, so the largest z is the top row.
    for (const auto& [xz, c] : cells) {
        const int px = 36 + (xz.first - xmin) * kCell, py = 4 + (zmax - xz.second) * kCell;
        out += fmt::format(
            "<rect class=\"{}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"><title>small tile x {} z {}: {} of {} failing</title></rect>",
            c.failing ? "error" : "ok", px, py, kCell - 1, kCell - 1, xz.first, xz.second, grouped(c.failing),
            plural(c.members, "member", "members"));
    }
    out += fmt::format(
        "<text x=\"0\" y=\"14\">z {}</text><text x=\"0\" y=\"{}\">z {}</text><text x=\"36\" y=\"{}\">x {}</text></svg>\n",
        zmax, h - 12, zmin, h - 2, xmin);
    out +=
        "<div class=\"legend\"><span><i class=\"ok\"></i>every member holds every rule</span><span><i class=\"error\"></i>failing members</span>"
        "<span class=\"muted\">blank: no member read</span></div>\n";
    return out;
}

// One bar per map: its members, the failing ones in red.
std::string map_bars(const std::vector<MapRow>& rows) {
    std::string out = "<table>";
    for (const MapRow& r : rows) {
        int x0 = 0, z0 = 0, span = 0;
        if (r.game == Game::kEldenRing && small_tiles_of(r.map, x0, z0, span)) continue;  // in the tile grid
        const double failing = r.members ? 240.0 * double(r.failing_members) / double(r.members) : 0.0;
        out += fmt::format(
            "<tr><td><code>{}</code></td><td><svg width=\"240\" height=\"12\"><rect class=\"ok\" x=\"0\" y=\"1\" width=\"240\" "
            "height=\"10\"/><rect class=\"error\" x=\"0\" y=\"1\" width=\"{:.2f}\" height=\"10\"/></svg></td><td class=\"muted\">{} of {}</td></tr>",
            html_escape(r.map.empty() ? "(no map)" : r.map), failing, grouped(r.failing_members), grouped(r.members));
    }
    return out + "</table>\n";
}

std::string map_rows(const std::vector<const MapRow*>& rows) {
    std::string out =
        "<table><tr><th>map</th><th>place</th><th class=\"num\">members</th><th class=\"num\">failing</th>"
        "<th class=\"num\">violations</th><th>by rule</th></tr>\n";
    for (const MapRow* r : rows)
        out += fmt::format(
            "<tr><td><code>{}</code></td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td></tr>\n",
            html_escape(r->map.empty() ? "(no map)" : r->map), html_escape(r->place), grouped(r->members),
            r->failing_members ? "<span class=\"bad\">" + grouped(r->failing_members) + "</span>" : std::string("0"),
            grouped(r->violations), html_escape(rules_text(r->by_rule)));
    return out + "</table>\n";
}

// The pictures first (where the failures are), then the maps that fail, then every map: an
// install has hundreds of maps, so the whole table is folded when it is long.
void write_maps(std::string& out, const RunResult& run) {
    constexpr std::size_t kOpenTable = 40;
    const std::vector<MapRow> rows = map_table(run);
    out += "<h2 id=\"maps\">Maps</h2>\n";
    out += tile_grid(rows);
    out += map_bars(rows);
    std::vector<const MapRow*> all, failing;
    for (const MapRow& r : rows) {
        all.push_back(&r);
        if (r.failing_members > 0) failing.push_back(&r);
    }
    if (all.size() <= kOpenTable) {
        out += map_rows(all);
        return;
    }
    if (!failing.empty()) out += "<h3>Maps with failing members</h3>\n" + map_rows(failing);
    out +=
        fmt::format("<details><summary>Every map ({})</summary>\n{}</details>\n", grouped(all.size()), map_rows(all));
}

}  // namespace

std::string html_failing_files(const ReportModel& model) {
    if (model.run->members.empty()) return {};
    std::string out;
    write_files(out, *model.run);
    write_maps(out, *model.run);
    return out;
}

}  // namespace meshproof
