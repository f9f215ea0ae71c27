// One decoded member, as the pipeline hands it to every pass.
#pragma once

#include <cstdint>
#include <string_view>

#include "engine/io/install_scan.h"

namespace meshproof {
namespace tagfile { class Tagfile; }
namespace mesh { struct DecodedMember; }

struct Unit {
    std::string_view path;    // game terms: "map/m10/m10_00_00_00/h10_00_00_00.hkxbhd :: h10_00_00_00_000123.hkx.dcx"
    std::string_view set;     // h, l, f, object, asset, loose
    Game game = Game::kUnknown;
    std::uint64_t ordinal = 0;                   // position in path order
    const tagfile::Tagfile* tagfile = nullptr;   // the parsed tagfile (types resolved)
    const mesh::DecodedMember* mesh = nullptr;   // every body and shape, decoded to SoA columns
};

}  // namespace meshproof
