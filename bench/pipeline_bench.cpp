// Issue 5: the throughput of every registered pass together against the decode-only and the
// inflate-only throughput of the same install. One small-scale synthetic Elden Ring install is
// written once to a temporary folder; each iteration then runs, from the install root:
//   inflate  scan, open every group (binder, compendium members), decompress every member
//            (the pipeline's own open_group / member_bytes, with the same nested TBB fan-out);
//   decode   run_verify with no pass: the above plus tagfile parse and mesh decode;
//   passes   run_verify with every registered pass.
// The three stages run back to back in every iteration, so a load from other processes on
// the shared machine weighs on all three alike and the ratios stay meaningful.
// Counters: MB/s of decompressed member bytes (the same bytes for all three stages),
// M triangles/s (compressed-mesh and extern triangles of the install), and the time ratios
// decode/inflate and passes/decode. Arg: worker threads (0 = every core).
// BM_TreeRulePassSmallInstall (issue 14): decode-only against decode + the tree_rule pass alone
// (the whole stock rule over every mesh of two sections or more), back to back on the same
// install; counter tree_rule/decode, the time ratio. BM_FsetJoinSmallInstall (issue 16): the same
// for the fset_join pass (the join stage: waves per map, a BVH per h file), at 1 and every thread.
#include <benchmark/benchmark.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>

#include "engine/containers/default_decompressors.h"
#include "engine/pipeline/member_group.h"
#include "engine/pipeline/run.h"
#include "engine/synth/install_writer.h"

