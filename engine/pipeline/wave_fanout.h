// The fan-out in waves (join_waves.h): each wave's groups in parallel, then the wave's joins,
// each key into a Tally of its own, before the next wave starts; a wave's extracts are released
// when its joins are done. Without a joining pass, one wave of every group.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/pipeline/member_group.h"
#include "engine/pipeline/member_status.h"
#include "engine/pipeline/run_timings.h"

namespace meshproof {

class UnitRunner;

struct WaveOutcome {
    std::vector<std::vector<MemberStatus>> per_group;  // each group's member statuses, by group index
    double join_wall_seconds = 0;                      // the join steps' wall time, every wave's
};

// `group_games[g]`: the game of group g's root. `timings` (may be null): whether the caller asked
// for timings, so that the joins' CPU time is measured and charged to their passes. `listed`
// (empty, or one per group): the binders' listings the count kept, each handed to its group's run.
WaveOutcome run_in_waves(UnitRunner& runner, const std::vector<Group>& groups, const std::vector<Game>& group_games,
                         const RunTimings* timings, std::vector<std::optional<BinderListing>> listed = {});

}  // namespace meshproof
