#include "engine/tagfile/collision_scaffold.h"

namespace meshproof::tagfile {

PhysicsSceneWriter write_physics_scene(ObjectWriter& w, std::size_t body_count) {
    RecordWriter root = w.new_object("hkRootLevelContainer");
    ArrayWriter variants = w.new_array("hkRootLevelContainer::NamedVariant", 1);
    RecordWriter scene = w.new_object("hknpPhysicsSceneData");
    variants.at(0).set_string("name", "Physics Scene Data");
    variants.at(0).set_string("className", "hknpPhysicsSceneData");
    variants.at(0).set_ref("variant", scene);
    root.set_ref("namedVariants", variants);
    RecordWriter system = w.new_object("hknpPhysicsSystemData");
    ArrayWriter systems = w.new_array("hkRefPtr<hknpPhysicsSystemData>", 1);
    systems.set_ref(0, system);
    scene.set_ref("systemDatas", systems);
    ArrayWriter bodies = w.new_array("hknpPhysicsSystemData::bodyCinfoWithAttachment", body_count);
    system.set_ref("bodyCinfos", bodies);
    return {root, system, bodies};
}

void set_map_body(const RecordWriter& body, const MapBody& b) {
    body.set_string("name", b.name);
    body.set_floats("position", b.position);
    body.set_floats("orientation", b.orientation);
    body.set_uint("motionType", b.motion_type);
    body.set_f32("mass", -1.0f);
    body.set_uint("motionPropertiesId", 0xFFFF);
}

}  // namespace meshproof::tagfile
