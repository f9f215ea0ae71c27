#include "engine/utf/model.h"

#include <cstring>
#include <utility>

#include <fmt/format.h>

#include "engine/utf/fl_crc.h"

namespace meshproof::utf {

std::array<double, 3> Frame::apply(const std::array<double, 3>& p) const {
    std::array<double, 3> out{};
    for (int i = 0; i < 3; ++i) out[i] = r[3 * i] * p[0] + r[3 * i + 1] * p[1] + r[3 * i + 2] * p[2] + t[i];
    return out;
}

Frame Frame::then(const Frame& child) const {
    // §2.4: R_w(child) = R_w(parent) · R, t_w(child) = R_w(parent) · origin + t_w(parent).
    Frame out;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            out.r[3 * i + j] = r[3 * i] * child.r[j] + r[3 * i + 1] * child.r[3 + j] + r[3 * i + 2] * child.r[6 + j];
    out.t = apply(child.t);
    return out;
}

Frame Frame::inverse() const {
    Frame out;
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) out.r[3 * i + j] = r[3 * j + i];
    for (int i = 0; i < 3; ++i) out.t[i] = -(out.r[3 * i] * t[0] + out.r[3 * i + 1] * t[1] + out.r[3 * i + 2] * t[2]);
    return out;
}

std::string_view joint_name(JointKind kind) {
    switch (kind) {
        case JointKind::kFix: return "Fix";
        case JointKind::kRev: return "Rev";
        case JointKind::kPris: return "Pris";
        case JointKind::kSphere: return "Sphere";
        case JointKind::kLoose: return "Loose";
        case JointKind::kCyl: return "Cyl";
    }
    return "Fix";
}

std::size_t joint_stride(JointKind kind) {
    switch (kind) {
        case JointKind::kFix:
        case JointKind::kLoose: return 176;
        case JointKind::kRev:
        case JointKind::kPris: return 208;
        case JointKind::kSphere: return 212;
        case JointKind::kCyl: return 216;
    }
    return 176;
}

std::int32_t Model::part_by_id(std::uint32_t id) const {
    if (!compound) return id == 0 && !parts.empty() ? 0 : -1;
    for (std::size_t i = 0; i < parts.size(); ++i)
        if (parts[i].id == id) return static_cast<std::int32_t>(i);
    return -1;
}

bool Model::is_ancestor(std::int32_t ancestor, std::int32_t part) const {
    // Parent links form a forest built from one-parent records; the guard bounds a walk anyway.
    for (std::size_t steps = 0; part >= 0 && steps <= parts.size(); ++steps) {
        if (part == ancestor) return true;
        part = parts[std::size_t(part)].parent;
    }
    return false;
}

bool Model::moves_between(std::int32_t ancestor, std::int32_t part) const {
    for (std::size_t steps = 0; part >= 0 && part != ancestor && steps <= parts.size(); ++steps) {
        if (joint_moves(parts[std::size_t(part)].joint)) return true;
        part = parts[std::size_t(part)].parent;
    }
    return false;
}

Frame Model::relative(std::int32_t base, std::int32_t part) const {
    return parts[std::size_t(base)].world.inverse().then(parts[std::size_t(part)].world);
}

