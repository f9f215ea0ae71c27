// The checked-in corpus manifests (corpus-manifests/*.json) against their sources: every entry
// agrees with its figures.tsv row and with counters.tsv, loads against the pass registry, and the
// manifests hold every figure of the two documents that is computable from files.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <regex>

#include "reports/manifest.h"

namespace meshproof {
namespace {

const std::filesystem::path kManifests = std::filesystem::path(MESHPROOF_SOURCE_DIR) / "corpus-manifests";
const std::filesystem::path kFiguresTsv =
    std::filesystem::path(MESHPROOF_SOURCE_DIR) / ".." / "shared" / "spec" / "figures.tsv";
const char* kNames[] = {"sekiro", "eldenring", "eldenring-dlc", "freelancer"};

std::vector<std::vector<std::string>> read_tsv(const std::filesystem::path& path, bool skip_comments) {
    std::ifstream in(path);
    std::vector<std::vector<std::string>> rows;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || (skip_comments && line[0] == '#')) continue;
        std::vector<std::string> cols;
        std::size_t start = 0;
        for (;;) {
            const auto tab = line.find('\t', start);
            cols.push_back(line.substr(start, tab - start));
            if (tab == std::string::npos) break;
            start = tab + 1;
        }
        rows.push_back(std::move(cols));
    }
    return rows;
}

struct Row {
    std::string id, document, game, scope, figure, value, of, label, pass, quote;
};

std::map<std::string, Row> figures_tsv() {
    std::map<std::string, Row> out;
    auto rows = read_tsv(kFiguresTsv, false);
    for (std::size_t i = 1; i < rows.size(); ++i) {
        auto& c = rows[i];
        c.resize(10);
        out[c[0]] = Row{c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9]};
    }
    return out;
}

std::vector<double> numbers_of(const std::string& value) {
    std::vector<double> out;
    std::istringstream in(value);
    std::string word;
    while (in >> word) {
        if (!word.empty() && word.back() == '%') word.pop_back();
        out.push_back(word.rfind("0x", 0) == 0 ? static_cast<double>(std::stoul(word, nullptr, 16)) : std::stod(word));
    }
    return out;
}

std::map<std::string, Manifest> load_all() {
    std::map<std::string, Manifest> out;
    for (const char* name : kNames) {
        auto m = load_manifest(kManifests / (std::string(name) + ".json"), PassRegistry::global());
        EXPECT_TRUE(m.ok()) << name << ": " << m.error().message;
        if (m.ok()) out[name] = std::move(*m);
    }
    return out;
}

class CorpusManifests : public ::testing::Test {
protected:
    void SetUp() override {
        if (!std::filesystem::exists(kFiguresTsv)) GTEST_SKIP() << "no " << kFiguresTsv;
    }
};

TEST_F(CorpusManifests, EveryManifestLoadsAgainstThePassRegistry) {
    const auto all = load_all();
    EXPECT_EQ(all.size(), std::size(kNames));
    for (const auto& [name, m] : all) {
        EXPECT_EQ(m.name, name);
        EXPECT_FALSE(m.figures.empty()) << name;
    }
}

// A length or an ulp distance (not a count): the document states it to the digits it shows.
bool is_measure(const std::string& figure) {
    static const std::regex measure(R"(,[^,]*\b(ulps?|micrometres|mm)\b)");
    return std::regex_search(figure, measure);
}

// Column 8 "tolerance=N" of counters.tsv: a reading's own tolerance (0 when none).
double reading_tolerance(const std::vector<std::string>& c) {
    if (c.size() <= 7) return 0;
    const auto at = (";" + c[7]).find(";tolerance=");
    return at == std::string::npos ? 0 : std::stod(c[7].substr(at + 10, c[7].find(';', at + 10) - at - 10));
}

