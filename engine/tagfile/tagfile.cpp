#include "engine/tagfile/tagfile.h"

#include <string>

#include "engine/tagfile/sections.h"

namespace meshproof::tagfile {

Item Tagfile::item(std::uint32_t index) const {
    if (index >= item_count()) return Item{};
    const std::uint8_t* p = items_.data() + std::size_t{index} * kItemEntrySize;
    const auto info = load_le<std::uint32_t>(p);
    return Item{info & 0x00FFFFFFu, static_cast<ItemKind>(info >> 28), load_le<std::uint32_t>(p + 4),
                load_le<std::uint32_t>(p + 8)};
}

namespace {

Error bad_header(std::uint64_t offset, std::string message) {
    return make_error(ErrorCode::kBadHeader, offset, std::move(message));
}

Result<std::shared_ptr<const TypeTable>> resolve_compendium(const Section& tcrf, const CompendiumRegistry* registry,
                                                            CompendiumId& id_out) {
    // §5.3: 8-byte ID + 16 zero bytes (HKLib asserts the zeros).
    if (tcrf.body.size() != 24) return bad_header(tcrf.offset, "TCRF body is not 24 bytes");
    for (std::size_t i = 8; i < 24; ++i)
        if (tcrf.body[i] != 0) return bad_header(tcrf.body_offset() + i, "TCRF padding is not zero");
    id_out = load_be<std::uint64_t>(tcrf.body.data());
    const std::shared_ptr<const TypeTable>* found = registry ? registry->find(id_out) : nullptr;
    if (!found)
        return make_error(ErrorCode::kBadType, tcrf.body_offset(),
                          "compendium " + compendium_id_hex(id_out) + " not found");
    return *found;
}

// §5.7: ITEM entries, validated once so that the object view can trust them.
Status check_items(const Tagfile& tf, const Section& item_section) {
    if (item_section.body.size() % kItemEntrySize != 0)
        return bad_header(item_section.offset, "ITEM size is not a multiple of 12");
    if (tf.item_count() == 0) return bad_header(item_section.offset, "ITEM without the null entry");
    const TypeTable& types = tf.types();
    for (std::uint32_t i = 0; i < tf.item_count(); ++i) {
        const std::uint64_t at = item_section.body_offset() + std::uint64_t{i} * kItemEntrySize;
        const std::uint32_t info = load_le<std::uint32_t>(item_section.body.data() + std::size_t{i} * kItemEntrySize);
        const Item item = tf.item(i);
        if (i == 0) {
            if (info != 0 || item.offset != 0 || item.count != 0) return bad_header(at, "ITEM 0 is not null");
            continue;
        }
        if ((info >> 24) & 0x0F) return bad_header(at, "ITEM info bits 24-27 are not zero");
        if (item.kind != ItemKind::kObject && item.kind != ItemKind::kArray)
            return bad_header(at, "ITEM " + std::to_string(i) + " has kind " + std::to_string(info >> 28));
        if (!types.is_valid(item.type))
            return make_error(ErrorCode::kBadType, at, "ITEM " + std::to_string(i) + " type index out of range");
        if (item.kind == ItemKind::kObject && item.count != 1)
            return bad_header(at, "object ITEM " + std::to_string(i) + " count is not 1");
        const std::uint64_t extent = std::uint64_t{item.count} * types.size(item.type);
        if (!in_range(item.offset, extent, tf.data().size()))
            return make_error(ErrorCode::kOutOfBounds, at, "ITEM " + std::to_string(i) + " runs past DATA");
    }
    return ok_status();
}

// PTCH: repeated {u32 type, u32 n, u32 offsets[n]} tiling the body.
Status check_patches(const Tagfile& tf, const Section& ptch) {
    ByteReader r(ptch.body, ptch.body_offset());
    while (r.remaining() > 0) {
        const std::uint64_t at = r.unit_offset();
        auto type = r.le<std::uint32_t>();
        auto n = r.le<std::uint32_t>();
        if (!type || !n) return r.truncated("PTCH group");
        if (!tf.types().is_valid(*type)) return make_error(ErrorCode::kBadType, at, "PTCH type index out of range");
        if (std::uint64_t{*n} * 4 > r.remaining()) return r.truncated("PTCH offsets");
        for (std::uint32_t i = 0; i < *n; ++i) {
            const std::uint64_t off_at = r.unit_offset();
            const std::uint32_t off = *r.le<std::uint32_t>();
            if (!in_range(off, 4, tf.data().size()))
                return make_error(ErrorCode::kOutOfBounds, off_at, "PTCH offset past DATA");
        }
    }
    return ok_status();
}

}  // namespace

Result<Tagfile> parse_tagfile(Bytes bytes, const CompendiumRegistry* compendiums) {
    MP_TRY_ASSIGN(Section root, read_root_section(bytes));
    if (root.tag() != "TAG0") return make_error(ErrorCode::kBadMagic, 0, "not a TAG0 tagfile");
    MP_TRY_ASSIGN(std::vector<Section> children, read_children(bytes, root));
    const Section* sdkv = find_section(children, "SDKV");
    const Section* data = find_section(children, "DATA");
    const Section* type = find_section(children, "TYPE");
    const Section* tcrf = find_section(children, "TCRF");
    const Section* indx = find_section(children, "INDX");
    if (!sdkv) return bad_header(root.offset, "TAG0 without SDKV");
    if (!data) return bad_header(root.offset, "TAG0 without DATA");
    if (!indx) return bad_header(root.offset, "TAG0 without INDX");
    if (!type == !tcrf) return bad_header(root.offset, "TAG0 needs exactly one of TYPE and TCRF");
    if (sdkv->body.size() != 8) return bad_header(sdkv->offset, "SDKV body is not 8 digits");
    for (std::uint8_t c : sdkv->body)
        if (c < '0' || c > '9') return bad_header(sdkv->offset, "SDKV body is not 8 digits");

    Tagfile tf;
    tf.bytes_ = bytes.first(root.size);
    tf.sdk_version_ = std::string_view(reinterpret_cast<const char*>(sdkv->body.data()), sdkv->body.size());
    tf.data_ = data->body;
    tf.data_offset_ = data->body_offset();
    if (type) {
        MP_TRY_ASSIGN(tf.types_, TypeTable::parse(bytes, *type));
    } else {
        CompendiumId id = 0;
        MP_TRY_ASSIGN(tf.types_, resolve_compendium(*tcrf, compendiums, id));
        tf.compendium_id_ = id;
    }

    MP_TRY_ASSIGN(std::vector<Section> index, read_children(bytes, *indx));
    const Section* item = find_section(index, "ITEM");
    const Section* ptch = find_section(index, "PTCH");
    if (!item) return bad_header(indx->offset, "INDX without ITEM");
    tf.items_ = item->body;
    MP_TRY(check_items(tf, *item));
    if (ptch) {
        tf.patches_ = ptch->body;
        MP_TRY(check_patches(tf, *ptch));
    }
    return tf;
}

}  // namespace meshproof::tagfile
