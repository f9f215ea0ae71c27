// Shared state of the collision type declarations (collision_types.h), split over two files:
// collision_types.cpp (primitives, base objects, scene, bodies, shapes) and
// collision_types_mesh.cpp (compressed mesh data, trees, codecs, fsnp parameters, extern mesh).
// Not part of the public API.
#pragma once

#include <string>
#include <vector>

#include "engine/tagfile/collision_types.h"

namespace meshproof::tagfile::detail {

class CollisionTypeDeclarer {
public:
    CollisionTypeDeclarer(TypeTableBuilder& b, HavokDialect dialect, const CollisionTypeOptions& options,
                          std::vector<std::string>& stubs)
        : b_(b), er_(dialect == HavokDialect::kEldenRing2018), options_(options), stubs_(stubs) {}

    void declare_all();

private:
    // collision_types.cpp
    void primitives();
    void math();
    void base_objects();
    void scene();
    void body_cinfo();
    void shapes();
    // collision_types_mesh.cpp
    void codecs();
    void static_trees();
    TypeRef section();
    TypeRef mesh_tree();
    void simd_tree();
    void connectivity();
    void mesh_data();
    void custom_mesh_parameter();
    void extern_mesh();
    // collision_types_convex.cpp
    void convex_shapes();

    // A member-less stand-in with the right layout (collision_types.h).
    TypeRef stub(std::string name, TypeRef parent, std::uint32_t size, std::uint32_t alignment,
                 std::optional<std::uint32_t> version = std::nullopt,
                 std::optional<std::uint32_t> flags = std::nullopt);
    void hash(TypeRef t, std::uint32_t h) {
        if (er_) b_.set_hash(t, h);  // hashes are known for the ER compendium only
    }

    TypeTableBuilder& b_;
    bool er_;
    CollisionTypeOptions options_;
    std::vector<std::string>& stubs_;

    // Declared by the primitives / math / base parts, used everywhere.
    TypeRef int_ = 0, uint_ = 0, ushort_ = 0, short_ = 0, uchar_ = 0, schar_ = 0, char_ = 0, bool_ = 0;
    TypeRef float_ = 0, ulonglong_ = 0;
    TypeRef u8_ = 0, u16_ = 0, u32_ = 0, u64_ = 0, i8_ = 0, i16_ = 0, i32_ = 0, real_ = 0;
    TypeRef vec4_ = 0, quat_ = 0, transform_ = 0, aabb_ = 0, hk_bool_ = 0;
    TypeRef opaque_ptr_ = 0;  // T*<hkReflect::Detail::Opaque>: non-serialised runtime pointers
    TypeRef string_ptr_ = 0, ref_variant_ = 0, base_object_ = 0, ref_object_ = 0;
    TypeRef shape_ = 0, composite_shape_ = 0, compressed_mesh_shape_ = 0, shape_instance_ = 0;
    TypeRef simd_tree_ = 0, connectivity_ = 0, mesh_tree_ = 0;
    TypeRef aabb6_tree_ = 0;
};

}  // namespace meshproof::tagfile::detail
