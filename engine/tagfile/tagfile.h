// A parsed TAG0 object file (spec containers-and-tagfiles.md §5.2, §5.3, §5.7):
// TAG0{SDKV, DATA, TCRF or TYPE, INDX{ITEM, PTCH}}.
// Cheap: DATA, ITEM and PTCH are spans into the input bytes (which must outlive the Tagfile);
// the type table is shared by pointer (with the compendium when the file has a TCRF).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "engine/core/bytes.h"
#include "engine/core/error.h"
#include "engine/tagfile/compendium.h"
#include "engine/tagfile/type_table.h"

namespace meshproof::tagfile {

enum class ItemKind : std::uint8_t { kNone = 0, kObject = 1, kArray = 2 };

// One 12-byte ITEM entry (§5.7).
struct Item {
    std::uint32_t type = 0;           // info & 0x00FFFFFF: the object's dynamic class, or the element type
    ItemKind kind = ItemKind::kNone;  // info >> 28
    std::uint32_t offset = 0;         // DATA-relative
    std::uint32_t count = 0;          // 1 for objects; elements (incl. a string's NUL) for arrays
};
inline constexpr std::size_t kItemEntrySize = 12;

class Tagfile {
public:
    std::string_view sdk_version() const { return sdk_version_; }  // "20180100"
    Bytes bytes() const { return bytes_; }                         // the whole TAG0 unit
    Bytes data() const { return data_; }                           // DATA body; item offsets are relative to it
    std::uint64_t data_offset() const { return data_offset_; }     // of the DATA body in the unit
    const TypeTable& types() const { return *types_; }
    const std::shared_ptr<const TypeTable>& types_ptr() const { return types_; }
    std::optional<CompendiumId> compendium_id() const { return compendium_id_; }

    // Including the null item 0. Every item was validated by parse_tagfile: type index in
    // range, kind 0/1/2, and offset + count × element size inside DATA.
    std::size_t item_count() const { return items_.size() / kItemEntrySize; }
    Item item(std::uint32_t index) const;  // index < item_count(), else the null item

    // PTCH body: repeated {u32 type, u32 n, u32 offsets[n]} (validated to tile exactly).
    Bytes patch_bytes() const { return patches_; }
    template <class Fn>  // fn(std::uint32_t type, std::uint32_t data_offset)
    void for_each_patch(Fn&& fn) const {
        std::size_t pos = 0;
        while (pos + 8 <= patches_.size()) {
            const auto type = load_le<std::uint32_t>(patches_.data() + pos);
            const auto n = load_le<std::uint32_t>(patches_.data() + pos + 4);
            pos += 8;
            for (std::uint32_t i = 0; i < n; ++i, pos += 4) fn(type, load_le<std::uint32_t>(patches_.data() + pos));
        }
    }

private:
    friend Result<Tagfile> parse_tagfile(Bytes, const CompendiumRegistry*);
    Bytes bytes_;
    Bytes data_;
    std::uint64_t data_offset_ = 0;
    Bytes items_;
    Bytes patches_;
    std::string_view sdk_version_;
    std::shared_ptr<const TypeTable> types_;
    std::optional<CompendiumId> compendium_id_;
};

// Parses a TAG0 unit. A TCRF file needs `compendiums` (may be null for own-TYPE files); an
// unknown ID is a kBadType error naming the ID in hex.
Result<Tagfile> parse_tagfile(Bytes bytes, const CompendiumRegistry* compendiums);

}  // namespace meshproof::tagfile
