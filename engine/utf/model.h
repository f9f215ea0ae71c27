// The model view of a UTF file (freelancer-models.md §2, §5): a compound model (.cmp, a root
// `Cmpnd` folder) or a single-part one (.3db); its parts with object and file names and their
// FL-CRC ids (0 for the single part of a .3db, §3), the Cons joints with their rest frames
// composed root-down (§2.4), hardpoints per part (§2.5) and the Level0 VMeshRef bounding sphere
// of each part (§2.6). This is what a .sur file's part and hull ids are resolved against.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/bytes.h"
#include "engine/core/error.h"
#include "engine/utf/utf_file.h"

namespace meshproof::utf {

// p_parent = R · p_child + t, R row-major for column vectors (§2.4). Composed in double: the
// frames are compared with each other, not reproduced bit for bit.
struct Frame {
    std::array<double, 9> r{1, 0, 0, 0, 1, 0, 0, 0, 1};
    std::array<double, 3> t{0, 0, 0};

    std::array<double, 3> apply(const std::array<double, 3>& p) const;
    Frame then(const Frame& child) const;  // this ∘ child: child frame -> this frame's parent
    Frame inverse() const;                 // R is a rotation (retail): Rᵀ, −Rᵀ t
};

enum class JointKind : std::uint8_t { kFix, kRev, kPris, kSphere, kLoose, kCyl };
std::string_view joint_name(JointKind kind);  // "Fix", "Rev", ...
inline bool joint_moves(JointKind k) { return k != JointKind::kFix; }

// §2.3: the Cons record strides; the fields a reader uses sit at the offsets below.
inline constexpr std::size_t kConsNameBytes = 64;
std::size_t joint_stride(JointKind kind);  // Fix/Loose 176, Rev/Pris 208, Sphere 212, Cyl 216

struct Joint {
    JointKind kind = JointKind::kFix;
    std::string parent, child;  // object names, up to the first NUL of their 64 bytes
    Frame rest;                 // (R, origin): every retail offset is zero (§2.3, §2.4)
};

struct Hardpoint {
    std::string name;      // the folder name (§2.5)
    std::uint32_t id = 0;  // FL-CRC of the name
    bool revolute = false;
    Frame frame;  // in its part's frame (missing leaves: identity)
};

struct MeshSphere {
    bool present = false;
    std::array<double, 3> center{};  // part-local (§2.6)
    double radius = 0;
};

struct ModelPart {
    std::string object_name;            // compound: Cmpnd/<folder>/Object name; single: empty
    std::string file_name;              // compound: the fragment folder's name; single: empty
    std::uint32_t id = 0;               // FL-CRC(object name), or 0 for a single part (§3)
    bool has_fragment = false;          // the fragment folder exists at file root (single: the root)
    std::int32_t parent = -1;           // part index; -1 for the root
    JointKind joint = JointKind::kFix;  // the joint to the parent
    Frame local;                        // to the parent's frame
    Frame world;                        // to the model root's frame (rest pose)
    std::vector<Hardpoint> hardpoints;
    MeshSphere sphere;  // Level0 (or plain) VMeshRef
};

struct Model {
    bool compound = false;
    std::vector<ModelPart> parts;      // Cmpnd order (single: one part)
    std::int32_t root = 0;             // the part no record names as child
    std::vector<Joint> joints;         // every Cons record, in leaf then record order
    std::uint32_t dropped_joints = 0;  // records naming an undeclared part, or a second parent (§2.2)

    // The part whose id is `id`, or -1. Single-part models: id 0 names the one part.
    std::int32_t part_by_id(std::uint32_t id) const;
    // True when `ancestor` is `part` or above it.
    bool is_ancestor(std::int32_t ancestor, std::int32_t part) const;
    // True when the chain from `part` up to `ancestor` (exclusive) has a moving joint.
    bool moves_between(std::int32_t ancestor, std::int32_t part) const;
    // The frame taking `part`-frame points into `base`'s frame (rest pose).
    Frame relative(std::int32_t base, std::int32_t part) const;
};

// The model view of a decoded tree.
Result<Model> model_view(const UtfTree& tree);

// decode_utf, then model_view.
Result<Model> decode_model(Bytes bytes);

}  // namespace meshproof::utf
