#include "engine/utf/utf_file.h"

#include <cstring>
#include <utility>

#include <fmt/format.h>

namespace meshproof::utf {
namespace {

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c | 0x20) : c; }

struct Regions {
    Bytes file;
    std::uint64_t tree_offset = 0, tree_size = 0;
    std::uint64_t names_offset = 0, names_used = 0;
    std::uint64_t data_offset = 0;
};

Result<std::string> read_name(const Regions& r, std::uint32_t name_offset, std::uint64_t entry_at) {
    if (name_offset >= r.names_used)
        return make_error(
            ErrorCode::kOutOfBounds, entry_at + 4,
            fmt::format("UTF entry name offset {} outside the {} used name bytes", name_offset, r.names_used));
    const std::uint8_t* base = r.file.data() + r.names_offset;
    const void* nul = std::memchr(base + name_offset, 0, r.names_used - name_offset);
    if (nul == nullptr)
        return make_error(ErrorCode::kOutOfBounds, r.names_offset + name_offset,
                          "UTF name runs past the used name bytes without a NUL");
    const auto len = static_cast<const std::uint8_t*>(nul) - (base + name_offset);
    return std::string(reinterpret_cast<const char*>(base + name_offset), static_cast<std::size_t>(len));
}

}  // namespace

bool names_equal(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (lower(a[i]) != lower(b[i])) return false;
    return true;
}

const UtfNode* UtfTree::child(const UtfNode& folder, std::string_view name) const {
    for (std::uint32_t c : folder.children)
        if (names_equal(nodes[c].name, name)) return &nodes[c];
    return nullptr;
}

const UtfNode* UtfTree::find(const UtfNode& from, std::string_view path) const {
    const UtfNode* at = &from;
    while (at != nullptr && !path.empty()) {
        const std::size_t cut = path.find('/');
        at = child(*at, path.substr(0, cut));
        path = cut == std::string_view::npos ? std::string_view{} : path.substr(cut + 1);
    }
    return at;
}

std::string leaf_string(const UtfNode& leaf) {
    const void* nul = std::memchr(leaf.data.data(), 0, leaf.data.size());
    const std::size_t len =
        nul ? std::size_t(static_cast<const std::uint8_t*>(nul) - leaf.data.data()) : leaf.data.size();
    return std::string(reinterpret_cast<const char*>(leaf.data.data()), len);
}

bool is_utf(Bytes bytes) { return read_le_at<std::uint32_t>(bytes, 0) == kUtfSignature; }

