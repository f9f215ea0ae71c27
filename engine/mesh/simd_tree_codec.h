// hkcdSimdTree nodes: four lanes of boxes and data words per node, with the two games' lane
// encodings (containers-and-tagfiles.md §8.6 and §0 #8; havok-compressed-mesh.txt "Simd tree node").
//
//   lane        2016.2 (112-byte nodes)            2018.1 (128-byte nodes, isLeaf @112)
//   empty       data 0                              isLeaf clear: 0; set: 0xFFFFFFFF
//   child       even, non-zero: node = data >> 1    isLeaf clear: node = data
//   leaf        odd: key = data >> 1                isLeaf set: key = data
#pragma once

#include <cstdint>

#include "engine/core/error.h"
#include "engine/mesh/decoded_member.h"
#include "engine/mesh/raw_mesh.h"

namespace meshproof::mesh {

struct SimdLane {
    LaneKind kind = LaneKind::kEmpty;
    std::uint32_t target = kNone;  // child node or key
};

inline SimdLane decode_simd_lane(SimdEncoding encoding, bool node_is_leaf, std::uint32_t data) {
    if (encoding == SimdEncoding::kParity) {
        if (data == 0) return {LaneKind::kEmpty, kNone};
        if (data & 1u) return {LaneKind::kLeaf, data >> 1};
        return {LaneKind::kChild, data >> 1};
    }
    if (node_is_leaf) {
        if (data == 0xFFFFFFFFu) return {LaneKind::kEmpty, kNone};
        return {LaneKind::kLeaf, data};
    }
    if (data == 0) return {LaneKind::kEmpty, kNone};
    return {LaneKind::kChild, data};
}

// Decodes every node and lane. A child lane naming a node at or past the node count is a
// kOutOfBounds error at the node's offset; keys are kept as stored (the passes check them).
Result<SimdTreeNodes> decode_simd_tree(const RawSimdTree& raw);

}  // namespace meshproof::mesh
