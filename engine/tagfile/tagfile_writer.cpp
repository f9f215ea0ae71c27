#include "engine/tagfile/tagfile_writer.h"

#include <algorithm>
#include <cstring>
#include <map>

#include "engine/tagfile/section_writer.h"
#include "engine/tagfile/tagfile.h"

namespace meshproof::tagfile {

namespace {

using Node = ObjectWriter::Node;
using NodeKind = ObjectWriter::NodeKind;
using Ref = ObjectWriter::Ref;

Error bad_header(std::string message) { return make_error(ErrorCode::kBadHeader, 0, std::move(message)); }

void put_u32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

// The graph reachable from the root, numbered and laid out (see tagfile_writer.h).
class Layout {
public:
    explicit Layout(const ObjectWriter& w)
        : w_(w), refs_(w.node_count()), item_(w.node_count(), 0), offset_(w.node_count(), kUnplaced) {}

    Status run(NodeId root) {
        item_[root.value] = 1;
        items_ = {NodeId{}, root};
        number(root);
        MP_TRY(place_all(root));
        return ok_status();
    }

    const std::vector<NodeId>& items() const { return items_; }  // [0] = null
    std::uint32_t item(NodeId n) const { return item_[n.value]; }
    std::uint32_t offset(NodeId n) const { return offset_[n.value]; }
    const std::vector<NodeId>& placement() const { return placement_; }
    const std::vector<Ref>& refs(NodeId n) { return sorted_refs(n); }
    std::size_t data_size() const { return data_size_; }

private:
    static constexpr std::uint32_t kUnplaced = 0xFFFFFFFFu;

    // References by field offset; a later set_ref of the same field replaces an earlier one.
    const std::vector<Ref>& sorted_refs(NodeId n) {
        std::optional<std::vector<Ref>>& slot = refs_[n.value];
        if (!slot) {
            std::vector<Ref> refs = w_.node(n).refs;
            std::stable_sort(refs.begin(), refs.end(), [](const Ref& a, const Ref& b) { return a.offset < b.offset; });
            std::vector<Ref> unique;
            for (const Ref& r : refs) {
                if (!unique.empty() && unique.back().offset == r.offset) unique.back() = r;
                else unique.push_back(r);
            }
            slot = std::move(unique);
        }
        return *slot;
    }

    bool is_string(NodeId n) const { return w_.node(n).is_string; }

    // ITEM numbering: depth first, a node's references numbered together, strings last.
    void number(NodeId n) {
        std::vector<NodeId> fresh;
        const auto take = [&](bool strings) {
            for (const Ref& r : sorted_refs(n)) {
                if (is_string(r.target) != strings || item_[r.target.value] != 0) continue;
                item_[r.target.value] = static_cast<std::uint32_t>(items_.size());
                items_.push_back(r.target);
                fresh.push_back(r.target);
            }
        };
        take(false);
        take(true);
        for (NodeId child : fresh) number(child);
    }

    Status place(NodeId n) {
        const Node& node = w_.node(n);
        std::uint32_t alignment = 16;
        if (node.kind == NodeKind::kObject) alignment = std::max<std::uint32_t>(1, w_.types().alignment(node.type));
        else if (node.is_string) alignment = 2;
        else alignment = std::max<std::uint32_t>(16, w_.types().alignment(node.type));
        const std::size_t at = (data_size_ + alignment - 1) / alignment * alignment;
        if (at + node.bytes.size() > 0x3FFFFFF0u) return bad_header("DATA exceeds the 1 GiB section limit");
        offset_[n.value] = static_cast<std::uint32_t>(at);
        data_size_ = at + node.bytes.size();
        placement_.push_back(n);
        return ok_status();
    }

    // DATA order: objects breadth first; after each, its arrays level by level, each node's
    // strings after its arrays.
    Status place_all(NodeId root) {
        std::vector<NodeId> objects{root};
        std::vector<bool> queued(w_.node_count(), false);
        queued[root.value] = true;
        for (std::size_t next = 0; next < objects.size(); ++next) {
            MP_TRY(place(objects[next]));
            std::vector<NodeId> level{objects[next]};
            for (std::size_t i = 0; i < level.size(); ++i) {
                const NodeId n = level[i];
                for (const Ref& r : sorted_refs(n)) {
                    const Node& t = w_.node(r.target);
                    if (t.kind != NodeKind::kArray || t.is_string || offset_[r.target.value] != kUnplaced) continue;
                    MP_TRY(place(r.target));
                    level.push_back(r.target);
                }
                for (const Ref& r : sorted_refs(n)) {
                    if (!is_string(r.target) || offset_[r.target.value] != kUnplaced) continue;
                    MP_TRY(place(r.target));
                }
                for (const Ref& r : sorted_refs(n)) {
                    if (w_.node(r.target).kind != NodeKind::kObject || queued[r.target.value]) continue;
                    queued[r.target.value] = true;
                    objects.push_back(r.target);
                }
            }
        }
        return ok_status();
    }

