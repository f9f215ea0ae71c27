#include "cli/summary.h"

#include <cstdio>

#include <fmt/format.h>

#include "cli/exit_codes.h"
#include "reports/run_report.h"

namespace meshproof::cli {

namespace {
constexpr std::size_t kListed = 20;
}

void print_summary(const RunResult& run, int threads) {
    std::string out;
    out += fmt::format("game: {} ({})\n", game_name(run.scan.game), run.scan.detection);
    // Mismatches first: they are what the run is for.
    std::size_t violations = 0;
    for (const auto& p : run.passes) {
        for (const auto& c : p.pass->info().counters) {
            if (!c.violation) continue;
            for (const auto& [key, value] : p.tally.counts()) {
                if (key.first != c.name || value == 0) continue;
                ++violations;
                out += fmt::format("MISMATCH {}.{} [{}] = {}: {}\n", p.pass->info().name, c.name, key.second, value,
                                   c.description);
            }
            auto s = p.tally.samples().find(c.name);
            if (s == p.tally.samples().end()) continue;
            for (const auto& sample : s->second)
                out += fmt::format("    at {}{}{}\n", sample.location, sample.detail.empty() ? "" : ": ", sample.detail);
        }
    }
    std::size_t listed = 0;
    for (const auto& m : run.members) {
        if (m.state != MemberState::kDecodeError) continue;
        if (listed++ < kListed)
            out += fmt::format("ERROR {}: {} at byte {}: {}\n", m.path, error_code_name(m.error.code), m.error.offset,
                               m.error.message);
    }
    if (listed > kListed) out += fmt::format("  ... and {} more errors (see the JSON report)\n", listed - kListed);
    for (const auto& [reason, n] : skipped_by_reason(run)) {
        std::string remedy;
        for (const auto& m : run.members)
            if (m.state == MemberState::kSkipped && m.skip_reason == reason) {
                remedy = m.remedy;
                break;
            }
        out += fmt::format("SKIPPED {} member(s): {}{}{}\n", n, reason, remedy.empty() ? "" : "; ", remedy);
    }
    for (const auto& s : run.scan.strays) out += fmt::format("STRAY {}: {}\n", s.rel_path, s.reason);
    out += fmt::format("inputs: {} files seen, {} collision inputs, {} binders; members: {} ok, {} decode errors, {} skipped\n",
                       run.scan.files_seen, run.scan.inputs.size(), run.binders, run.count(MemberState::kOk),
                       run.count(MemberState::kDecodeError), run.count(MemberState::kSkipped));
    out += fmt::format("passes: {}; {} mismatching counter(s); threads: {}\n", run.passes.size(), violations,
                       threads == 0 ? std::string("all cores") : std::to_string(threads));
    std::fputs(out.c_str(), stderr);
}

int exit_code_for(const RunResult& run) {
    if (run.any_violation()) return kExitMismatch;
    if (run.count(MemberState::kDecodeError) > 0 || run.count(MemberState::kSkipped) > 0 || !run.scan.strays.empty())
        return kExitPartial;
    return kExitOk;
}

}  // namespace meshproof::cli
