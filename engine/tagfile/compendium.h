// Type compendiums (spec containers-and-tagfiles.md §5.2, §5.3): a TCM0 holds TCID (n × 8-byte
// IDs) and a TYPE table; a TAG0 whose TCRF names one of those IDs takes its types from it.
// One compendium can serve several IDs (Sekiro WP_A_2300.compendium lists 2).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <absl/container/flat_hash_map.h>

#include "engine/core/bytes.h"
#include "engine/core/error.h"
#include "engine/tagfile/type_table.h"

namespace meshproof::tagfile {

// The 8 ID bytes read big-endian, so "{:016x}" prints them in stored order
// (h.compendium: bytes 7a 6d 34 ca 66 88 be 51 → 0x7a6d34ca6688be51).
using CompendiumId = std::uint64_t;
std::string compendium_id_hex(CompendiumId id);

struct Compendium {
    std::vector<CompendiumId> ids;
    std::shared_ptr<const TypeTable> types;
};

// Parses a TCM0 unit (TCM0 at offset 0). The result does not reference `bytes`.
Result<Compendium> parse_compendium(Bytes bytes);

// Maps IDs to type tables. Fill it single-threaded (add), then share it: const lookups are
// safe from any number of threads (nothing mutates after construction).
class CompendiumRegistry {
public:
    // Registers every ID of the compendium; an ID already present is a kBadHeader error
    // (two different tables for one ID would make TCRF resolution ambiguous).
    Status add(const Compendium& compendium);
    // Parses and adds in one step.
    Status add_bytes(Bytes tcm0);

    // nullptr when unknown.
    const std::shared_ptr<const TypeTable>* find(CompendiumId id) const;
    std::size_t id_count() const { return by_id_.size(); }

private:
    absl::flat_hash_map<CompendiumId, std::shared_ptr<const TypeTable>> by_id_;
};

}  // namespace meshproof::tagfile
