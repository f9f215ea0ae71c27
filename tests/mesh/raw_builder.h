// Hand-built raw meshes: owns plain vectors and hands out a RawCompressedMesh / RawExternMesh
// whose columns point into them (the builder must outlive what build() returns). Lets the
// decode layer be tested on what the real sample lacks.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/mesh/raw_mesh.h"

namespace meshproof::test {

using mesh::RawColumn;

struct SectionSpec {
    std::array<float, 6> codec_parms{0, 0, 0, 1, 1, 1};
    std::uint32_t first_packed = 0;
    std::uint8_t num_packed = 0;
    std::uint32_t first_shared = 0;
    std::uint8_t num_shared = 0;  // 2016.2 numSharedIndices (2018.1 derives it)
    std::uint32_t first_primitive = 0;
    std::uint8_t num_primitives = 0;
    std::uint32_t first_data_run = 0;
    std::uint8_t num_data_runs = 1;
    std::uint8_t page = 0;
    std::uint16_t leaf_index = 0;
    std::uint8_t flags = 0;
    mesh::RawAabb domain{{0, 0, 0, 1}, {1, 1, 1, 1}};
    std::vector<std::array<std::uint8_t, 4>> nodes;  // Aabb4BytesCodec: x, y, z, data
};

struct SimdNodeSpec {
    std::array<std::array<float, 4>, 6> bounds{};  // lx, hx, ly, hy, lz, hz
    std::array<std::uint32_t, 4> data{};
    std::uint8_t is_leaf = 0;
};

class RawBuilder {
public:
    template <class T>
    RawColumn<T> keep(std::vector<T> v, std::uint64_t offset = 0) {
        auto p = std::make_shared<std::vector<T>>(std::move(v));
        storage_.push_back(p);
        return mesh::column_over(*p, offset);
    }

    template <class T, class S, class F>
    RawColumn<T> column(const std::vector<S>& specs, F get) {
        std::vector<T> v;
        v.reserve(specs.size());
        for (const S& s : specs) v.push_back(static_cast<T>(get(s)));
        return keep(std::move(v));
    }

    mesh::RawStaticTree axis4_tree(const std::vector<std::array<std::uint8_t, 4>>& nodes, const mesh::RawAabb& domain) {
        mesh::RawStaticTree t;
        t.codec = mesh::TreeCodec::kAxis4;
        for (int a = 0; a < 3; ++a) t.xyz[a] = column<std::uint8_t>(nodes, [a](const auto& n) { return n[a]; });
        t.data = column<std::uint8_t>(nodes, [](const auto& n) { return n[3]; });
        t.domain = domain;
        return t;
    }
    // Aabb5BytesCodec nodes: x, y, z, hiData, loData
    mesh::RawStaticTree axis5_tree(const std::vector<std::array<std::uint8_t, 5>>& nodes, const mesh::RawAabb& domain) {
        mesh::RawStaticTree t;
        t.codec = mesh::TreeCodec::kAxis5;
        for (int a = 0; a < 3; ++a) t.xyz[a] = column<std::uint8_t>(nodes, [a](const auto& n) { return n[a]; });
        t.data = column<std::uint8_t>(nodes, [](const auto& n) { return n[3]; });
        t.lo8 = column<std::uint8_t>(nodes, [](const auto& n) { return n[4]; });
        t.domain = domain;
        return t;
    }
    // Aabb6BytesCodec nodes: x, y, z, hiData, loData (u16)
    mesh::RawStaticTree axis6_tree(const std::vector<std::array<std::uint32_t, 5>>& nodes,
                                   const mesh::RawAabb& domain) {
        mesh::RawStaticTree t;
        t.codec = mesh::TreeCodec::kAxis6;
        for (int a = 0; a < 3; ++a) t.xyz[a] = column<std::uint8_t>(nodes, [a](const auto& n) { return n[a]; });
        t.data = column<std::uint8_t>(nodes, [](const auto& n) { return n[3]; });
        t.lo16 = column<std::uint16_t>(nodes, [](const auto& n) { return n[4]; });
        t.domain = domain;
        return t;
    }