namespace {
namespace fs = std::filesystem;
using namespace meshproof;

struct BenchInstall {
    fs::path root;
    std::uint64_t triangles = 0;
    std::uint64_t members = 0;
    std::string error;
    ~BenchInstall() {
        std::error_code ec;
        if (!root.empty()) fs::remove_all(root, ec);
    }
};

const BenchInstall& small_install() {
    static const BenchInstall install = [] {
        BenchInstall s;
        s.root = fs::temp_directory_path() / "meshproof-pipeline-bench-small";
        fs::remove_all(s.root);
        synth::SynthOptions o;
        o.scale = synth::SynthScale::kSmall;
        auto r = synth::write_synthetic_install(s.root, o);
        if (!r.ok()) {
            s.error = r.error().message;
            return s;
        }
        s.triangles = r->counts.triangles + r->counts.extern_triangles;
        s.members = r->counts.members;
        return s;
    }();
    return install;
}

struct Inflated {
    std::uint64_t bytes = 0;     // decompressed member bytes (compendiums excluded: the pipeline decodes them at open)
    std::uint64_t failures = 0;  // members that did not decompress
};

// What the pipeline does before parsing: scan, plan, open every group, decompress every member.
Result<Inflated> inflate_all(const fs::path& root) {
    MP_TRY_ASSIGN(InstallScan scan, scan_install(root));
    const DecompressorRegistry codecs = default_decompressors();
    std::uint64_t binders = 0;
    const std::vector<Group> groups = plan_groups(scan, binders);
    std::atomic<std::uint64_t> bytes{0}, failures{0};
    tbb::parallel_for(std::size_t{0}, groups.size(), [&](std::size_t g) {
        const std::unique_ptr<OpenedGroup> opened = open_group(groups[g], codecs);
        failures += opened->failures.size();
        tbb::parallel_for(std::size_t{0}, opened->jobs.size(), [&](std::size_t i) {
            const MemberJob& job = opened->jobs[i];
            if (job.is_compendium) return;
            std::string skip;
            auto content = member_bytes(job, codecs, skip);
            if (content.ok() && skip.empty()) bytes += content->size();
            else ++failures;
        });
    });
    return Inflated{bytes.load(), failures.load()};
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void BM_PipelineStagesSmallInstall(benchmark::State& state) {
    const BenchInstall& install = small_install();
    if (!install.error.empty()) {
        state.SkipWithError(install.error.c_str());
        return;
    }
    const int threads = static_cast<int>(state.range(0));
    std::unique_ptr<tbb::global_control> limit;
    if (threads > 0)
        limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                      static_cast<std::size_t>(threads));

    double inflate_s = 0, decode_s = 0, passes_s = 0;
    std::uint64_t member_bytes_total = 0;
    std::size_t passes = 0;
    for (auto _ : state) {
        auto t0 = std::chrono::steady_clock::now();
        auto inflated = inflate_all(install.root);
        inflate_s += seconds_since(t0);
        if (!inflated.ok() || inflated->failures != 0) {
            state.SkipWithError("inflate failed");
            return;
        }
        member_bytes_total = inflated->bytes;

        RunOptions decode_only;
        decode_only.threads = threads;
        decode_only.no_passes = true;
        t0 = std::chrono::steady_clock::now();
        auto decoded = run_verify(install.root, decode_only);
        decode_s += seconds_since(t0);

        RunOptions every_pass;
        every_pass.threads = threads;
        t0 = std::chrono::steady_clock::now();
        auto verified = run_verify(install.root, every_pass);
        passes_s += seconds_since(t0);

        if (!decoded.ok() || !verified.ok() || decoded->count(MemberState::kOk) != verified->count(MemberState::kOk) ||
            verified->count(MemberState::kDecodeError) != 0 || verified->count(MemberState::kSkipped) != 0) {
            state.SkipWithError("verify failed or members differ between the stages");
            return;
        }
        passes = verified->passes.size();
    }
    const double n = static_cast<double>(state.iterations());
    const double mb = static_cast<double>(member_bytes_total) * n / 1e6;
    const double mtri = static_cast<double>(install.triangles) * n / 1e6;
    state.counters["inflate_MB/s"] = mb / inflate_s;
    state.counters["decode_MB/s"] = mb / decode_s;
    state.counters["passes_MB/s"] = mb / passes_s;
    state.counters["decode_Mtri/s"] = mtri / decode_s;
    state.counters["passes_Mtri/s"] = mtri / passes_s;
    state.counters["decode/inflate"] = decode_s / inflate_s;  // time ratios
    state.counters["passes/decode"] = passes_s / decode_s;
    state.SetLabel(std::to_string(install.members) + " members, " + std::to_string(member_bytes_total / 1000000) +
                   " MB, " + std::to_string(install.triangles / 1000) + " k triangles, " + std::to_string(passes) +
                   " passes");
}
BENCHMARK(BM_PipelineStagesSmallInstall)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

// Decode-only against decode + one pass alone, back to back on the small install; counters
// "<pass>_Mtri/s" and "<pass>/decode" (the time ratio).
void pass_against_decode(benchmark::State& state, const std::string& pass) {
    const BenchInstall& install = small_install();
    if (!install.error.empty()) return state.SkipWithError(install.error.c_str());
    const int threads = static_cast<int>(state.range(0));
    std::unique_ptr<tbb::global_control> limit;
    if (threads > 0)
        limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                      static_cast<std::size_t>(threads));
    double decode_s = 0, pass_s = 0;
    for (auto _ : state) {
        RunOptions decode_only;
        decode_only.threads = threads;
        decode_only.no_passes = true;
        auto t0 = std::chrono::steady_clock::now();
        auto decoded = run_verify(install.root, decode_only);
        decode_s += seconds_since(t0);
        RunOptions one;
        one.threads = threads;
        one.passes = {pass};
        t0 = std::chrono::steady_clock::now();
        auto verified = run_verify(install.root, one);
        pass_s += seconds_since(t0);
        if (!decoded.ok() || !verified.ok() || decoded->count(MemberState::kOk) != verified->count(MemberState::kOk))
            return state.SkipWithError("verify failed or members differ between the stages");
    }
    const double mtri = static_cast<double>(install.triangles) * static_cast<double>(state.iterations()) / 1e6;
    state.counters["decode_Mtri/s"] = mtri / decode_s;
    state.counters[pass + "_Mtri/s"] = mtri / pass_s;
    state.counters[pass + "/decode"] = pass_s / decode_s;
}

void BM_TreeRulePassSmallInstall(benchmark::State& state) { pass_against_decode(state, "tree_rule"); }
BENCHMARK(BM_TreeRulePassSmallInstall)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

// The f-set join (issue 16 item 4): the fan-out in waves, one map's extracts at a time, every f
// vertex of a paired file queried three or four times on a TriangleBvh of its h file.
void BM_FsetJoinSmallInstall(benchmark::State& state) { pass_against_decode(state, "fset_join"); }
BENCHMARK(BM_FsetJoinSmallInstall)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(3);

}  // namespace
