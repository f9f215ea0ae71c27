// A place scope: the document names some figures by place ("Ashina Castle's binder has 192
// files", "the l binder of m14_00_00_00", "two tile groups (m60_34_5, m60_41_3)"), and
// ../shared/spec/places.md maps each place to map ids. A unit's place is the map its binder
// came from; a place scope is one map-id prefix or several (a tile group is a prefix: m60_34_5
// names m60_34_50_00 … m60_34_59_02). The run repeats the counts of the units of a place under
// the sub-scope "game/set#map:KEY" (tally_scope.h; KEY the prefixes joined by ','), as it does for a file scope.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace meshproof {

// The map id ("m11_01_00_00") a unit path came from: a folder named mAA_BB_CC_DD
// (map/m11_01_00_00/…, map/m10/m10_00_00_00/…), else a binder or member named after its map
// ({h,l,f}AA_BB_CC_DD…: h10_00_00_00.hkxbhd, l10_00_00_00_000123.hkx.dcx); "" for a unit of no
// map (an object or asset binder, a loose file named otherwise).
std::string map_of_path(std::string_view unit_path);

// Whether `text` is a map-id prefix a place scope may name: 'm', two digits, then digits and
// '_' only, at most a whole map id ("m60", "m60_34_5", "m11_01_00_00").
bool is_map_prefix(std::string_view text);

// The prefixes of a place key ("m60_34_5,m60_41_3" → {"m60_34_5", "m60_41_3"}).
std::vector<std::string> map_prefixes(std::string_view key);

// Whether `map_id` lies in the place `key`: it starts with one of the key's prefixes.
bool map_in_place(std::string_view map_id, std::string_view key);

}  // namespace meshproof
