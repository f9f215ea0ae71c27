// The UTF container of Freelancer's model files (.3db / .cmp; freelancer-models.md §1): a 56-byte
// header, a tree block of 44-byte entries, a names block and a data block, the three regions in
// any order (the header's offsets say where). Decoded into a flat list of nodes, root first, each
// folder holding the indices of its children in sibling order.
//
// Guards (§1.2): every entry lies inside the tree block and the file; every name inside the used
// part of the names block, NUL-terminated there; every leaf payload inside the data block; an
// entry reached twice is a cycle; the tree is at most kMaxDepth deep and kMaxNodes large.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof::utf {

// §1.1: the header, as stored (little-endian u32s, then the FILETIME).
struct UtfHeader {
    std::uint32_t signature;  // "UTF "
    std::uint32_t version;    // 0x101
    std::uint32_t tree_offset;
    std::uint32_t tree_size;
    std::uint32_t unused_entry_offset;  // not the root (§1.1): ignored
    std::uint32_t entry_size;           // 44
    std::uint32_t names_offset;
    std::uint32_t names_allocated;
    std::uint32_t names_used;
    std::uint32_t data_offset;  // the data block runs to the end of the file
    std::uint32_t unused_space_offset;
    std::uint32_t unused_space_size;
    std::uint64_t filetime;
};
static_assert(sizeof(UtfHeader) == 56, "freelancer-models.md §1.1: the UTF header is 56 bytes");

// §1.2: one node entry, 11 x u32.
struct UtfEntry {
    std::uint32_t next_offset;  // next sibling, relative to the tree block; 0 = last
    std::uint32_t name_offset;  // relative to the names block
    std::uint32_t flags;        // folder when flags & 0x10
    std::uint32_t sharing;
    std::uint32_t child_offset;  // folder: first child (tree-relative, 0 = none); leaf: payload (data-relative)
    std::uint32_t allocated;
    std::uint32_t used;  // leaf: the payload length
    std::uint32_t uncompressed;
    std::uint32_t times[3];
};
static_assert(sizeof(UtfEntry) == 44, "freelancer-models.md §1.2: a UTF node entry is 44 bytes");

inline constexpr std::uint32_t kUtfSignature = 0x20465455;  // "UTF "
inline constexpr std::uint32_t kUtfVersion = 0x101;
inline constexpr std::uint32_t kFolderFlag = 0x10;
inline constexpr std::size_t kMaxDepth = 64;       // retail trees are 7 deep at most
inline constexpr std::size_t kMaxNodes = 500'000;  // Librelancer's visit cap (§1.2)

struct UtfNode {
    std::string name;
    bool folder = false;
    std::uint32_t flags = 0;
    std::uint64_t entry_offset = 0;       // file offset of the entry (for error messages)
    std::vector<std::uint32_t> children;  // folder: node indices in sibling order
    Bytes data;                           // leaf: the payload (a view into the file's bytes)
    std::uint64_t data_offset = 0;        // leaf: file offset of the payload
};

struct UtfTree {
    std::vector<UtfNode> nodes;  // nodes[0] is the root ("\")

    const UtfNode& root() const { return nodes.front(); }
    // The child of `folder` named `name`, ASCII case ignored (§1.2); null if none.
    const UtfNode* child(const UtfNode& folder, std::string_view name) const;
    // Follows a '/'-separated path of child names from `from`; null if a step is missing.
    const UtfNode* find(const UtfNode& from, std::string_view path) const;
};

// True for equal names, ASCII case ignored (the game's lookups, §1.2).
bool names_equal(std::string_view a, std::string_view b);

// A leaf payload as a string: up to the first NUL or the payload's end (§1.2: non-retail
// exporters omit the NUL).
std::string leaf_string(const UtfNode& leaf);

Result<UtfTree> decode_utf(Bytes bytes);

// True when the bytes start with the UTF signature.
bool is_utf(Bytes bytes);

}  // namespace meshproof::utf
