#include "engine/mesh/extract_member.h"

#include <string>

#include <absl/container/flat_hash_map.h>

#include "engine/mesh/extract_compressed_mesh.h"
#include "engine/mesh/extract_extern_mesh.h"
#include "engine/mesh/extract_extern_shapes.h"
#include "engine/mesh/extract_trees.h"

namespace meshproof::mesh {

using tagfile::ArrayView;
using tagfile::ObjectView;

namespace {

class MemberExtractor {
public:
    explicit MemberExtractor(const tagfile::Tagfile& tf) : tf_(tf) {}

    Result<RawMember> run() {
        out_.sdk_version = std::string(tf_.sdk_version());
        const ObjectView root = ObjectView::root(tf_);
        MP_TRY(root.status());
        MP_TRY_ASSIGN(ArrayView variants, root.field("namedVariants").array());
        std::uint32_t system_index = 0;
        for (std::size_t v = 0; v < variants.count(); ++v) {
            const ObjectView ptr = variants.at(v).field("variant");
            MP_TRY_ASSIGN(bool null, ptr.is_null());
            if (null) continue;
            const ObjectView scene = ptr.deref();
            MP_TRY(scene.status());
            if (!scene.is_a("hknpPhysicsSceneData")) continue;
            MP_TRY_ASSIGN(ArrayView systems, scene.field("systemDatas").array());
            for (std::size_t s = 0; s < systems.count(); ++s, ++system_index) {
                const ObjectView system_ptr = systems.at(s);
                MP_TRY_ASSIGN(bool system_null, system_ptr.is_null());
                if (system_null) continue;
                MP_TRY(add_system(system_ptr.deref(), system_index));
            }
        }
        return std::move(out_);
    }

private:
    Status add_system(const ObjectView& system, std::uint32_t system_index) {
        MP_TRY(system.status());
        MP_TRY_ASSIGN(ArrayView bodies, system.field("bodyCinfos").array());
        out_.bodies.reserve(out_.bodies.size() + bodies.count());
        for (std::size_t b = 0; b < bodies.count(); ++b) MP_TRY(add_body(bodies.at(b), system_index));
        return ok_status();
    }

    Status add_body(const ObjectView& body, std::uint32_t system_index) {
        MP_TRY(body.status());
        RawBody out;
        out.offset = body.offset();
        out.system = system_index;
        MP_TRY_ASSIGN(std::string_view name, body.field("name").as_string());
        out.name = std::string(name);
        MP_TRY_ASSIGN(out.position, read_vector4(body.field("position")));
        MP_TRY_ASSIGN(out.orientation, read_vector4(body.field("orientation")));
        MP_TRY_ASSIGN(std::uint64_t motion, body.field("motionType").as_u64());
        out.motion_type = static_cast<std::uint8_t>(motion);
        if (body.has_field("qualityId")) {
            MP_TRY_ASSIGN(std::uint64_t quality, body.field("qualityId").as_u64());
            out.quality_id = static_cast<std::uint8_t>(quality);
        }
        if (body.has_field("mass")) {
            MP_TRY_ASSIGN(out.mass, body.field("mass").as_f32());
        }
        if (body.has_field("motionPropertiesId")) {
            MP_TRY_ASSIGN(std::uint64_t id, body.field("motionPropertiesId").as_u64());
            out.motion_properties_id = static_cast<std::uint32_t>(id);
        }
        const ObjectView shape_ptr = body.field("shape");
        MP_TRY_ASSIGN(bool null, shape_ptr.is_null());
        if (null) {
            out.shape_kind = ShapeKind::kNone;
        } else {
            const ObjectView shape = shape_ptr.deref();
            MP_TRY(shape.status());
            out.shape_class = std::string(shape.type_name());
            MP_TRY(add_shape(shape, out));
        }
        out_.bodies.push_back(std::move(out));
        return ok_status();
    }

    Status add_shape(const ObjectView& shape, RawBody& body) {
        const auto seen = shapes_.find(shape.offset());
        if (seen != shapes_.end()) {
            body.shape_kind = seen->second.first;
            body.shape_index = seen->second.second;
            return ok_status();
        }
        if (shape.is_a("hknpCompressedMeshShape")) {
            MP_TRY_ASSIGN(RawCompressedMesh mesh, extract_compressed_mesh(shape));
            body.shape_kind = ShapeKind::kCompressedMesh;
            body.shape_index = static_cast<std::uint32_t>(out_.meshes.size());
            out_.meshes.push_back(std::move(mesh));
        } else if (shape.is_a("hknpExternMeshShape")) {
            MP_TRY_ASSIGN(RawExternMesh mesh, extract_extern_mesh(shape));
            body.shape_kind = ShapeKind::kExternMesh;
            body.shape_index = static_cast<std::uint32_t>(out_.extern_meshes.size());
            out_.extern_meshes.push_back(std::move(mesh));
        } else {
            body.shape_kind = ShapeKind::kOther;
            auto other = extract_convex_shape(shape);
            if (other.ok()) {
                body.shape_index = static_cast<std::uint32_t>(out_.other_shapes.size());
                out_.other_shapes.push_back(std::move(*other));
            } else {
                body.shape_index = kNoOtherShape;
                out_.other_shape_errors.push_back(std::move(other).error());
            }
        }
        shapes_.emplace(shape.offset(), std::make_pair(body.shape_kind, body.shape_index));
        return ok_status();
    }

    const tagfile::Tagfile& tf_;
    RawMember out_;
    absl::flat_hash_map<std::uint32_t, std::pair<ShapeKind, std::uint32_t>> shapes_;
};

}  // namespace

Result<RawMember> extract_member(const tagfile::Tagfile& tf) { return MemberExtractor(tf).run(); }

}  // namespace meshproof::mesh
