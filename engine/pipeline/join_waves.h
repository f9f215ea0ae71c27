// The order of the fan-out when a joining pass runs (join.h): waves of binder groups. Each group
// gets one key per joining pass (the pass's join_key of the group's map, "" = none); the groups that
// share a (game, pass, key) are in one wave, and so, transitively, are the groups two passes'
// keys tie together. The groups no joining pass keys form one wave of their own, first. A run
// processes one wave at a time (its groups in parallel), then joins the wave's keys and releases
// their extracts: memory holds one wave's extracts. Without a joining pass every group is in one
// wave, the fan-out as before.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "engine/io/install_scan.h"

namespace meshproof {

class Pass;

struct JoinPlan {
    // [group][joining pass]: the group's key for that pass ("" = its members are not extracted).
    std::vector<std::vector<std::string>> keys;
    // Group indices, ascending within a wave; waves ordered by their first group (the unkeyed
    // wave first when there is one).
    std::vector<std::vector<std::size_t>> waves;
};

// `group_maps[g]`: the map id of group g (place_scope.h map_of_path of its path); `group_games[g]`
// its root's game; `joining`: the selected passes with PassInfo::joins.
JoinPlan plan_join_waves(std::span<const std::string> group_maps, std::span<const Game> group_games,
                         std::span<const Pass* const> joining);

}  // namespace meshproof
