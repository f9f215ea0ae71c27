// See mesh_products.h.
#include "engine/rules/mesh_products.h"

#include "engine/core/scratch_release.h"

namespace meshproof::rules {

const RowPairing& MeshProducts::row_pairing(const mesh::DecodedMesh& m) const {
    std::unique_ptr<RowPairing>& slot = row_pairings_[&m];
    if (!slot) {
        thread_local RowPairingWorkspace ws;
        const ReleaseAfterLargeUnit release(ws, m.triangles.size());  // engine/core/scratch_release.h
        slot = std::make_unique<RowPairing>();
        pair_rows_by_position(m, ws, *slot);
    }
    return *slot;
}

}  // namespace meshproof::rules
