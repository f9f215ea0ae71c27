#include "cli/timings_file.h"

#include <cmath>

#include "engine/core/cpu_path.h"
#include "engine/core/json_writer.h"

namespace meshproof::cli {

namespace {

// Microseconds are below what a steady_clock read on a loaded machine tells apart.
double seconds(double s) { return std::round(s * 1e6) / 1e6; }
double rate(double amount, double s) { return s > 0 ? std::round(amount / s * 1e3) / 1e3 : 0.0; }

constexpr Stage kDecodeStages[] = {Stage::kInflate, Stage::kTagfile, Stage::kMesh, Stage::kSurDecode};

double stage(const RunTimings& t, Stage s) { return t.stage_seconds[static_cast<std::size_t>(s)]; }

}  // namespace

std::string render_timings(const RunTimings& t, const TimingsContext& context) {
    JsonWriter w;
    w.begin_object();
    w.field("format", "meshproof-timings-1");
    w.field("root", context.root);
    w.field("passes_selected", context.passes);
    w.field("threads_requested", context.threads_requested);
    w.field("threads", t.threads);
    // The kernels' build this processor ran (engine/core/cpu_path.h): never in a report.
    w.field("cpu_path", cpu_path_name(active_cpu_path()));
    double wall = 0;
    for (const PhaseTime& p : t.phases) wall += p.wall_seconds;
    w.field("wall_seconds", seconds(wall));

    w.key("phases").begin_array();
    for (const PhaseTime& p : t.phases) {
        w.begin_object();
        w.field("phase", p.phase);
        w.field("wall_seconds", seconds(p.wall_seconds));
        w.end_object();
    }
    w.end_array();

    w.field("join_wall_seconds", seconds(t.join_wall_seconds));

    w.key("stages").begin_array();
    for (std::size_t s = 0; s < kStageCount; ++s) {
        w.begin_object();
        w.field("stage", stage_name(static_cast<Stage>(s)));
        w.field("thread_seconds", seconds(t.stage_seconds[s]));
        w.end_object();
    }
    w.end_array();

    const double passes_total = stage(t, Stage::kPasses);
    w.key("passes").begin_array();
    for (const auto& [name, s] : t.pass_seconds) {
        w.begin_object();
        w.field("pass", name);
        w.field("thread_seconds", seconds(s));
        w.field("share_of_passes", passes_total > 0 ? std::round(s / passes_total * 1e4) / 1e4 : 0.0);
        w.end_object();
    }
    w.end_array();

    // Throughput two ways: per wall second of the verify phase (what the user waits; with
    // --passes none, the decode throughput of the install) and per thread second of the decode
    // stages alone (independent of the passes and of the thread count).
    double decode_thread = 0;
    for (Stage s : kDecodeStages) decode_thread += stage(t, s);
    const double verify_wall = t.phase_seconds("verify");
    const double mb = static_cast<double>(t.bytes_decoded) / 1e6;
    w.key("decode").begin_object();
    w.field("members", t.members_decoded);
    w.field("decompressed_bytes", t.bytes_decoded);
    w.field("triangles", t.triangles);
    w.field("verify_wall_seconds", seconds(verify_wall));
    w.field("MB_per_second", rate(mb, verify_wall));
    w.field("members_per_second", rate(static_cast<double>(t.members_decoded), verify_wall));
    w.field("triangles_per_second", rate(static_cast<double>(t.triangles), verify_wall));
    w.field("decode_thread_seconds", seconds(decode_thread));
    w.field("MB_per_thread_second", rate(mb, decode_thread));
    w.field("triangles_per_thread_second", rate(static_cast<double>(t.triangles), decode_thread));
    w.end_object();

    w.key("slowest_members").begin_array();
    for (const MemberTime& m : t.slowest) {
        w.begin_object();
        w.field("path", m.path);
        w.field("seconds", seconds(m.seconds));
        w.field("decompressed_bytes", m.bytes);
        w.field("triangles", m.triangles);
        w.key("stages").begin_object();
        for (std::size_t s = 0; s < kStageCount; ++s)
            if (static_cast<Stage>(s) != Stage::kOpen) w.field(stage_name(static_cast<Stage>(s)), seconds(m.stages[s]));
        w.end_object();
        w.end_object();
    }
    w.end_array();
    w.end_object();
    std::string out = w.take();
    out += '\n';
    return out;
}

}  // namespace meshproof::cli
