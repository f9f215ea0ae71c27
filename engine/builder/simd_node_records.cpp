#include "engine/builder/simd_node_records.h"

#include <cstdint>
#include <cstring>

#include "engine/builder/body_scaffold.h"

namespace meshproof::builder {

void write_simd_nodes(tagfile::ObjectWriter& w, const tagfile::RecordWriter& owner, std::string_view path,
                      std::span<const mesh::SimdNode> nodes, bool is_leaf_flag) {
    tagfile::ArrayWriter simd = array_for(w, owner, path, nodes.size());
    if (nodes.empty()) return;
    const tagfile::RecordWriter n0 = simd.at(0);
    auto offset_of = [&](const char* name) { return n0.field(name).offset() - n0.offset(); };
    const std::uint32_t off[7] = {offset_of("lx"), offset_of("hx"), offset_of("ly"),  offset_of("hy"),
                                  offset_of("lz"), offset_of("hz"), offset_of("data")};
    const std::uint32_t o_leaf = is_leaf_flag ? offset_of("isLeaf") : 0;
    std::uint8_t* const out = simd.raw().data();
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        std::uint8_t* node = out + i * simd.stride();
        const mesh::SimdNode& n = nodes[i];
        const void* src[7] = {n.lx.data(), n.hx.data(), n.ly.data(),  n.hy.data(),
                              n.lz.data(), n.hz.data(), n.data.data()};
        for (int k = 0; k < 7; ++k) std::memcpy(node + off[k], src[k], 16);
        if (is_leaf_flag) node[o_leaf] = n.is_leaf;
    }
}

}  // namespace meshproof::builder
