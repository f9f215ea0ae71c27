// Field-by-field equality of two SurModels for the .sur tests (floats compared by bits).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "engine/sur/sur_model.h"

namespace meshproof::sur {

// Field-by-field model equality (floats compared by bits, so NaNs and -0 count).
template <class T>
inline bool same_bits(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

inline void expect_same_model(const SurModel& a, const SurModel& b, const std::string& what) {
    EXPECT_EQ(a.format, b.format) << what;
    EXPECT_EQ(a.parts.size(), b.parts.size()) << what;
    for (std::size_t i = 0; i < std::min(a.parts.size(), b.parts.size()); ++i) {
        const Part &p = a.parts[i], &q = b.parts[i];
        EXPECT_TRUE(p.id == q.id && p.chunks == q.chunks && p.chunk_count == q.chunk_count &&
                    p.not_fixed == q.not_fixed && p.has_extents == q.has_extents &&
                    std::memcmp(p.extents.data(), q.extents.data(), 24) == 0 && p.surface == q.surface &&
                    p.hardpoints == q.hardpoints && p.has_hardpoints == q.has_hardpoints)
            << what << " part " << i;
    }
    EXPECT_EQ(a.legacy_records.size(), b.legacy_records.size()) << what;
    for (std::size_t i = 0; i < std::min(a.legacy_records.size(), b.legacy_records.size()); ++i)
        EXPECT_TRUE(a.legacy_records[i].name == b.legacy_records[i].name &&
                    a.legacy_records[i].ledges == b.legacy_records[i].ledges &&
                    a.legacy_records[i].items == b.legacy_records[i].items)
            << what;
    EXPECT_EQ(a.surfaces.size(), b.surfaces.size()) << what;
    for (std::size_t i = 0; i < std::min(a.surfaces.size(), b.surfaces.size()); ++i) {
        const Surface &s = a.surfaces[i], &t = b.surfaces[i];
        auto bits = [](const auto& x, const auto& y) { return std::memcmp(&x, &y, sizeof x) == 0; };
        EXPECT_TRUE(bits(s.mass_center, t.mass_center) && bits(s.rotation_inertia, t.rotation_inertia) &&
                    bits(s.radius, t.radius) && s.deviation == t.deviation && s.byte_size == t.byte_size &&
                    s.root_offset == t.root_offset && s.dummy == t.dummy && s.ledges == t.ledges &&
                    s.points == t.points && s.nodes == t.nodes && s.chunk_size == t.chunk_size &&
                    s.extension == t.extension && s.shpe_groups == t.shpe_groups && s.shpe_shapes == t.shpe_shapes)
            << what << " surface " << i;
    }
    EXPECT_TRUE(same_bits(a.hardpoints, b.hardpoints) && same_bits(a.extension_bytes, b.extension_bytes)) << what;
    EXPECT_TRUE(same_bits(a.ledges.client_data, b.ledges.client_data) && same_bits(a.ledges.flags, b.ledges.flags) &&
                same_bits(a.ledges.size_div_16, b.ledges.size_div_16) &&
                same_bits(a.ledges.reserved, b.ledges.reserved) && same_bits(a.ledges.faces, b.ledges.faces) &&
                same_bits(a.ledges.surface, b.ledges.surface) && same_bits(a.ledges.node, b.ledges.node) &&
                same_bits(a.ledges.inline_points, b.ledges.inline_points))
        << what << " ledges";
    EXPECT_TRUE(same_bits(a.faces.tri_index, b.faces.tri_index) && same_bits(a.faces.pierce, b.faces.pierce) &&
                same_bits(a.faces.material, b.faces.material) && same_bits(a.faces.is_virtual, b.faces.is_virtual))
        << what << " faces";
    EXPECT_TRUE(same_bits(a.edges.point, b.edges.point) && same_bits(a.edges.opposite, b.edges.opposite) &&
                same_bits(a.edges.opposite_delta, b.edges.opposite_delta) &&
                same_bits(a.edges.is_virtual, b.edges.is_virtual))
        << what << " edges";
    EXPECT_TRUE(same_bits(a.points.x, b.points.x) && same_bits(a.points.y, b.points.y) &&
                same_bits(a.points.z, b.points.z) && same_bits(a.points.client_data, b.points.client_data))
        << what << " points";
    EXPECT_TRUE(same_bits(a.nodes.right, b.nodes.right) && same_bits(a.nodes.ledge, b.nodes.ledge) &&
                same_bits(a.nodes.center_x, b.nodes.center_x) && same_bits(a.nodes.center_y, b.nodes.center_y) &&
                same_bits(a.nodes.center_z, b.nodes.center_z) && same_bits(a.nodes.radius, b.nodes.radius) &&
                same_bits(a.nodes.box, b.nodes.box) && same_bits(a.nodes.free_0, b.nodes.free_0))
        << what << " nodes";
}

}  // namespace meshproof::sur
