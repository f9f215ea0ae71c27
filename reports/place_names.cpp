#include "reports/place_names.h"

#include <array>
#include <utility>

namespace meshproof {

namespace {

using Row = std::pair<std::string_view, std::string_view>;

// places.md, "Sekiro (nine maps)".
constexpr std::array<Row, 9> kSekiro = {{
    {"m10_00_00_00", "Hirata Estate"},
    {"m11_00_00_00", "Ashina Outskirts"},
    {"m11_01_00_00", "Ashina Castle"},
    {"m11_02_00_00", "Ashina Reservoir"},
    {"m13_00_00_00", "Abandoned Dungeon"},
    {"m15_00_00_00", "Mibu Village"},
    {"m17_00_00_00", "Sunken Valley"},
    {"m20_00_00_00", "Senpou Temple, Mt. Kongo"},
    {"m25_00_00_00", "Fountainhead Palace"},
}};

// places.md, "Elden Ring": the legacy dungeons by map id.
constexpr std::array<Row, 8> kEldenRing = {{
    {"m10_00_00_00", "Stormveil Castle"},
    {"m10_00_00_99", "Stormveil Castle (distant view)"},
    {"m11_00_00_00", "Leyndell, Royal Capital"},
    {"m11_05_00_00", "Leyndell, Ashen Capital"},
    {"m13_00_00_00", "Crumbling Farum Azula"},
    {"m14_00_00_00", "Academy of Raya Lucaria"},
    {"m15_00_00_00", "Miquella's Haligtree"},
    {"m16_00_00_00", "Volcano Manor"},
}};

template <std::size_t N>
std::string_view find(const std::array<Row, N>& rows, std::string_view map_id) {
    for (const Row& r : rows)
        if (r.first == map_id) return r.second;
    return {};
}

}  // namespace

std::string place_name(Game game, std::string_view map_id) {
    if (game == Game::kSekiro) return std::string(find(kSekiro, map_id));
    if (game != Game::kEldenRing) return {};
    if (const std::string_view p = find(kEldenRing, map_id); !p.empty()) return std::string(p);
    if (map_id.substr(0, 4) == "m60_") return "Lands Between tile";
    if (map_id.substr(0, 4) == "m61_") return "Land of Shadow tile";
    // m30 … m35: catacombs, caves, tunnels, Divine Towers, Subterranean Shunning-Grounds.
    if (map_id.size() >= 3 && map_id[0] == 'm' && map_id[1] == '3' && map_id[2] >= '0' && map_id[2] <= '5')
        return "dungeon";
    return {};
}

}  // namespace meshproof
