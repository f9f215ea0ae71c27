#include "engine/tagfile/convex_shape_writer.h"

#include <string>

namespace meshproof::tagfile {

namespace {

std::uint16_t default_flags(ShapeType type) {
    std::uint16_t flags = shape_flag::kIsConvexShape;
    if (is_convex_polytope(type)) flags |= shape_flag::kIsConvexPolytopeShape;
    if (type == ShapeType::kTriangle) flags |= shape_flag::kIsTriangleOrQuadShape;
    return flags;
}

// A new array item of the element type of `owner`'s array member `path`, referenced from it.
ArrayWriter new_rel_array(ObjectWriter& w, const RecordWriter& owner, std::string_view path, std::size_t count) {
    const RecordWriter field = owner.field(path);
    if (!field.ok()) return {};  // the writer recorded the missing member
    ArrayWriter a = w.new_array(w.types().subtype(field.type()), count);
    owner.set_ref(path, a);
    return a;
}

// hkVector4 elements, each through the writer's inline-float check.
void write_vectors(ObjectWriter& w, const RecordWriter& owner, std::string_view path,
                   const std::vector<std::array<float, 4>>& values) {
    if (values.empty()) return;
    const ArrayWriter a = new_rel_array(w, owner, path, values.size());
    if (!a.ok()) return;
    for (std::size_t i = 0; i < values.size(); ++i) a.at(i).set_floats("", values[i]);
}

}  // namespace

RecordWriter write_convex_shape(ObjectWriter& w, const ConvexShapeSpec& spec) {
    RecordWriter shape = w.new_object(shape_type_class(spec.type));
    if (!shape.ok()) return shape;
    shape.set_uint("type", spec.stored_type.value_or(static_cast<std::uint8_t>(spec.type)));
    shape.set_uint("flags", spec.flags.value_or(default_flags(spec.type)));
    shape.set_uint("dispatchType", spec.dispatch_type.value_or(kDispatchConvex));
    shape.set_f32("convexRadius", spec.convex_radius);
    shape.set_f32("maxAllowedPenetration", spec.max_allowed_penetration);
    write_vectors(w, shape, "vertices", spec.vertices);
    if (is_convex_polytope(spec.type)) {
        write_vectors(w, shape, "planes", spec.planes);
        if (!spec.faces.empty()) {
            const ArrayWriter faces = new_rel_array(w, shape, "faces", spec.faces.size());
            std::vector<std::uint16_t> first;
            std::vector<std::uint8_t> count, angle;
            for (const ConvexFace& f : spec.faces) {
                first.push_back(f.first_index);
                count.push_back(f.num_indices);
                angle.push_back(f.min_half_angle);
            }
            if (faces.ok()) {
                faces.set_column("firstIndex", first);
                faces.set_column("numIndices", count);
                faces.set_column("minHalfAngle", angle);
            }
        }
        if (!spec.indices.empty()) {
            const ArrayWriter indices = new_rel_array(w, shape, "indices", spec.indices.size());
            if (indices.ok()) indices.set_values(spec.indices);
        }
    }
    if (spec.type == ShapeType::kCapsule || spec.type == ShapeType::kCylinder) {
        shape.set_floats("a", spec.a);
        shape.set_floats("b", spec.b);
    }
    if (spec.type == ShapeType::kBox) shape.set_floats("obb", spec.obb);
    return shape;
}

void write_extern_shapes(ObjectWriter& w, const RecordWriter& mesh_shape,
                         std::span<const ShapeInstanceSpec> instances) {
    if (instances.empty()) return;
    ArrayWriter entries = w.new_array("hknpShapeInstance", instances.size());
    for (std::size_t i = 0; i < instances.size(); ++i) {
        const ShapeInstanceSpec& spec = instances[i];
        const RecordWriter e = entries.at(i);
        e.set_floats("transform", spec.transform);
        e.set_floats("scale", spec.scale);
        if (spec.shape.ok()) e.set_ref("shape", spec.shape);
        e.set_uint("shapeTag", spec.shape_tag);
    }
    mesh_shape.set_ref("externShapes", entries);
}

}  // namespace meshproof::tagfile
