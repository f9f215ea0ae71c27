#include "reports/report_reader.h"

#include <set>
#include <tuple>

#include <simdjson.h>

namespace meshproof {

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

Error bad(const std::string& where, std::string_view what) {
    return make_error(ErrorCode::kBadHeader, 0, where + ": " + std::string(what));
}

std::string member_path(const std::string& where, std::string_view key) {
    return where.empty() ? std::string(key) : where + "." + std::string(key);
}

std::string index_path(const std::string& where, std::size_t i) { return where + "[" + std::to_string(i) + "]"; }

// Field readers: each names the JSON path of the field in its error.
Result<element> field(object o, std::string_view key, const std::string& where) {
    element e;
    if (o.at_key(key).get(e) != simdjson::SUCCESS) return bad(member_path(where, key), "missing");
    return e;
}

Result<object> object_field(object o, std::string_view key, const std::string& where) {
    MP_TRY_ASSIGN(element e, field(o, key, where));
    object out;
    if (e.get_object().get(out) != simdjson::SUCCESS) return bad(member_path(where, key), "expected an object");
    return out;
}

Result<array> array_field(object o, std::string_view key, const std::string& where) {
    MP_TRY_ASSIGN(element e, field(o, key, where));
    array out;
    if (e.get_array().get(out) != simdjson::SUCCESS) return bad(member_path(where, key), "expected an array");
    return out;
}

Result<std::string> string_field(object o, std::string_view key, const std::string& where) {
    MP_TRY_ASSIGN(element e, field(o, key, where));
    std::string_view s;
    if (e.get_string().get(s) != simdjson::SUCCESS) return bad(member_path(where, key), "expected a string");
    return std::string(s);
}

// A string that may be null or absent (the figures' `pass` and `of`): empty then.
Result<std::string> optional_string_field(object o, std::string_view key, const std::string& where) {
    element e;
    if (o.at_key(key).get(e) != simdjson::SUCCESS || e.is_null()) return std::string();
    std::string_view s;
    if (e.get_string().get(s) != simdjson::SUCCESS) return bad(member_path(where, key), "expected a string or null");
    return std::string(s);
}

Result<std::uint64_t> uint_field(object o, std::string_view key, const std::string& where) {
    MP_TRY_ASSIGN(element e, field(o, key, where));
    std::uint64_t v = 0;
    if (e.get_uint64().get(v) != simdjson::SUCCESS) return bad(member_path(where, key), "expected an unsigned integer");
    return v;
}

Result<bool> bool_field(object o, std::string_view key, const std::string& where) {
    MP_TRY_ASSIGN(element e, field(o, key, where));
    bool v = false;
    if (e.get_bool().get(v) != simdjson::SUCCESS) return bad(member_path(where, key), "expected true or false");
    return v;
}

// A number (integer or not); `nullable` admits null, returned as nullopt.
Result<std::optional<double>> number_field(object o, std::string_view key, const std::string& where, bool nullable) {
    MP_TRY_ASSIGN(element e, field(o, key, where));
    if (e.is_null()) {
        if (nullable) return std::optional<double>();
        return bad(member_path(where, key), "expected a number, not null");
    }
    double v = 0;
    if (e.get_double().get(v) != simdjson::SUCCESS) return bad(member_path(where, key), "expected a number");
    return std::optional<double>(v);
}

Result<object> object_at(element e, const std::string& where) {
    object out;
    if (e.get_object().get(out) != simdjson::SUCCESS) return bad(where, "expected an object");
    return out;
}

Status read_config(object root, LoadedReport& out) {
    MP_TRY_ASSIGN(object config, object_field(root, "config", ""));
    MP_TRY_ASSIGN(out.game, string_field(config, "game", "config"));
    MP_TRY_ASSIGN(out.root, string_field(config, "root", "config"));
    MP_TRY_ASSIGN(array passes, array_field(config, "passes", "config"));
    std::size_t i = 0;
    for (element e : passes) {
        std::string_view s;
        if (e.get_string().get(s) != simdjson::SUCCESS) return bad(index_path("config.passes", i), "expected a string");
        out.passes.emplace_back(s);
        ++i;
    }
    return ok_status();
}

Status read_inputs(object root, LoadedReport& out) {
    MP_TRY_ASSIGN(object inputs, object_field(root, "inputs", ""));
    MP_TRY_ASSIGN(out.inputs.members, uint_field(inputs, "members", "inputs"));
    MP_TRY_ASSIGN(out.inputs.ok, uint_field(inputs, "ok", "inputs"));
    MP_TRY_ASSIGN(out.inputs.decode_error, uint_field(inputs, "decode_error", "inputs"));
    MP_TRY_ASSIGN(out.inputs.skipped, uint_field(inputs, "skipped", "inputs"));
    return ok_status();
}

using CounterKey = std::tuple<std::string, std::string, std::string, CounterKind>;

Status read_counter_list(object pass, const std::string& pass_name, const std::string& where, CounterKind kind,
                         std::set<CounterKey>& seen, LoadedReport& out) {
    const char* list = kind == CounterKind::kCount ? "counters" : "maxima";
    MP_TRY_ASSIGN(array entries, array_field(pass, list, where));
    std::size_t i = 0;
    for (element e : entries) {
        const std::string at = index_path(member_path(where, list), i++);
        MP_TRY_ASSIGN(object o, object_at(e, at));
        ReportCounterValue c;
        c.pass = pass_name;
        c.kind = kind;
        MP_TRY_ASSIGN(c.counter, string_field(o, "counter", at));
        MP_TRY_ASSIGN(c.scope, string_field(o, "scope", at));
        MP_TRY_ASSIGN(c.value, uint_field(o, "value", at));
        if (kind == CounterKind::kCount) {
            MP_TRY_ASSIGN(c.violation, bool_field(o, "violation", at));
        }
        if (!seen.insert({c.pass, c.counter, c.scope, kind}).second)
            return bad(at, "duplicate " + c.counter + " in scope " + c.scope);
        out.counters.push_back(std::move(c));
    }
    return ok_status();
}

Status read_failures(object pass, const std::string& pass_name, const std::string& where, LoadedReport& out) {
    MP_TRY_ASSIGN(object failures, object_field(pass, "failures", where));
    const std::string at_failures = member_path(where, "failures");
    for (auto [key, value] : failures) {
        const std::string counter(key);
        const std::string at_counter = member_path(at_failures, counter);
        array samples;
        if (value.get_array().get(samples) != simdjson::SUCCESS) return bad(at_counter, "expected an array");
        std::size_t i = 0;
        for (element e : samples) {
            const std::string at = index_path(at_counter, i++);
            MP_TRY_ASSIGN(object o, object_at(e, at));
            ReportFailureSample s;
            s.pass = pass_name;
            s.counter = counter;
            MP_TRY_ASSIGN(s.location, string_field(o, "location", at));
            MP_TRY_ASSIGN(s.detail, string_field(o, "detail", at));
            out.failures.push_back(std::move(s));
        }
    }
    return ok_status();
}

Status read_passes(object root, LoadedReport& out) {
    MP_TRY_ASSIGN(array passes, array_field(root, "passes", ""));
    std::set<CounterKey> seen;
    std::set<std::string> names;
    std::size_t i = 0;
    for (element e : passes) {
        const std::string at = index_path("passes", i++);
        MP_TRY_ASSIGN(object pass, object_at(e, at));
        MP_TRY_ASSIGN(std::string name, string_field(pass, "name", at));
        if (!names.insert(name).second) return bad(at, "duplicate pass " + name);
        MP_TRY(read_counter_list(pass, name, at, CounterKind::kCount, seen, out));
        MP_TRY(read_counter_list(pass, name, at, CounterKind::kMaximum, seen, out));
        MP_TRY(read_failures(pass, name, at, out));
    }
    return ok_status();
}

Status read_members(object root, LoadedReport& out) {
    std::set<std::string> seen;
    MP_TRY_ASSIGN(array errors, array_field(root, "errors", ""));
    std::size_t i = 0;
    for (element e : errors) {
        const std::string at = index_path("errors", i++);
        MP_TRY_ASSIGN(object o, object_at(e, at));
        ReportMemberError m;
        MP_TRY_ASSIGN(m.path, string_field(o, "path", at));
        MP_TRY_ASSIGN(m.code, string_field(o, "code", at));
        MP_TRY_ASSIGN(m.offset, uint_field(o, "offset", at));
        MP_TRY_ASSIGN(m.message, string_field(o, "message", at));
        if (!seen.insert(m.path).second) return bad(at, "member listed twice: " + m.path);
        out.errors.push_back(std::move(m));
    }
    MP_TRY_ASSIGN(array skipped, array_field(root, "skipped", ""));
    i = 0;
    for (element e : skipped) {
        const std::string at = index_path("skipped", i++);
        MP_TRY_ASSIGN(object o, object_at(e, at));
        ReportMemberSkip m;
        MP_TRY_ASSIGN(m.path, string_field(o, "path", at));
        MP_TRY_ASSIGN(m.reason, string_field(o, "reason", at));
        if (!seen.insert(m.path).second) return bad(at, "member listed twice: " + m.path);
        out.skipped.push_back(std::move(m));
    }
    return ok_status();
}

// "eldenring/l", "eldenring" when the set is absent or null (the sum over every set), "+dlc"
// appended when the figure includes the DLC.
Result<std::string> figure_scope(object figure, const std::string& where) {
    MP_TRY_ASSIGN(object scope, object_field(figure, "scope", where));
    const std::string at = member_path(where, "scope");
    MP_TRY_ASSIGN(std::string text, string_field(scope, "game", at));
    MP_TRY_ASSIGN(std::string set, optional_string_field(scope, "set", at));
    if (!set.empty()) text += "/" + set;
    element dlc;
    if (scope.at_key("dlc").get(dlc) == simdjson::SUCCESS && !dlc.is_null()) {
        bool with_dlc = false;
        if (dlc.get_bool().get(with_dlc) != simdjson::SUCCESS) return bad(member_path(at, "dlc"), "expected true or false");
        if (with_dlc) text += "+dlc";
    }
    MP_TRY_ASSIGN(std::string file, optional_string_field(scope, "file", at));
    if (!file.empty()) text += " " + file;
    return text;
}

// `manifest` is null (no manifest), an object with the manifest's name, or absent (a report
// written before manifests).
Status read_manifest(object root, LoadedReport& out) {
    element e;
    if (root.at_key("manifest").get(e) != simdjson::SUCCESS || e.is_null()) return ok_status();
    MP_TRY_ASSIGN(object manifest, object_at(e, "manifest"));
    MP_TRY_ASSIGN(out.manifest, string_field(manifest, "name", "manifest"));
    return ok_status();
}

Status read_figures(object root, LoadedReport& out) {
    element e;
    if (root.at_key("figures").get(e) != simdjson::SUCCESS) return ok_status();   // a report from before figures
    array figures;
    if (e.get_array().get(figures) != simdjson::SUCCESS) return bad("figures", "expected an array");
    out.figures.emplace();
    std::set<std::string> ids;
    std::size_t i = 0;
    for (element f : figures) {
        const std::string at = index_path("figures", i++);
        MP_TRY_ASSIGN(object o, object_at(f, at));
        ReportFigure fig;
        MP_TRY_ASSIGN(fig.id, string_field(o, "id", at));
        if (!ids.insert(fig.id).second) return bad(at, "duplicate figure id " + fig.id);
        MP_TRY_ASSIGN(fig.pass, optional_string_field(o, "pass", at));
        MP_TRY_ASSIGN(fig.counter, optional_string_field(o, "counter", at));
        MP_TRY_ASSIGN(fig.of, optional_string_field(o, "of", at));
        MP_TRY_ASSIGN(fig.scope, figure_scope(o, at));
        MP_TRY_ASSIGN(fig.measured, number_field(o, "measured", at, true));
        MP_TRY_ASSIGN(std::optional<double> expected, number_field(o, "expected", at, false));
        fig.expected = *expected;
        element tolerance;
        if (o.at_key("tolerance").get(tolerance) == simdjson::SUCCESS && !tolerance.is_null()) {
            MP_TRY_ASSIGN(std::optional<double> t, number_field(o, "tolerance", at, false));
            fig.tolerance = *t;
        }
        MP_TRY_ASSIGN(fig.label, string_field(o, "label", at));
        MP_TRY_ASSIGN(fig.status, string_field(o, "status", at));
        if (fig.status != "match" && fig.status != "mismatch" && fig.status != "unchecked" && fig.status != "not-computed" &&
            fig.status != "exceeds")
            return bad(member_path(at, "status"), "unknown status '" + fig.status + "'");
        const bool measured_status = fig.status == "match" || fig.status == "mismatch" || fig.status == "exceeds";
        if (measured_status != fig.measured.has_value())
            return bad(member_path(at, "measured"), measured_status ? "null for a " + fig.status : "set for a " + fig.status);
        out.figures->push_back(std::move(fig));
    }
    return ok_status();
}

}  // namespace

Result<LoadedReport> parse_report(std::string_view json) {
    simdjson::dom::parser parser;
    const simdjson::padded_string padded(json);
    element doc;
    if (auto err = parser.parse(padded).get(doc); err != simdjson::SUCCESS)
        return bad("(document)", std::string("not valid JSON: ") + simdjson::error_message(err));
    object root;
    if (doc.get_object().get(root) != simdjson::SUCCESS) return bad("(document)", "expected an object");

    LoadedReport out;
    MP_TRY_ASSIGN(out.report_format, uint_field(root, "report_format", ""));
    if (out.report_format != 1)
        return bad("report_format", "version " + std::to_string(out.report_format) + " is not 1, the version this build reads");
    MP_TRY(read_config(root, out));
    MP_TRY(read_inputs(root, out));
    MP_TRY(read_passes(root, out));
    MP_TRY(read_members(root, out));
    MP_TRY(read_manifest(root, out));
    MP_TRY(read_figures(root, out));
    return out;
}

}  // namespace meshproof
