// Opening one file the way `dump`, `unpack` and `export` see it: a DCX is decompressed, a BND4
// (possibly inside a DCX) or a split binder's .hkxbhd (with its sibling .hkxbdt) is parsed.
#pragma once

#include <filesystem>
#include <optional>
#include <vector>

#include "engine/containers/binder.h"
#include "engine/containers/decompressor.h"
#include "engine/core/error.h"
#include "engine/io/mapped_file.h"

namespace meshproof::cli {

struct OpenedInput {
    DecompressorRegistry codecs;
    MappedFile file;
    MappedFile data_file;             // the .hkxbdt of a split binder
    std::filesystem::path data_path;  // its path (empty for any other input)
    std::vector<std::uint8_t> owned;  // decompressed bytes of a DCX file
    bool was_dcx = false;
    Bytes content;                 // the file's content after DCX (owned or mapped)
    std::optional<Binder> binder;  // when the content is a binder
    Bytes container;               // where the binder's entry offsets point
};

Result<OpenedInput> open_input(const std::filesystem::path& path);

// An error when the input's file (or a split binder's data file) shrank while it was read
// (engine/io/shrink_guard.h): what was read past its new end was zeros, so a command asks before
// it writes anything, or says so after what it printed.
Status input_unchanged(const OpenedInput& in);

}  // namespace meshproof::cli
