// The regression diff of two verify reports (issue 7): each figure that changed, each pass
// counter whose value changed, failure samples that appeared or disappeared, and members whose
// status changed. A pure function of the two loaded reports; rendering is in
// reports/report_diff_render.h.
//
// A regression (`meshproof diff` exits 1) is any of:
//  - a figure moved away from its expected value: it mismatches in the new report and it
//    matched (or was unchecked) before, or it is farther from the expected value than before,
//    or it is new to a report whose predecessor had figures;
//  - a member newly failed: it is in the new report's errors and was not in the old one's;
//  - a violation counter grew (a claim the document labels Proven fails more often).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reports/report_reader.h"

namespace meshproof {

struct FigureChange {
    std::string id;
    std::string pass;
    std::string counter;
    std::string scope;
    std::string label;
    std::optional<double> old_measured;  // nullopt: not measured, or absent from the old report
    std::optional<double> new_measured;
    double expected = 0;                 // the new report's (the old one's for a figure that left)
    std::optional<double> old_expected;  // set when the old report expected another value
    double tolerance = 0;
    std::string old_status;  // empty: absent from the old report
    std::string new_status;  // empty: absent from the new report
    // A value-set figure's values seen ("0 ×1,204 · 1 ×3"), old and new; empty for other kinds.
    std::string old_seen, new_seen;
    bool moved_away = false;
};

struct CounterChange {
    std::string pass;
    std::string counter;
    std::string scope;
    CounterKind kind = CounterKind::kCount;
    std::optional<double> old_value;  // nullopt: absent from the old report (read as 0)
    std::optional<double> new_value;  // a count is a whole number; a maximum any number (NaN: null)
    bool violation = false;           // a violation counter, as far as either report shows
    bool violation_grew = false;
};

struct FailureChange {
    ReportFailureSample sample;
    bool appeared = false;  // false: disappeared
};

// A member's status as the reports show it. Reports list only failed and skipped members, so
// kNotListed means ok, or not in that install at all.
enum class ListedStatus { kNotListed, kError, kSkipped };

struct MemberStatusView {
    ListedStatus status = ListedStatus::kNotListed;
    std::string code;          // error code name, for kError
    std::uint64_t offset = 0;  // for kError
    std::string message;       // error message, or the skip reason
};

struct MemberChange {
    std::string path;
    MemberStatusView old_status;
    MemberStatusView new_status;
    bool newly_failed() const;  // an error now, not an error before
    bool recovered() const;     // an error before, not an error now
};

struct InputCountChange {
    std::string name;  // members, ok, decode_error, skipped
    std::uint64_t old_value = 0;
    std::uint64_t new_value = 0;
};

// Figures can be compared only when both reports carry a `figures` array.
enum class FigurePresence { kBoth, kOldOnly, kNewOnly, kNeither };

struct ReportDiff {
    std::string old_game, new_game;
    std::string old_root, new_root;
    std::string old_manifest, new_manifest;  // empty: no manifest
    FigurePresence figure_presence = FigurePresence::kNeither;
    std::vector<InputCountChange> inputs;
    std::vector<std::string> passes_added;  // in the new report only; their counters are not listed
    std::vector<std::string> passes_removed;
    std::vector<FigureChange> figures;    // id order
    std::vector<CounterChange> counters;  // pass, counter, scope, kind order
    std::vector<FailureChange> failures;  // pass, counter, location order
    std::vector<MemberChange> members;    // path order

    std::size_t figures_moved_away() const;
    std::size_t members_newly_failed() const;
    std::size_t violation_counters_grown() const;
    bool regressed() const;  // any of the three above
    bool empty() const;      // nothing at all differs
};

ReportDiff diff_reports(const LoadedReport& old_report, const LoadedReport& new_report);

}  // namespace meshproof
