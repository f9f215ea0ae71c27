// Writing TAG0 object files and TCM0 compendiums (spec containers-and-tagfiles.md §5.2, §5.3,
// §5.7): the writing counterpart of tagfile.h / compendium.h.
//
// A TAG0 is TAG0{SDKV, DATA, TYPE or TCRF, INDX{ITEM, PTCH}}. write_tag0 takes the nodes
// reachable from `root` (object_writer.h), numbers them, lays them out in DATA and writes the
// reference fields as ITEM indices. Numbering and layout follow the Havok 2018 writer as seen
// in the ER sample h.hkx, which the tests rebuild byte for byte:
//   - ITEM: entry 0 null; item 1 = root (DATA offset 0). Then depth first: a node's references
//     are numbered together (pointers and arrays in field order, then strings in field order),
//     then each newly numbered node is visited in that order.
//   - DATA: objects in breadth-first order; right after each object come its arrays (and the
//     arrays of those arrays, level by level), and after each node's arrays its strings.
//     Objects are aligned to their class, arrays to 16, strings (char arrays) to 2; DATA is
//     padded to 16.
//   - Reference fields hold the ITEM index in their low u32; the rest of the field (hkArray
//     m_size / m_capacityAndFlags included) is zero (§5.8).
//   - PTCH: one group per reference field type, type indices ascending, offsets ascending;
//     each non-null reference listed once.
//
//   CollisionTypes er = collision_types(HavokDialect::kEldenRing2018);
//   MP_TRY_ASSIGN(auto type_section, er.builder.type_section());
//   MP_TRY_ASSIGN(auto table, er.builder.build());
//   ObjectWriter w(table);
//   RecordWriter root = w.new_object("hkRootLevelContainer");
//   ...
//   MP_TRY_ASSIGN(auto tag0, write_tag0(w, root, {.sdk_version = er.sdk_version, .type_section = type_section}));
//   // or, sharing a compendium:
//   MP_TRY_ASSIGN(auto tcm0, write_tcm0(std::array{id}, type_section));
//   MP_TRY_ASSIGN(auto tag0, write_tag0(w, root, {.sdk_version = er.sdk_version, .compendium_id = id}));
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/error.h"
#include "engine/tagfile/compendium.h"
#include "engine/tagfile/object_writer.h"

namespace meshproof::tagfile {

struct Tag0Options {
    std::string sdk_version = "20180100";  // SDKV: 8 ASCII digits (§5.3)
    // Exactly one of the two: the file's own TYPE section (TypeTableBuilder::type_section(),
    // header included) or the ID of the compendium that holds the writer's type table (TCRF).
    std::span<const std::uint8_t> type_section{};
    std::optional<CompendiumId> compendium_id{};
};

// Errors: the writer's first recorded error; a root that is not an object; bad options.
Result<std::vector<std::uint8_t>> write_tag0(const ObjectWriter& objects, const RecordWriter& root,
                                             const Tag0Options& options);

// TCM0{TCID, TYPE}: the IDs (stored as 8 big-endian bytes each, as compendium.h reads them)
// and a TYPE section from TypeTableBuilder::type_section().
Result<std::vector<std::uint8_t>> write_tcm0(std::span<const CompendiumId> ids,
                                             std::span<const std::uint8_t> type_section);

}  // namespace meshproof::tagfile
