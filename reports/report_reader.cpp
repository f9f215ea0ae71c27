#include "reports/report_reader.h"

#include <limits>
#include <set>
#include <tuple>

#include "reports/json_fields.h"
#include "reports/manifest.h"

namespace meshproof {

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

Status read_config(const JsonFields& root, LoadedReport& out) {
    MP_TRY_ASSIGN(object config_object, root.sub_object("config"));
    const JsonFields config(config_object, "config");
    MP_TRY_ASSIGN(out.game, config.string("game"));
    MP_TRY_ASSIGN(out.root, config.string("root"));
    MP_TRY_ASSIGN(array passes, config.sub_array("passes"));
    std::size_t i = 0;
    for (element e : passes) {
        std::string_view s;
        if (e.get_string().get(s) != simdjson::SUCCESS)
            return json_error(json_index_path("config.passes", i), "expected a string");
        out.passes.emplace_back(s);
        ++i;
    }
    return ok_status();
}

Status read_inputs(const JsonFields& root, LoadedReport& out) {
    MP_TRY_ASSIGN(object inputs_object, root.sub_object("inputs"));
    const JsonFields inputs(inputs_object, "inputs");
    MP_TRY_ASSIGN(out.inputs.members, inputs.uint("members"));
    MP_TRY_ASSIGN(out.inputs.ok, inputs.uint("ok"));
    MP_TRY_ASSIGN(out.inputs.decode_error, inputs.uint("decode_error"));
    MP_TRY_ASSIGN(out.inputs.skipped, inputs.uint("skipped"));
    return ok_status();
}

using CounterKey = std::tuple<std::string, std::string, std::string, CounterKind>;

Status read_counter_list(const JsonFields& pass, const std::string& pass_name, CounterKind kind,
                         std::set<CounterKey>& seen, LoadedReport& out) {
    const char* list = kind == CounterKind::kCount ? "counters" : kind == CounterKind::kMaximum ? "maxima" : "minima";
    if (kind == CounterKind::kMinimum && !pass.has("minima")) return ok_status();  // written only where a pass has some
    MP_TRY_ASSIGN(array entries, pass.sub_array(list));
    std::size_t i = 0;
    for (element e : entries) {
        const std::string at = json_index_path(pass.path(list), i++);
        MP_TRY_ASSIGN(object o, json_object_at(e, at));
        const JsonFields f(o, at);
        ReportCounterValue c;
        c.pass = pass_name;
        c.kind = kind;
        MP_TRY_ASSIGN(c.counter, f.string("counter"));
        MP_TRY_ASSIGN(c.scope, f.string("scope"));
        if (kind == CounterKind::kCount) {
            MP_TRY_ASSIGN(std::uint64_t count, f.uint("value"));
            c.value = static_cast<double>(count);
            MP_TRY_ASSIGN(c.violation, f.boolean("violation"));
        } else {
            // A maximum or minimum is a measure (ulps, µm, a percentage), not a count: any number. The
            // writer writes a non-finite one as null (JSON has no infinity); read it back as NaN.
            MP_TRY_ASSIGN(std::optional<double> v, f.nullable_number("value"));
            c.value = v.value_or(std::numeric_limits<double>::quiet_NaN());
        }
        if (!seen.insert({c.pass, c.counter, c.scope, kind}).second)
            return json_error(at, "duplicate " + c.counter + " in scope " + c.scope);
        out.counters.push_back(std::move(c));
    }
    return ok_status();
}

// "values": [{"value": 3 or [2, 3, 0, 1], "count": n}, ...] and "overflowed" (absent: false) of `f`.
Status read_values(const JsonFields& f, std::vector<std::pair<std::vector<double>, std::uint64_t>>& out,
                   bool& overflowed) {
    MP_TRY_ASSIGN(array entries, f.sub_array("values"));
    std::size_t i = 0;
    for (element e : entries) {
        const std::string at = json_index_path(f.path("values"), i++);
        MP_TRY_ASSIGN(object o, json_object_at(e, at));
        const JsonFields v(o, at);
        std::vector<double> value;
        MP_TRY_ASSIGN(element raw, v.required("value"));
        double one = 0;
        array list;
        if (raw.get_double().get(one) == simdjson::SUCCESS) {
            value.push_back(one);
        } else if (raw.get_array().get(list) == simdjson::SUCCESS) {
            for (element x : list) {
                if (x.get_double().get(one) != simdjson::SUCCESS) return v.bad("value", "expected numbers only");
                value.push_back(one);
            }
        } else {
            return v.bad("value", "expected a number or an array of numbers");
        }
        MP_TRY_ASSIGN(std::uint64_t n, v.uint("count"));
        out.push_back({std::move(value), n});
    }
    MP_TRY_ASSIGN(overflowed, f.optional_boolean("overflowed", false));
    return ok_status();
}

Status read_value_sets(const JsonFields& pass, const std::string& pass_name, LoadedReport& out) {
    if (!pass.has("value_sets")) return ok_status();  // written only where a pass has some
    MP_TRY_ASSIGN(array entries, pass.sub_array("value_sets"));
    std::set<std::pair<std::string, std::string>> seen;
    std::size_t i = 0;
    for (element e : entries) {
        const std::string at = json_index_path(pass.path("value_sets"), i++);
        MP_TRY_ASSIGN(object o, json_object_at(e, at));
        const JsonFields f(o, at);
        ReportValueSet s;
        s.pass = pass_name;
        MP_TRY_ASSIGN(s.counter, f.string("counter"));
        MP_TRY_ASSIGN(s.scope, f.string("scope"));
        MP_TRY(read_values(f, s.values, s.overflowed));
        if (!seen.insert({s.counter, s.scope}).second)
            return json_error(at, "duplicate " + s.counter + " in scope " + s.scope);
        out.value_sets.push_back(std::move(s));
    }
    return ok_status();
}

Status read_failures(const JsonFields& pass, const std::string& pass_name, LoadedReport& out) {
    MP_TRY_ASSIGN(object failures, pass.sub_object("failures"));
    const std::string at_failures = pass.path("failures");
    for (auto [key, value] : failures) {
        const std::string counter(key);
        const std::string at_counter = json_member_path(at_failures, counter);
        array samples;
        if (value.get_array().get(samples) != simdjson::SUCCESS) return json_error(at_counter, "expected an array");
        std::size_t i = 0;
        for (element e : samples) {
            const std::string at = json_index_path(at_counter, i++);
            MP_TRY_ASSIGN(object o, json_object_at(e, at));
            const JsonFields f(o, at);
            ReportFailureSample s;
            s.pass = pass_name;
            s.counter = counter;
            MP_TRY_ASSIGN(s.location, f.string("location"));
            MP_TRY_ASSIGN(s.detail, f.string("detail"));
            out.failures.push_back(std::move(s));
        }
    }
    return ok_status();
}

Status read_passes(const JsonFields& root, LoadedReport& out) {
    MP_TRY_ASSIGN(array passes, root.sub_array("passes"));
    std::set<CounterKey> seen;
    std::set<std::string> names;
    std::size_t i = 0;
    for (element e : passes) {
        const std::string at = json_index_path("passes", i++);
        MP_TRY_ASSIGN(object o, json_object_at(e, at));
        const JsonFields pass(o, at);
        MP_TRY_ASSIGN(std::string name, pass.string("name"));
        if (!names.insert(name).second) return json_error(at, "duplicate pass " + name);
        MP_TRY(read_counter_list(pass, name, CounterKind::kCount, seen, out));
        MP_TRY(read_counter_list(pass, name, CounterKind::kMaximum, seen, out));
        MP_TRY(read_counter_list(pass, name, CounterKind::kMinimum, seen, out));
        MP_TRY(read_value_sets(pass, name, out));
        MP_TRY(read_failures(pass, name, out));
    }
    return ok_status();
}

Status read_members(const JsonFields& root, LoadedReport& out) {
    std::set<std::string> seen;
    MP_TRY_ASSIGN(array errors, root.sub_array("errors"));
    std::size_t i = 0;
    for (element e : errors) {
        const std::string at = json_index_path("errors", i++);
        MP_TRY_ASSIGN(object o, json_object_at(e, at));
        const JsonFields f(o, at);
        ReportMemberError m;
        MP_TRY_ASSIGN(m.path, f.string("path"));
        MP_TRY_ASSIGN(m.code, f.string("code"));
        MP_TRY_ASSIGN(m.offset, f.uint("offset"));
        MP_TRY_ASSIGN(m.message, f.string("message"));
        if (!seen.insert(m.path).second) return json_error(at, "member listed twice: " + m.path);
        out.errors.push_back(std::move(m));
    }
    MP_TRY_ASSIGN(array skipped, root.sub_array("skipped"));
    i = 0;
    for (element e : skipped) {
        const std::string at = json_index_path("skipped", i++);
        MP_TRY_ASSIGN(object o, json_object_at(e, at));
        const JsonFields f(o, at);
        ReportMemberSkip m;
        MP_TRY_ASSIGN(m.path, f.string("path"));
        MP_TRY_ASSIGN(m.reason, f.string("reason"));
        if (!seen.insert(m.path).second) return json_error(at, "member listed twice: " + m.path);
        out.skipped.push_back(std::move(m));
    }
    return ok_status();
}

// "eldenring/l", "eldenring" when the set is absent or null (the sum over every set), "+dlc"
// appended when the figure includes the DLC.
Result<std::string> figure_scope(const JsonFields& figure) {
    MP_TRY_ASSIGN(object o, figure.sub_object("scope"));
    const JsonFields scope(o, figure.path("scope"));
    MP_TRY_ASSIGN(std::string text, scope.string("game"));
    MP_TRY_ASSIGN(std::string set, scope.optional_string("set"));
    if (!set.empty()) text += "/" + set;
    MP_TRY_ASSIGN(bool with_dlc, scope.optional_boolean("dlc", false));
    if (with_dlc) text += "+dlc";
    MP_TRY_ASSIGN(std::string file, scope.optional_string("file"));
    if (!file.empty()) text += " " + file;
    if (scope.present("map")) {  // a place: its map-id prefixes (FORMAT.md), " m60_34_5,m60_41_3"
        MP_TRY_ASSIGN(array maps, scope.sub_array("map"));
        std::string key;
        std::size_t i = 0;
        for (element e : maps) {
            std::string_view prefix;
            if (e.get_string().get(prefix) != simdjson::SUCCESS)
                return json_error(json_index_path(scope.path("map"), i), "expected a string");
            key += (key.empty() ? "" : ",") + std::string(prefix);
            ++i;
        }
        text += " " + key;
    }
    return text;
}

// `manifest` is null (no manifest), an object with the manifest's name, or absent (a report
// written before manifests).
Status read_manifest(const JsonFields& root, LoadedReport& out) {
    if (!root.present("manifest")) return ok_status();
    MP_TRY_ASSIGN(object o, root.sub_object("manifest"));
    MP_TRY_ASSIGN(out.manifest, JsonFields(o, "manifest").string("name"));
    return ok_status();
}

// A lowest_of / highest_of figure's "pairs" ([[counter, of], ...], required) and "complement";
// neither on a figure of another kind.
Status read_pairs(const JsonFields& f, ReportFigure& fig) {
    const std::optional<FigureKind> kind = figure_kind_from_name(fig.kind);
    if (!kind || !ranks_pairs(*kind)) {
        if (f.has("pairs") || f.has("complement")) return f.bad("pairs", "set on a figure of kind '" + fig.kind + "'");
        return ok_status();
    }
    MP_TRY_ASSIGN(array pairs, f.sub_array("pairs"));
    std::size_t i = 0;
    for (element e : pairs) {
        const auto pair = json_string_pair(e);
        if (!pair) return json_error(json_index_path(f.path("pairs"), i), "expected [counter, of]");
        ++i;
        fig.pairs.push_back(*pair);
    }
    MP_TRY_ASSIGN(fig.complement, f.optional_boolean("complement", false));
    return ok_status();
}

// "sets" ({"h": 40.0, ...}) of a lowest_set / highest_set figure, "pair_values" of a lowest_of /
// highest_of figure: each part's value, in the report's order.
Status read_parts(const JsonFields& f, ReportFigure& fig) {
    for (const char* key : {"sets", "pair_values"}) {
        if (!f.has(key)) continue;
        MP_TRY_ASSIGN(object parts, f.sub_object(key));
        for (auto [name, value] : parts) {
            double v = 0;
            if (value.get_double().get(v) != simdjson::SUCCESS)
                return json_error(json_member_path(f.path(key), std::string(name)), "expected a number");
            fig.parts.emplace_back(std::string(name), v);
        }
    }
    return ok_status();
}

Status read_figures(const JsonFields& root, LoadedReport& out) {
    if (!root.has("figures")) return ok_status();  // a report from before figures
    MP_TRY_ASSIGN(array figures, root.sub_array("figures"));
    out.figures.emplace();
    std::set<std::string> ids;
    std::size_t i = 0;
    for (element e : figures) {
        const std::string at = json_index_path("figures", i++);
        MP_TRY_ASSIGN(object o, json_object_at(e, at));
        const JsonFields f(o, at);
        ReportFigure fig;
        MP_TRY_ASSIGN(fig.id, f.string("id"));
        if (!ids.insert(fig.id).second) return json_error(at, "duplicate figure id " + fig.id);
        MP_TRY_ASSIGN(fig.pass, f.optional_string("pass"));
        MP_TRY_ASSIGN(fig.counter, f.optional_string("counter"));
        MP_TRY_ASSIGN(fig.of, f.optional_string("of"));
        MP_TRY_ASSIGN(fig.ratio, f.optional_boolean("ratio", false));
        if (fig.ratio && fig.of.empty()) return f.bad("ratio", "set without 'of'");
        if (f.present("kind")) {
            MP_TRY_ASSIGN(fig.kind, f.string("kind"));
            if (!figure_kind_from_name(fig.kind)) return f.bad("kind", "unknown kind '" + fig.kind + "'");
        }
        MP_TRY(read_pairs(f, fig));
        MP_TRY_ASSIGN(fig.scope, figure_scope(f));
        MP_TRY_ASSIGN(fig.measured, f.nullable_number("measured"));
        MP_TRY_ASSIGN(fig.expected, f.number("expected"));
        if (f.present("tolerance")) {
            MP_TRY_ASSIGN(fig.tolerance, f.number("tolerance"));
        }
        MP_TRY_ASSIGN(fig.label, f.string("label"));
        MP_TRY_ASSIGN(fig.status, f.string("status"));
        // exceeds: issue 17; holds-on-read and not-comparable: a document manifest's figures on a
        // partial install. Every status but unchecked and not-computed carries a measured value.
        if (fig.status != "match" && fig.status != "mismatch" && fig.status != "unchecked" &&
            fig.status != "not-computed" && fig.status != "exceeds" && fig.status != "holds-on-read" &&
            fig.status != "not-comparable")
            return f.bad("status", "unknown status '" + fig.status + "'");
        if (f.has("expected_list")) {
            MP_TRY_ASSIGN(array list, f.sub_array("expected_list"));
            for (element v : list) {
                double d = 0;
                if (v.get_double().get(d) != simdjson::SUCCESS) return f.bad("expected_list", "expected numbers only");
                fig.expected_list.push_back(d);
            }
        }
        if (f.has("seen")) {
            MP_TRY_ASSIGN(object seen, f.sub_object("seen"));
            MP_TRY(read_values(JsonFields(seen, f.path("seen")), fig.seen, fig.seen_overflowed));
        }
        MP_TRY(read_parts(f, fig));
        // A value set that overflowed mismatches with no measured value (it saw many values).
        const bool measured_status = fig.status != "unchecked" && fig.status != "not-computed" &&
                                     !(fig.status == "mismatch" && fig.seen_overflowed);
        if (measured_status != fig.measured.has_value())
            return f.bad("measured", measured_status ? "null for a " + fig.status : "set for a " + fig.status);
        out.figures->push_back(std::move(fig));
    }
    return ok_status();
}

}  // namespace

Result<LoadedReport> parse_report(std::string_view json) {
    simdjson::dom::parser parser;
    MP_TRY_ASSIGN(object o, parse_json_object(parser, json));
    const JsonFields root(o, "");
    LoadedReport out;
    MP_TRY_ASSIGN(out.report_format, root.uint("report_format"));
    if (out.report_format != 1)
        return json_error("report_format",
                          "version " + std::to_string(out.report_format) + " is not 1, the version this build reads");
    MP_TRY(read_config(root, out));
    MP_TRY(read_inputs(root, out));
    MP_TRY(read_passes(root, out));
    MP_TRY(read_members(root, out));
    MP_TRY(read_manifest(root, out));
    MP_TRY(read_figures(root, out));
    return out;
}

}  // namespace meshproof
