// hkcdSimdTree nodes: four lanes of boxes and data words per node, with the two games' lane
// encodings (containers-and-tagfiles.md §8.6 and §0 #8; havok-compressed-mesh.txt "Simd tree node").
//
//   lane        2016.2 (112-byte nodes)            2018.1 (128-byte nodes, isLeaf @112)
//   empty       data 0                              isLeaf clear: 0; set: 0xFFFFFFFF
//   child       even, non-zero: node = data >> 1    isLeaf clear: node = data
//   leaf        odd: key = data >> 1                isLeaf set: key = data
#pragma once

#include <array>
#include <cstddef>
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

// ---- the encoder, the inverse of decode_simd_lane -------------------------------------------------

// The lane word of a lane of `kind` naming `target` (a child node or a key; not read for an empty
// lane) in a node whose isLeaf flag is `node_is_leaf` (read by kIsLeafFlag only).
inline std::uint32_t encode_simd_lane(SimdEncoding encoding, bool node_is_leaf, LaneKind kind, std::uint32_t target) {
    if (encoding == SimdEncoding::kParity) {
        if (kind == LaneKind::kEmpty) return 0;
        return kind == LaneKind::kLeaf ? target * 2 + 1 : target * 2;
    }
    if (kind == LaneKind::kEmpty) return node_is_leaf ? 0xFFFFFFFFu : 0u;
    return target;
}

// One node's stored fields, laid out as the node record's (memcpy'd field by field by the writer).
struct SimdNode {
    std::array<float, 4> lx{}, hx{}, ly{}, hy{}, lz{}, hz{};
    std::array<std::uint32_t, 4> data{};
    std::uint8_t is_leaf = 0;  // kIsLeafFlag's flag (all lanes leaves or empty)
};

// A node of four empty lanes (boxes +FLT_MAX .. −FLT_MAX, inverted on every axis): the sentinel
// node 0 with `node_is_leaf` false, or the start of a node whose lanes set_simd_lane then fills.
SimdNode empty_simd_node(SimdEncoding encoding, bool node_is_leaf = false);

inline void set_simd_lane(SimdNode& node, std::size_t lane, const Box& box, std::uint32_t data) {
    node.lx[lane] = box.min[0];
    node.ly[lane] = box.min[1];
    node.lz[lane] = box.min[2];
    node.hx[lane] = box.max[0];
    node.hy[lane] = box.max[1];
    node.hz[lane] = box.max[2];
    node.data[lane] = data;
}

// Decodes every node and lane. A child lane naming a node at or past the node count is a
// kOutOfBounds error at the node's offset; keys are kept as stored (the passes check them).
Result<SimdTreeNodes> decode_simd_tree(const RawSimdTree& raw);
// The same into `out`, whose columns must be empty (a default SimdTreeNodes, or one emptied by
// empty_keeping_capacity: its columns' room is reused). After an error `out` holds a part.
Status decode_simd_tree_into(const RawSimdTree& raw, SimdTreeNodes& out);

}  // namespace meshproof::mesh