TEST_F(CorpusManifests, EveryEntryAgreesWithItsFiguresTsvRow) {
    const auto rows = figures_tsv();
    std::map<std::string, double> reading_tolerances;
    for (auto& c : read_tsv(kManifests / "counters.tsv", true)) reading_tolerances[c[0]] = reading_tolerance(c);
    for (const auto& [name, m] : load_all()) {
        for (const ManifestFigure& f : m.figures) {
            SCOPED_TRACE(name + ": " + f.id);
            auto it = rows.find(f.id);
            ASSERT_NE(it, rows.end());
            const Row& row = it->second;
            EXPECT_EQ(f.figure, row.figure);
            const std::vector<double> values = numbers_of(row.value);
            if (values.size() > 1) {
                EXPECT_EQ(f.expected_list, values);
                EXPECT_EQ(f.expected, static_cast<double>(values.size()));
            } else {
                ASSERT_EQ(values.size(), 1u);
                // a share (column 8 "share"): "x of y" as 100 x / y
                if (f.share) EXPECT_EQ(f.expected, 100 * values[0] / std::stod(row.of));
                else EXPECT_EQ(f.expected, values[0]);
            }
            EXPECT_EQ(f.percent, f.share || (!row.value.empty() && row.value.back() == '%'));
            if (row.of.empty()) EXPECT_FALSE(f.denominator.has_value());
            else EXPECT_EQ(f.denominator, std::stod(row.of));
            EXPECT_EQ(f.label, row.label.empty() ? "Unlabelled" : row.label);
            EXPECT_EQ(f.quote, row.quote);
            EXPECT_EQ(f.scope_text, row.scope);
            if (row.game == "both") {  // a figure of both games together, in each game's manifest
                EXPECT_EQ(f.scope.game, "both");
                EXPECT_TRUE(m.game == "sekiro" || m.game == "eldenring");
                EXPECT_EQ(f.scope.dlc, row.scope.find("incl. DLC") != std::string::npos);
            } else {
                EXPECT_EQ(f.scope.game, m.game);
                EXPECT_EQ(row.game == "eldenring+dlc" ? "eldenring" : row.game, m.game);
                EXPECT_EQ(f.scope.dlc, name == "eldenring-dlc");
            }
            EXPECT_NE(row.pass, "none") << "a figure measured in the game is not computable from files";
            // A rounded figure carries its rounding; an exact one none.
            if (f.share) {  // "about four of five": x's rounding (half a unit: x is stated to its units) as a share of y
                EXPECT_DOUBLE_EQ(f.tolerance,
                                 row.figure.find("about") == std::string::npos ? 0 : 100 * 0.5 / std::stod(row.of));
            } else if (f.kind == FigureKind::kBound) {  // "(bound) 16": the bound is stated exactly
                EXPECT_EQ(f.tolerance, 0) << "a bound";
            } else if (f.kind == FigureKind::kMean && !f.percent) {  // "averaging 69": rounded to the digits shown
                const auto dot = row.value.find('.');
                const int decimals = dot == std::string::npos ? 0 : static_cast<int>(row.value.size() - dot - 1);
                EXPECT_DOUBLE_EQ(f.tolerance, 0.5 * std::pow(10.0, -decimals)) << row.value;
            } else if (f.percent) {  // "99.2%" is 99.15 to 99.25: half a unit of the last stated digit
                const auto dot = row.value.find('.');
                const int decimals = dot == std::string::npos ? 0 : static_cast<int>(row.value.size() - dot - 2);
                EXPECT_DOUBLE_EQ(f.tolerance, 0.5 * std::pow(10.0, -decimals)) << row.value;
            } else if (is_measure(row.figure) && row.figure.find("of written as") == std::string::npos) {
                // "2.8 ulp", "73 micrometres": a measure is stated to the digits shown
                const auto dot = row.value.find('.');
                const int decimals = dot == std::string::npos ? 0 : static_cast<int>(row.value.size() - dot - 1);
                if (row.figure.find("about") == std::string::npos) {
                    EXPECT_DOUBLE_EQ(f.tolerance, 0.5 * std::pow(10.0, -decimals)) << row.value;
                }
            } else if (row.figure.find("about") != std::string::npos ||
                       row.figure.find("written as") != std::string::npos) {
                // rounded by the document's words: checked by the generator's own rule
            } else if ((row.value.find('.') != std::string::npos || row.value.find('e') != std::string::npos) &&
                       row.value.find(' ') == std::string::npos) {
                // "122.50", "4.5e-7", "6e-9": a decimal or a power of ten is stated to the digits shown
                const std::size_t e = row.value.find('e');
                const std::string mantissa = row.value.substr(0, e);
                const std::size_t dot = mantissa.find('.');
                const int decimals = dot == std::string::npos ? 0 : static_cast<int>(mantissa.size() - dot - 1);
                const int exponent = e == std::string::npos ? 0 : std::stoi(row.value.substr(e + 1));
                EXPECT_NEAR(f.tolerance, 0.5 * std::pow(10.0, exponent - decimals),
                            1e-9 * std::pow(10.0, exponent - decimals))
                    << row.value;
            } else {  // an exact figure: none, or the reading's own ("a few hulls apart")
                EXPECT_EQ(f.tolerance, reading_tolerances[f.id]) << "an exact figure";
            }
        }
    }
}

