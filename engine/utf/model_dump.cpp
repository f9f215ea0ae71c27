#include "engine/utf/model_dump.h"

#include <fmt/format.h>

#include "engine/core/plural.h"

namespace meshproof::utf {
namespace {

void tree_lines(const UtfTree& tree, std::uint32_t node, std::size_t depth, std::string& out) {
    const UtfNode& n = tree.nodes[node];
    const std::string indent(2 * depth, ' ');
    if (n.folder) {
        out += fmt::format("{}{}/\n", indent, n.name);
        for (std::uint32_t c : n.children) tree_lines(tree, c, depth + 1, out);
    } else {
        out += fmt::format("{}{}  ({})\n", indent, n.name, plural(n.data.size(), "byte", "bytes"));
    }
}

std::string vec(const std::array<double, 3>& v) { return fmt::format("({:.4f}, {:.4f}, {:.4f})", v[0], v[1], v[2]); }

}  // namespace

std::string dump_model(const UtfTree& tree, const Model& model) {
    std::string out =
        fmt::format("UTF model: {}, {}, {}", model.compound ? "compound (Cmpnd)" : "single part",
                    plural(tree.nodes.size(), "node", "nodes"), plural(model.parts.size(), "part", "parts"));
    if (model.compound)
        out += fmt::format(", {}, {} dropped", plural(model.joints.size(), "joint record", "joint records"),
                           model.dropped_joints);
    out += "\n\nparts:\n";
    for (std::size_t i = 0; i < model.parts.size(); ++i) {
        const ModelPart& p = model.parts[i];
        out += fmt::format("  {:2}  id 0x{:08x}  {}", i, p.id,
                           model.compound ? p.object_name : std::string("(single part)"));
        if (model.compound) out += fmt::format("  file {}{}", p.file_name, p.has_fragment ? "" : " (missing)");
        out += "\n";
        if (std::int32_t(i) == model.root) out += "      root\n";
        else if (p.parent >= 0)
            out += fmt::format("      {} joint to {}, origin in the root frame {}\n", joint_name(p.joint),
                               model.parts[std::size_t(p.parent)].object_name, vec(p.world.t));
        if (p.sphere.present)
            out += fmt::format("      Level0 sphere centre {} radius {:.4f}\n", vec(p.sphere.center), p.sphere.radius);
        for (const Hardpoint& hp : p.hardpoints)
            out += fmt::format("      hardpoint 0x{:08x}  {}{}  at {}\n", hp.id, hp.name,
                               hp.revolute ? " (revolute)" : "", vec(hp.frame.t));
    }
    out += "\ntree:\n";
    tree_lines(tree, 0, 1, out);
    return out;
}

}  // namespace meshproof::utf
