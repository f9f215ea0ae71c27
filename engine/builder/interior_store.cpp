#include "engine/builder/interior_store.h"

#include <bit>

#include "engine/core/free_vectors.h"
#include "engine/core/scratch_release.h"
#include "engine/rules/interior_bits.h"

namespace meshproof::builder {
namespace {

// One thread's arrays, reused from mesh to mesh; after a large mesh they are handed back
// (ReleaseAfterLargeUnit) rather than kept, grown to it, for the rest of the process.
struct InteriorScratch {
    rules::InteriorWorkspace ws;
    std::vector<std::uint32_t> identity, c0, c1, c2;
    std::vector<std::uint8_t> half;

    // What steps 2 to 4 do not read (they read the vertex columns and the workspace's faces):
    // handed back before they make their arrays, so that a large mesh's peak holds one set.
    void release_neighbour_input() {
        free_vectors(identity, c0, c1, c2, half);
        ws.release_neighbour_search();
    }
};

// Each stored triangle in key order: fn(section, primitive index in the mesh, half), a quad's
// two halves (a b c, then a c d) one after the other.
template <class Fn>
void for_each_triangle(const CompressedMesh& m, std::uint32_t ns, Fn&& fn) {
    for (std::uint32_t s = 0; s < ns; ++s)
        for (std::uint32_t p = 0; p < m.num_primitives[s]; ++p) {
            const std::size_t i = m.first_primitive[s] + p;
            fn(s, i, 0);
            if (m.primitives[i][2] != m.primitives[i][3]) fn(s, i, 1);
        }
}

}  // namespace

Status compute_stored_interior(const CompressedMesh& m, std::uint32_t ns, std::span<const std::uint32_t> first_slot,
                               std::span<const float> x, std::span<const float> y, std::span<const float> z,
                               ComputedInterior& out) {
    thread_local InteriorScratch scratch;
    rules::InteriorWorkspace& ws = scratch.ws;
    std::vector<std::uint32_t>&identity = scratch.identity, &c0 = scratch.c0, &c1 = scratch.c1, &c2 = scratch.c2;
    std::vector<std::uint8_t>& half = scratch.half;
    if (first_slot.size() != std::size_t{ns} + 1 || x.size() != first_slot[ns] || y.size() != x.size() ||
        z.size() != x.size())
        return make_error(ErrorCode::kInternal, 0, "interior: vertex columns do not match the sections");

    // count first
    std::size_t triangles = 0;
    for_each_triangle(m, ns, [&](std::uint32_t, std::size_t, int) { ++triangles; });
    const bool large = triangles > kLargeUnitTriangles;
    const ReleaseAfterLargeUnit release(scratch, triangles);
    identity.resize(x.size());
    for (std::uint32_t s = 0; s < ns; ++s)
        for (std::uint32_t k = 0; k < m.num_packed[s] + m.num_shared[s]; ++k)
            identity[first_slot[s] + k] =
                k < m.num_packed[s]
                    ? rules::packed_vertex_identity(s, k)
                    : rules::shared_vertex_identity(m.shared_vertices_index[m.first_shared[s] + k - m.num_packed[s]]);
    c0.resize(triangles), c1.resize(triangles), c2.resize(triangles), half.resize(triangles);
    out.section_first_triangle.assign(std::size_t{ns} + 1, 0);

    // fill, key order
    std::size_t t = 0;
    for_each_triangle(m, ns, [&](std::uint32_t s, std::size_t i, int h) {
        const auto& q = m.primitives[i];
        const std::uint32_t base = first_slot[s];
        c0[t] = base + q[0], c1[t] = base + q[1 + h], c2[t] = base + q[2 + h], half[t] = static_cast<std::uint8_t>(h);
        ++t;
        ++out.section_first_triangle[s + 1];
    });
    for (std::uint32_t s = 0; s < ns; ++s) out.section_first_triangle[s + 1] += out.section_first_triangle[s];

    rules::InteriorMeshView view;
    view.x = x, view.y = y, view.z = z;
    view.identity = identity;
    view.corner = {std::span<const std::uint32_t>(c0), std::span<const std::uint32_t>(c1),
                   std::span<const std::uint32_t>(c2)};
    view.half = half;
    // Bits only: the marking by the weights where no tie decides a bit (rules::ReferenceUse::kBitsOnly);
    // the figures below read the complete faces and their convex edges, not their order.
    if (Status st = rules::find_interior_neighbours(view, ws); !st.ok()) return st;
    if (large) {
        scratch.release_neighbour_input();
        view.identity = {}, view.corner = {}, view.half = {};
    }
    // The keys and bits are made after the neighbour search, whose arrays a large mesh's peak
    // then does not hold with them: a triangle's key is its section, primitive and half.
    out.key.resize(triangles);
    out.bit.assign(triangles, 0);
    t = 0;
    for_each_triangle(m, ns, [&](std::uint32_t s, std::size_t i, int h) {
        out.key[t++] =
            (s << 8) | static_cast<std::uint32_t>((i - m.first_primitive[s]) << 1) | static_cast<std::uint32_t>(h);
    });
    // One call per mesh: the raw normals and edge vectors are not kept for another.
    rules::InteriorOptions options;
    options.keep_for_later_calls = false;
    rules::compute_interior_bits(view, options, ws, out.bit, {}, rules::ReferenceUse::kBitsOnly);

    out.bits_set = 0;
    for (std::uint8_t b : out.bit) out.bits_set += b != 0;
    out.complete_faces = ws.order.size();
    out.convex_edges = 0;
    for (const auto& w : ws.order)
        out.convex_edges += static_cast<std::uint64_t>(std::popcount(ws.convex_mask[w.face]));
    return ok_status();
}

}  // namespace meshproof::builder