namespace {

Frame read_frame(Bytes b, std::size_t rot_at, std::size_t origin_at) {
    Frame f;
    for (int i = 0; i < 9; ++i) f.r[i] = load_le<float>(b.data() + rot_at + 4 * i);
    for (int i = 0; i < 3; ++i) f.t[i] = load_le<float>(b.data() + origin_at + 4 * i);
    return f;
}

std::string fixed_name(Bytes b, std::size_t at) {
    const void* nul = std::memchr(b.data() + at, 0, kConsNameBytes);
    const std::size_t len = nul ? std::size_t(static_cast<const std::uint8_t*>(nul) - (b.data() + at)) : kConsNameBytes;
    return std::string(reinterpret_cast<const char*>(b.data() + at), len);
}

Result<JointKind> joint_kind(const UtfNode& leaf) {
    static constexpr std::pair<const char*, JointKind> kKinds[] = {
        {"Fix", JointKind::kFix},       {"Rev", JointKind::kRev},     {"Pris", JointKind::kPris},
        {"Sphere", JointKind::kSphere}, {"Loose", JointKind::kLoose}, {"Cyl", JointKind::kCyl},
    };
    for (const auto& [name, kind] : kKinds)
        if (names_equal(leaf.name, name)) return kind;
    // §2.2: a record's stride is known only by its leaf's name, so an unknown leaf is refused.
    return make_error(ErrorCode::kUnknownChunk, leaf.entry_offset, fmt::format("unknown Cons leaf '{}'", leaf.name));
}

// §2.3: parent[64], child[64], origin @128, then rot @140 (Fix, Loose) or offset @140, rot @152.
Result<std::vector<Joint>> read_joints(const UtfNode& leaf, JointKind kind) {
    if (leaf.folder)
        return make_error(ErrorCode::kBadHeader, leaf.entry_offset, fmt::format("Cons '{}' is a folder", leaf.name));
    const std::size_t stride = joint_stride(kind);
    if (leaf.data.size() % stride != 0)
        return make_error(ErrorCode::kSizeMismatch, leaf.entry_offset + 24,
                          fmt::format("Cons '{}' holds {} bytes, not a multiple of its {}-byte record", leaf.name,
                                      leaf.data.size(), stride));
    const bool has_offset = kind != JointKind::kFix && kind != JointKind::kLoose;
    std::vector<Joint> out;
    for (std::size_t at = 0; at < leaf.data.size(); at += stride) {
        Bytes rec = leaf.data.subspan(at, stride);
        Joint j;
        j.kind = kind;
        j.parent = fixed_name(rec, 0);
        j.child = fixed_name(rec, kConsNameBytes);
        // At rest the moving joints are (R, origin) too: every retail offset is zero (§2.3, §2.4),
        // which makes Librelancer's and MAXLancer's handling of it agree.
        j.rest = read_frame(rec, has_offset ? 152 : 140, 128);
        out.push_back(std::move(j));
    }
    return out;
}

// §2.5: Hardpoints/{Fixed,Revolute,...}/<name>/{Position, Orientation}.
Result<std::vector<Hardpoint>> read_hardpoints(const UtfTree& tree, const UtfNode& fragment) {
    std::vector<Hardpoint> out;
    const UtfNode* hps = tree.child(fragment, "Hardpoints");
    if (hps == nullptr || !hps->folder) return out;
    for (std::uint32_t kind_idx : hps->children) {
        const UtfNode& kind = tree.nodes[kind_idx];
        if (!kind.folder) continue;
        for (std::uint32_t h : kind.children) {
            const UtfNode& node = tree.nodes[h];
            if (!node.folder) continue;
            Hardpoint hp;
            hp.name = node.name;
            hp.id = fl_crc(node.name);
            hp.revolute = names_equal(kind.name, "Revolute");
            const UtfNode* pos = tree.child(node, "Position");
            const UtfNode* rot = tree.child(node, "Orientation");
            if (pos && !pos->folder) {
                if (pos->data.size() < 12)
                    return make_error(
                        ErrorCode::kSizeMismatch, pos->entry_offset + 24,
                        fmt::format("hardpoint '{}' Position of {} bytes (12)", hp.name, pos->data.size()));
                for (int i = 0; i < 3; ++i) hp.frame.t[i] = load_le<float>(pos->data.data() + 4 * i);
            }
            if (rot && !rot->folder) {
                if (rot->data.size() < 36)
                    return make_error(
                        ErrorCode::kSizeMismatch, rot->entry_offset + 24,
                        fmt::format("hardpoint '{}' Orientation of {} bytes (36)", hp.name, rot->data.size()));
                for (int i = 0; i < 9; ++i) hp.frame.r[i] = load_le<float>(rot->data.data() + 4 * i);
            }
            out.push_back(std::move(hp));
        }
    }
    return out;
}

// §2.6: MultiLevel/Level0/VMeshPart/VMeshRef, else VMeshPart/VMeshRef; centre @44, radius @56.
Result<MeshSphere> read_sphere(const UtfTree& tree, const UtfNode& fragment) {
    MeshSphere s;
    const UtfNode* ref = tree.find(fragment, "MultiLevel/Level0/VMeshPart/VMeshRef");
    if (ref == nullptr) ref = tree.find(fragment, "VMeshPart/VMeshRef");
    if (ref == nullptr || ref->folder) return s;
    if (ref->data.size() < 60)
        return make_error(ErrorCode::kSizeMismatch, ref->entry_offset + 24,
                          fmt::format("VMeshRef of {} bytes (60)", ref->data.size()));
    s.present = true;
    for (int i = 0; i < 3; ++i) s.center[i] = load_le<float>(ref->data.data() + 44 + 4 * i);
    s.radius = load_le<float>(ref->data.data() + 56);
    return s;
}

Status fill_part(const UtfTree& tree, const UtfNode& fragment, ModelPart& part) {
    part.has_fragment = true;
    MP_TRY_ASSIGN(part.hardpoints, read_hardpoints(tree, fragment));
    MP_TRY_ASSIGN(part.sphere, read_sphere(tree, fragment));
    return ok_status();
}

}  // namespace

