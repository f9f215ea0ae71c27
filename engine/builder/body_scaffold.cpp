#include "engine/builder/body_scaffold.h"

#include "engine/tagfile/collision_scaffold.h"

namespace meshproof::builder {

using tagfile::ArrayWriter;
using tagfile::ObjectWriter;
using tagfile::RecordWriter;

BodyScaffold write_body_scaffold(ObjectWriter& w, const std::string& body_name) {
    const tagfile::PhysicsSceneWriter scene = tagfile::write_physics_scene(w, 1);
    const RecordWriter body = scene.bodies.at(0);
    tagfile::set_map_body(body, {.name = body_name});  // identity pose, motion type 0
    return {scene.root, body};
}

ArrayWriter array_for(ObjectWriter& w, const RecordWriter& owner, std::string_view path, std::size_t count) {
    const RecordWriter field = owner.field(path);
    ArrayWriter a = w.new_array(field.ok() ? w.types().subtype(field.type()) : 0u, count);
    owner.set_ref(path, a);
    return a;
}

}  // namespace meshproof::builder
