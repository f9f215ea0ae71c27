// Which files fail, for every report and the terminal: the failing members (a rule broken, or not
// decoded) in path order, the files that hold them ranked by violations, the per-map table, and
// `verify --failures`' lines. Computed from RunResult::members, which the run keeps in path
// order, so all of it is the same at any thread count.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/pipeline/run.h"

namespace meshproof {

// "binder :: member" → "binder"; a loose file's path is its own file.
std::string file_of_member(const std::string& member_path);
// "pass.counter" of a finding: a rule as every report names it.
std::string rule_name(const MemberFinding& f);
// "leafbox.prims_outside 105, page.triangles_outside_domain 210": violations by rule, as the
// summary, the Markdown and the HTML print them.
std::string rules_text(const std::map<std::string, std::uint64_t>& by_rule);

std::vector<const MemberStatus*> failing_members(const RunResult& run);

// A file (binder or loose file) that holds failing members.
struct FailingFile {
    std::string path;
    Game game = Game::kUnknown;
    std::string place;  // places.md's name of the file's map, "" where it names none
    std::uint64_t violations = 0;
    std::uint64_t failing_members = 0;
    std::uint64_t decode_errors = 0;
    std::map<std::string, std::uint64_t> by_rule;  // "pass.counter" → violations in the file
};
// Most violations first, then most members that did not decode, then path order.
std::vector<FailingFile> worst_files(const RunResult& run);

// One map's row ("" for members of no map: object, asset and character binders, loose files).
struct MapRow {
    std::string map;
    std::string place;  // places.md's name, "" where it names none
    Game game = Game::kUnknown;
    std::uint64_t members = 0;
    std::uint64_t failing_members = 0;  // a rule broken or not decoded
    std::uint64_t violations = 0;
    std::map<std::string, std::uint64_t> by_rule;  // "pass.counter" → violations
};
// Map order, the row of no map last; several roots' games apart (game, then map).
std::vector<MapRow> map_table(const RunResult& run);

// `verify --failures`: one line per (failing member, rule) or per member that did not decode,
// tab-separated, path order then the rules' order, after two header lines starting with '#'
// ("# meshproof verify failures", then the columns):
//   path  map  place  state  rule  count  where  detail
// `rule` is "pass.counter" for a broken rule and "decode:CODE" for a member that did not
// decode (its `where` "byte N"); tabs and newlines inside a field are written as spaces.
std::string render_failures(const RunResult& run);

}  // namespace meshproof