Result<Model> model_view(const UtfTree& tree) {
    Model m;
    const UtfNode& root = tree.root();
    const UtfNode* cmpnd = tree.child(root, "Cmpnd");
    m.compound = cmpnd != nullptr && cmpnd->folder;
    if (!m.compound) {
        // §2.1, §3: one part, id 0, its fragment the file root.
        ModelPart part;
        MP_TRY(fill_part(tree, root, part));
        m.parts.push_back(std::move(part));
        return m;
    }
    // §2.2: every folder under Cmpnd except Cons is a part: {Object name, File name, Index}.
    const UtfNode* cons = nullptr;
    for (std::uint32_t c : cmpnd->children) {
        const UtfNode& f = tree.nodes[c];
        if (names_equal(f.name, "Cons")) {
            cons = &f;
            continue;
        }
        if (!f.folder) continue;  // e.g. a Scale leaf (§2.2)
        ModelPart part;
        const UtfNode* obj = tree.child(f, "Object name");
        const UtfNode* file = tree.child(f, "File name");
        if (obj == nullptr || obj->folder)
            return make_error(ErrorCode::kMissingField, f.entry_offset,
                              fmt::format("Cmpnd/{} has no Object name", f.name));
        part.object_name = leaf_string(*obj);
        part.id = fl_crc(part.object_name);
        if (file != nullptr && !file->folder) part.file_name = leaf_string(*file);
        const UtfNode* fragment = part.file_name.empty() ? nullptr : tree.child(root, part.file_name);
        if (fragment != nullptr && fragment->folder) MP_TRY(fill_part(tree, *fragment, part));
        m.parts.push_back(std::move(part));
    }
    if (m.parts.empty()) return make_error(ErrorCode::kMissingField, cmpnd->entry_offset, "Cmpnd declares no part");

    if (cons != nullptr && cons->folder) {
        for (std::uint32_t c : cons->children) {
            const UtfNode& leaf = tree.nodes[c];
            MP_TRY_ASSIGN(JointKind kind, joint_kind(leaf));
            MP_TRY_ASSIGN(std::vector<Joint> js, read_joints(leaf, kind));
            for (auto& j : js) m.joints.push_back(std::move(j));
        }
    }
    auto by_name = [&](const std::string& name) -> std::int32_t {
        for (std::size_t i = 0; i < m.parts.size(); ++i)
            if (names_equal(m.parts[i].object_name, name)) return static_cast<std::int32_t>(i);
        return -1;
    };
    // §2.2: every non-root part is the child of one record; records naming an undeclared part
    // (trade_turret01.cmp) are dropped, and so is a second parent or a record closing a loop.
    for (const Joint& j : m.joints) {
        const std::int32_t p = by_name(j.parent), c = by_name(j.child);
        if (p < 0 || c < 0 || p == c || m.parts[std::size_t(c)].parent >= 0 || m.is_ancestor(c, p)) {
            ++m.dropped_joints;
            continue;
        }
        ModelPart& child = m.parts[std::size_t(c)];
        child.parent = p;
        child.joint = j.kind;
        child.local = j.rest;
    }
    // The root is the part that is no record's child (Librelancer's rule); the first such in
    // Cmpnd order, preferring the one named Root when several are (ML takes the Root folder).
    m.root = -1;
    for (std::size_t i = 0; i < m.parts.size(); ++i)
        if (m.parts[i].parent < 0 && (m.root < 0 || names_equal(m.parts[i].object_name, "Root")))
            m.root = std::int32_t(i);
    // World frames root-down (§2.4): a part's frame is its parent's composed with its own. The
    // parent graph is a forest (no loops, see above), so repeated sweeps settle within its depth.
    std::vector<std::uint8_t> done(m.parts.size(), 0);
    for (bool progress = true; progress;) {
        progress = false;
        for (std::size_t i = 0; i < m.parts.size(); ++i) {
            if (done[i]) continue;
            const std::int32_t p = m.parts[i].parent;
            if (p >= 0 && !done[std::size_t(p)]) continue;
            m.parts[i].world = p < 0 ? Frame{} : m.parts[std::size_t(p)].world.then(m.parts[i].local);
            done[i] = 1;
            progress = true;
        }
    }
    return m;
}

Result<Model> decode_model(Bytes bytes) {
    MP_TRY_ASSIGN(UtfTree tree, decode_utf(bytes));
    return model_view(tree);
}

}  // namespace meshproof::utf
