// PTCH cross-check (spec containers-and-tagfiles.md §5.7): PTCH lists the DATA offset of every
// reference-holding field (pointers, string pointers, hkArray, hkRelArray) for in-place
// loading. Walking every item by its type must find each non-null reference field exactly
// once in PTCH, and PTCH must list nothing else. A cheap structural verifier check.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/tagfile/tagfile.h"

namespace meshproof::tagfile {

struct PatchCheck {
    std::size_t references = 0;      // non-null reference fields found by walking every item
    std::size_t patch_entries = 0;   // offsets listed in PTCH
    std::size_t missing = 0;         // non-null reference field not listed in PTCH
    std::size_t extra = 0;           // PTCH offset that is no non-null reference field
    std::size_t duplicates = 0;      // PTCH offset listed more than once
    std::size_t type_mismatches = 0; // listed, but under another type than the field's declared type
    std::vector<std::uint32_t> first_missing;  // up to kExamples DATA offsets each
    std::vector<std::uint32_t> first_extra;
    std::vector<std::uint32_t> first_type_mismatch;
    static constexpr std::size_t kExamples = 8;

    bool ok() const { return missing == 0 && extra == 0 && duplicates == 0 && type_mismatches == 0; }
};

// Walks items 1..n-1 (objects and array contents, records recursively, inline arrays element
// by element). Never fails: malformed references are reported as missing/extra.
PatchCheck check_patch_table(const Tagfile& tagfile);

}  // namespace meshproof::tagfile
