// One decoded member, as the pipeline hands it to every pass. A Havok member carries `tagfile`
// and `mesh`; a Freelancer .sur file carries `sur` (both null otherwise): Havok passes ignore
// units without a mesh, sur passes units without a sur model. A .sur unit also carries the
// model it collides for when its sibling .cmp / .3db decodes (`model`; freelancer-models.md).
#pragma once

#include <cstdint>
#include <string_view>

#include "engine/core/bytes.h"
#include "engine/io/install_scan.h"
#include "engine/rules/mesh_products.h"

namespace meshproof {
namespace tagfile {
class Tagfile;
}
namespace mesh {
struct DecodedMember;
}
namespace sur {
struct SurModel;
}
namespace utf {
struct Model;
}

struct Unit {
    std::string_view path;  // game terms: "map/m10/m10_00_00_00/h10_00_00_00.hkxbhd :: h10_00_00_00_000123.hkx.dcx"
    std::string_view set;   // h, l, f, object, asset, loose; .sur: vers (vers 2.0), legacy (pre-vers)
    Game game = Game::kUnknown;
    std::uint64_t ordinal = 0;                  // position in path order
    std::uint64_t triangles = 0;                // of `mesh`: its compressed and extern meshes' triangles
    const tagfile::Tagfile* tagfile = nullptr;  // the parsed tagfile (types resolved)
    const mesh::DecodedMember* mesh = nullptr;  // every body and shape, decoded to SoA columns
    const sur::SurModel* sur = nullptr;         // a .sur file, decoded to SoA columns
    // The .sur file's sibling model (same folder and base name, .cmp before .3db), decoded; null
    // when there is none or it is malformed (`model_malformed`: a decode error of its own).
    const utf::Model* model = nullptr;
    bool model_malformed = false;
    Bytes bytes;  // the bytes the unit was decoded from (decompressed)
    // The xxhash (XXH3, 64 bits) of `bytes`: equal tagfiles read in several binders have equal
    // keys, so a count over distinct tagfiles counts them once (Tally::distinct). Hashed on the
    // first ask and kept: a run whose passes count nothing distinct never reads the bytes again.
    std::uint64_t content_key() const;
    // What more than one pass derives from `mesh` (engine/rules/mesh_products.h), computed on a
    // pass's first ask and kept while the unit's passes run.
    rules::MeshProducts products;

private:
    mutable std::uint64_t content_key_ = 0;
    mutable bool content_key_known_ = false;
};

}  // namespace meshproof
