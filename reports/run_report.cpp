#include "reports/run_report.h"

#include "engine/pipeline/place_scope.h"
#include "engine/core/json_writer.h"
#include "reports/member_results.h"
#include "reports/place_names.h"
#include "reports/verdict.h"

namespace meshproof {

std::map<std::string, std::uint64_t> skipped_by_reason(const RunResult& run) {
    std::map<std::string, std::uint64_t> out;
    for (const auto& m : run.members)
        if (m.state == MemberState::kSkipped) ++out[m.skip_reason];
    return out;
}

std::map<std::string, std::uint64_t> errors_by_code(const RunResult& run) {
    std::map<std::string, std::uint64_t> out;
    for (const auto& m : run.members)
        if (m.state == MemberState::kDecodeError) ++out[std::string(error_code_name(m.error.code))];
    return out;
}

namespace {

void string_or_null(JsonWriter& w, std::string_view key, const std::string& s);

// The one verdict (reports/verdict.h): what the exit code, the summary's first line and the HTML
// headline say, and what it counted.
void write_verdict(JsonWriter& w, const Verdict& v) {
    w.key("verdict").begin_object();
    w.field("state", verdict_state_name(v.state));
    w.field("exit_code", v.exit_code);
    w.field("line", v.line);
    w.field("members", v.members);
    w.field("members_read", v.members_read);
    w.field("failing_members", v.failing_members);
    w.field("members_breaking_rules", v.members_breaking_rules);
    w.field("violations", v.violations);
    w.key("rules_broken").begin_array();
    for (const std::string& r : v.rules_broken) w.value(r);
    w.end_array();
    w.field("decode_errors", v.decode_errors);
    w.field("skipped", v.skipped);
    w.field("strays", v.strays);
    w.field("figures_differ", static_cast<std::uint64_t>(v.figures_differ));
    if (v.planted) {
        const PlantedAccount& a = *v.planted;
        w.key("planted").begin_object();
        w.field("defects_file", a.path);
        w.field("planted", a.planted);
        w.field("failing_members_planted", a.failing_members);
        w.field("violations_planted", a.violations);
        w.field("violations_not_planted", a.unplanted_violations);
        w.key("failing_members_not_planted").begin_array();
        for (const std::string& path : a.unplanted) w.value(path);
        w.end_array();
        w.end_object();
    }
    w.end_object();
}

// Every member that broke a rule or did not decode, uncapped, in path order.
void write_failing_members(JsonWriter& w, const RunResult& run) {
    w.key("failing_members").begin_array();
    for (const MemberStatus* m : failing_members(run)) {
        const std::string map = map_of_path(m->path);
        w.begin_object();
        w.field("path", m->path);
        w.field("file", file_of_member(m->path));
        w.field("game", game_name(m->game));
        w.field("set", m->set);
        string_or_null(w, "map", map);
        string_or_null(w, "place", place_name(m->game, map));
        w.field("state", member_state_name(m->state));
        if (m->state == MemberState::kDecodeError) {
            w.key("error").begin_object();
            w.field("code", error_code_name(m->error.code));
            w.field("offset", m->error.offset);
            w.field("message", m->error.message);
            w.end_object();
        }
        w.field("violations", m->violations());
        w.key("rules").begin_array();
        for (const MemberFinding& f : m->findings) {
            w.begin_object();
            w.field("rule", rule_name(f));
            w.field("count", f.count);
            string_or_null(w, "first", f.location);
            string_or_null(w, "detail", f.detail);
            w.end_object();
        }
        w.end_array();
        w.end_object();
    }
    w.end_array();
}

void write_config(JsonWriter& w, const RunResult& run, const ReportContext& ctx) {
    w.key("config").begin_object();
    w.field("meshproof_version", MESHPROOF_VERSION);
    w.field("game", run_games_text(run));
    w.field("game_detection", run.scan.detection);
    w.field("root", ctx.root);
    w.field("threads", ctx.threads);
    if (run.roots.size() > 1) {  // several roots: each with its game (a report of one root reads as before)
        w.key("roots").begin_array();
        for (const RootRun& r : run.roots) {
            w.begin_object();
            w.field("root", r.root);
            w.field("game", game_name(r.game));
            w.field("game_detection", r.detection);
            w.end_object();
        }
        w.end_array();
    }
    w.key("passes").begin_array();
    for (const auto& p : run.passes) w.value(p.pass->info().name);
    w.end_array();
    w.key("decompressors").begin_array();
    for (const auto& d : run.decompressors) w.value(d);
    w.end_array();
    w.end_object();
}

void write_inputs(JsonWriter& w, const RunResult& run) {
    w.key("inputs").begin_object();
    w.field("files_seen", run.scan.files_seen);
    w.field("files_ignored", run.scan.files_ignored);
    w.field("inputs", static_cast<std::uint64_t>(run.scan.inputs.size()));
    w.field("binders", run.binders);
    w.field("members", static_cast<std::uint64_t>(run.members.size()));
    w.field("ok", run.count(MemberState::kOk));
    w.field("not_collision", run.not_collision());
    w.field("decode_error", run.count(MemberState::kDecodeError));
    w.field("skipped", run.count(MemberState::kSkipped));
    w.key("skipped_by_reason").begin_object();
    for (const auto& [reason, n] : skipped_by_reason(run)) w.field(reason, n);
    w.end_object();
    w.key("decode_error_by_code").begin_object();
    for (const auto& [code, n] : errors_by_code(run)) w.field(code, n);
    w.end_object();
    w.key("stray").begin_array();
    for (const auto& s : run.scan.strays) {
        w.begin_object();
        w.field("path", s.rel_path);
        w.field("reason", s.reason);
        w.end_object();
    }
    w.end_array();
    w.end_object();
}

// "values": [{"value": 20160200, "count": 40}, {"value": [2, 3, 0, 1], "count": 7}] (a one-number
// value as a number, a list as an array), then "overflowed": true where the set overflowed.
template <class It>
void write_values(JsonWriter& w, It begin, It end, bool overflowed) {
    w.key("values").begin_array();
    for (It it = begin; it != end; ++it) {
        const auto& [value, n] = *it;
        w.begin_object();
        w.key("value");
        if (value.size() == 1) {
            w.value(value.front());
        } else {
            w.begin_array();
            for (double v : value) w.value(v);
            w.end_array();
        }
        w.field("count", n);
        w.end_object();
    }
    w.end_array();
    if (overflowed) w.field("overflowed", true);
}

// A pass's maxima or minima: one {counter, scope, value} object per counter and scope.
void write_extremes(JsonWriter& w, std::string_view name, const Tally::Extremes& extremes) {
    w.key(name).begin_array();
    for (const auto& [key, value] : extremes) {
        w.begin_object();
        w.field("counter", key.first);
        w.field("scope", scope_text(key.second));
        w.field("value", value);
        w.end_object();
    }
    w.end_array();
}

void write_pass(JsonWriter& w, const PassResult& p) {
    const PassInfo& info = p.pass->info();
    w.begin_object();
    w.field("name", info.name);
    w.field("family", info.family);
    w.key("claims").begin_array();
    for (const auto& c : info.claims) w.value(c);
    w.end_array();
    w.key("counters").begin_array();
    for (const auto& [key, value] : p.tally.counts()) {
        bool violation = false;
        for (const auto& c : info.counters)
            if (c.name == key.first) violation = c.violation;
        w.begin_object();
        w.field("counter", key.first);
        w.field("scope", scope_text(key.second));
        w.field("value", value);
        w.field("violation", violation && value > 0);
        w.end_object();
    }
    w.end_array();
    write_extremes(w, "maxima", p.tally.maxima());
    // Minima and value sets only where the pass recorded some: reports of runs without them read as before.
    if (!p.tally.minima().empty()) write_extremes(w, "minima", p.tally.minima());
    if (!p.tally.value_sets().empty()) {
        w.key("value_sets").begin_array();
        for (const auto& [key, set] : p.tally.value_sets()) {
            w.begin_object();
            w.field("counter", key.first);
            w.field("scope", scope_text(key.second));
            write_values(w, set.seen.begin(), set.seen.end(), set.overflowed);
            w.end_object();
        }
        w.end_array();
    }
    w.key("failures").begin_object();
    for (const auto& [counter, samples] : p.tally.samples()) {
        w.key(counter).begin_array();
        for (const auto& s : samples) {
            w.begin_object();
            w.field("location", s.location);
            w.field("detail", s.detail);
            w.end_object();
        }
        w.end_array();
    }
    w.end_object();
    w.end_object();
}

void string_or_null(JsonWriter& w, std::string_view key, const std::string& s) {
    w.key(key);
    if (s.empty()) w.null();
    else w.value(s);
}

void write_manifest(JsonWriter& w, const std::optional<FigureSection>& figures) {
    w.key("manifest");
    if (!figures) {
        w.null();
        return;
    }
    w.begin_object();
    w.field("name", figures->manifest_name);
    w.field("path", figures->manifest_path);
    w.field("document", figures->document);
    w.field("source", manifest_source_name(figures->source));
    w.field("decides_exit", figures->decides_exit);
    w.field("match", static_cast<std::uint64_t>(figures->totals.match));
    w.field("mismatch", static_cast<std::uint64_t>(figures->totals.mismatch));
    w.field("unchecked", static_cast<std::uint64_t>(figures->totals.unchecked));
    w.field("not_computed", static_cast<std::uint64_t>(figures->totals.not_computed));
    w.field("exceeds", static_cast<std::uint64_t>(figures->totals.exceeds));
    w.field("partial_install", figures->partial_install);
    w.field("holds_on_read", static_cast<std::uint64_t>(figures->totals.holds_on_read));
    w.field("not_comparable", static_cast<std::uint64_t>(figures->totals.not_comparable));
    if (figures->install) {  // only for a document manifest that states its install's counts
        w.key("install").begin_object();
        w.field("complete", figures->install->complete);
        string_or_null(w, "lacks", figures->install->lacks);
        w.end_object();
    }
    w.end_object();
}

void number_or_null(JsonWriter& w, std::string_view key, const std::optional<double>& v) {
    w.key(key);
    if (v) w.value(*v);
    else w.null();
}

// corpus-manifests/FORMAT.md, "Figures in the JSON report"; fields after `status` are additions.
void write_figure(JsonWriter& w, const FigureResult& r) {
    const ManifestFigure& f = r.figure;
    w.begin_object();
    w.field("id", f.id);
    string_or_null(w, "pass", f.pass.value_or(""));
    string_or_null(w, "counter", f.counter);
    string_or_null(w, "of", f.of);
    if (f.ratio) w.field("ratio", true);  // only when set: reports of other figures read as before
    if (f.kind != FigureKind::kValue) w.field("kind", figure_kind_name(f.kind));  // likewise
    if (!f.pairs.empty()) {  // lowest_of / highest_of: what is ranked
        w.key("pairs").begin_array();
        for (const auto& [count, of] : f.pairs) {
            w.begin_array();
            w.value(count);
            w.value(of);
            w.end_array();
        }
        w.end_array();
        if (f.complement) w.field("complement", true);
    }
    w.key("scope").begin_object();
    w.field("game", f.scope.game);
    string_or_null(w, "set", f.scope.set);
    w.field("dlc", f.scope.dlc);
    if (!f.scope.file.empty()) w.field("file", f.scope.file);
    if (!f.scope.map.empty()) {  // a place: its map-id prefixes, always an array
        w.key("map").begin_array();
        for (const std::string& prefix : map_prefixes(f.scope.map)) w.value(prefix);
        w.end_array();
    }
    w.end_object();
    number_or_null(w, "measured", r.measured);
    w.field("expected", f.expected);
    w.field("tolerance", f.tolerance);
    w.field("label", f.label);
    w.field("status", figure_status_name(r.status));
    w.field("figure", f.figure);
    number_or_null(w, "denominator", f.denominator);
    string_or_null(w, "denominator_counter", f.denominator_counter);
    number_or_null(w, "measured_denominator", r.measured_denominator);
    if (!f.expected_list.empty()) {
        w.key("expected_list").begin_array();
        for (double v : f.expected_list) w.value(v);
        w.end_array();
    }
    string_or_null(w, "why", r.why);
    w.field("quote", f.quote);
    if (!r.split.empty()) {
        w.key("split").begin_object();
        for (const auto& [cls, value] : r.split) w.field(cls, value);
        w.end_object();
    }
    if (!r.alternatives.empty()) {
        w.key("alternatives").begin_object();
        for (const auto& [counter, value] : r.alternatives) w.field(counter, value);
        w.end_object();
    }
    if (!r.values.empty() || r.values_overflowed) {
        w.key("seen").begin_object();
        write_values(w, r.values.begin(), r.values.end(), r.values_overflowed);
        w.end_object();
    }
    if (!r.parts.empty()) {  // each binder set's value, or each pair's
        w.key(ranks_pairs(f.kind) ? "pair_values" : "sets").begin_object();
        for (const auto& [part, value] : r.parts) w.field(part, value);
        w.end_object();
    }
    w.end_object();
}

}  // namespace

std::string render_json(const RunResult& run, const ReportContext& ctx) {
    return render_json(ReportModel{&run, ctx, std::nullopt, std::nullopt});
}

std::string render_json(const ReportModel& model) {
    const RunResult& run = *model.run;
    const ReportContext& ctx = model.context;
    JsonWriter w;
    w.begin_object();
    w.field("report_format", 1);
    write_verdict(w, make_verdict(model));
    write_config(w, run, ctx);
    write_inputs(w, run);
    w.key("passes").begin_array();
    for (const auto& p : run.passes) write_pass(w, p);
    w.end_array();
    write_manifest(w, model.figures);
    w.key("figures").begin_array();
    if (model.figures)
        for (const auto& r : model.figures->results) write_figure(w, r);
    w.end_array();
    w.key("errors").begin_array();
    for (const auto& m : run.members) {
        if (m.state != MemberState::kDecodeError) continue;
        w.begin_object();
        w.field("path", m.path);
        w.field("code", error_code_name(m.error.code));
        w.field("offset", m.error.offset);
        w.field("message", m.error.message);
        w.end_object();
    }
    w.end_array();
    w.key("skipped").begin_array();
    for (const auto& m : run.members) {
        if (m.state != MemberState::kSkipped) continue;
        w.begin_object();
        w.field("path", m.path);
        w.field("reason", m.skip_reason);
        w.field("remedy", m.remedy);
        w.end_object();
    }
    w.end_array();
    write_failing_members(w, run);
    w.end_object();
    return w.take();
}

}  // namespace meshproof
