// The per-file state the .sur passes walk a model with: the unit, its model, the pass's tally,
// the file's counts, and the one way a failing location is named (the file's path, then the place
// inside it). Each pass extends it with its own scratch (struct Walk : SurWalk { ... }).
#pragma once

#include <cstddef>
#include <span>
#include <string_view>
#include <type_traits>

#include <fmt/format.h>

#include "engine/pipeline/pass.h"
#include "engine/sur/sur_model.h"
#include "verifiers/unit_counts.h"

namespace meshproof::verifiers {

struct SurWalk {
    const Unit& unit;
    const sur::SurModel& m;
    Tally& tally;
    UnitCounts counts;

    // Counts a failing (or differing) location and keeps it (UnitCounts::add_sampled). `where` is
    // the place inside the file, a string or a callable making it (built only when kept).
    template <class Where, class Detail>
    void fail(std::string_view counter, Where&& where, Detail&& detail) {
        counts.add_sampled(
            tally, counter,
            [&] {
                if constexpr (std::is_invocable_v<Where>) return fmt::format("{} / {}", unit.path, where());
                else return fmt::format("{} / {}", unit.path, where);
            },
            detail);
    }

    // The file's verdict for the severities of ivp-surface-notes.md §14: every counter in
    // `exact_rules` (slots of the pass's declared counters, the rules retail holds everywhere) is
    // zero. Handed to the tally (PassInfo::judges_units) and returned.
    bool judge(std::span<const std::size_t> exact_rules) {
        bool exact = true;
        for (std::size_t slot : exact_rules) exact = exact && counts.get_at(slot) == 0;
        tally.judge(exact);
        return exact;
    }
};

}  // namespace meshproof::verifiers
