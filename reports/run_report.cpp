#include "reports/run_report.h"

#include "reports/json_writer.h"

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

void write_config(JsonWriter& w, const RunResult& run, const ReportContext& ctx) {
    w.key("config").begin_object();
    w.field("meshproof_version", MESHPROOF_VERSION);
    w.field("game", game_name(run.scan.game));
    w.field("game_detection", run.scan.detection);
    w.field("root", ctx.root);
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
        w.field("scope", key.second);
        w.field("value", value);
        w.field("violation", violation && value > 0);
        w.end_object();
    }
    w.end_array();
    w.key("maxima").begin_array();
    for (const auto& [key, value] : p.tally.maxima()) {
        w.begin_object();
        w.field("counter", key.first);
        w.field("scope", key.second);
        w.field("value", value);
        w.end_object();
    }
    w.end_array();
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

}  // namespace

std::string render_json(const RunResult& run, const ReportContext& ctx) {
    JsonWriter w;
    w.begin_object();
    w.field("report_format", 1);
    write_config(w, run, ctx);
    write_inputs(w, run);
    w.key("passes").begin_array();
    for (const auto& p : run.passes) write_pass(w, p);
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
    w.end_object();
    return w.take();
}

}  // namespace meshproof
