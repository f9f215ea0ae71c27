// Human-readable text dump of a tagfile, used by `meshproof dump FILE` (the CLI only prints
// the string): SDK version, type count, then the object tree from item 1 (the root
// hkRootLevelContainer, spec containers-and-tagfiles.md §6) with class names, field names and
// values, array lengths, and pointers followed once (a revisited item prints as a reference,
// so cycles terminate).
#pragma once

#include <cstddef>
#include <string>

#include "engine/tagfile/tagfile.h"

namespace meshproof::tagfile {

struct DumpOptions {
    std::size_t max_array_elements = 8;  // per array; the rest is summarised as "… (k more)"
    std::size_t max_depth = 48;          // nesting bound (records in records, pointers)
    bool show_offsets = false;           // append "@DATA offset" to objects
    bool show_non_serializable = false;  // NonSerializable members are zero in files (§5.8)
    // Output bound (0 = kOutputBytesPerInputByte per byte of the tagfile + kOutputAllowance): a
    // dump past it ends with a line saying where it stopped.
    std::size_t max_output_bytes = 0;
    static constexpr std::size_t kOutputBytesPerInputByte = 256;
    static constexpr std::size_t kOutputAllowance = std::size_t{4} << 20;
};

std::string dump_tagfile(const Tagfile& tagfile, const DumpOptions& options = {});

}  // namespace meshproof::tagfile