    const ObjectWriter& w_;
    std::vector<std::optional<std::vector<Ref>>> refs_;
    std::vector<std::uint32_t> item_;
    std::vector<std::uint32_t> offset_;
    std::vector<NodeId> items_;
    std::vector<NodeId> placement_;
    std::size_t data_size_ = 0;
};

Status check_options(const Tag0Options& options) {
    if (options.sdk_version.size() != 8 || !std::all_of(options.sdk_version.begin(), options.sdk_version.end(),
                                                        [](char c) { return c >= '0' && c <= '9'; }))
        return bad_header("SDK version must be 8 digits, not \"" + options.sdk_version + "\"");
    if (options.compendium_id.has_value() == !options.type_section.empty())
        return bad_header("a TAG0 needs exactly one of a TYPE section and a compendium ID");
    if (!options.type_section.empty() &&
        (options.type_section.size() < 8 || std::memcmp(options.type_section.data() + 4, "TYPE", 4) != 0))
        return bad_header("type_section is not a TYPE section");
    return ok_status();
}

}  // namespace

Result<std::vector<std::uint8_t>> write_tag0(const ObjectWriter& objects, const RecordWriter& root,
                                             const Tag0Options& options) {
    MP_TRY(objects.status());
    MP_TRY(check_options(options));
    if (!root.ok() || root.offset() != 0 || objects.node(root.node()).kind != NodeKind::kObject)
        return make_error(ErrorCode::kBadObject, 0, "the root must be an object (hkRootLevelContainer, §5.7)");

    Layout layout(objects);
    MP_TRY(layout.run(root.node()));
    const TypeTable& types = objects.types();

    // Sizes first, so the file is made in one buffer reserved once: the DATA section is written in
    // place (a copy of a large mesh's DATA beside the file doubled the writer's memory).
    std::size_t refs = 0;
    for (NodeId n : layout.placement()) refs += layout.refs(n).size();
    const std::size_t item_size = kItemEntrySize * layout.items().size();
    const std::size_t patch_size_bound = 12 * refs;  // per reference its offset, at most a type and a count
    std::vector<std::uint8_t> out;
    out.reserve(64 + layout.data_size() + 16 + options.type_section.size() + item_size + patch_size_bound + 64);
    const std::size_t tag0 = open_section(out, "TAG0");
    append_leaf(out, "SDKV", std::span(reinterpret_cast<const std::uint8_t*>(options.sdk_version.data()), 8));
    const std::size_t data_section = open_section(out, "DATA");

    // DATA: node bytes at their offsets, reference fields rewritten as ITEM indices.
    const std::size_t data_at = out.size();
    out.resize(data_at + layout.data_size(), 0);
    std::uint8_t* const data = out.data() + data_at;              // out grows no further until DATA is written
    std::map<std::uint32_t, std::vector<std::uint32_t>> patches;  // field type → DATA offsets
    for (NodeId n : layout.placement()) {
        const Node& node = objects.node(n);
        const std::uint32_t base = layout.offset(n);
        if (!node.bytes.empty()) std::memcpy(data + base, node.bytes.data(), node.bytes.size());
        for (const Ref& r : layout.refs(n)) {
            const std::uint32_t at = base + r.offset;
            std::memset(data + at, 0, types.size(r.field_type));
            const std::uint32_t index = layout.item(r.target);
            std::memcpy(data + at, &index, 4);
            patches[r.field_type].push_back(at);
        }
    }
    pad_to(out, data_section + 8, 16);  // the sample pads DATA to 16
    close_section(out, data_section);

    std::vector<std::uint8_t> item_body(kItemEntrySize, 0);  // entry 0: null
    item_body.reserve(item_size);
    for (std::size_t i = 1; i < layout.items().size(); ++i) {
        const Node& node = objects.node(layout.items()[i]);
        if (node.type > 0x00FFFFFFu) return make_error(ErrorCode::kBadType, 0, "type index beyond 24 bits");
        const std::uint32_t kind = node.kind == NodeKind::kObject ? 1 : 2;
        put_u32(item_body, (kind << 28) | node.type);
        put_u32(item_body, layout.offset(layout.items()[i]));
        put_u32(item_body, node.count);
    }

    std::vector<std::uint8_t> patch_body;
    for (auto& [type, offsets] : patches) {
        std::sort(offsets.begin(), offsets.end());
        put_u32(patch_body, type);
        put_u32(patch_body, static_cast<std::uint32_t>(offsets.size()));
        for (std::uint32_t o : offsets) put_u32(patch_body, o);
    }

    if (options.compendium_id) {
        std::vector<std::uint8_t> tcrf(24, 0);  // 8-byte ID + 16 zero bytes (§5.3)
        for (int i = 0; i < 8; ++i) tcrf[i] = static_cast<std::uint8_t>(*options.compendium_id >> (56 - 8 * i));
        append_leaf(out, "TCRF", tcrf);
    } else {
        out.insert(out.end(), options.type_section.begin(), options.type_section.end());
    }
    const std::size_t index = open_section(out, "INDX");
    append_leaf(out, "ITEM", item_body);
    append_leaf(out, "PTCH", patch_body);
    close_section(out, index);
    close_section(out, tag0);
    return out;
}

Result<std::vector<std::uint8_t>> write_tcm0(std::span<const CompendiumId> ids,
                                             std::span<const std::uint8_t> type_section) {
    if (ids.empty()) return bad_header("a TCM0 needs at least one compendium ID");
    if (type_section.size() < 8 || std::memcmp(type_section.data() + 4, "TYPE", 4) != 0)
        return bad_header("type_section is not a TYPE section");
    std::vector<std::uint8_t> out;
    const std::size_t tcm0 = open_section(out, "TCM0");
    std::vector<std::uint8_t> tcid;
    for (CompendiumId id : ids)
        for (int i = 0; i < 8; ++i) tcid.push_back(static_cast<std::uint8_t>(id >> (56 - 8 * i)));
    append_leaf(out, "TCID", tcid);
    out.insert(out.end(), type_section.begin(), type_section.end());
    close_section(out, tcm0);
    return out;
}

}  // namespace meshproof::tagfile
