#include "engine/synth/mesh_counts.h"

namespace meshproof::synth {

void add_mesh_counts(SynthCounts& c, const CompressedMesh& m, std::uint64_t source_rows) {
    ++c.meshes, ++c.bodies;
    c.sections += m.page.size();
    c.primitives += m.primitives.size();
    c.triangles += m.triangles;
    c.quads += m.quads;
    c.source_rows += source_rows;
    c.packed_vertices += m.packed_vertices.size();
    c.shared_vertices += m.shared_vertices.size();
    c.shared_index_entries += m.shared_vertices_index.size();
    c.section_tree_nodes += m.section_tree_nodes;
    c.mesh_tree_nodes += m.mesh_node_bytes.size() / 5;
    c.simd_nodes += m.simd_nodes.size();
    c.point_sets += m.point_sets;
    c.point_set_boxes +=
        (m.point_sets + 1) / 2;  // one custom section a mesh: its even point sets are boxes (custom_section.cpp)
    c.custom_sections += m.point_sets > 0 || m.extern_refs > 0 ? 1 : 0;
    c.extern_refs += m.extern_refs;
    c.extern_shapes += m.extern_shapes.size();
    c.extern_w_zero += m.extern_w_zero;
    c.extern_files += m.extern_shapes.empty() ? 0 : 1;
    c.record_pairs += m.record_pairs;
    c.effects.add(m.effects);
    c.interior.add(m.interior);
}

}  // namespace meshproof::synth