    mesh::RawSimdTree simd_tree(const std::vector<SimdNodeSpec>& nodes, mesh::SimdEncoding encoding) {
        mesh::RawSimdTree t;
        t.encoding = encoding;
        t.stride = encoding == mesh::SimdEncoding::kParity ? 112 : 128;
        for (int b = 0; b < 6; ++b)
            for (int l = 0; l < 4; ++l)
                t.bounds[b][l] = column<float>(nodes, [b, l](const auto& n) { return n.bounds[b][l]; });
        for (int l = 0; l < 4; ++l) t.data[l] = column<std::uint32_t>(nodes, [l](const auto& n) { return n.data[l]; });
        if (encoding == mesh::SimdEncoding::kIsLeafFlag)
            t.is_leaf = column<std::uint8_t>(nodes, [](const auto& n) { return n.is_leaf; });
        t.has_is_compact = true;
        t.is_compact = 1;
        return t;
    }

    // Sections and mesh-level arrays.
    mesh::SectionNaming naming = mesh::SectionNaming::kExplicit;
    mesh::RawAabb domain{{0, 0, 0, 1}, {1, 1, 1, 1}};
    std::vector<std::array<std::uint8_t, 5>> mesh_nodes{{0, 0, 0, 0, 0}};
    std::vector<SectionSpec> sections;
    std::vector<std::array<std::uint8_t, 4>> primitives;
    std::vector<std::uint32_t> packed;
    std::vector<std::uint64_t> shared;
    std::vector<std::uint16_t> shared_index;
    std::vector<std::array<std::uint16_t, 3>> runs;  // value, index, count
    std::uint8_t num_shape_key_bits = 8;
    std::vector<std::uint32_t> interior_words;
    std::int64_t interior_num_bits = 0;
    std::vector<std::uint32_t> triangle_index_to_shape_key;
    std::vector<std::uint32_t> row_primitive_data_index;
    std::vector<std::uint32_t> materials;
    std::vector<SimdNodeSpec> simd_nodes;
    mesh::SimdEncoding simd_encoding = mesh::SimdEncoding::kIsLeafFlag;
    std::vector<std::array<float, 16>> extern_shapes;

