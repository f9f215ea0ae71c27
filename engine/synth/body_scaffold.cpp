#include "engine/synth/body_scaffold.h"

#include <array>

namespace meshproof::synth {

using tagfile::ArrayWriter;
using tagfile::ObjectWriter;
using tagfile::RecordWriter;

BodyScaffold write_body_scaffold(ObjectWriter& w, const std::string& body_name) {
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
    ArrayWriter bodies = w.new_array("hknpPhysicsSystemData::bodyCinfoWithAttachment", 1);
    system.set_ref("bodyCinfos", bodies);
    RecordWriter body = bodies.at(0);
    body.set_string("name", body_name);
    const std::array<float, 4> position{0.0f, 0.0f, 0.0f, 0.0f}, orientation{0.0f, 0.0f, 0.0f, 1.0f};
    body.set_floats("position", position);
    body.set_floats("orientation", orientation);
    body.set_uint("motionType", 0);
    body.set_f32("mass", -1.0f);
    body.set_uint("motionPropertiesId", 0xFFFF);
    return {root, body};
}

ArrayWriter array_for(ObjectWriter& w, const RecordWriter& owner, std::string_view path, std::size_t count) {
    const RecordWriter field = owner.field(path);
    ArrayWriter a = w.new_array(field.ok() ? w.types().subtype(field.type()) : 0u, count);
    owner.set_ref(path, a);
    return a;
}

}  // namespace meshproof::synth
