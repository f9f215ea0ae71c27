// The one verdict of a verify run. The exit code, the summary's first line, the colour of the
// HTML report's headline and the JSON report's `verdict` all come from here, by one rule (README,
// "Exit codes"):
//   1. a rule broken (a pass's violation counter above 0), or a figure that differs where the
//      figures decide (an explicit --manifest, or a synthetic install's own manifest.json): FAIL;
//   2. otherwise a member that did not decode, a skipped member or a stray file: PARTIAL;
//   3. otherwise PASS.
// Figures compared with a reference document are informational: they never decide the verdict,
// and a report never colours them as a failure.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "reports/report_model.h"

namespace meshproof {

// verify's exit codes (cli/exit_codes.h names the same numbers for every command).
inline constexpr int kVerdictExitPass = 0;
inline constexpr int kVerdictExitFail = 1;
inline constexpr int kVerdictExitPartial = 3;

enum class VerdictState { kPass, kFail, kPartial };
std::string_view verdict_state_name(VerdictState s);  // "pass", "fail", "partial"

// What a synthetic install's defects.json accounts for among the failures.
struct PlantedAccount {
    std::string path;                        // the defects.json
    std::uint64_t planted = 0;               // defects synth planted
    std::uint64_t failing_members = 0;       // failing members (rule or decode) that hold a planted defect
    std::uint64_t violations = 0;            // violations in those members
    std::vector<std::string> unplanted;      // failing members with no planted defect, path order
    std::uint64_t unplanted_violations = 0;  // violations in those
};

struct Verdict {
    VerdictState state = VerdictState::kPass;
    int exit_code = kVerdictExitPass;
    std::uint64_t members = 0;                 // members and files the run accounts for
    std::uint64_t members_read = 0;            // read and checked (state ok)
    std::uint64_t failing_members = 0;         // broke a rule or did not decode (MemberStatus::failed)
    std::uint64_t members_breaking_rules = 0;  // broke a rule (MemberStatus::findings)
    std::uint64_t violations = 0;              // over every pass (violation counters summed)
    std::vector<std::string> rules_broken;     // "pass.counter", pass then declaration order
    std::uint64_t decode_errors = 0;
    std::uint64_t skipped = 0;
    std::uint64_t strays = 0;
    std::size_t figures_differ = 0;  // figures that differ where the figures decide
    std::optional<PlantedAccount> planted;
    std::string line;  // "FAIL: 7 rules broken in 23 members (160 violations) ..."
};

// `planted`: the install's defects.json, where the run had one root holding one.
Verdict make_verdict(const ReportModel& model);

}  // namespace meshproof
