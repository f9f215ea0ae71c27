// Reads a JSON report written by `meshproof verify --json` back into a model, for the
// regression diff (reports/report_diff.h). Strict about what the diff relies on: a missing
// section, a value of the wrong type or a duplicate entry is an error naming its JSON path
// (`passes[3].counters[2].value: expected an unsigned integer`), because a diff built on a
// half-read report would report changes that are not there. Tolerant of what it does not
// need: unknown keys are ignored, and the `figures` array may be absent (reports written
// before figures existed).
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"

namespace meshproof {

// The report's `counters`, `maxima` and `minima`; kValueCount: one value of a `value_sets` entry
// (the diff lists each value's count as a counter "NAME = VALUE").
enum class CounterKind { kCount, kMaximum, kMinimum, kValueCount };

struct ReportCounterValue {
    std::string pass;
    std::string counter;
    std::string scope;  // "game/set"
    CounterKind kind = CounterKind::kCount;
    // A count is an unsigned integer in the report (exact here up to 2^53, far above any
    // install's); a maximum is any number (a measure in ulps, µm, a percentage), NaN when the
    // report wrote null (a non-finite maximum).
    double value = 0;
    // The report sets this only for a violation counter whose value is non-zero, so a zero
    // value says nothing about whether the counter is a violation counter.
    bool violation = false;
};

// One value set of a pass (the report's `value_sets`, absent in reports without any): each value
// (one number, or a list) with its count.
struct ReportValueSet {
    std::string pass;
    std::string counter;
    std::string scope;
    std::vector<std::pair<std::vector<double>, std::uint64_t>> values;
    bool overflowed = false;
    bool operator==(const ReportValueSet&) const = default;
};

struct ReportFailureSample {
    std::string pass;
    std::string counter;
    std::string location;
    std::string detail;
};

struct ReportMemberError {
    std::string path;
    std::string code;  // stable error code name ("truncated", "bad-magic", ...)
    std::uint64_t offset = 0;
    std::string message;
};

struct ReportMemberSkip {
    std::string path;
    std::string reason;
};

// One entry of the report's `figures` array (corpus-manifests/FORMAT.md, "Figures in the JSON report").
struct ReportFigure {
    std::string id;
    std::string pass;                // empty when the figure's pass is null (not computed)
    std::string counter;             // empty when absent
    std::string of;                  // empty when null or absent
    bool ratio = false;              // measured is counter / of, not a percentage (absent: false)
    std::string scope;               // "eldenring/l"; "eldenring" for the sum over every set; "+dlc" appended
    std::optional<double> measured;  // null for unchecked and not-computed
    double expected = 0;
    double tolerance = 0;
    std::string label;
    std::string status;                 // match, mismatch, unchecked, not-computed, holds-on-read, not-comparable
    std::string kind = "value";         // FORMAT.md "Figure kinds"; absent: value
    std::vector<double> expected_list;  // a list figure's values
    // A value-set figure's `seen` (absent: empty, not overflowed).
    std::vector<std::pair<std::vector<double>, std::uint64_t>> seen;
    bool seen_overflowed = false;
    // lowest_of / highest_of: the ranked (counter, of) pairs and `complement` (absent: false).
    std::vector<std::pair<std::string, std::string>> pairs;
    bool complement = false;
    // lowest_set / highest_set: `sets`, each set's value; lowest_of / highest_of: `pair_values`,
    // each pair's (absent: empty). In the report's order.
    std::vector<std::pair<std::string, double>> parts;
};

struct ReportInputCounts {
    std::uint64_t members = 0;
    std::uint64_t ok = 0;
    std::uint64_t decode_error = 0;
    std::uint64_t skipped = 0;
};

struct LoadedReport {
    std::uint64_t report_format = 0;
    std::string game;
    std::string root;
    std::vector<std::string> passes;
    std::string manifest;  // the name of the manifest the figures were measured against; empty: none
    ReportInputCounts inputs;
    std::vector<ReportCounterValue> counters;   // counters, maxima then minima, pass by pass
    std::vector<ReportValueSet> value_sets;     // pass by pass; empty in reports without any
    std::vector<ReportFailureSample> failures;  // the report's samples (first 20 per counter)
    std::vector<ReportMemberError> errors;
    std::vector<ReportMemberSkip> skipped;
    std::optional<std::vector<ReportFigure>> figures;  // nullopt: the report has no `figures`
};

// Parses the text of a JSON report. The error's message names the JSON path and the problem;
// its code is kBadHeader (the offset is 0: the DOM parser gives no position).
Result<LoadedReport> parse_report(std::string_view json);

}  // namespace meshproof