    mesh::RawCompressedMesh build() {
        mesh::RawCompressedMesh m;
        m.class_name = "fsnpCustomParamCompressedMeshShape";
        m.num_shape_key_bits = num_shape_key_bits;
        m.convex_radius = 0.015f;
        m.mesh_tree = axis5_tree(mesh_nodes, domain);
        mesh::RawSections& s = m.sections;
        s.naming = naming;
        s.count = sections.size();
        s.stride = 96;
        for (int k = 0; k < 6; ++k)
            s.codec_parms[k] = column<float>(sections, [k](const SectionSpec& x) { return x.codec_parms[k]; });
        s.first_packed = column<std::uint32_t>(sections, [](const SectionSpec& x) { return x.first_packed; });
        s.num_packed = column<std::uint8_t>(sections, [](const SectionSpec& x) { return x.num_packed; });
        if (naming == mesh::SectionNaming::kExplicit) {
            s.first_shared = column<std::uint32_t>(sections, [](const SectionSpec& x) { return x.first_shared; });
            s.first_primitive = column<std::uint32_t>(sections, [](const SectionSpec& x) { return x.first_primitive; });
            s.num_primitives = column<std::uint8_t>(sections, [](const SectionSpec& x) { return x.num_primitives; });
            s.first_data_run = column<std::uint32_t>(sections, [](const SectionSpec& x) { return x.first_data_run; });
            s.num_data_runs = column<std::uint8_t>(sections, [](const SectionSpec& x) { return x.num_data_runs; });
        } else {
            s.shared_word = column<std::uint32_t>(
                sections, [](const SectionSpec& x) { return (x.first_shared << 8) | x.num_packed; });
            s.num_shared_indices = column<std::uint8_t>(sections, [](const SectionSpec& x) { return x.num_shared; });
            s.primitives_word = column<std::uint32_t>(
                sections, [](const SectionSpec& x) { return (x.first_primitive << 8) | x.num_primitives; });
            s.data_runs_word = column<std::uint32_t>(
                sections, [](const SectionSpec& x) { return (x.first_data_run << 8) | x.num_data_runs; });
            s.unused_data = column<std::uint8_t>(sections, [](const SectionSpec&) { return 0; });
        }
        s.page = column<std::uint8_t>(sections, [](const SectionSpec& x) { return x.page; });
        s.layer_data = column<std::uint8_t>(sections, [](const SectionSpec&) { return 0; });
        s.flags = column<std::uint8_t>(sections, [](const SectionSpec& x) { return x.flags; });
        s.leaf_index = column<std::uint16_t>(sections, [](const SectionSpec& x) { return x.leaf_index; });
        for (const SectionSpec& x : sections) s.trees.push_back(axis4_tree(x.nodes, x.domain));
        for (int k = 0; k < 4; ++k)
            m.primitive_indices[k] = column<std::uint8_t>(primitives, [k](const auto& p) { return p[k]; });
        m.packed_vertices = keep(packed);
        m.shared_vertices = keep(shared);
        m.shared_vertices_index = keep(shared_index);
        m.run_value = column<std::uint16_t>(runs, [](const auto& r) { return r[0]; });
        m.run_index = column<std::uint8_t>(runs, [](const auto& r) { return r[1]; });
        m.run_count = column<std::uint8_t>(runs, [](const auto& r) { return r[2]; });
        m.interior_words = keep(interior_words);
        m.interior_num_bits = interior_num_bits;
        m.has_triangle_index_to_shape_key = true;
        m.triangle_index_to_shape_key = keep(triangle_index_to_shape_key);
        m.has_param = !row_primitive_data_index.empty();
        m.row_primitive_data_index = keep(row_primitive_data_index);
        const std::vector<std::uint32_t> zeros(row_primitive_data_index.size(), 0);
        m.row_triangle_data_index = keep(zeros);
        m.row_vertex_a = keep(zeros);
        m.row_vertex_b = keep(zeros);
        m.row_vertex_c = keep(zeros);
        m.material_name_data = keep(materials);
        m.simd_tree = simd_tree(simd_nodes, simd_encoding);
        m.has_extern_shapes_member = true;
        m.extern_shapes.count = extern_shapes.size();
        for (int k = 0; k < 16; ++k)
            m.extern_shapes.transform[k] = column<float>(extern_shapes, [k](const auto& t) { return t[k]; });
        for (int k = 0; k < 4; ++k)
            m.extern_shapes.scale[k] = column<float>(extern_shapes, [](const auto&) { return 1.0f; });
        m.extern_shapes.shape_tag = column<std::uint16_t>(extern_shapes, [](const auto&) { return 0; });
        m.extern_shapes.shape_class.assign(extern_shapes.size(), "hknpConvexPolytopeShape");
        // Every entry points at one polytope without geometry (the decode layer's shape checks
        // are tested on written files, tests/mesh/extern_shapes_test.cpp).
        m.extern_shapes.shape.assign(extern_shapes.size(), 0);
        if (!extern_shapes.empty())
            m.extern_shapes.shapes.push_back(
                {.class_name = "hknpConvexPolytopeShape", .type = tagfile::ShapeType::kConvexPolytope});
        return m;
    }

private:
    std::vector<std::shared_ptr<void>> storage_;
};

inline std::uint64_t shared_code(std::uint32_t x, std::uint32_t y, std::uint32_t z) {
    return std::uint64_t{x} | (std::uint64_t{y} << 21) | (std::uint64_t{z} << 42);
}
inline std::uint32_t packed_code(std::uint32_t x, std::uint32_t y, std::uint32_t z) {
    return x | (y << 11) | (z << 22);
}

}  // namespace meshproof::test