Result<UtfTree> decode_utf(Bytes bytes) {
    if (bytes.size() < sizeof(UtfHeader)) {
        if (bytes.size() >= 4 && !is_utf(bytes))
            return make_error(ErrorCode::kBadMagic, 0, "not a UTF file (no \"UTF \" signature)");
        return make_error(ErrorCode::kTruncated, bytes.size(), "truncated UTF header (56 bytes)");
    }
    UtfHeader h;
    std::memcpy(&h, bytes.data(), sizeof h);
    if (h.signature != kUtfSignature)
        return make_error(ErrorCode::kBadMagic, 0, "not a UTF file (no \"UTF \" signature)");
    if (h.version != kUtfVersion)
        return make_error(ErrorCode::kUnsupported, 4, fmt::format("UTF version 0x{:x} (only 0x101 exists)", h.version));
    if (h.entry_size != sizeof(UtfEntry))
        return make_error(ErrorCode::kBadHeader, 20, fmt::format("UTF entry size {} (always 44)", h.entry_size));
    if (h.names_used > h.names_allocated)
        return make_error(ErrorCode::kBadHeader, 32,
                          fmt::format("UTF names used {} above allocated {}", h.names_used, h.names_allocated));
    // Each region must lie inside the file; a truncated file fails here with the region named.
    auto region = [&](std::uint64_t off, std::uint64_t size, std::uint64_t field, const char* what) -> Status {
        if (in_range(off, size, bytes.size())) return ok_status();
        const bool starts_inside = off <= bytes.size();
        return make_error(
            starts_inside ? ErrorCode::kTruncated : ErrorCode::kOutOfBounds, starts_inside ? bytes.size() : field,
            fmt::format("UTF {} block [{}, +{}) outside the file's {} bytes", what, off, size, bytes.size()));
    };
    MP_TRY(region(h.tree_offset, h.tree_size, 8, "tree"));
    MP_TRY(region(h.names_offset, h.names_used, 24, "names"));
    MP_TRY(region(h.data_offset, 0, 36, "data"));
    if (h.tree_size < sizeof(UtfEntry))
        return make_error(ErrorCode::kBadHeader, 12,
                          fmt::format("UTF tree block of {} bytes holds no root entry", h.tree_size));

    Regions r{bytes, h.tree_offset, h.tree_size, h.names_offset, h.names_used, h.data_offset};
    UtfTree tree;
    // Tree-relative entry offsets visited (the cycle guard), one flag per possible 4-aligned or
    // odd start: a byte each, tree_size of them at most (the tree lies inside the file).
    std::vector<std::uint8_t> seen(r.tree_size, 0);

    // Reads the entry at tree-relative `rel` into a new node; returns its index.
    auto read_entry = [&](std::uint32_t rel, std::uint64_t from_field, UtfEntry& e) -> Result<std::uint32_t> {
        if (!in_range(rel, sizeof(UtfEntry), r.tree_size))
            return make_error(ErrorCode::kOutOfBounds, from_field,
                              fmt::format("UTF entry offset {} outside the {}-byte tree block", rel, r.tree_size));
        if (seen[rel]++ != 0)
            return make_error(ErrorCode::kBadHeader, from_field,
                              fmt::format("UTF entry {} reached twice (a cycle)", rel));
        if (tree.nodes.size() >= kMaxNodes)
            return make_error(ErrorCode::kBadHeader, from_field, fmt::format("UTF tree above {} nodes", kMaxNodes));
        const std::uint64_t at = r.tree_offset + rel;
        std::memcpy(&e, bytes.data() + at, sizeof e);
        UtfNode node;
        node.entry_offset = at;
        node.flags = e.flags;
        node.folder = (e.flags & kFolderFlag) != 0;
        MP_TRY_ASSIGN(node.name, read_name(r, e.name_offset, at));
        if (!node.folder) {
            const std::uint64_t off = r.data_offset + e.child_offset;
            if (!in_range(off, e.used, bytes.size()))
                return make_error(off <= bytes.size() ? ErrorCode::kTruncated : ErrorCode::kOutOfBounds, at + 16,
                                  fmt::format("UTF leaf '{}' payload [{}, +{}) outside the file's {} bytes", node.name,
                                              off, e.used, bytes.size()));
            node.data = bytes.subspan(off, e.used);
            node.data_offset = off;
        }
        tree.nodes.push_back(std::move(node));
        return static_cast<std::uint32_t>(tree.nodes.size() - 1);
    };

    // Depth-first with an explicit stack of (folder node, its first child offset, depth).
    UtfEntry root_entry;
    MP_TRY_ASSIGN(std::uint32_t root, read_entry(0, 8, root_entry));
    if (!tree.nodes[root].folder)
        return make_error(ErrorCode::kBadHeader, r.tree_offset + 8, "UTF root entry is not a folder");
    struct Pending {
        std::uint32_t node;
        std::uint32_t first;
        std::size_t depth;
    };
    std::vector<Pending> stack{{root, root_entry.child_offset, 1}};
    while (!stack.empty()) {
        const Pending p = stack.back();
        stack.pop_back();
        if (p.depth > kMaxDepth)
            return make_error(ErrorCode::kBadHeader, tree.nodes[p.node].entry_offset,
                              fmt::format("UTF tree deeper than {} levels", kMaxDepth));
        // Offset 0 is the root, never a child or sibling: it ends a chain (§1.2).
        std::uint32_t rel = p.first;
        std::uint64_t field = tree.nodes[p.node].entry_offset + 16;
        while (rel != 0) {
            UtfEntry e;
            MP_TRY_ASSIGN(std::uint32_t idx, read_entry(rel, field, e));
            tree.nodes[p.node].children.push_back(idx);
            if (tree.nodes[idx].folder && e.child_offset != 0) stack.push_back({idx, e.child_offset, p.depth + 1});
            field = tree.nodes[idx].entry_offset;
            rel = e.next_offset;
        }
    }
    return tree;
}

}  // namespace meshproof::utf
