// Products derived from a decoded member's meshes that more than one pass reads, each computed at
// most once per mesh, when a pass first asks for it, and kept until the unit is done (the unit
// holds this object). A pass asks for a product and never learns which pass asked first: the
// product is a function of the decoded mesh alone, so every pass reads the same arrays whatever
// passes run and in whatever order. Not thread-safe: the pipeline gives one unit's passes one
// thread, in turn.
#pragma once

#include <memory>
#include <unordered_map>

#include "engine/mesh/decoded_member.h"
#include "engine/rules/row_pairing.h"

namespace meshproof::rules {

class MeshProducts {
public:
    MeshProducts() = default;
    // A copy starts empty (it computes again what it is asked for).
    MeshProducts(const MeshProducts&) {}
    MeshProducts& operator=(const MeshProducts&) {
        row_pairings_.clear();
        return *this;
    }

    // The document's quad pairing on all rows of `m` at once, vertices by position (row_pairing.h).
    const RowPairing& row_pairing(const mesh::DecodedMesh& m) const;

private:
    mutable std::unordered_map<const mesh::DecodedMesh*, std::unique_ptr<RowPairing>> row_pairings_;
};

}  // namespace meshproof::rules
