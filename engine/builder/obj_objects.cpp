#include "engine/builder/obj_objects.h"

#include <map>
#include <unordered_set>

namespace meshproof::builder {

std::vector<ObjObject> obj_objects(const ObjMesh& mesh) {
    std::vector<ObjObject> out;
    std::map<std::string, std::size_t> by_name;
    std::unordered_set<std::uint64_t> listed;  // (object, vertex) pairs already listed
    for (std::size_t r = 0; r < mesh.rows.size(); ++r) {
        std::string name;
        if (r < mesh.row_object.size() && mesh.row_object[r] != kNoObjName)
            name = mesh.object_names[mesh.row_object[r]];
        else if (r < mesh.row_group.size() && mesh.row_group[r] != kNoObjName)
            name = mesh.group_names[mesh.row_group[r]];
        const auto [it, added] = by_name.try_emplace(name, out.size());
        if (added) out.push_back({name, {}, r < mesh.row_line.size() ? mesh.row_line[r] : 0});
        const auto o = static_cast<std::uint32_t>(it->second);
        for (const std::uint32_t v : mesh.rows[r])
            if (listed.insert(std::uint64_t(o) << 32 | v).second)
                out[o].points.push_back({mesh.x[v], mesh.y[v], mesh.z[v]});
    }
    return out;
}

}  // namespace meshproof::builder
