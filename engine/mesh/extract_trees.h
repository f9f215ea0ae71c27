// Extraction of the tree objects shared by compressed meshes and extern meshes: static
// AabbTree<…Codec> objects (nodes + domain), hkcdSimdTree, hkAabb and hkVector4 values. Every
// member by name (containers-and-tagfiles.md §7); the codec and the simd lane encoding are
// chosen by the members the node class declares, never by the SDK version or the game.
#pragma once

#include <array>

#include "engine/core/error.h"
#include "engine/mesh/raw_mesh.h"
#include "engine/tagfile/object_view.h"

namespace meshproof::mesh {

// The four floats of an hkVector4 / hkQuaternion member (a record wrapping one, like
// hkQuaternion{vec}, is unwrapped).
Result<std::array<float, 4>> read_vector4(const tagfile::ObjectView& v);
Result<RawAabb> read_aabb(const tagfile::ObjectView& aabb);

// An hkcdStaticTree::AabbTree object (or a Section, which derives from one): its `nodes` and
// `domain`. Node codec from the node class: `data` → Axis4; `loData` of 1 byte → Axis5, 2 → Axis6.
Result<RawStaticTree> extract_static_tree(const tagfile::ObjectView& tree);

// An hkcdSimdTree object: `nodes` (lx hx ly hy lz hz data [isLeaf]) and `isCompact` if declared.
Result<RawSimdTree> extract_simd_tree(const tagfile::ObjectView& simd);

}  // namespace meshproof::mesh
