// The part of an h file the f-set join can reach (verifiers/fset_join_pass.cpp): a triangle the
// join's queries can answer with lies within the query radius (2 m for the nearest search, 1 m
// for the controls) of a point of the f file that asks, so its box meets the box of that f file's
// vertices grown by the radius. The join builds each h file's tree over those triangles only,
// the boxes grown by kExactTo (4 m: "exact to 4 m", a margin far above the queries' rounding),
// so every query finds the same nearest distance and the same answers as over the whole file.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace meshproof::verifiers {

// A box the join queries within, in double; a footprint box bounds x and z only (its queries
// ignore the height).
struct ReachBox {
    std::array<double, 3> lo{}, hi{};
    bool footprint = false;
};

// The box of vertices `xyz` (x y z each) grown by `margin`, with y and z swapped when `swap_yz`
// (the swapped control's points); nullopt when a vertex is not finite (the caller then keeps the
// whole file) or there is none.
std::optional<ReachBox> reach_of(std::span<const float> xyz, double margin, bool swap_yz, bool footprint);

// The corners (three a triangle, indices into xyz as given) of the triangles whose box meets one
// of `reach`: in triangle order, so the tree over them is built the same way on every run. Every
// triangle is kept when one has a corner that is not finite or an index past the vertices (the
// whole file's tree treats those its own way).
std::vector<std::uint32_t> corners_within_reach(std::span<const float> xyz, std::span<const std::uint32_t> corners,
                                                std::span<const ReachBox> reach);

}  // namespace meshproof::verifiers
