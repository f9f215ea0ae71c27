#include "reports/manifest.h"

#include <algorithm>
#include <fstream>
#include <initializer_list>
#include <set>
#include <sstream>

#include "engine/pipeline/place_scope.h"
#include "reports/json_fields.h"

namespace meshproof {
namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

constexpr std::size_t kMaxQuoteWords = 20;

bool is_known_label(std::string_view l) {
    return l == "Proven" || l == "Observed" || l == "Inferred" || l == "Sourced" || l == "Unknown" ||
           l == "Unlabelled" || l == "Synthetic";
}

bool is_known_set(std::string_view s) {
    return s == "h" || s == "l" || s == "f" || s == "object" || s == "asset" || s == kCharacterSet || s == "loose" ||
           s == kEverySet || s == "vers" || s == "legacy";
}

bool is_known_game(std::string_view g) {
    return g == "sekiro" || g == "eldenring" || g == "freelancer" || g == kBothGames;
}

bool is_havok_set(std::string_view s) { return s != "vers" && s != "legacy"; }

// scope.map: one map-id prefix ("m11_01_00_00", "m60_34_5") or an array of them (a place of
// several maps or tile groups), kept as the prefixes joined by ','.
Result<std::string> read_map(const JsonFields& s, object o) {
    std::vector<std::string> prefixes;
    element e;
    if (o.at_key("map").get(e) != simdjson::SUCCESS) return json_error(s.where(), "'map' missing");
    std::string_view one;
    if (e.get_string().get(one) == simdjson::SUCCESS) {
        prefixes.emplace_back(one);
    } else {
        array list;
        if (e.get_array().get(list) != simdjson::SUCCESS)
            return json_error(s.where(), "'map' must be a map id or an array of map ids");
        for (element v : list) {
            if (v.get_string().get(one) != simdjson::SUCCESS)
                return json_error(s.where(), "'map' must hold map ids only");
            prefixes.emplace_back(one);
        }
    }
    if (prefixes.empty()) return json_error(s.where(), "'map' names no map");
    std::string key;
    for (const std::string& p : prefixes) {
        if (!is_map_prefix(p))
            return json_error(s.where(), "map '" + p + "' is not a map id or map-id prefix (m11_01_00_00, m60_34_5)");
        key += (key.empty() ? "" : ",") + p;
    }
    return key;
}

std::size_t word_count(std::string_view s) {
    std::size_t n = 0;
    bool in_word = false;
    for (char c : s) {
        const bool space = c == ' ' || c == '\t' || c == '\n';
        if (!space && !in_word) ++n;
        in_word = !space;
    }
    return n;
}

const CounterInfo* find_counter(const Pass& pass, std::string_view name) {
    for (const auto& c : pass.info().counters)
        if (c.name == name) return &c;
    return nullptr;
}

const CounterInfo* find_in(const std::vector<CounterInfo>& list, std::string_view name) {
    for (const auto& c : list)
        if (c.name == name) return &c;
    return nullptr;
}

const CounterInfo* find_maximum(const Pass& pass, std::string_view name) { return find_in(pass.info().maxima, name); }
const CounterInfo* find_minimum(const Pass& pass, std::string_view name) { return find_in(pass.info().minima, name); }
const CounterInfo* find_value_set(const Pass& pass, std::string_view name) {
    return find_in(pass.info().value_sets, name);
}

bool measures_value_set(FigureKind k) {
    return k == FigureKind::kValueSet || k == FigureKind::kList || k == FigureKind::kMedian ||
           k == FigureKind::kDistinct;
}

// The rules each kind adds (FORMAT.md, "Figure kinds"), checked once every field is read.
Status check_kind(const ManifestFigure& fig, const std::string& where) {
    const FigureKind k = fig.kind;
    if (k == FigureKind::kValue) return ok_status();
    const std::string name(figure_kind_name(k));
    if (!fig.pass) return json_error(where, "kind '" + name + "' needs a pass");
    if (fig.exceeds) return json_error(where, "kind '" + name + "' cannot be 'exceeds'");
    if (measures_value_set(k)) {
        if (!fig.of.empty() || !fig.denominator_counter.empty() || !fig.alternatives.empty())
            return json_error(where, "kind '" + name + "' takes no 'of', 'denominator_counter' or 'alternatives'");
    }
    if ((k == FigureKind::kList) != !fig.expected_list.empty())
        return json_error(
            where, k == FigureKind::kList ? "kind 'list' needs 'expected_list'" : "'expected_list' needs kind 'list'");
    if (k == FigureKind::kMean && (fig.of.empty() || fig.ratio || fig.percent || fig.maximum || fig.minimum))
        return json_error(
            where,
            "kind 'mean' needs 'of' (the count the sum is over), and is not a ratio, percentage, maximum or minimum");
    if (ranks_pairs(k) && (fig.ratio || !fig.percent || !fig.denominator_counter.empty() || !fig.alternatives.empty()))
        return json_error(
            where,
            "kind '" + name +
                "' ranks percentages: not a 'ratio', 'percent' not false, no 'denominator_counter' or 'alternatives'");
    if ((k == FigureKind::kLowestSet || k == FigureKind::kHighestSet) &&
        (!fig.scope.set.empty() || !fig.denominator_counter.empty()))
        return json_error(
            where,
            "kind '" + name + "' is over every binder set of the game: no 'scope.set', no 'denominator_counter'");
    return ok_status();
}

// kind lowest_of / highest_of: "pairs": [[COUNTER, OF], ...], at least two, each a counter of the
// pass (no maximum, minimum or value set), and "complement" (optional); never "counter" or "of".
Status read_pairs(const JsonFields& f, const Pass& pass, ManifestFigure& fig) {
    const std::string name(figure_kind_name(fig.kind));
    if (f.has("counter") || f.has("of"))
        return json_error(f.where(), "kind '" + name + "' takes 'pairs', not 'counter' or 'of'");
    if (f.has("ratio") || f.has("exceeds") || f.has("alternatives") || f.has("denominator_counter"))
        return json_error(f.where(),
                          "kind '" + name + "' takes no 'ratio', 'exceeds', 'alternatives' or 'denominator_counter'");
    if (!f.has("pairs")) return json_error(f.where(), "kind '" + name + "' needs 'pairs' ([[counter, of], ...])");
    MP_TRY_ASSIGN(array list, f.sub_array("pairs"));
    for (element e : list) {
        const auto pair = json_string_pair(e);
        if (!pair) return f.bad("pairs", "each pair is [counter, of], two counter names");
        for (const std::string& c : {pair->first, pair->second})
            if (find_counter(pass, c) == nullptr)
                return json_error(f.where(), "pass '" + pass.info().name + "' declares no counter '" + c + "' (pairs)");
        fig.pairs.push_back(*pair);
    }
    if (fig.pairs.size() < 2) return f.bad("pairs", "needs two pairs or more (one pair is a plain percentage)");
    MP_TRY_ASSIGN(fig.complement, f.optional_boolean("complement", false));
    return ok_status();
}

Result<FigureScope> read_scope(const JsonFields& f) {
    MP_TRY_ASSIGN(object o, f.sub_object("scope"));
    JsonFields s(o, f.path("scope"));
    FigureScope scope;
    MP_TRY_ASSIGN(scope.game, s.string("game"));
    if (!is_known_game(scope.game)) return json_error(s.where(), "unknown game '" + scope.game + "'");
    if (s.present("set")) {
        MP_TRY_ASSIGN(scope.set, s.string("set"));
        if (!is_known_set(scope.set)) return json_error(s.where(), "unknown set '" + scope.set + "'");
    }
    MP_TRY_ASSIGN(scope.dlc, s.optional_boolean("dlc", false));
    if (s.present("file")) {
        MP_TRY_ASSIGN(scope.file, s.string("file"));
        if (scope.file.empty() || scope.file.find_first_of("/\\#") != std::string::npos)
            return json_error(s.where(), "file '" + scope.file + "' must be one file name (no separator, no '#')");
    }
    if (s.present("map")) {
        MP_TRY_ASSIGN(scope.map, read_map(s, o));
        if (!scope.file.empty()) return json_error(s.where(), "a scope names a 'file' or a 'map', not both");
        if (scope.game == "freelancer") return json_error(s.where(), "Freelancer has no maps: no 'map' in its scope");
    }
    if (scope.both_games() && !scope.set.empty() && !is_havok_set(scope.set))
        return json_error(s.where(), "set '" + scope.set + "' is Freelancer's, not of both games");
    if (scope.dlc && scope.game != "eldenring" && !scope.both_games())
        return json_error(s.where(), "'dlc' is Elden Ring's (game eldenring or both)");
    return scope;
}

// A figure of one counter (every kind but lowest_of / highest_of): "counter" (a counter, maximum,
// minimum or value set of the pass), "of", "ratio", "denominator_counter", "exceeds", "alternatives".
Status read_counter(const JsonFields& f, const Pass& pass, ManifestFigure& fig) {
    const std::string& where = f.where();
    const std::string pass_name = pass.info().name;
    MP_TRY_ASSIGN(fig.counter, f.string("counter"));
    const bool is_count = find_counter(pass, fig.counter) != nullptr;
    fig.maximum = !is_count && find_maximum(pass, fig.counter) != nullptr;
    fig.minimum = !is_count && !fig.maximum && find_minimum(pass, fig.counter) != nullptr;
    const bool is_value_set = !is_count && !fig.maximum && !fig.minimum && find_value_set(pass, fig.counter) != nullptr;
    if (!is_count && !fig.maximum && !fig.minimum && !is_value_set)
        return json_error(
            where, "pass '" + pass_name + "' declares no counter, maximum, minimum or value set '" + fig.counter + "'");
    if (is_value_set != measures_value_set(fig.kind))
        return json_error(where, is_value_set
                                     ? "value set '" + fig.counter + "' needs kind 'value_set', 'list' or 'median'"
                                     : "kind '" + std::string(figure_kind_name(fig.kind)) +
                                           "' needs a value set, not '" + fig.counter + "'");
    if (f.present("of")) {
        MP_TRY_ASSIGN(fig.of, f.string("of"));
        if (fig.maximum || fig.minimum)
            return json_error(where, "a maximum or minimum cannot be a percentage ('of' given)");
        if (find_counter(pass, fig.of) == nullptr)
            return json_error(where, "pass '" + pass_name + "' declares no counter '" + fig.of + "' (of)");
    }
    MP_TRY_ASSIGN(fig.ratio, f.optional_boolean("ratio", false));
    if (fig.ratio && fig.of.empty()) return json_error(where, "'ratio' needs 'of' (the counter divided by)");
    MP_TRY_ASSIGN(fig.denominator_counter, f.optional_string("denominator_counter"));
    if (!fig.denominator_counter.empty() && find_counter(pass, fig.denominator_counter) == nullptr)
        return json_error(where, "pass '" + pass_name + "' declares no counter '" + fig.denominator_counter +
                                     "' (denominator_counter)");
    MP_TRY_ASSIGN(fig.exceeds, f.optional_boolean("exceeds", false));
    if (fig.exceeds && (fig.maximum || fig.minimum))
        return json_error(where, "a maximum or minimum cannot be 'exceeds'");
    if (f.has("alternatives")) {
        MP_TRY_ASSIGN(array list, f.sub_array("alternatives"));
        for (element v : list) {
            std::string_view name;
            if (v.get_string().get(name) != simdjson::SUCCESS)
                return json_error(where, "'alternatives' must hold counter names only");
            if (find_counter(pass, name) == nullptr)
                return json_error(
                    where, "pass '" + pass_name + "' declares no counter '" + std::string(name) + "' (alternatives)");
            fig.alternatives.emplace_back(name);
        }
    }
    return ok_status();
}

Result<ManifestFigure> read_figure(element e, std::size_t index, const PassRegistry& registry) {
    std::string where = "figures[" + std::to_string(index) + "]";
    MP_TRY_ASSIGN(object o, json_object_at(e, where));
    ManifestFigure fig;
    {
        JsonFields first(o, where);
        MP_TRY_ASSIGN(fig.id, first.string("id"));
        if (fig.id.empty()) return json_error(where, "'id' is empty");
    }
    where += " (" + fig.id + ")";  // every later error names the entry by its id too
    JsonFields f(o, where);
    MP_TRY_ASSIGN(fig.figure, f.string("figure"));

    if (!f.has("pass")) return f.bad("pass", "missing (null when no pass computes it)");
    if (f.present("pass")) {
        MP_TRY_ASSIGN(std::string pass_name, f.string("pass"));
        const Pass* pass = registry.find(pass_name);
        if (pass == nullptr) return json_error(where, "unknown pass '" + pass_name + "'");
        fig.pass = pass_name;
        if (f.present("kind")) {
            MP_TRY_ASSIGN(std::string kind, f.string("kind"));
            const std::optional<FigureKind> k = figure_kind_from_name(kind);
            if (!k) return f.bad("kind", "unknown kind '" + kind + "'");
            fig.kind = *k;
        }
        if (ranks_pairs(fig.kind)) {
            MP_TRY(read_pairs(f, *pass, fig));
        } else {
            if (f.has("pairs") || f.has("complement"))
                return json_error(where, "'pairs' and 'complement' need kind 'lowest_of' or 'highest_of'");
            MP_TRY(read_counter(f, *pass, fig));
        }
    } else if (f.present("counter") || f.present("of")) {
        return json_error(where, "'counter' or 'of' given for a figure whose pass is null");
    } else if (f.has("exceeds") || f.has("alternatives") || f.has("ratio") || f.has("kind") || f.has("pairs") ||
               f.has("complement")) {
        return json_error(
            where,
            "'exceeds', 'alternatives', 'ratio', 'kind', 'pairs' or 'complement' given for a figure whose pass is null");
    }

    MP_TRY_ASSIGN(fig.scope, read_scope(f));
    MP_TRY_ASSIGN(fig.scope_text, f.optional_string("scope_text"));
    MP_TRY_ASSIGN(fig.expected, f.number("expected"));
    if (f.has("expected_list")) {
        MP_TRY_ASSIGN(array list, f.sub_array("expected_list"));
        for (element v : list) {
            double d = 0;
            if (v.get_double().get(d) != simdjson::SUCCESS)
                return json_error(where, "'expected_list' must hold numbers only");
            fig.expected_list.push_back(d);
        }
        if (static_cast<double>(fig.expected_list.size()) != fig.expected)
            return json_error(where, "'expected' must be the length of 'expected_list'");
        if (fig.pass && fig.kind != FigureKind::kList)
            return json_error(where, "a list figure with a pass needs kind 'list' (a value set of lists)");
    }
    const bool quotient = fig.ratio || fig.kind == FigureKind::kMean;  // counter / of, not 100 × counter / of
    MP_TRY_ASSIGN(fig.percent, f.optional_boolean("percent", (!fig.of.empty() && !quotient) || ranks_pairs(fig.kind)));
    if (!fig.of.empty() && !quotient && !fig.percent)
        return json_error(
            where, "a figure with 'of' is a percentage ('percent' cannot be false) unless it is a 'ratio' or a 'mean'");
    if (fig.ratio && fig.percent) return json_error(where, "a 'ratio' is not a percentage ('percent' cannot be true)");
    if (f.present("denominator")) {
        MP_TRY_ASSIGN(double d, f.number("denominator"));
        fig.denominator = d;
    }
    if (!fig.denominator_counter.empty() && !fig.denominator)
        return json_error(where, "'denominator_counter' needs the document's 'denominator'");
    MP_TRY_ASSIGN(fig.share, f.optional_boolean("share", false));
    if (fig.share &&
        (!fig.percent || !fig.denominator || (fig.of.empty() && fig.pairs.empty()) || !fig.denominator_counter.empty()))
        return json_error(
            where,
            "'share' is an 'x of y' figure measured as a percentage: 'of' or 'pairs', a 'denominator', no 'denominator_counter'");
    if (f.present("tolerance")) {
        MP_TRY_ASSIGN(fig.tolerance, f.number("tolerance"));
        if (fig.tolerance < 0) return json_error(where, "'tolerance' must not be negative");
    }
    MP_TRY_ASSIGN(fig.label, f.string("label"));
    if (!is_known_label(fig.label)) return json_error(where, "unknown label '" + fig.label + "'");
    MP_TRY_ASSIGN(fig.quote, f.optional_string("quote"));
    if (word_count(fig.quote) > kMaxQuoteWords) return json_error(where, "'quote' is longer than 20 words");
    MP_TRY(check_kind(fig, where));
    return fig;
}

// Every key of `o` is one of `known`: an install object's misspelt count would otherwise be lost.
Status only_keys(object o, const std::string& where, std::initializer_list<std::string_view> known) {
    for (auto [key, value] : o)
        if (std::find(known.begin(), known.end(), key) == known.end())
            return json_error(json_member_path(where, key), "unknown field");
    return ok_status();
}

// The optional count `key` of an install object.
Result<std::optional<std::uint64_t>> optional_count(const JsonFields& f, std::string_view key) {
    if (!f.present(key)) return std::optional<std::uint64_t>();
    MP_TRY_ASSIGN(std::uint64_t n, f.uint(key));
    return std::optional<std::uint64_t>(n);
}

// "install": {"files": N, "sets": {SET: {"binders": N, "files": N}, ...}, "from": [ID, ...]}
// (FORMAT.md `install`): the sets are the game's, every count optional but at least one given,
// and every id in "from" a figure of the manifest.
Result<ManifestInstall> read_install(const JsonFields& top, const Manifest& m) {
    MP_TRY_ASSIGN(object o, top.sub_object("install"));
    const JsonFields f(o, "install");
    MP_TRY(only_keys(o, "install", {"files", "sets", "from"}));
    ManifestInstall install;
    install.game = m.game;
    MP_TRY_ASSIGN(install.files, optional_count(f, "files"));
    if (f.present("sets")) {
        MP_TRY_ASSIGN(object sets, f.sub_object("sets"));
        for (auto [key, value] : sets) {
            const std::string where = json_member_path("install.sets", key);
            const std::string set(key);
            const bool freelancer_set = set == "vers" || set == "legacy";
            if (!is_known_set(set) || set == kEverySet || freelancer_set != (m.game == "freelancer"))
                return json_error(where, "not a set of " + m.game);
            MP_TRY_ASSIGN(object counts, json_object_at(value, where));
            MP_TRY(only_keys(counts, where, {"binders", "files"}));
            const JsonFields c(counts, where);
            InputCounts n;
            MP_TRY_ASSIGN(n.binders, optional_count(c, "binders"));
            MP_TRY_ASSIGN(n.files, optional_count(c, "files"));
            if (!n.binders && !n.files) return json_error(where, "states no count ('binders' or 'files')");
            install.sets.emplace_back(set, n);
        }
    }
    if (!install.files && install.sets.empty()) return json_error("install", "states no count");
    if (f.present("from")) {
        MP_TRY_ASSIGN(array from, f.sub_array("from"));
        for (element e : from) {
            std::string_view id;
            if (e.get_string().get(id) != simdjson::SUCCESS) return json_error("install.from", "expected figure ids");
            if (std::none_of(m.figures.begin(), m.figures.end(), [&](const ManifestFigure& g) { return g.id == id; }))
                return json_error("install.from", "'" + std::string(id) + "' is no figure of the manifest");
            install.from.emplace_back(id);
        }
    }
    return install;
}

Result<Manifest> parse_manifest_fields(std::string_view json, const PassRegistry& registry) {
    simdjson::dom::parser parser;
    MP_TRY_ASSIGN(object root, parse_json_object(parser, json));
    JsonFields top(root, "");
    MP_TRY_ASSIGN(double format, top.number("manifest_format"));
    if (format != 1)
        return json_error("manifest_format",
                          "version " + std::to_string(format) + " is not 1, the version this build reads");
    Manifest m;
    MP_TRY_ASSIGN(m.name, top.string("name"));
    MP_TRY_ASSIGN(m.document, top.optional_string("document"));
    MP_TRY_ASSIGN(m.game, top.string("game"));
    if (!is_known_game(m.game)) return json_error("game", "unknown game '" + m.game + "'");
    MP_TRY_ASSIGN(array figures, top.sub_array("figures"));
    std::set<std::string> ids;
    std::size_t i = 0;
    for (element e : figures) {
        MP_TRY_ASSIGN(ManifestFigure fig, read_figure(e, i, registry));
        if (!ids.insert(fig.id).second)
            return json_error("figures[" + std::to_string(i) + "] (" + fig.id + ")", "duplicate id");
        m.figures.push_back(std::move(fig));
        ++i;
    }
    if (top.present("install")) {
        if (m.game == kBothGames) return json_error("install", "a manifest of both games has no one install");
        MP_TRY_ASSIGN(ManifestInstall install, read_install(top, m));
        m.install.push_back(std::move(install));
    }
    return m;
}

}  // namespace

Result<Manifest> parse_manifest(std::string_view json, const PassRegistry& registry) {
    Result<Manifest> m = parse_manifest_fields(json, registry);
    if (!m.ok()) {
        Error e = std::move(m).error();
        e.message = "manifest " + e.message;
        return e;
    }
    return m;
}

Result<Manifest> load_manifest(const std::filesystem::path& path, const PassRegistry& registry) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return make_error(ErrorCode::kIo, 0, "cannot read manifest " + path.string());
    std::ostringstream text;
    text << in.rdbuf();
    Result<Manifest> m = parse_manifest(text.str(), registry);
    if (!m.ok()) {
        Error e = std::move(m).error();
        e.message = path.string() + ": " + e.message;
        return e;
    }
    return m;
}

}  // namespace meshproof