TEST_F(CorpusManifests, EveryEntryFollowsCountersTsv) {
    std::map<std::string, std::vector<std::string>> mapped;
    for (auto& c : read_tsv(kManifests / "counters.tsv", true)) {
        ASSERT_GE(c.size(), 6u);
        EXPECT_TRUE(mapped.emplace(c[0], c).second) << "duplicate " << c[0];
    }
    std::set<std::string> seen;
    for (const auto& [name, m] : load_all()) {
        for (const ManifestFigure& f : m.figures) {
            SCOPED_TRACE(name + ": " + f.id);
            auto it = mapped.find(f.id);
            if (it == mapped.end()) {
                EXPECT_FALSE(f.pass.has_value()) << "a pass with no counters.tsv row";
                continue;
            }
            seen.insert(f.id);
            const auto& c = it->second;
            ASSERT_TRUE(f.pass.has_value());
            EXPECT_EQ(*f.pass, c[1]);
            // lowest_of / highest_of: columns 3 and 5 hold the pairs' counters and ofs joined by ','
            std::string counters = f.counter, ofs = f.of;
            for (const auto& [count, of] : f.pairs) {
                counters += (counters.empty() ? "" : ",") + count;
                ofs += (ofs.empty() ? "" : ",") + of;
            }
            EXPECT_EQ(counters, c[2]);
            EXPECT_EQ(f.complement, c.size() > 7 && (";" + c[7] + ";").find(";complement;") != std::string::npos);
            EXPECT_EQ(f.share, c.size() > 7 && (";" + c[7] + ";").find(";share;") != std::string::npos);
            // the set column: SET, "-" (every set), or SET@NAME for a figure of one named file
            const std::string set = c[3].substr(0, c[3].find('@'));
            EXPECT_EQ(f.scope.set, set == "-" ? "" : set);
            EXPECT_EQ(f.scope.file, c[3].find('@') == std::string::npos ? "" : c[3].substr(c[3].find('@') + 1));
            EXPECT_EQ(ofs, c[4] == "-" ? "" : c[4]);
            EXPECT_EQ(f.denominator_counter, c[5] == "-" ? "" : c[5]);
            // column 8 "ratio": counter / of, never a percentage
            const bool ratio = c.size() > 7 && (";" + c[7] + ";").find(";ratio;") != std::string::npos;
            EXPECT_EQ(f.ratio, ratio);
            if (ratio) {
                EXPECT_FALSE(f.percent);
            }
            // column 8 "kind=KIND": the figure's kind (none: a plain value)
            std::string kind = "value";
            if (c.size() > 7) {
                if (const auto at = (";" + c[7]).find(";kind="); at != std::string::npos)
                    kind = c[7].substr(at + 5, c[7].find(';', at + 5) - at - 5);
            }
            EXPECT_EQ(figure_kind_name(f.kind), kind);
            // column 8 "map=PREFIX,...": a place (scope.map, the prefixes joined by ',')
            std::string map;
            if (c.size() > 7)
                if (const auto at = (";" + c[7]).find(";map="); at != std::string::npos)
                    map = c[7].substr(at + 4, c[7].find(';', at + 4) - at - 4);
            EXPECT_EQ(f.scope.map, map);
            // column 8 "tolerance=N": at least the reading's own tolerance
            EXPECT_GE(f.tolerance, reading_tolerance(c));
        }
    }
    for (const auto& [id, c] : mapped) EXPECT_TRUE(seen.count(id)) << id << " is in counters.tsv but no manifest";
}

