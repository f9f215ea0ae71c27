// The places of ../shared/spec/places.md by map id, for the per-map tables of the reports: a
// user reads "m11_01_00_00 Ashina Castle", not a map id alone.
#pragma once

#include <string>
#include <string_view>

#include "engine/io/install_scan.h"

namespace meshproof {

// The place of `map_id` ("m11_01_00_00") in `game`; "" where places.md names none. Elden Ring's
// overworld tiles are "Lands Between tile" (m60) and "Land of Shadow tile" (m61).
std::string place_name(Game game, std::string_view map_id);

}  // namespace meshproof
