// The object graph every collision tagfile starts with (containers-and-tagfiles.md §6):
// hkRootLevelContainer → one named variant "Physics Scene Data" → hknpPhysicsSceneData → one
// hknpPhysicsSystemData → its bodyCinfos, an array of N hknpPhysicsSystemData::bodyCinfoWithAttachment.
// The synthetic install writer (engine/synth) and the writer and extraction tests all write
// this same graph; the callers differ only in their bodies and what hangs below them (shapes).
//
//   ObjectWriter w(table);
//   PhysicsSceneWriter scene = write_physics_scene(w, 2);
//   set_map_body(scene.bodies.at(0), {.name = "m0"});
//   set_map_body(scene.bodies.at(1), {.name = "m1", .position = {1, 2, 3, 1}});
//   scene.bodies.at(0).set_ref("shape", shape);
//   write_tag0(w, scene.root, options);
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "engine/tagfile/object_writer.h"

namespace meshproof::tagfile {

struct PhysicsSceneWriter {
    RecordWriter root;    // hkRootLevelContainer: pass it to write_tag0
    RecordWriter system;  // hknpPhysicsSystemData
    ArrayWriter bodies;   // system's bodyCinfos, zero-filled: every member left to the caller
};

// The graph above with `body_count` bodies (records in the writer's type table, collision_types.h).
PhysicsSceneWriter write_physics_scene(ObjectWriter& w, std::size_t body_count);

// What varies between the bodies of a map's collision file; the rest is set as the game's map
// bodies store it (mass −1, motionPropertiesId 0xFFFF).
struct MapBody {
    std::string_view name;
    std::array<float, 4> position{0.0f, 0.0f, 0.0f, 0.0f};
    std::array<float, 4> orientation{0.0f, 0.0f, 0.0f, 1.0f};  // quaternion xyzw: identity
    std::uint32_t motion_type = 0;
};

// Sets name, position, orientation, motionType, mass and motionPropertiesId of `body` (an
// element of PhysicsSceneWriter::bodies); the shape and other members stay the caller's.
void set_map_body(const RecordWriter& body, const MapBody& b);

}  // namespace meshproof::tagfile
