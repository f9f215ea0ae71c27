// The join stage: a pass that joins members across the binders of one map (issue 16 item 4: an f
// file with the h file of the same model). Such a pass (PassInfo::joins) declares
//   - a join key per map id (Pass::join_key: "m11_01_00_00" → itself, "m60_34_50_00" → its tile
//     group "m60_34_5", "" → not joined), which the engine derives from each binder's map
//     (place_scope.h map_of_path) before any member is read;
//   - an extract it wants from each member of a keyed binder (Pass::extract, per member, beside
//     run(): the f vertices, the h triangles), a compact object of its own type;
//   - the join itself (Pass::join): after the per-member stage, every extract of one key of one
//     game, in path order, with the tallies to count into, one map and set at a time.
// The engine orders the fan-out in waves (join_waves.h): the binders sharing a key run together and
// their key is joined, and its extracts released, before the next wave starts, so a run holds one
// wave's extracts at a time, never the install's. A pass never knows another pass; the engine
// knows neither the keys' meaning nor the extracts' types.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engine/io/install_scan.h"

namespace meshproof {

class Tally;

// What a joining pass keeps of one member: a type of its own, derived from this.
class JoinExtract {
public:
    virtual ~JoinExtract() = default;
};

// One member's extract as the join receives it.
struct JoinItem {
    std::string path;  // game terms: "map/m11_01_00_00/f11_01_00_00.hkxbhd :: f11_01_00_00_000100.hkx.dcx"
    std::string set;   // h, l, f, …
    std::string map;   // the binder's map id (place_scope.h map_of_path)
    Game game = Game::kUnknown;
    std::uint64_t ordinal = 0;  // the member's ordinal (path order)
    std::unique_ptr<JoinExtract> extract;
};

// Where a join counts: unit(map, set) ends the previous unit and begins one of that map and set
// (scope "game/set", and every place scope the map lies in), and returns the tally to count into.
// A join opens the units of its key in any order it likes, the same order on every run.
class JoinTallies {
public:
    virtual Tally& unit(std::string_view map_id, std::string_view set) = 0;

protected:
    ~JoinTallies() = default;
};

}  // namespace meshproof
