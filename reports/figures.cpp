#include "reports/figures.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace meshproof {

std::string_view figure_status_name(FigureStatus s) {
    switch (s) {
        case FigureStatus::kMatch: return "match";
        case FigureStatus::kMismatch: return "mismatch";
        case FigureStatus::kUnchecked: return "unchecked";
        case FigureStatus::kNotComputed: return "not-computed";
    }
    return "not-computed";
}

namespace {

// The pipeline's scope strings are "game/set".
bool in_scope(const std::string& tally_scope, const FigureScope& scope) {
    const std::string prefix = scope.game + "/";
    if (tally_scope.compare(0, prefix.size(), prefix) != 0) return false;
    return scope.set.empty() || tally_scope.compare(prefix.size(), std::string::npos, scope.set) == 0;
}

std::uint64_t sum_in_scope(const Tally& tally, std::string_view counter, const FigureScope& scope) {
    std::uint64_t total = 0;
    for (const auto& [key, value] : tally.counts())
        if (key.first == counter && in_scope(key.second, scope)) total += value;
    return total;
}

// The largest value a maximum reached in any scope of the figure; nullopt when never recorded.
std::optional<double> max_in_scope(const Tally& tally, std::string_view name, const FigureScope& scope) {
    std::optional<double> best;
    for (const auto& [key, value] : tally.maxima())
        if (key.first == name && in_scope(key.second, scope)) best = best ? std::max(*best, value) : value;
    return best;
}

const PassResult* find_pass(const RunResult& run, std::string_view name) {
    for (const auto& p : run.passes)
        if (p.pass->info().name == name) return &p;
    return nullptr;
}

// Whether the run read anything in the figure's scope: a figure about f files says nothing on
// an install without f binders, so it is unchecked rather than a mismatch against 0.
bool run_holds_scope(const RunResult& run, const FigureScope& scope) {
    if (game_name(run.scan.game) != scope.game) return false;
    return std::any_of(run.members.begin(), run.members.end(), [&](const MemberStatus& m) {
        return m.state == MemberState::kOk && (scope.set.empty() || m.set == scope.set);
    });
}

bool within(double measured, double expected, double tolerance) {
    // The tolerance is the document's rounding; a hair of slack keeps 100 × a / b honest in f64.
    return std::fabs(measured - expected) <= tolerance + 1e-9 * std::max(1.0, std::fabs(expected));
}

FigureResult evaluate(const ManifestFigure& fig, const RunResult& run) {
    FigureResult r;
    r.figure = fig;
    if (!fig.pass) return r;   // not-computed
    r.status = FigureStatus::kUnchecked;
    const PassResult* pass = find_pass(run, *fig.pass);
    if (pass == nullptr) {
        r.why = "pass " + *fig.pass + " not selected";
        return r;
    }
    if (!run_holds_scope(run, fig.scope)) {
        r.why = "the run holds nothing in " + fig.scope.game + (fig.scope.set.empty() ? "" : "/" + fig.scope.set);
        return r;
    }
    if (fig.maximum) {
        // A maximum a pass never recorded had nothing to measure (passes record only values
        // above zero): the figure's largest value is then 0.
        r.measured = max_in_scope(pass->tally, fig.counter, fig.scope).value_or(0.0);
        r.status = within(*r.measured, fig.expected, fig.tolerance) ? FigureStatus::kMatch : FigureStatus::kMismatch;
        return r;
    }
    const double count = static_cast<double>(sum_in_scope(pass->tally, fig.counter, fig.scope));
    double measured = count;
    if (!fig.of.empty()) {
        const std::uint64_t whole = sum_in_scope(pass->tally, fig.of, fig.scope);
        if (whole == 0) {
            r.why = fig.of + " is 0: no percentage";
            return r;
        }
        measured = 100.0 * count / static_cast<double>(whole);
    }
    r.measured = measured;
    bool ok = within(measured, fig.expected, fig.tolerance);
    if (!fig.denominator_counter.empty() && fig.denominator) {
        const double d = static_cast<double>(sum_in_scope(pass->tally, fig.denominator_counter, fig.scope));
        r.measured_denominator = d;
        ok = ok && d == *fig.denominator;
    }
    r.status = ok ? FigureStatus::kMatch : FigureStatus::kMismatch;
    return r;
}

}  // namespace

std::vector<FigureResult> evaluate_figures(const Manifest& manifest, const RunResult& run) {
    std::vector<FigureResult> out;
    out.reserve(manifest.figures.size());
    for (const auto& fig : manifest.figures) out.push_back(evaluate(fig, run));
    std::sort(out.begin(), out.end(), [](const FigureResult& a, const FigureResult& b) { return a.figure.id < b.figure.id; });
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
        }
    }
    return t;
}

}  // namespace meshproof