TEST_F(CorpusManifests, HoldEveryFigureOfBothDocumentsComputableFromFiles) {
    const auto all = load_all();
    std::map<std::string, std::set<std::string>> ids;
    for (const auto& [name, m] : all)
        for (const auto& f : m.figures) ids[name].insert(f.id);
    std::size_t havok = 0, sur = 0;
    for (const auto& [id, row] : figures_tsv()) {
        if (row.pass == "none") continue;
        SCOPED_TRACE(id);
        const bool dlc = row.game == "eldenring+dlc" || row.scope.find("incl. DLC") != std::string::npos;
        if (row.document == "sur") {
            ++sur;
            EXPECT_TRUE(ids["freelancer"].count(id));
            continue;
        }
        ++havok;
        if (row.game == "sekiro" || row.game == "both") {
            EXPECT_TRUE(ids["sekiro"].count(id));
        }
        if (row.game == "eldenring" || (row.game == "both" && !dlc)) {
            EXPECT_TRUE(ids["eldenring"].count(id));
        }
        if (row.game == "eldenring+dlc" || (row.game == "both" && dlc)) {
            EXPECT_TRUE(ids["eldenring-dlc"].count(id));
        }
    }
    // figures.md: 453 havok figures (14 measured in the game) and 84 sur figures.
    EXPECT_EQ(havok, 453u - 14u);
    EXPECT_EQ(sur, 84u);
}

// NOT-COMPUTED.md is generated with the manifests: every figure with "pass": null is listed there.
TEST_F(CorpusManifests, NotComputedListIsCurrent) {
    std::stringstream text;
    text << std::ifstream(kManifests / "NOT-COMPUTED.md").rdbuf();
    const std::string list = text.str();
    std::size_t listed = 0;
    for (const auto& [name, m] : load_all())
        for (const ManifestFigure& f : m.figures) {
            const bool in_list = list.find("- `" + f.id + "`:") != std::string::npos;
            EXPECT_EQ(in_list, !f.pass.has_value()) << name << ": " << f.id;
            listed += in_list;
        }
    EXPECT_GT(listed, 0u);
}

// The README's status lines (written by scripts/make-manifests) state the manifests' real counts.
TEST_F(CorpusManifests, ReadmeStatusStatesTheManifestsCounts) {
    std::stringstream text;
    text << std::ifstream(std::filesystem::path(MESHPROOF_SOURCE_DIR) / "README.md").rdbuf();
    const std::string readme = text.str();
    const auto all = load_all();
    std::string entries;
    std::map<std::string, bool> computed;  // id -> computed by a pass
    for (const char* name : kNames) {
        const Manifest& m = all.at(name);
        entries += (entries.empty() ? "" : ", ") + std::string(name) + ".json " + std::to_string(m.figures.size());
        for (const auto& f : m.figures) computed[f.id] = f.pass.has_value();
    }
    std::size_t n = 0;
    for (const auto& [id, c] : computed) n += c;
    EXPECT_NE(readme.find("  - Manifest entries: " + entries + ".\n"), std::string::npos) << entries;
    const std::string line = "  - Figures computed by a pass: " + std::to_string(n) + " of the " +
                             std::to_string(computed.size()) + " computable from files.\n";
    EXPECT_NE(readme.find(line), std::string::npos) << line;
}

}  // namespace
}  // namespace meshproof
