#include "reports/member_results.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/core/plural.h"
#include "engine/pipeline/place_scope.h"
#include "reports/place_names.h"

namespace meshproof {

std::string file_of_member(const std::string& member_path) {
    const std::size_t sep = member_path.find(" :: ");
    return sep == std::string::npos ? member_path : member_path.substr(0, sep);
}

std::string rule_name(const MemberFinding& f) { return f.pass + "." + f.counter; }

std::string rules_text(const std::map<std::string, std::uint64_t>& by_rule) {
    std::string out;
    for (const auto& [rule, n] : by_rule) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", rule, grouped(n));
    return out;
}

std::vector<const MemberStatus*> failing_members(const RunResult& run) {
    std::vector<const MemberStatus*> out;
    for (const MemberStatus& m : run.members)
        if (m.failed()) out.push_back(&m);
    return out;
}

std::vector<FailingFile> worst_files(const RunResult& run) {
    std::vector<FailingFile> out;
    for (const MemberStatus* m : failing_members(run)) {
        const std::string file = file_of_member(m->path);
        if (out.empty() || out.back().path != file)
            out.push_back(FailingFile{
                file, m->game, place_name(m->game, map_of_path(file)), 0, 0, 0, {}});  // a file's members are adjacent
        FailingFile& f = out.back();
        f.violations += m->violations();
        for (const MemberFinding& finding : m->findings) f.by_rule[rule_name(finding)] += finding.count;
        if (!m->findings.empty()) ++f.failing_members;
        if (m->state == MemberState::kDecodeError) ++f.decode_errors;
    }
    std::stable_sort(out.begin(), out.end(), [](const FailingFile& a, const FailingFile& b) {
        if (a.violations != b.violations) return a.violations > b.violations;
        return a.decode_errors > b.decode_errors;
    });
    return out;
}

std::vector<MapRow> map_table(const RunResult& run) {
    std::map<std::pair<Game, std::string>, MapRow> rows;
    for (const MemberStatus& m : run.members) {
        if (m.not_collision) continue;
        const std::string map = map_of_path(m.path);
        MapRow& r = rows[{m.game, map}];
        if (r.members == 0) {
            r.map = map;
            r.game = m.game;
            r.place = place_name(m.game, map);
        }
        ++r.members;
        if (m.failed()) ++r.failing_members;
        for (const MemberFinding& f : m.findings) {
            r.violations += f.count;
            r.by_rule[rule_name(f)] += f.count;
        }
    }
    std::vector<MapRow> out;
    for (auto& [key, row] : rows)
        if (!key.second.empty()) out.push_back(std::move(row));
    for (auto& [key, row] : rows)
        if (key.second.empty()) out.push_back(std::move(row));
    return out;
}

namespace {

std::string field(std::string s) {
    std::replace_if(
        s.begin(), s.end(), [](char c) { return c == '\t' || c == '\n' || c == '\r'; }, ' ');
    return s;
}

}  // namespace

std::string render_failures(const RunResult& run) {
    std::string out = "# meshproof verify failures\n# path\tmap\tplace\tstate\trule\tcount\twhere\tdetail\n";
    for (const MemberStatus* m : failing_members(run)) {
        const std::string map = map_of_path(m->path);
        const std::string head =
            fmt::format("{}\t{}\t{}\t{}\t", field(m->path), map, place_name(m->game, map), member_state_name(m->state));
        if (m->state == MemberState::kDecodeError)
            out += head + fmt::format("decode:{}\t1\tbyte {}\t{}\n", error_code_name(m->error.code), m->error.offset,
                                      field(m->error.message));
        for (const MemberFinding& f : m->findings)
            out += head + fmt::format("{}\t{}\t{}\t{}\n", rule_name(f), f.count, field(f.location), field(f.detail));
    }
    return out;
}

}  // namespace meshproof
