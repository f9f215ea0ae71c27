// The boxes among a member's body shapes (DecodedMember::other_shapes), as
// havok-compressed-mesh.txt reads them: "Elden Ring's map and asset collision includes convex
// shapes with no volume: boxes with convex radius 0 and one extent of 0, up to 256 m across …
// Thin boxes about 300 m from their body's origin have planes that their own vertices miss by up
// to about four f32 units in the last place". A function of one decoded shape, no state.
//
// Readings (stated here and in corpus-manifests/counters.tsv):
//  - a box is a shape of class hknpBoxShape (ShapeType::kBox) whose six planes form three
//    opposite pairs (one plane's normal the other's negated, exactly); its extent along a pair is
//    the slab's width, −(w₁ + w₂), from the stored f32 plane distances (added in double, exact);
//  - a flat box (the document's "box with no volume") has convex radius 0 and one extent exactly 0;
//    its size is its largest extent (m: "256 m across");
//  - a face's plane is missed by its own vertices (the face's indices) by |n·v + w|, computed in
//    double from the f32 values (each product exact), and measured in f32 units in the last place
//    of the vertex's largest coordinate (ulp at 300 m: 2⁻¹⁵ m, about 0.03 mm);
//  - a thin box is a flat box that some of its faces' own vertices miss (miss > 0): the document's
//    "thin boxes" are the flat boxes whose rounding to f32 far from the origin shows;
//  - a box's distance from its body's origin is that of its centre, the mean of its vertices (a
//    body shape's vertices are in body space).
#pragma once

#include <array>
#include <cstddef>
#include <optional>

#include "engine/mesh/extern_shapes.h"

namespace meshproof::verifiers {

struct BoxMeasure {
    std::array<double, 3> extent{};  // per opposite plane pair, in the order of each pair's first plane
    bool flat = false;               // convex radius 0 and one extent exactly 0
    double size = 0;                 // the largest extent, m
    double plane_miss_ulp = 0;       // the largest miss of a face's plane by its own vertices, f32 ulps
    bool thin = false;               // flat and plane_miss_ulp > 0
    double distance = 0;             // |mean of the vertices|, m
};

// Shape `s` of `shapes` measured as a box; nullopt when it is no box or its planes do not form
// three opposite pairs (faces are read only where there are as many as planes).
std::optional<BoxMeasure> measure_box(const mesh::DecodedExternShapes& shapes, std::size_t s);

}  // namespace meshproof::verifiers
