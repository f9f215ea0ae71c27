#include "reports/report_diff.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <limits>
#include <tuple>

#include <fmt/format.h>

#include "reports/figures.h"

namespace meshproof {

bool MemberChange::newly_failed() const {
    return new_status.status == ListedStatus::kError && old_status.status != ListedStatus::kError;
}

bool MemberChange::recovered() const {
    return old_status.status == ListedStatus::kError && new_status.status != ListedStatus::kError;
}

std::size_t ReportDiff::figures_moved_away() const {
    return static_cast<std::size_t>(
        std::count_if(figures.begin(), figures.end(), [](const FigureChange& f) { return f.moved_away; }));
}

std::size_t ReportDiff::members_newly_failed() const {
    return static_cast<std::size_t>(
        std::count_if(members.begin(), members.end(), [](const MemberChange& m) { return m.newly_failed(); }));
}

std::size_t ReportDiff::violation_counters_grown() const {
    return static_cast<std::size_t>(
        std::count_if(counters.begin(), counters.end(), [](const CounterChange& c) { return c.violation_grew; }));
}

bool ReportDiff::regressed() const {
    return figures_moved_away() > 0 || members_newly_failed() > 0 || violation_counters_grown() > 0;
}

bool ReportDiff::empty() const {
    return old_game == new_game && old_manifest == new_manifest && inputs.empty() && passes_added.empty() &&
           passes_removed.empty() && figures.empty() && counters.empty() && failures.empty() && members.empty();
}

namespace {

void diff_inputs(const ReportInputCounts& a, const ReportInputCounts& b, ReportDiff& out) {
    const std::tuple<const char*, std::uint64_t, std::uint64_t> rows[] = {
        {"members", a.members, b.members},
        {"ok", a.ok, b.ok},
        {"decode_error", a.decode_error, b.decode_error},
        {"skipped", a.skipped, b.skipped},
    };
    for (const auto& [name, old_value, new_value] : rows)
        if (old_value != new_value) out.inputs.push_back({name, old_value, new_value});
}

void diff_passes(const LoadedReport& a, const LoadedReport& b, ReportDiff& out) {
    const std::set<std::string> old_passes(a.passes.begin(), a.passes.end());
    const std::set<std::string> new_passes(b.passes.begin(), b.passes.end());
    std::set_difference(new_passes.begin(), new_passes.end(), old_passes.begin(), old_passes.end(),
                        std::back_inserter(out.passes_added));
    std::set_difference(old_passes.begin(), old_passes.end(), new_passes.begin(), new_passes.end(),
                        std::back_inserter(out.passes_removed));
}

// Whether a figure that mismatches in the new report got there by moving away from its
// expected value (see report_diff.h).
// For a value set or list figure, "farther" is more members off the one value: the count of
// members whose value is not the expected one (every one of an overflowed set).
double members_off(const ReportFigure& f) {
    if (f.seen_overflowed) return std::numeric_limits<double>::infinity();
    const std::vector<double> expected = f.kind == "list" ? f.expected_list : std::vector<double>{f.expected};
    double off = 0;
    for (const auto& [value, n] : f.seen)
        if (value != expected) off += static_cast<double>(n);
    return off;
}

bool moved_away(const FigureChange& f, const ReportFigure* o, const ReportFigure* n, bool old_report_had_figures) {
    if (f.new_status != "mismatch") return false;
    if (f.old_status.empty()) return old_report_had_figures;
    if (f.old_status != "mismatch") return true;
    if (n->kind == "value_set" || n->kind == "list") return members_off(*n) > members_off(*o);
    if (!f.new_measured || !f.old_measured) return f.old_measured.has_value();
    return std::fabs(*f.new_measured - f.expected) > std::fabs(*f.old_measured - f.expected);
}

std::string seen_text(const ReportFigure& f) {
    if (f.seen_overflowed) return "many values";
    return value_counts_text(f.seen);
}

void diff_figures(const LoadedReport& a, const LoadedReport& b, ReportDiff& out) {
    if (a.figures && b.figures) out.figure_presence = FigurePresence::kBoth;
    else if (a.figures) out.figure_presence = FigurePresence::kOldOnly;
    else if (b.figures) out.figure_presence = FigurePresence::kNewOnly;
    else return;
    std::map<std::string, const ReportFigure*> old_by_id, new_by_id;
    if (a.figures)
        for (const auto& f : *a.figures) old_by_id[f.id] = &f;
    if (b.figures)
        for (const auto& f : *b.figures) new_by_id[f.id] = &f;
    std::set<std::string> ids;
    for (const auto& [id, f] : old_by_id) ids.insert(id);
    for (const auto& [id, f] : new_by_id) ids.insert(id);

    for (const auto& id : ids) {
        const ReportFigure* o = old_by_id.contains(id) ? old_by_id[id] : nullptr;
        const ReportFigure* n = new_by_id.contains(id) ? new_by_id[id] : nullptr;
        if (o && n && o->status == n->status && o->measured == n->measured && o->expected == n->expected &&
            o->tolerance == n->tolerance && o->seen == n->seen && o->seen_overflowed == n->seen_overflowed &&
            o->parts == n->parts)
            continue;
        const ReportFigure& shown = n ? *n : *o;
        FigureChange c;
        c.id = id;
        c.pass = shown.pass;
        c.counter = shown.counter;
        c.scope = shown.scope;
        c.label = shown.label;
        c.expected = shown.expected;
        c.tolerance = shown.tolerance;
        if (o) {
            c.old_measured = o->measured;
            c.old_status = o->status;
            c.old_seen = seen_text(*o);
            if (n && o->expected != n->expected) c.old_expected = o->expected;
        }
        if (n) {
            c.new_measured = n->measured;
            c.new_status = n->status;
            c.new_seen = seen_text(*n);
        }
        c.moved_away = moved_away(c, o, n, a.figures.has_value());
        out.figures.push_back(std::move(c));
    }
}

std::vector<ReportCounterValue> value_counts(const LoadedReport& r) {
    std::vector<ReportCounterValue> out;
    for (const auto& set : r.value_sets) {
        auto one = [&](std::string name, double n) {
            ReportCounterValue c;
            c.pass = set.pass;
            c.counter = std::move(name);
            c.scope = set.scope;
            c.kind = CounterKind::kValueCount;
            c.value = n;
            out.push_back(std::move(c));
        };
        if (set.overflowed) one(set.counter + " (overflowed)", 1);
        for (const auto& [value, n] : set.values) {
            std::string name = set.counter + " =";
            for (double v : value) name += fmt::format(" {}", v);
            one(std::move(name), static_cast<double>(n));
        }
    }
    return out;
}

void diff_counters(const LoadedReport& a, const LoadedReport& b, ReportDiff& out) {
    using Key = std::tuple<std::string, std::string, std::string, CounterKind>;
    // Each value of a value set is compared as a count "NAME = VALUE" (kValueCount).
    const std::vector<ReportCounterValue> old_flat = value_counts(a), new_flat = value_counts(b);
    std::map<Key, const ReportCounterValue*> old_values, new_values;
    for (const auto& c : a.counters) old_values[{c.pass, c.counter, c.scope, c.kind}] = &c;
    for (const auto& c : b.counters) new_values[{c.pass, c.counter, c.scope, c.kind}] = &c;
    for (const auto& c : old_flat) old_values[{c.pass, c.counter, c.scope, c.kind}] = &c;
    for (const auto& c : new_flat) new_values[{c.pass, c.counter, c.scope, c.kind}] = &c;
    std::set<Key> keys;
    for (const auto& [k, c] : old_values) keys.insert(k);
    for (const auto& [k, c] : new_values) keys.insert(k);

    const std::set<std::string> both_passes = [&] {
        std::set<std::string> s;
        for (const auto& p : a.passes)
            if (std::find(b.passes.begin(), b.passes.end(), p) != b.passes.end()) s.insert(p);
        return s;
    }();
    for (const Key& key : keys) {
        // A pass that ran in one report only is listed once as added or removed, not counter by counter.
        if (!both_passes.contains(std::get<0>(key))) continue;
        const ReportCounterValue* o = old_values.contains(key) ? old_values[key] : nullptr;
        const ReportCounterValue* n = new_values.contains(key) ? new_values[key] : nullptr;
        const double old_value = o ? o->value : 0;
        const double new_value = n ? n->value : 0;
        // A scope that appeared at zero is not a change; nor is a maximum null (NaN) in both.
        if (old_value == new_value || (std::isnan(old_value) && std::isnan(new_value))) continue;
        CounterChange c;
        std::tie(c.pass, c.counter, c.scope, c.kind) = key;
        if (o) c.old_value = o->value;
        if (n) c.new_value = n->value;
        c.violation = (o && o->violation) || (n && n->violation);
        c.violation_grew = c.violation && new_value > old_value;
        out.counters.push_back(std::move(c));
    }
}

void diff_failures(const LoadedReport& a, const LoadedReport& b, ReportDiff& out) {
    using Key = std::tuple<std::string, std::string, std::string, std::string>;
    auto keys_of = [](const LoadedReport& r) {
        std::map<Key, const ReportFailureSample*> m;
        for (const auto& s : r.failures) m[{s.pass, s.counter, s.location, s.detail}] = &s;
        return m;
    };
    const auto old_samples = keys_of(a);
    const auto new_samples = keys_of(b);
    const std::set<std::string> old_passes(a.passes.begin(), a.passes.end());
    const std::set<std::string> new_passes(b.passes.begin(), b.passes.end());
    for (const auto& [key, s] : new_samples)
        if (old_passes.contains(s->pass) && !old_samples.contains(key)) out.failures.push_back({*s, true});
    for (const auto& [key, s] : old_samples)
        if (new_passes.contains(s->pass) && !new_samples.contains(key)) out.failures.push_back({*s, false});
    std::sort(out.failures.begin(), out.failures.end(), [](const FailureChange& x, const FailureChange& y) {
        return std::tie(x.sample.pass, x.sample.counter, x.sample.location, x.sample.detail, x.appeared) <
               std::tie(y.sample.pass, y.sample.counter, y.sample.location, y.sample.detail, y.appeared);
    });
}

std::map<std::string, MemberStatusView> listed_members(const LoadedReport& r) {
    std::map<std::string, MemberStatusView> m;
    for (const auto& e : r.errors) m[e.path] = {ListedStatus::kError, e.code, e.offset, e.message};
    for (const auto& s : r.skipped) m[s.path] = {ListedStatus::kSkipped, "", 0, s.reason};
    return m;
}

bool same_status(const MemberStatusView& x, const MemberStatusView& y) {
    return x.status == y.status && x.code == y.code && x.offset == y.offset && x.message == y.message;
}

void diff_members(const LoadedReport& a, const LoadedReport& b, ReportDiff& out) {
    const auto old_members = listed_members(a);
    const auto new_members = listed_members(b);
    std::set<std::string> paths;
    for (const auto& [p, s] : old_members) paths.insert(p);
    for (const auto& [p, s] : new_members) paths.insert(p);
    for (const auto& path : paths) {
        MemberChange c;
        c.path = path;
        if (auto it = old_members.find(path); it != old_members.end()) c.old_status = it->second;
        if (auto it = new_members.find(path); it != new_members.end()) c.new_status = it->second;
        if (!same_status(c.old_status, c.new_status)) out.members.push_back(std::move(c));
    }
}

}  // namespace

ReportDiff diff_reports(const LoadedReport& old_report, const LoadedReport& new_report) {
    ReportDiff out;
    out.old_game = old_report.game;
    out.new_game = new_report.game;
    out.old_root = old_report.root;
    out.new_root = new_report.root;
    out.old_manifest = old_report.manifest;
    out.new_manifest = new_report.manifest;
    diff_inputs(old_report.inputs, new_report.inputs, out);
    diff_passes(old_report, new_report, out);
    diff_figures(old_report, new_report, out);
    diff_counters(old_report, new_report, out);
    diff_failures(old_report, new_report, out);
    diff_members(old_report, new_report, out);
    return out;
}

}  // namespace meshproof
