#include "engine/mesh/simd_tree_codec.h"

#include <limits>
#include <string>

namespace meshproof::mesh {

SimdNode empty_simd_node(SimdEncoding encoding, bool node_is_leaf) {
    const float big = std::numeric_limits<float>::max();
    SimdNode node;
    node.lx = node.ly = node.lz = {big, big, big, big};
    node.hx = node.hy = node.hz = {-big, -big, -big, -big};
    const bool flag = encoding == SimdEncoding::kIsLeafFlag && node_is_leaf;
    node.is_leaf = flag ? 1 : 0;
    node.data.fill(encode_simd_lane(encoding, flag, LaneKind::kEmpty, 0));
    return node;
}

Result<SimdTreeNodes> decode_simd_tree(const RawSimdTree& raw) {
    SimdTreeNodes out;
    MP_TRY(decode_simd_tree_into(raw, out));
    return out;
}

Status decode_simd_tree_into(const RawSimdTree& raw, SimdTreeNodes& out) {
    const std::size_t n = raw.node_count();
    for (const auto& bound : raw.bounds)
        for (const auto& lane : bound)
            if (lane.size() != n)
                return make_error(ErrorCode::kBadObject, raw.offset, "simd node columns differ in length");
    for (const auto& d : raw.data)
        if (d.size() != n) return make_error(ErrorCode::kBadObject, raw.offset, "simd node columns differ in length");
    if (raw.encoding == SimdEncoding::kIsLeafFlag && raw.is_leaf.size() != n)
        return make_error(ErrorCode::kBadObject, raw.offset, "simd isLeaf column differs in length");

    out.encoding = raw.encoding;
    out.has_is_compact = raw.has_is_compact;
    out.is_compact = raw.is_compact;
    if (!raw.is_active.empty() && raw.is_active.size() != n)
        return make_error(ErrorCode::kBadObject, raw.offset, "simd isActive column differs in length");
    out.node_is_active.resize(raw.is_active.size());
    for (std::size_t i = 0; i < out.node_is_active.size(); ++i) out.node_is_active[i] = raw.is_active[i];
    out.node_is_leaf.resize(n);
    // The lane columns grow by push_back from reserved room (no zero fill written over), and the
    // raw columns are read through locals: a store through the byte columns may alias anything.
    out.lane_box.reserve(n * 4);
    out.lane_data.resize(n * 4);
    out.lane_kind.resize(n * 4);
    out.lane_target.resize(n * 4);
    out.lane_box_inverted.resize(n * 4);
    const auto bounds = raw.bounds;
    const auto data_columns = raw.data;
    const auto is_leaf = raw.is_leaf.values;
    const bool flagged = raw.encoding == SimdEncoding::kIsLeafFlag;
    std::uint8_t* const node_is_leaf = out.node_is_leaf.data();
    std::uint32_t* const lane_data = out.lane_data.data();
    LaneKind* const lane_kind = out.lane_kind.data();
    std::uint32_t* const lane_target = out.lane_target.data();
    std::uint8_t* const lane_box_inverted = out.lane_box_inverted.data();
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t stored_leaf = flagged ? is_leaf[i] : std::uint8_t{0};
        const bool leaf_node = stored_leaf != 0;
        node_is_leaf[i] = stored_leaf;
        for (std::size_t lane = 0; lane < 4; ++lane) {
            const std::size_t at = i * 4 + lane;
            Box b;
            // bounds order: lx, hx, ly, hy, lz, hz
            for (int a = 0; a < 3; ++a) {
                b.min[a] = bounds[2 * a][lane][i];
                b.max[a] = bounds[2 * a + 1][lane][i];
            }
            out.lane_box.push_back(b);
            lane_box_inverted[at] = (b.min[0] > b.max[0] || b.min[1] > b.max[1] || b.min[2] > b.max[2]) ? 1 : 0;
            const std::uint32_t data = data_columns[lane][i];
            const SimdLane decoded = decode_simd_lane(raw.encoding, leaf_node, data);
            if (decoded.kind == LaneKind::kChild && decoded.target >= n)
                return make_error(ErrorCode::kOutOfBounds, raw.offset + i * raw.stride,
                                  "simd node " + std::to_string(i) + " lane " + std::to_string(lane) + " names node " +
                                      std::to_string(decoded.target) + " of " + std::to_string(n));
            lane_data[at] = data;
            lane_kind[at] = decoded.kind;
            lane_target[at] = decoded.target;
        }
    }
    return ok_status();
}

}  // namespace meshproof::mesh
