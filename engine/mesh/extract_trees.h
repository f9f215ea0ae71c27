// Extraction of the tree objects shared by compressed meshes and extern meshes: static
// AabbTree<…Codec> objects (nodes + domain), hkcdSimdTree, hkAabb and hkVector4 values. Every
// member by name (containers-and-tagfiles.md §7); the codec and the simd lane encoding are
// chosen by the members the node class declares, never by the SDK version or the game.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/core/error.h"
#include "engine/mesh/raw_mesh.h"
#include "engine/tagfile/object_view.h"
#include "engine/tagfile/type_table.h"

namespace meshproof::mesh {

// The four floats of an hkVector4 / hkQuaternion member (a record wrapping one, like
// hkQuaternion{vec}, is unwrapped).
Result<std::array<float, 4>> read_vector4(const tagfile::ObjectView& v);
Result<RawAabb> read_aabb(const tagfile::ObjectView& aabb);

// An hkcdStaticTree::AabbTree object (or a Section, which derives from one): its `nodes` and
// `domain`. Node codec from the node class: `data` → Axis4; `loData` of 1 byte → Axis5, 2 → Axis6.
Result<RawStaticTree> extract_static_tree(const tagfile::ObjectView& tree);

// extract_static_tree for many trees (a mesh's sections, one tree each): the members found by
// name for one tree are kept and reused for the next while its tree, domain and node types are
// the same (a tree of another type is looked up afresh), so each tree costs no name lookup. One
// extractor serves the trees of one tagfile.
class StaticTreeExtractor {
public:
    Result<RawStaticTree> extract(const tagfile::ObjectView& tree);

private:
    static constexpr std::uint32_t kNoType = 0xFFFFFFFFu;
    // Two members of one record type (a tree's nodes and domain, a domain's min and max).
    struct MemberPair {
        std::uint32_t type = kNoType;  // kNoType: not found (either member missing)
        tagfile::FieldRef first, second;
    };
    static void find_pair(const tagfile::TypeTable& types, std::uint32_t type, std::string_view first,
                          std::string_view second, MemberPair& kept);
    struct NodeColumns {  // byte offsets in a node of its element type and stride
        std::uint32_t type = kNoType;
        std::size_t stride = 0;
        TreeCodec codec = TreeCodec::kAxis4;
        std::array<std::uint32_t, 3> xyz{};
        std::uint32_t data = 0, lo = 0;
    };
    Status find_node_columns(const tagfile::TypeTable& types, const tagfile::ArrayView& nodes);

    MemberPair tree_;    // nodes, domain
    MemberPair domain_;  // min, max
    NodeColumns nodes_;
};

// An hkcdSimdTree object: `nodes` (lx hx ly hy lz hz data [isLeaf]) and `isCompact` if declared.
Result<RawSimdTree> extract_simd_tree(const tagfile::ObjectView& simd);

}  // namespace meshproof::mesh
