#include "reports/figures.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "engine/pipeline/file_scope.h"
#include "engine/pipeline/place_scope.h"

namespace meshproof {

std::string_view figure_status_name(FigureStatus s) {
    switch (s) {
        case FigureStatus::kMatch: return "match";
        case FigureStatus::kMismatch: return "mismatch";
        case FigureStatus::kUnchecked: return "unchecked";
        case FigureStatus::kNotComputed: return "not-computed";
        case FigureStatus::kExceeds: return "exceeds";
        case FigureStatus::kHoldsOnRead: return "holds-on-read";
        case FigureStatus::kNotComparable: return "not-comparable";
    }
    return "not-computed";
}

namespace {

// The games a figure's scope covers: its one game, or Sekiro and Elden Ring for "both".
std::vector<std::string_view> scope_games(const FigureScope& scope) {
    if (scope.both_games()) return {game_name(Game::kSekiro), game_name(Game::kEldenRing)};
    return {scope.game};
}

// Whether a Tally key's scope is of one of the figure's games.
bool of_figure_games(const TallyScope& s, const FigureScope& scope) {
    for (std::string_view g : scope_games(scope))
        if (s.game == g) return true;
    return false;
}

// The set a figure's `scope.set` names in one game. The document's "object meshes of both games"
// are Sekiro's objects (o*) and Elden Ring's assets (aeg*): Elden Ring's own object figures are
// scoped to its asset set, so a figure of both games scoped "object" reads Elden Ring's assets.
std::string_view set_in_game(const FigureScope& scope, std::string_view game) {
    if (scope.both_games() && scope.set == "object" && game == game_name(Game::kEldenRing)) return "asset";
    return scope.set;
}

// Whether a tally's or member's set is of the figure's scope: its one set; absent, every set of
// the game but the character set (the document's "named collision binders" are map, object and
// asset binders; character binders are read for the figures "over every distinct tagfile read");
// kEverySet, every set.
bool set_in_scope(std::string_view set, const FigureScope& scope, std::string_view game) {
    if (scope.set.empty()) return set != kCharacterSet;
    if (scope.set == kEverySet) return true;
    return set == set_in_game(scope, game);
}

// Whether a Tally key's scope (engine/pipeline/tally_scope.h) is of the figure's scope and of
// the sub-scope `sub` exactly: `sub` none matches only a unit's own scope, never a sub-scope. A
// figure of both games takes the scopes of either game.
bool in_scope(const TallyScope& s, const FigureScope& scope, const SubScope& sub) {
    return of_figure_games(s, scope) && s.sub == sub && set_in_scope(s.set, scope, s.game);
}

std::uint64_t sum_in_scope(const Tally& tally, std::string_view counter, const FigureScope& scope,
                           const SubScope& sub = {}) {
    std::uint64_t total = 0;
    for (const auto& [key, value] : tally.counts())
        if (key.first == counter && in_scope(key.second, scope, sub)) total += value;
    return total;
}

// The largest value a maximum reached in any scope of the figure; nullopt when never recorded.
std::optional<double> max_in_scope(const Tally& tally, std::string_view name, const FigureScope& scope,
                                   const SubScope& sub = {}) {
    std::optional<double> best;
    for (const auto& [key, value] : tally.maxima())
        if (key.first == name && in_scope(key.second, scope, sub)) best = best ? std::max(*best, value) : value;
    return best;
}

// The sub-scope a file- or place-scoped figure is measured in; none for the others.
SubScope file_sub(const FigureScope& scope) {
    if (!scope.map.empty()) return {SubScopeKind::kMap, scope.map};
    if (!scope.file.empty()) return {SubScopeKind::kFile, scope.file};
    return {};
}

bool has_sub_scope(const Tally& tally, const FigureScope& scope, const SubScope& sub) {
    for (const auto& [key, value] : tally.counts())
        if (in_scope(key.second, scope, sub)) return true;
    return false;
}

// The smallest value a minimum reached in any scope of the figure; nullopt when never recorded.
std::optional<double> min_in_scope(const Tally& tally, std::string_view name, const FigureScope& scope,
                                   const SubScope& sub = {}) {
    std::optional<double> best;
    for (const auto& [key, value] : tally.minima())
        if (key.first == name && in_scope(key.second, scope, sub)) best = best ? std::min(*best, value) : value;
    return best;
}

// The union of a value set over the figure's scopes; nullopt when no scope recorded one.
std::optional<ValueSet> values_in_scope(const Tally& tally, std::string_view name, const FigureScope& scope,
                                        const SubScope& sub) {
    std::optional<ValueSet> all;
    for (const auto& [key, set] : tally.value_sets())
        if (key.first == name && in_scope(key.second, scope, sub)) {
            if (!all) all.emplace();
            all->merge(set);
        }
    return all;
}

// The median of a histogram of one-number values: the middle value, or the mean of the two
// middle values when the count is even.
std::optional<double> median_of(const ValueSet& set) {
    std::uint64_t total = 0;
    for (const auto& [v, n] : set.seen) total += n;
    if (total == 0 || set.overflowed) return std::nullopt;
    auto nth = [&](std::uint64_t i) {  // the i-th value (0-based) in sorted order
        for (const auto& [v, n] : set.seen) {
            if (i < n) return v.empty() ? 0.0 : v.front();
            i -= n;
        }
        return 0.0;
    };
    return (nth((total - 1) / 2) + nth(total / 2)) / 2;
}

// The figure's value over one scope (or sub-scope); nullopt when a percentage, ratio or mean has
// no whole, or a minimum was never recorded.
std::optional<double> measure_in(const ManifestFigure& fig, const Tally& tally, const FigureScope& scope,
                                 const SubScope& sub, std::string_view counter) {
    if (fig.maximum) return max_in_scope(tally, counter, scope, sub).value_or(0.0);
    if (fig.minimum) return min_in_scope(tally, counter, scope, sub);
    const double count = static_cast<double>(sum_in_scope(tally, counter, scope, sub));
    if (fig.of.empty()) return count;
    const std::uint64_t whole = sum_in_scope(tally, fig.of, scope, sub);
    if (whole == 0) return std::nullopt;
    return (fig.ratio || fig.kind == FigureKind::kMean ? 1.0 : 100.0) * count / static_cast<double>(whole);
}

// A binder set of a figure's game, named as the figure's parts name it: "h", or "sekiro/h" for a
// figure of both games.
struct SetPart {
    std::string name;
    std::string game, set;
};

// The binder sets of the figure's game that the tally holds a scope of, by name.
std::vector<SetPart> sets_in_tally(const Tally& tally, const FigureScope& scope) {
    std::vector<SetPart> out;
    auto note = [&](const TallyScope& s) {
        if (!of_figure_games(s, scope) || s.is_sub_scope() || s.set == kCharacterSet) return;  // the named binder sets
        std::string name = scope.both_games() ? scope_text(s) : s.set;
        if (std::none_of(out.begin(), out.end(), [&](const SetPart& p) { return p.name == name; }))
            out.push_back(SetPart{std::move(name), s.game, s.set});
    };
    for (const auto& [key, v] : tally.counts()) note(key.second);
    for (const auto& [key, v] : tally.maxima()) note(key.second);
    for (const auto& [key, v] : tally.minima()) note(key.second);
    std::sort(out.begin(), out.end(), [](const SetPart& a, const SetPart& b) { return a.name < b.name; });
    return out;
}

// The figure's value: over its scope, or — for the lowest or highest binder set — in each set of
// the game, or — for the lowest or highest of a list of pairs — each pair's percentage over the
// scope (each part kept in `parts` when given), the smallest or largest of them.
std::optional<double> measure(const ManifestFigure& fig, const Tally& tally, const SubScope& sub,
                              std::string_view counter = {},
                              std::vector<std::pair<std::string, double>>* parts = nullptr) {
    if (counter.empty()) counter = fig.counter;
    const bool lowest = fig.kind == FigureKind::kLowestSet || fig.kind == FigureKind::kLowestOf;
    std::optional<double> best;
    auto rank = [&](std::string name, std::optional<double> v) {
        if (!v) return;  // a set or pair whose `of` is 0 is left out
        if (parts) parts->push_back({std::move(name), *v});
        best = !best ? *v : lowest ? std::min(*best, *v) : std::max(*best, *v);
    };
    if (ranks_pairs(fig.kind)) {
        for (const auto& [count, of] : fig.pairs) {
            ManifestFigure one = fig;
            one.of = of;
            std::optional<double> v = measure_in(one, tally, fig.scope, sub, count);
            if (v && fig.complement) v = 100.0 - *v;
            rank(pair_name(count, of), v);
        }
        return best;
    }
    if (fig.kind != FigureKind::kLowestSet && fig.kind != FigureKind::kHighestSet)
        return measure_in(fig, tally, fig.scope, sub, counter);
    for (SetPart& part : sets_in_tally(tally, fig.scope)) {
        FigureScope one = fig.scope;
        one.game = std::move(part.game);
        one.set = std::move(part.set);
        rank(std::move(part.name), measure_in(fig, tally, one, sub, counter));
    }
    return best;
}

const PassResult* find_pass(const RunResult& run, std::string_view name) {
    for (const auto& p : run.passes)
        if (p.pass->info().name == name) return &p;
    return nullptr;
}

bool game_in_scope(Game game, const FigureScope& scope) {
    const std::vector<std::string_view> games = scope_games(scope);
    return std::find(games.begin(), games.end(), game_name(game)) != games.end();
}

// Whether the run read anything in the figure's scope: a figure about f files says nothing on
// an install without f binders, so it is unchecked rather than a mismatch against 0.
bool run_holds_scope(const RunResult& run, const FigureScope& scope) {
    return std::any_of(run.members.begin(), run.members.end(), [&](const MemberStatus& m) {
        // A member of no game (a run put together by hand) is of the run's game.
        const Game game = m.game == Game::kUnknown ? run.scan.game : m.game;
        return m.state == MemberState::kOk && game_in_scope(game, scope) &&
               set_in_scope(m.set, scope, game_name(game)) &&
               (scope.file.empty() || path_names_file(m.path, scope.file)) &&
               (scope.map.empty() || map_in_place(map_of_path(m.path), scope.map));
    });
}

// For a figure of both games: "" when the run read members of both games, else the one game it
// read ("sekiro"). Any member counts, whatever the figure's set: a figure of both games in a set
// only one game has (Sekiro's object binders) is whole when both games were read.
std::string one_game_of_both(const RunResult& run, const FigureScope& scope) {
    std::vector<std::string_view> read;
    for (std::string_view g : scope_games(scope)) {
        FigureScope whole;
        whole.game = std::string(g);
        if (run_holds_scope(run, whole)) read.push_back(g);
    }
    return read.size() == 1 ? std::string(read.front()) : std::string();
}

bool within(double measured, double expected, double tolerance) {
    // The tolerance is the document's rounding; a hair of slack keeps 100 × a / b honest in f64.
    return std::fabs(measured - expected) <= tolerance + 1e-9 * std::max(1.0, std::fabs(expected));
}

// An upper bound ("under 1 %", "(bound) 16 µm"): the measure is within it, with the same hair of slack.
bool within_bound(double measured, double bound, double tolerance) {
    return measured <= bound + tolerance + 1e-9 * std::max(1.0, std::fabs(bound));
}

// A value-set figure: exactly the one value (or list) seen, the median of the values seen, or how
// many distinct values were seen.
void evaluate_values(const ManifestFigure& fig, const Tally& tally, const SubScope& sub, FigureResult& r) {
    const std::optional<ValueSet> set = values_in_scope(tally, fig.counter, fig.scope, sub);
    if (!set || (set->seen.empty() && !set->overflowed)) {
        r.why = "no value seen in " + figure_scope_text(fig.scope);
        return;
    }
    r.values.assign(set->seen.begin(), set->seen.end());
    r.values_overflowed = set->overflowed;
    if (fig.kind == FigureKind::kMedian) {
        const std::optional<double> median = median_of(*set);
        if (!median) {
            r.why = fmt::format("more than {} distinct values: no exact median", kMaxDistinctValues);
            return;
        }
        r.measured = median;
        r.status = within(*median, fig.expected, fig.tolerance) ? FigureStatus::kMatch : FigureStatus::kMismatch;
        return;
    }
    if (fig.kind == FigureKind::kDistinct) {
        if (set->overflowed) {  // more values than the set keeps: no exact count
            r.why = fmt::format("more than {} distinct values: no exact count", kMaxDistinctValues);
            return;
        }
        r.measured = static_cast<double>(set->seen.size());
        r.status = within(*r.measured, fig.expected, fig.tolerance) ? FigureStatus::kMatch : FigureStatus::kMismatch;
        return;
    }
    r.status = FigureStatus::kMismatch;
    if (set->overflowed) {  // many values, so not the one: no single value to put as measured
        r.why = fmt::format("more than {} distinct values seen", kMaxDistinctValues);
        return;
    }
    // `measured`: the value seen most often (the smallest of those on a tie); a list's length.
    const auto most = std::max_element(set->seen.begin(), set->seen.end(),
                                       [](const auto& a, const auto& b) { return a.second < b.second; });
    const std::vector<double>& value = most->first;
    if (fig.kind == FigureKind::kList) {
        r.measured = static_cast<double>(value.size());
        if (set->seen.size() == 1 && value == fig.expected_list) r.status = FigureStatus::kMatch;
    } else {
        r.measured = value.empty() ? 0.0 : value.front();
        if (set->seen.size() == 1 && value.size() == 1 && within(value.front(), fig.expected, fig.tolerance))
            r.status = FigureStatus::kMatch;
    }
}

FigureResult measure_figure(const ManifestFigure& fig, const RunResult& run) {
    FigureResult r;
    r.figure = fig;
    if (!fig.pass) return r;  // not-computed
    r.status = FigureStatus::kUnchecked;
    const PassResult* pass = find_pass(run, *fig.pass);
    if (pass == nullptr) {
        r.why = "pass " + *fig.pass + " not selected";
        return r;
    }
    if (!run_holds_scope(run, fig.scope)) {
        r.why = "the run holds nothing in " + figure_scope_text(fig.scope);
        return r;
    }
    const SubScope sub = file_sub(fig.scope);
    if (fig.kind == FigureKind::kValueSet || fig.kind == FigureKind::kList || fig.kind == FigureKind::kMedian ||
        fig.kind == FigureKind::kDistinct) {
        evaluate_values(fig, pass->tally, sub, r);
        return r;
    }
    // A maximum a pass never recorded had nothing to measure (passes record only values above
    // zero): the figure's largest value is then 0.
    const std::optional<double> measured = measure(fig, pass->tally, sub, {}, &r.parts);
    if (!measured) {
        r.why = fig.minimum             ? "no value recorded: no minimum"
                : ranks_pairs(fig.kind) ? "every pair's of is 0: no percentage"
                : fig.of.empty()        ? "no binder set measured"
                                        : fig.of + (fig.ratio                       ? " is 0: no ratio"
                                                    : fig.kind == FigureKind::kMean ? " is 0: no mean"
                                                                                    : " is 0: no percentage");
        return r;
    }
    r.measured = measured;
    bool ok = fig.kind == FigureKind::kBound ? within_bound(*measured, fig.expected, fig.tolerance)
                                             : within(*measured, fig.expected, fig.tolerance);
    // More stored values reproduced than the document reports (over the same denominator).
    bool exceeds = fig.exceeds && !ok && *measured > fig.expected + fig.tolerance;
    if (!fig.maximum && !fig.minimum && !fig.denominator_counter.empty() && fig.denominator) {
        const double d = static_cast<double>(sum_in_scope(pass->tally, fig.denominator_counter, fig.scope, sub));
        r.measured_denominator = d;
        ok = ok && d == *fig.denominator;
        exceeds = exceeds && d == *fig.denominator;
    }
    for (const std::string& alt : fig.alternatives)
        if (const std::optional<double> v = measure(fig, pass->tally, sub, alt)) r.alternatives.push_back({alt, *v});
    for (std::string_view cls : {kIvpExact, kStructurallyValid}) {
        const SubScope severity{SubScopeKind::kSeverity, std::string(cls)};
        if (sub.kind == SubScopeKind::kNone && has_sub_scope(pass->tally, fig.scope, severity))
            if (const std::optional<double> v = measure(fig, pass->tally, severity))
                r.split.push_back({std::string(cls), *v});
    }
    r.status = ok ? FigureStatus::kMatch : exceeds ? FigureStatus::kExceeds : FigureStatus::kMismatch;
    return r;
}

bool holds_on_read(const FigureResult& r);  // below, with the partial install

// A figure of both games measured on one of them (a run of one root): what one game's members can
// say of the two games' sum, extreme or shared value (FORMAT.md, "Figures of both games"). A
// measure one game can only fall short of is not comparable; one that is already beyond the
// document's value is a mismatch the other game cannot undo; one that holds on every member
// read (none where the document has none, a shared value seen alone, a bound kept, an extreme
// reached) holds on what was read.
void judge_one_game(FigureResult& r, const std::string& game) {
    if (r.status != FigureStatus::kMatch && r.status != FigureStatus::kMismatch) return;
    const ManifestFigure& f = r.figure;
    const std::string read = fmt::format("a figure of both games, measured on {} alone", game);
    auto holds = [&] {
        r.status = FigureStatus::kHoldsOnRead;
        r.why = "holds on what was read: " + read;
    };
    auto not_comparable = [&] {
        r.status = FigureStatus::kNotComparable;
        r.why = read + ": not comparable";
    };
    switch (f.kind) {
        case FigureKind::kValueSet:
        case FigureKind::kList:  // another value seen is another value in both games together
            if (r.status == FigureStatus::kMatch) holds();
            return;
        case FigureKind::kMean:
        case FigureKind::kMedian:
        case FigureKind::kDistinct:
        case FigureKind::kLowestSet:
        case FigureKind::kHighestSet:
        case FigureKind::kLowestOf:
        case FigureKind::kHighestOf: return not_comparable();
        case FigureKind::kValue:
        case FigureKind::kBound: break;
    }
    if (!f.of.empty() || !r.measured) return not_comparable();  // one game's share is not the two games'
    const double m = *r.measured, e = f.expected;
    const bool bound = f.kind == FigureKind::kBound;
    const bool reached = within(m, e, f.tolerance);
    if (f.maximum) {  // the two games' maximum is at least this one's
        if (bound) return m <= e + f.tolerance ? holds() : void();
        if (m > e + f.tolerance) return;  // mismatch
        return reached ? holds() : not_comparable();
    }
    if (f.minimum) {  // the two games' minimum is at most this one's
        if (bound) return m <= e + f.tolerance ? holds() : not_comparable();
        if (m < e - f.tolerance) return;  // mismatch
        return reached ? holds() : not_comparable();
    }
    // A count: the two games' sum is at least this one's.
    if (m > e + f.tolerance) return;  // mismatch
    if (!bound && ((reached && e == 0) || holds_on_read(r))) return holds();
    not_comparable();
}

FigureResult evaluate(const ManifestFigure& fig, const RunResult& run) {
    FigureResult r = measure_figure(fig, run);
    if (fig.scope.both_games())
        if (const std::string one = one_game_of_both(run, fig.scope); !one.empty()) judge_one_game(r, one);
    return r;
}

}  // namespace

std::string value_counts_text(std::span<const std::pair<std::vector<double>, std::uint64_t>> values) {
    std::string s;
    for (const auto& [value, n] : values) {
        if (!s.empty()) s += " · ";
        for (std::size_t i = 0; i < value.size(); ++i) {
            if (i) s += ' ';
            s += fmt::format("{}", value[i]);
        }
        s += fmt::format(" ×{}", n);
    }
    return s;
}

std::string values_text(const FigureResult& r) {
    if (r.values_overflowed) return fmt::format("more than {} distinct values", kMaxDistinctValues);
    return value_counts_text(r.values);
}

std::string pair_name(std::string_view counter, std::string_view of) { return fmt::format("{}/{}", counter, of); }

std::string pairs_text(const ManifestFigure& f) {
    std::string s;
    for (const auto& [count, of] : f.pairs)
        s += (s.empty() ? "" : ", ") +
             (f.complement ? fmt::format("({} − {}) / {}", of, count, of) : fmt::format("{} / {}", count, of));
    return s;
}

std::string figure_scope_text(const FigureScope& s) {
    std::string t = s.game + (s.set.empty() ? "" : "/" + s.set);
    if (s.dlc) t += " +DLC";
    if (!s.file.empty()) t += " " + s.file;
    if (!s.map.empty()) t += " " + s.map;
    return t;
}

std::vector<std::string> file_scopes_of(const Manifest& manifest) {
    std::vector<std::string> out;
    for (const auto& f : manifest.figures)
        if (!f.scope.file.empty() && std::find(out.begin(), out.end(), f.scope.file) == out.end())
            out.push_back(f.scope.file);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> map_scopes_of(const Manifest& manifest) {
    std::vector<std::string> out;
    for (const auto& f : manifest.figures)
        if (!f.scope.map.empty() && std::find(out.begin(), out.end(), f.scope.map) == out.end())
            out.push_back(f.scope.map);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<FigureResult> evaluate_figures(const Manifest& manifest, const RunResult& run) {
    std::vector<FigureResult> out;
    out.reserve(manifest.figures.size());
    for (const auto& fig : manifest.figures) out.push_back(evaluate(fig, run));
    std::sort(out.begin(), out.end(),
              [](const FigureResult& a, const FigureResult& b) { return a.figure.id < b.figure.id; });
    return out;
}

FigureTotals count_figures(const std::vector<FigureResult>& results) {
    FigureTotals t;
    for (const auto& r : results) {
        switch (r.status) {
            case FigureStatus::kMatch: ++t.match; break;
            case FigureStatus::kMismatch: ++t.mismatch; break;
            case FigureStatus::kUnchecked: ++t.unchecked; break;
            case FigureStatus::kNotComputed: ++t.not_computed; break;
            case FigureStatus::kExceeds: ++t.exceeds; break;
            case FigureStatus::kHoldsOnRead: ++t.holds_on_read; break;
            case FigureStatus::kNotComparable: ++t.not_comparable; break;
        }
    }
    return t;
}

namespace {

bool read_less_than_document(const FigureResult& r) {
    return r.measured_denominator && r.figure.denominator && *r.measured_denominator < *r.figure.denominator;
}

// An x-of-y count whose rule holds on the members read: none of y where the document has none,
// or all of y where the document has all (within its rounding), with something read (y > 0).
bool holds_on_read(const FigureResult& r) {
    const ManifestFigure& f = r.figure;
    if (!r.measured || !r.measured_denominator || !f.denominator || !f.of.empty() || f.maximum) return false;
    if (*r.measured_denominator <= 0) return false;
    const bool none = within(f.expected, 0, f.tolerance) && *r.measured == 0;
    const bool all = within(f.expected, *f.denominator, f.tolerance) && *r.measured == *r.measured_denominator;
    return none || all;
}

}  // namespace

std::string partial_totals_text(const FigureTotals& t) {
    if (t.holds_on_read == 0 && t.not_comparable == 0) return "";
    return fmt::format("{} hold on what was read, {} not comparable on a partial install, ", t.holds_on_read,
                       t.not_comparable);
}

bool judge_partial_install(std::vector<FigureResult>& results) {
    const bool partial = std::any_of(results.begin(), results.end(), [](const FigureResult& r) {
        return (r.status == FigureStatus::kMatch || r.status == FigureStatus::kMismatch) && read_less_than_document(r);
    });
    if (partial) judge_as_partial_install(results);
    return partial;
}

void judge_as_partial_install(std::vector<FigureResult>& results) {
    for (FigureResult& r : results) {
        // The tree_rule pass's figures are research measurements: the document's builder replayed
        // on each file's quantised leaves, stated by the document over its whole corpus. On part
        // of an install (a file a user built, one map) they are measured, never a mismatch.
        if (r.status == FigureStatus::kMismatch && r.figure.pass && *r.figure.pass == kResearchPass) {
            r.status = FigureStatus::kNotComparable;
            r.why =
                "a research measurement (the document's builder replayed on this install's quantised leaves); "
                "the document states it over its whole corpus";
            continue;
        }
        // Only a plain count, percentage or extreme is judged so: a value every member shares, a
        // list, a median, a bound or a binder set's share holds or fails on what was read.
        if (r.status != FigureStatus::kMismatch || !r.measured || r.figure.kind != FigureKind::kValue) continue;
        const ManifestFigure& f = r.figure;
        if (holds_on_read(r)) {
            r.status = FigureStatus::kHoldsOnRead;
            r.why = fmt::format("holds on what was read: {} of {} {}", *r.measured, *r.measured_denominator,
                                f.denominator_counter);
        } else if (f.of.empty() && (*r.measured < f.expected || read_less_than_document(r))) {
            r.status = FigureStatus::kNotComparable;
            r.why =
                fmt::format("a whole-install {}: not comparable on a partial install", f.maximum ? "maximum" : "count");
        }
    }
}

}  // namespace meshproof
