// The object graph every synthetic collision tagfile starts with (containers-and-tagfiles.md §6,
// written by engine/tagfile/collision_scaffold.h):
// hkRootLevelContainer → "Physics Scene Data" hknpPhysicsSceneData → one hknpPhysicsSystemData →
// one body with an identity pose, motion type 0, mass −1 and motion-properties id 0xFFFF, as the
// game's map bodies store them. The caller attaches the body's shape.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "engine/tagfile/object_writer.h"

namespace meshproof::builder {

struct BodyScaffold {
    tagfile::RecordWriter root;  // hkRootLevelContainer: pass it to write_tag0
    tagfile::RecordWriter body;  // the body record: set its "shape"
};

BodyScaffold write_body_scaffold(tagfile::ObjectWriter& w, const std::string& body_name);

// A new array of the element type of `owner`'s array member at `path`, referenced from it.
tagfile::ArrayWriter array_for(tagfile::ObjectWriter& w, const tagfile::RecordWriter& owner, std::string_view path,
                               std::size_t count);

}  // namespace meshproof::builder
