// A simd tree's nodes written into their records (hkcdSimdTree::Node), field by field at the
// offsets the file's own type table gives: the compressed mesh's tree and the extern mesh's alike.
#pragma once

#include <span>
#include <string_view>

#include "engine/mesh/simd_tree_codec.h"
#include "engine/tagfile/object_writer.h"

namespace meshproof::builder {

// A new array of `nodes` at `owner`'s member `path`; `is_leaf_flag`: the record has the isLeaf
// byte (Elden Ring's 2018.1 nodes).
void write_simd_nodes(tagfile::ObjectWriter& w, const tagfile::RecordWriter& owner, std::string_view path,
                      std::span<const mesh::SimdNode> nodes, bool is_leaf_flag);

}  // namespace meshproof::builder
