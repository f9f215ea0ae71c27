// The headline every human report opens with (issue 15 item 4): the claims a user came for, each
// holds / fails with its count and the anchor of its detail, then the figures farthest from the
// document. Computed here once from the report model; the Markdown and HTML reports and the
// terminal summary only format it.
//
// The claims, in this order, each only where its pass was handed a unit of the run:
//   1. the lead claims of havok-compressed-mesh.txt: the shared-vertex page (every violation
//      counter of `page`), leaf-box containment (`leafbox`: prims_outside, sections_outside_leaf),
//      the nibble floor rule (`nibble`), interior-bit reproduction (`interior`: keys_wrong);
//   2. every other pass that declares violation counters (its Proven rules), in name order, with
//      the violation counters no lead claim took (a .sur run's headline is its sur passes' rules).
// A rule claim holds when all its violation counters are 0 over what was checked, fails when one
// is above 0, and says nothing was checked when its checked counter and its violations are 0.
// The nibble floor rule is a rate the document states (Observed, not a rule every node keeps): where
// the manifest's figures decide the verdict (--manifest, an install's own manifest.json) it holds
// when its nibble figures match and fails when one differs; otherwise it is measured.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reports/figure_distance.h"
#include "reports/report_model.h"

namespace meshproof {

enum class ClaimState { kHolds, kFails, kMeasured, kNothingChecked };
// "holds", "fails", "measured", "nothing checked"
std::string_view claim_state_name(ClaimState s);

struct HeadlineClaim {
    std::string title;  // "shared-vertex page", "structure rules"
    std::string pass;
    std::string anchor;  // "pass-page": the pass's section in the Markdown and HTML reports
    bool lead = false;   // one of the four the document leads with
    bool rate = false;   // a rate (the nibble floor rule), not a rule with violations
    ClaimState state = ClaimState::kHolds;
    std::uint64_t violations = 0;  // sum of the claim's violation counters (a rate: the nodes that differ)
    std::uint64_t checked = 0;     // what the pass checked, in the unit `checked_what` names
    std::string checked_what;      // "sections", "triangle keys", ...
    std::size_t rules = 0;         // violation counters the claim covers (a rate: 0)
    std::vector<std::pair<std::string, std::uint64_t>> failing;  // its counters above 0, declaration order
};

// How many of the farthest figures a report lists before linking to the full table.
inline constexpr std::size_t kHeadlineFigures = 10;

struct Headline {
    std::vector<HeadlineClaim> claims;
    std::vector<FigureDistance> farthest;  // every mismatching figure, farthest first (figure_distance.h)
};

// The model's headline. `farthest` points into model.figures->results.
Headline make_headline(const ReportModel& model);

// "0 of 60 triangle keys checked", "5 violations in 1,200 triangles and quads checked (prims_outside 5)",
// "120 of 1,000 nodes differ": the count of a claim as every report prints it.
std::string claim_count_text(const HeadlineClaim& c);

}  // namespace meshproof
