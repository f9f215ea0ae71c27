// PTCH cross-check (spec containers-and-tagfiles.md §5.7): PTCH lists the DATA offset of every
// reference-holding field (pointers, string pointers, hkArray, hkRelArray) for in-place
// loading. Walking every item by its type must find each non-null reference field exactly
// once in PTCH, and PTCH must list nothing else. A cheap structural verifier check.
//
// Work is bounded by the input: the walk descends only into types that can hold a reference
// (decided once per type, cycles cut), skips items whose element size is 0 (no bytes, nothing
// to reference), and stops with ErrorCode::kLimit once it has made more visits than the DATA
// size can justify (kVisitsPerDataByte per byte plus a constant). A type table may declare a
// record whose members overlap and nest again (two members of one type at offset 0, that type
// the same, 64 levels down: 2^64 visits); no real file comes near the budget (the corpus
// tagfiles make fewer than 0.2 visits per DATA byte).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/core/error.h"
#include "engine/tagfile/tagfile.h"

namespace meshproof::tagfile {

struct PatchCheck {
    std::size_t references = 0;                // non-null reference fields found by walking every item
    std::size_t patch_entries = 0;             // offsets listed in PTCH
    std::size_t missing = 0;                   // non-null reference field not listed in PTCH
    std::size_t extra = 0;                     // PTCH offset that is no non-null reference field
    std::size_t duplicates = 0;                // PTCH offset listed more than once
    std::size_t type_mismatches = 0;           // listed, but under another type than the field's declared type
    std::size_t visits = 0;                    // values the walk looked at (its work; bounded, see above)
    std::vector<std::uint32_t> first_missing;  // up to kExamples DATA offsets each
    std::vector<std::uint32_t> first_extra;
    std::vector<std::uint32_t> first_type_mismatch;
    static constexpr std::size_t kExamples = 8;
    static constexpr std::size_t kVisitsPerDataByte = 4;
    static constexpr std::size_t kVisitAllowance = 1 << 16;

    bool ok() const { return missing == 0 && extra == 0 && duplicates == 0 && type_mismatches == 0; }
};

// Walks items 1..n-1 (objects and array contents, records recursively, inline arrays element
// by element). Malformed references are reported as missing/extra; the one error is kLimit
// (at the unit offset of the item whose walk ran out of budget).
Result<PatchCheck> check_patch_table(const Tagfile& tagfile);

}  // namespace meshproof::tagfile
