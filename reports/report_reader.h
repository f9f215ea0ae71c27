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
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/error.h"

namespace meshproof {

enum class CounterKind { kCount, kMaximum };   // the report's `counters` and `maxima`

struct ReportCounterValue {
    std::string pass;
    std::string counter;
    std::string scope;       // "game/set"
    CounterKind kind = CounterKind::kCount;
    // A count is an unsigned integer in the report (exact here up to 2^53, far above any
    // install's); a maximum is any number (a measure in ulps, µm, a percentage), NaN when the
    // report wrote null (a non-finite maximum).
    double value = 0;
    // The report sets this only for a violation counter whose value is non-zero, so a zero
    // value says nothing about whether the counter is a violation counter.
    bool violation = false;
};

struct ReportFailureSample {
    std::string pass;
    std::string counter;
    std::string location;
    std::string detail;
};

struct ReportMemberError {
    std::string path;
    std::string code;        // stable error code name ("truncated", "bad-magic", ...)
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
    std::string pass;        // empty when the figure's pass is null (not computed)
    std::string counter;     // empty when absent
    std::string of;          // empty when null or absent
    bool ratio = false;      // measured is counter / of, not a percentage (absent: false)
    std::string scope;       // "eldenring/l"; "eldenring" for the sum over every set; "+dlc" appended
    std::optional<double> measured;   // null for unchecked and not-computed
    double expected = 0;
    double tolerance = 0;
    std::string label;
    std::string status;      // match, mismatch, unchecked, not-computed, holds-on-read, not-comparable
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
    std::string manifest;    // the name of the manifest the figures were measured against; empty: none
    ReportInputCounts inputs;
    std::vector<ReportCounterValue> counters;        // counters then maxima, pass by pass
    std::vector<ReportFailureSample> failures;       // the report's samples (first 20 per counter)
    std::vector<ReportMemberError> errors;
    std::vector<ReportMemberSkip> skipped;
    std::optional<std::vector<ReportFigure>> figures;   // nullopt: the report has no `figures`
};

// Parses the text of a JSON report. The error's message names the JSON path and the problem;
// its code is kBadHeader (the offset is 0: the DOM parser gives no position).
Result<LoadedReport> parse_report(std::string_view json);

}  // namespace meshproof
