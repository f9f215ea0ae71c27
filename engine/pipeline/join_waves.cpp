#include "engine/pipeline/join_waves.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <tuple>

#include "engine/pipeline/pass.h"

namespace meshproof {

JoinPlan plan_join_waves(std::span<const std::string> group_maps, std::span<const Game> group_games,
                         std::span<const Pass* const> joining) {
    const std::size_t n = group_maps.size();
    JoinPlan plan;
    plan.keys.assign(n, std::vector<std::string>(joining.size()));
    std::vector<std::size_t> parent(n);
    std::iota(parent.begin(), parent.end(), std::size_t{0});
    auto find = [&](std::size_t g) {
        while (parent[g] != g) g = parent[g] = parent[parent[g]];
        return g;
    };
    std::map<std::tuple<Game, std::size_t, std::string>, std::size_t> first_of_key;
    std::vector<bool> keyed(n, false);
    for (std::size_t g = 0; g < n; ++g)
        for (std::size_t p = 0; p < joining.size(); ++p) {
            std::string key = group_maps[g].empty() ? std::string() : joining[p]->join_key(group_maps[g]);
            if (key.empty()) continue;
            keyed[g] = true;
            auto [it, fresh] = first_of_key.emplace(std::make_tuple(group_games[g], p, key), g);
            if (!fresh) {
                const std::size_t a = find(it->second), b = find(g);
                parent[std::max(a, b)] = std::min(a, b);  // the root is the wave's first group
            }
            plan.keys[g][p] = std::move(key);
        }
    std::vector<std::size_t> unkeyed;
    std::map<std::size_t, std::vector<std::size_t>> by_root;  // ordered by the wave's first group
    for (std::size_t g = 0; g < n; ++g) {
        if (!keyed[g]) unkeyed.push_back(g);
        else by_root[find(g)].push_back(g);
    }
    if (!unkeyed.empty()) plan.waves.push_back(std::move(unkeyed));
    for (auto& [root, groups] : by_root) plan.waves.push_back(std::move(groups));
    return plan;
}

}  // namespace meshproof
