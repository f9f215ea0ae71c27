// The .sur fixtures of the shared corpus (../shared/corpus/sur/, README sections `sur/...`).
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "engine/sur/convex_hull.h"
#include "engine/sur/sur_model.h"
#include "tests/support/corpus.h"

namespace meshproof::test {

// Sorted file names of a corpus folder such as "sur/mods".
inline std::vector<std::string> sur_files(const std::string& folder) {
    std::vector<std::string> out;
    const auto dir = corpus_path(folder);
    if (!std::filesystem::is_directory(dir)) return out;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().extension() == ".sur") out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

// The corpus README's "what it is" column for every `.sur` row: file name -> description
// ("retail vers 2.0, 3 parts", "vers 2.0, 7 parts (with `!fxd`, `hpid`)", "**malformed**: ...",
// "retail legacy, 20 records (18× `ledg`, 2× `surf`); 7,059 bare ledges").
inline std::map<std::string, std::string> sur_readme_rows() {
    std::map<std::string, std::string> out;
    std::ifstream in(corpus_path("README.md"));
    std::string line;
    const std::regex row(R"(^\| `([^`]+\.sur)` \| [0-9,]+ \| ([^|]+) \|)");
    std::smatch m;
    while (std::getline(in, line))
        if (std::regex_search(line, m, row)) out[m[1].str()] = m[2].str();
    return out;
}

// The first integer before `word` in a README description ("3 parts" -> 3), -1 if none.
inline long readme_count(const std::string& text, const std::string& word) {
    const std::regex re("([0-9][0-9,]*)" + word);
    std::smatch m;
    if (!std::regex_search(text, m, re)) return -1;
    std::string digits;
    for (char c : m[1].str())
        if (c != ',') digits += c;
    return std::stol(digits);
}

// The points terminal hull `l` of `m` uses, each once, in the order its faces' edges first name
// them (what the sur_hull pass rebuilds it from).
inline std::vector<sur::HullPoint> hull_points_first_use(const sur::SurModel& m, std::uint32_t l) {
    std::vector<sur::HullPoint> pts;
    std::vector<std::uint32_t> seen;
    const sur::IndexRange f = m.ledges.faces[l];
    for (std::uint32_t e = f.first * 3; e < f.end() * 3; ++e) {
        const std::uint32_t p = m.edges.point[e];
        if (std::find(seen.begin(), seen.end(), p) != seen.end()) continue;
        seen.push_back(p);
        pts.push_back({m.points.x[p], m.points.y[p], m.points.z[p]});
    }
    return pts;
}

}  // namespace meshproof::test
