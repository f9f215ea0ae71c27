#include "reports/verdict.h"

#include <fmt/format.h>

#include "engine/core/plural.h"

namespace meshproof {

std::string_view verdict_state_name(VerdictState s) {
    switch (s) {
        case VerdictState::kPass: return "pass";
        case VerdictState::kFail: return "fail";
        case VerdictState::kPartial: return "partial";
    }
    return "fail";
}

namespace {

PlantedAccount account_planted(const PlantedDefects& planted, const RunResult& run) {
    PlantedAccount a;
    a.path = planted.path;
    a.planted = planted.planted;
    for (const MemberStatus& m : run.members) {
        if (!m.failed()) continue;
        if (planted.member_paths.count(m.path) != 0) {
            ++a.failing_members;
            a.violations += m.violations();
        } else {
            a.unplanted.push_back(m.path);
            a.unplanted_violations += m.violations();
        }
    }
    return a;
}

// ", all in members synth planted a defect in (defects.json)" or what was not planted.
std::string planted_text(const PlantedAccount& a) {
    if (a.unplanted.empty())
        return fmt::format("; every failing member holds one of the {} synth planted ({})",
                           plural(a.planted, "defect", "defects"), a.path);
    return fmt::format("; {} with no planted defect ({} there), the first {}",
                       plural(a.unplanted.size(), "failing member", "failing members"),
                       plural(a.unplanted_violations, "violation", "violations"), a.unplanted.front());
}

// "2 members did not decode, 1 was skipped, 1 stray file": what keeps a run from being whole.
std::string unread_text(const Verdict& v, std::string_view one, std::string_view many) {
    std::string out;
    auto add = [&](const std::string& part) { out += (out.empty() ? "" : ", ") + part; };
    if (v.decode_errors) add(fmt::format("{} {}", plural(v.decode_errors, one, many), "did not decode"));
    if (v.skipped)
        add(fmt::format("{} {}", plural(v.skipped, one, many), v.skipped == 1 ? "was skipped" : "were skipped"));
    if (v.strays) add(plural(v.strays, "stray file", "stray files"));
    return out;
}

}  // namespace

Verdict make_verdict(const ReportModel& model) {
    const RunResult& run = *model.run;
    Verdict v;
    v.members = run.members.size();
    v.members_read = run.count(MemberState::kOk);
    v.decode_errors = run.count(MemberState::kDecodeError);
    v.skipped = run.count(MemberState::kSkipped);
    v.strays = run.scan.strays.size();
    for (const MemberStatus& m : run.members) {
        if (!m.findings.empty()) ++v.members_breaking_rules;
        if (m.failed()) ++v.failing_members;
    }
    for (const PassResult& p : run.passes)
        for (const CounterInfo& c : p.pass->info().counters) {
            if (!c.violation) continue;
            const std::uint64_t n = p.tally.total(c.name);
            if (n == 0) continue;
            v.violations += n;
            v.rules_broken.push_back(p.pass->info().name + "." + c.name);
        }
    if (model.figures && model.figures->decides_exit) v.figures_differ = model.figures->totals.mismatch;
    if (model.planted) v.planted = account_planted(*model.planted, run);

    // A Freelancer run's units are .sur files (and their models), not binder members.
    const bool files = run_games_text(run) == game_name(Game::kFreelancer);
    const std::string_view one = files ? "file" : "member", many = files ? "files" : "members";
    const std::string unread = unread_text(v, one, many);
    if (!v.rules_broken.empty() || v.figures_differ > 0) {
        v.state = VerdictState::kFail;
        v.exit_code = kVerdictExitFail;
        std::string what;
        if (!v.rules_broken.empty())
            what = fmt::format("{} broken in {} ({})", plural(v.rules_broken.size(), "rule", "rules"),
                               plural(v.members_breaking_rules, one, many),
                               plural(v.violations, "violation", "violations"));
        if (v.figures_differ > 0)
            what +=
                fmt::format("{}{} of {} {}", what.empty() ? "" : "; ", plural(v.figures_differ, "figure", "figures"),
                            model.figures->manifest_name, v.figures_differ == 1 ? "differs" : "differ");
        v.line = "FAIL: " + what;
        if (!unread.empty()) v.line += "; " + unread;
    } else if (!unread.empty()) {
        v.state = VerdictState::kPartial;
        v.exit_code = kVerdictExitPartial;
        v.line =
            fmt::format("PARTIAL: every rule holds in the {} read, but {}", plural(v.members_read, one, many), unread);
    } else if (run.passes.empty()) {
        v.line = fmt::format("PASS: {} decoded; no pass was run (--passes none)", plural(v.members_read, one, many));
    } else {
        v.line = fmt::format("PASS: every rule holds in {}", plural(v.members_read, one, many));
    }
    if (v.planted && (v.decode_errors > 0 || v.failing_members > 0)) v.line += planted_text(*v.planted);
    return v;
}

}  // namespace meshproof
