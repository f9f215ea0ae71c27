#include "reports/headline.h"

#include <algorithm>
#include <array>

#include <fmt/format.h>

namespace meshproof {

std::string_view claim_state_name(ClaimState s) {
    switch (s) {
        case ClaimState::kHolds: return "holds";
        case ClaimState::kFails: return "fails";
        case ClaimState::kMeasured: return "measured";
        case ClaimState::kNothingChecked: return "nothing checked";
    }
    return "measured";
}

namespace {

// A lead claim of havok-compressed-mesh.txt and the counters behind it.
struct LeadClaim {
    std::string_view pass, title;
    std::vector<std::string_view> violations;  // empty: every violation counter of the pass
    std::vector<std::string_view> checked;     // summed: what the claim was checked on
    std::string_view checked_what;
    std::string_view differing;  // set for a rate: the units the rule does not give
};

const std::array<LeadClaim, 4>& lead_claims() {
    static const std::array<LeadClaim, 4> claims = {{
        {"page", "shared-vertex page", {}, {"sections"}, "sections", {}},
        {"leafbox",
         "leaf-box containment",
         {"prims_outside", "sections_outside_leaf"},
         {"prims"},
         "triangles and quads",
         {}},
        {"nibble", "nibble floor rule", {}, {"roots", "inner_nodes", "leaves"}, "tree nodes", "differing_nodes"},
        {"interior",
         "interior-bit reproduction",
         {"keys_wrong"},
         {"keys_checked"},
         "triangle keys of meshes with bits",
         {}},
    }};
    return claims;
}

bool uses(const std::vector<std::string_view>& names, std::string_view name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

// Adds the violation counters `take` accepts to the claim and judges it by them.
template <class Take>
void count_rules(HeadlineClaim& c, const PassResult& p, Take take) {
    for (const CounterInfo& info : p.pass->info().counters) {
        if (!info.violation || !take(info.name)) continue;
        ++c.rules;
        const std::uint64_t n = p.tally.total(info.name);
        c.violations += n;
        if (n > 0) c.failing.push_back({info.name, n});
    }
    c.state = c.violations > 0 ? ClaimState::kFails : c.checked == 0 ? ClaimState::kNothingChecked : ClaimState::kHolds;
}

// A rate is judged by the manifest's figures of its pass: the document's rate reproduced or not.
// Only figures that decide the verdict (reports/verdict.h) can make it fail: a rate that differs
// from a reference document's is a measurement, informational like the document's figures.
ClaimState judge_rate(const ReportModel& m, std::string_view pass) {
    if (!m.figures || !m.figures->decides_exit) return ClaimState::kMeasured;
    bool judged = false;
    for (const FigureResult& r : m.figures->results) {
        if (!r.figure.pass || *r.figure.pass != pass) continue;
        if (r.status == FigureStatus::kMismatch) return ClaimState::kFails;
        judged = judged || r.status == FigureStatus::kMatch || r.status == FigureStatus::kExceeds ||
                 r.status == FigureStatus::kHoldsOnRead;
    }
    return judged ? ClaimState::kHolds : ClaimState::kMeasured;
}

HeadlineClaim lead_claim(const LeadClaim& lead, const PassResult& p, const ReportModel& m) {
    HeadlineClaim c;
    c.title = lead.title;
    c.pass = lead.pass;
    c.anchor = "pass-" + c.pass;
    c.lead = true;
    c.checked_what = lead.checked_what;
    for (std::string_view name : lead.checked) c.checked += p.tally.total(name);
    if (!lead.differing.empty()) {
        c.rate = true;
        c.violations = p.tally.total(lead.differing);
        c.state = c.checked == 0 ? ClaimState::kNothingChecked : judge_rate(m, lead.pass);
        return c;
    }
    count_rules(c, p, [&](std::string_view name) { return lead.violations.empty() || uses(lead.violations, name); });
    return c;
}

}  // namespace

Headline make_headline(const ReportModel& model) {
    Headline h;
    const std::vector<const PassResult*> passes = passes_with_units(*model.run);
    auto find = [&](std::string_view name) -> const PassResult* {
        for (const PassResult* p : passes)
            if (p->pass->info().name == name) return p;
        return nullptr;
    };
    for (const LeadClaim& lead : lead_claims())
        if (const PassResult* p = find(lead.pass)) h.claims.push_back(lead_claim(lead, *p, model));
    // The counters a lead claim took are not counted again under their pass's other rules.
    auto taken = [&](std::string_view pass, std::string_view counter) {
        for (const LeadClaim& lead : lead_claims())
            if (lead.pass == pass && (lead.violations.empty() || uses(lead.violations, counter))) return true;
        return false;
    };
    for (const PassResult* p : passes) {
        const PassInfo& info = p->pass->info();
        HeadlineClaim c;
        c.title = info.name + " rules";
        c.pass = info.name;
        c.anchor = "pass-" + info.name;
        // The pass's first counter is the unit it walks (meshes, files, tagfiles, bodies, ...).
        if (!info.counters.empty()) {
            c.checked = p->tally.total(info.counters.front().name);
            c.checked_what = info.counters.front().description;
        }
        count_rules(c, *p, [&](std::string_view name) { return !taken(info.name, name); });
        if (c.rules > 0) h.claims.push_back(std::move(c));
    }
    if (model.figures) h.farthest = farthest_figures(model.figures->results, model.figures->partial_install);
    return h;
}

std::string claim_count_text(const HeadlineClaim& c) {
    if (c.state == ClaimState::kNothingChecked) return fmt::format("no {} to check", c.checked_what);
    if (c.rate) {
        // A rate holds or fails by the manifest's figures of it, and says which.
        const char* judged = c.state == ClaimState::kHolds   ? "; the manifest's figures of it match"
                             : c.state == ClaimState::kFails ? "; a manifest figure of it differs"
                                                             : "";
        return fmt::format("{} of {} {} differ from the rule ({:.3g} %{})", c.violations, c.checked, c.checked_what,
                           100.0 * static_cast<double>(c.violations) / static_cast<double>(c.checked), judged);
    }
    std::string s =
        fmt::format("{} violation{} in {} {}", c.violations, c.violations == 1 ? "" : "s", c.checked, c.checked_what);
    if (!c.lead) s += fmt::format(" ({} rule{})", c.rules, c.rules == 1 ? "" : "s");
    std::string failing;
    for (const auto& [name, n] : c.failing) failing += fmt::format("{}{} {}", failing.empty() ? "" : ", ", name, n);
    return failing.empty() ? s : s + ": " + failing;
}

}  // namespace meshproof
