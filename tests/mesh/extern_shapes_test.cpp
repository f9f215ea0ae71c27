// Elden Ring's externShapes decoded from hand-built members (tests/mesh/extern_shapes_fixture.h):
// one shape of every §7.3 class decodes to the values written; bad counts, offsets and ITEM
// indices are typed errors at the offending byte; no entries allocate nothing; every prefix and
// every corrupted byte of such a member gives a typed error or a result (the *Hostile* tests
// also run under ASan+UBSan).
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "engine/mesh/decode_extern_shapes.h"
#include "engine/mesh/decode_member.h"
#include "engine/mesh/extern_shapes_text.h"
#include "engine/mesh/extract_member.h"
#include "engine/mesh/obj_export.h"
#include "engine/tagfile/patch_check.h"
#include "tests/mesh/extern_shapes_fixture.h"
#include "tests/support/first_body_shape.h"
#include "tests/support/corpus.h"

namespace meshproof::mesh {
namespace {

using tagfile::ObjectView;
using tagfile::ShapeType;

Result<DecodedMember> decode_bytes(const std::vector<std::uint8_t>& bytes) {
    auto tf = tagfile::parse_tagfile(bytes, nullptr);
    if (!tf.ok()) return tf.error();
    return decode_member(*tf);
}

// The compressed mesh shape of the fixture's body 0, and the shape object of its entry i.
ObjectView mesh_shape(const tagfile::Tagfile& tf) { return test::first_body_shape(tf); }
ObjectView entry(const tagfile::Tagfile& tf, std::size_t i) {
    return mesh_shape(tf).field("externShapes").array()->at(i);
}

// The bytes with the u32 at DATA offset `at` replaced.
std::vector<std::uint8_t> patched(std::vector<std::uint8_t> bytes, const tagfile::Tagfile& tf, std::uint64_t at,
                                  std::uint32_t value) {
    std::memcpy(bytes.data() + tf.data_offset() + at, &value, 4);
    return bytes;
}

std::uint16_t default_flags(ShapeType t) {
    if (t == ShapeType::kTriangle) return 1 | 2 | 512;
    return tagfile::is_convex_polytope(t) ? 3 : 1;
}

TEST(ExternShapes, EveryClassDecodesToTheValuesWritten) {
    const auto specs = test::every_convex_class();
    auto member = decode_bytes(test::write_extern_shapes_member(specs));
    ASSERT_TRUE(member.ok()) << member.error().message << " @" << member.error().offset;
    ASSERT_EQ(member->meshes.size(), 1u);
    const DecodedMesh& mesh = member->meshes[0];
    EXPECT_TRUE(mesh.has_extern_shapes_member);
    const DecodedExternShapes& e = mesh.extern_shapes;
    ASSERT_EQ(e.instance_count(), specs.size() + 2);
    ASSERT_EQ(e.shape_count(), specs.size());
    for (std::size_t i = 0; i < e.instance_count(); ++i) {
        EXPECT_EQ(e.transform[i], test::entry_transform(i)) << i;
        EXPECT_EQ(e.scale[i], test::entry_scale(i)) << i;
        EXPECT_EQ(e.shape_tag[i], 100 + i) << i;
    }
    for (std::size_t s = 0; s < specs.size(); ++s) {
        SCOPED_TRACE(std::string(tagfile::shape_type_class(specs[s].type)));
        const tagfile::ConvexShapeSpec& spec = specs[s];
        EXPECT_EQ(e.shape[s], s);
        EXPECT_EQ(e.shape_class[s], tagfile::shape_type_class(spec.type));
        EXPECT_EQ(e.class_name[s], tagfile::shape_type_class(spec.type));
        EXPECT_EQ(e.type[s], spec.type);
        EXPECT_EQ(e.stored_type[s], static_cast<std::uint8_t>(spec.type));
        EXPECT_EQ(e.flags[s], default_flags(spec.type));
        EXPECT_EQ(e.dispatch_type[s], tagfile::kDispatchConvex);
        EXPECT_EQ(e.convex_radius[s], spec.convex_radius);
        EXPECT_EQ(e.max_allowed_penetration[s], spec.max_allowed_penetration);
        EXPECT_EQ(e.has_connectivity[s], 0);
        ASSERT_EQ(e.vertex_count[s], spec.vertices.size());
        for (std::size_t v = 0; v < spec.vertices.size(); ++v) {
            const std::size_t at = e.first_vertex[s] + v;
            EXPECT_EQ((std::array<float, 4>{e.vertex_x[at], e.vertex_y[at], e.vertex_z[at], e.vertex_w[at]}),
                      spec.vertices[v]);
        }
        ASSERT_EQ(e.plane_count[s], spec.planes.size());
        for (std::size_t p = 0; p < spec.planes.size(); ++p) {
            const std::size_t at = e.first_plane[s] + p;
            EXPECT_EQ((std::array<float, 4>{e.plane_x[at], e.plane_y[at], e.plane_z[at], e.plane_w[at]}),
                      spec.planes[p]);
        }
        ASSERT_EQ(e.face_count[s], spec.faces.size());
        for (std::size_t f = 0; f < spec.faces.size(); ++f) {
            const std::size_t at = e.first_face[s] + f;
            EXPECT_EQ(e.face_first_index[at], spec.faces[f].first_index);
            EXPECT_EQ(e.face_num_indices[at], spec.faces[f].num_indices);
            EXPECT_EQ(e.face_min_half_angle[at], spec.faces[f].min_half_angle);
        }
        ASSERT_EQ(e.index_count[s], spec.indices.size());
        const std::vector<std::uint8_t> indices(e.index.begin() + e.first_index[s],
                                                e.index.begin() + e.first_index[s] + e.index_count[s]);
        EXPECT_EQ(indices, spec.indices);
        const bool segment = spec.type == ShapeType::kCapsule || spec.type == ShapeType::kCylinder;
        EXPECT_EQ(e.a[s], (segment ? spec.a : std::array<float, 4>{}));
        EXPECT_EQ(e.b[s], (segment ? spec.b : std::array<float, 4>{}));
        EXPECT_EQ(e.obb[s], (spec.type == ShapeType::kBox ? spec.obb : std::array<float, 16>{}));
    }
    // The runs tile the flat arrays in shape order.
    EXPECT_EQ(e.vertex_x.size(), e.first_vertex.back() + e.vertex_count.back());
    EXPECT_EQ(e.index.size(), e.first_index.back() + e.index_count.back());
}

TEST(ExternShapes, EntriesSharingAShapeAndNullEntries) {
    const auto specs = test::every_convex_class();
    const auto bytes = test::write_extern_shapes_member(specs);
    auto member = decode_bytes(bytes);
    ASSERT_TRUE(member.ok()) << member.error().message;
    const DecodedExternShapes& e = member->meshes[0].extern_shapes;
    const std::size_t again = specs.size(), null = specs.size() + 1;
    EXPECT_EQ(e.shape[again], 0u);  // the same object: one shape, decoded once
    EXPECT_EQ(e.shape_class[again], "hknpConvexPolytopeShape");
    EXPECT_EQ(e.shape[null], kNone);
    EXPECT_EQ(e.shape_class[null], "");
    // The shape columns' offsets are the objects' own.
    auto tf = tagfile::parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok());
    for (std::size_t s = 0; s < specs.size(); ++s)
        EXPECT_EQ(e.offset[s], entry(*tf, s).field("shape").deref().offset()) << s;
    // The writer's PTCH lists every hkRelArray and pointer of the shapes once (§5.7).
    auto patch = tagfile::check_patch_table(*tf);
    ASSERT_TRUE(patch.ok());
    EXPECT_TRUE(patch->ok()) << patch->missing << " missing, " << patch->extra << " extra";
}

TEST(ExternShapes, ShapeTypeIsTheClassNotTheStoredByte) {
    auto specs = test::every_convex_class();
    specs[1].stored_type = 1;  // a box that says CONVEX_POLYTOPE
    specs[1].flags = 0x101;
    specs[1].dispatch_type = 3;
    auto member = decode_bytes(test::write_extern_shapes_member(specs));
    ASSERT_TRUE(member.ok()) << member.error().message;
    const DecodedExternShapes& e = member->meshes[0].extern_shapes;
    EXPECT_EQ(e.type[1], ShapeType::kBox);
    EXPECT_EQ(e.stored_type[1], 1u);
    EXPECT_EQ(e.flags[1], 0x101u);
    EXPECT_EQ(e.dispatch_type[1], 3u);
}

TEST(ExternShapes, TextSummarisesEachEntry) {
    auto member = decode_bytes(test::write_extern_shapes_member());
    ASSERT_TRUE(member.ok()) << member.error().message;
    const std::string text = extern_shapes_text(*member);
    for (
        const char* line :
        {"extern shapes of mesh 0 (fsnpCustomParamCompressedMeshShape): 9 entries, 7 shapes\n",
         "  [0] hknpConvexPolytopeShape CONVEX_POLYTOPE radius 0.05: 4 vertices, 4 planes, 4 faces, 12 indices\n",
         "      rotation (1, 0, 0) (0, 1, 0) (0, 0, 1) translation (0, 0, 0) scale (1, 1, 1) tag 100\n",
         "  [1] hknpBoxShape BOX radius 0.01: 8 vertices, 6 planes, 6 faces, 24 indices; obb translation (10, 20, 30)\n",
         "      rotation (0, 1, 0) (-1, 0, 0) (0, 0, 1) translation (1, 2, 3) scale (1, 1, 1) tag 101\n",
         "  [2] hknpCapsuleShape CAPSULE radius 0.5: 2 vertices, 0 planes, 0 faces, 0 indices; a (0, 0, -1) b (0, 0, 1)\n",
         "      rotation (1, 0, 0) (0, 1, 0) (0, 0, 1) translation (2, 4, 6) scale (1, 2, 3) tag 102\n",
         "  [4] hknpSphereShape SPHERE radius 2: 1 vertex, 0 planes, 0 faces, 0 indices\n",
         "  [7] hknpConvexPolytopeShape CONVEX_POLYTOPE radius 0.05", "  [8] null shape\n"})
        EXPECT_NE(text.find(line), std::string::npos) << line << "\nin:\n" << text;
    // A member without entries says nothing.
    auto plain = decode_bytes(test::write_synthetic_collision({}));
    ASSERT_TRUE(plain.ok());
    EXPECT_EQ(extern_shapes_text(*plain), "");
}

TEST(ExternShapes, FaceRunningPastItsIndicesIsAnError) {
    auto specs = test::every_convex_class();
    specs[0].faces[3] = {9, 4, 13};  // indices 9..13 of 12
    const auto bytes = test::write_extern_shapes_member(specs);
    auto tf = tagfile::parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok());
    const std::uint64_t faces = entry(*tf, 0).field("shape").deref().field("faces").array()->offset();
    auto member = decode_member(*tf);
    ASSERT_FALSE(member.ok());
    EXPECT_EQ(member.error().code, ErrorCode::kOutOfBounds) << member.error().message;
    EXPECT_EQ(member.error().offset, faces + 3 * 4);
}

TEST(ExternShapes, IndexPastItsVerticesIsAnError) {
    auto specs = test::every_convex_class();
    specs[0].indices[5] = 4;  // of 4 vertices
    const auto bytes = test::write_extern_shapes_member(specs);
    auto tf = tagfile::parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok());
    const std::uint64_t indices = entry(*tf, 0).field("shape").deref().field("indices").array()->offset();
    auto member = decode_member(*tf);
    ASSERT_FALSE(member.ok());
    EXPECT_EQ(member.error().code, ErrorCode::kOutOfBounds) << member.error().message;
    EXPECT_EQ(member.error().offset, indices + 5);
}

// hkRelArray fields hold an ITEM index in files (§5.8): one past the items, one naming an object,
// one naming an array of another element type.
TEST(ExternShapes, BadItemIndicesAreErrors) {
    const auto bytes = test::write_extern_shapes_member();
    auto tf = tagfile::parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok());
    const ObjectView box = entry(*tf, 1).field("shape").deref();
    const std::uint64_t faces = box.field("faces").offset();
    const std::uint64_t indices = box.field("indices").offset();
    const std::uint32_t vertices_item = *box.field("vertices").item_index();
    const std::uint32_t planes_item = *box.field("planes").item_index();
    ASSERT_GT(vertices_item, 1u);

    const auto fails = [&](std::uint64_t at, std::uint32_t value, ErrorCode code) {
        auto member = decode_bytes(patched(bytes, *tf, at, value));
        EXPECT_FALSE(member.ok()) << at << " = " << value;
        if (member.ok()) return Error{};
        EXPECT_EQ(member.error().code, code) << member.error().message;
        return member.error();
    };
    EXPECT_EQ(fails(faces, static_cast<std::uint32_t>(tf->item_count()), ErrorCode::kOutOfBounds).offset, faces);
    EXPECT_EQ(fails(faces, 0x00FFFFFF, ErrorCode::kOutOfBounds).offset, faces);
    EXPECT_EQ(fails(faces, 1, ErrorCode::kBadObject).offset, faces);  // item 1: the root object
    fails(faces, vertices_item, ErrorCode::kMissingField);            // hkVector4f has no firstIndex
    fails(indices, planes_item, ErrorCode::kBadObject);               // 16-byte elements read as bytes
}

TEST(ExternShapes, EntryPointingAtANonShapeIsAnError) {
    const auto bytes = test::write_extern_shapes_member();
    auto tf = tagfile::parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok());
    const std::uint64_t pointer = entry(*tf, 3).field("shape").offset();
    auto member = decode_bytes(patched(bytes, *tf, pointer, 1));  // → the hkRootLevelContainer
    ASSERT_FALSE(member.ok());
    EXPECT_EQ(member.error().code, ErrorCode::kBadObject);
    EXPECT_NE(member.error().message.find("not an hknpShape"), std::string::npos) << member.error().message;
}

// Shapes sharing one array item could make the copy out of proportion to the file: a kLimit.
TEST(ExternShapes, ShapesSharingAnArrayAreALimitError) {
    test::SyntheticCollision opt{.convex_shapes = true};
    opt.extern_shapes = [](tagfile::ObjectWriter& w, const tagfile::RecordWriter& mesh_shape) {
        tagfile::ArrayWriter vertices = w.new_array("hkVector4f", 100);
        std::vector<tagfile::ShapeInstanceSpec> entries(64);
        for (auto& e : entries) {
            e.shape = w.new_object("hknpConvexShape");
            e.shape.set_ref("vertices", vertices);
        }
        tagfile::write_extern_shapes(w, mesh_shape, entries);
    };
    auto member = decode_bytes(test::write_synthetic_collision(opt));
    ASSERT_FALSE(member.ok());
    EXPECT_EQ(member.error().code, ErrorCode::kLimit) << member.error().message;
}

// The decode layer on raw columns: unequal lengths and a shape index past the shapes.
TEST(ExternShapes, RawColumnsThatDisagreeAreErrors) {
    const std::vector<float> one{1.0f};
    const std::vector<std::uint16_t> tag{7};
    RawExternShapes raw;
    raw.count = 1;
    raw.offset = 96;
    for (auto& c : raw.transform) c = column_over(one);
    for (auto& c : raw.scale) c = column_over(one);
    raw.shape_tag = column_over(tag);
    raw.shape_class = {"hknpSphereShape"};
    raw.shape = {0};
    auto missing = decode_extern_shapes(raw);
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code, ErrorCode::kBadObject);
    EXPECT_EQ(missing.error().offset, 96u);

    RawConvexShape sphere{.class_name = "hknpSphereShape", .type = ShapeType::kSphere};
    const std::vector<float> two{1.0f, 2.0f};
    sphere.vertices = {column_over(two, 200), column_over(two), column_over(one), column_over(two)};
    raw.shapes = {sphere};
    auto lanes = decode_extern_shapes(raw);
    ASSERT_FALSE(lanes.ok());
    EXPECT_EQ(lanes.error().code, ErrorCode::kBadObject);
    EXPECT_EQ(lanes.error().offset, 200u);

    raw.shapes[0].vertices[2] = column_over(two);
    auto fine = decode_extern_shapes(raw);
    ASSERT_TRUE(fine.ok()) << fine.error().message;
    EXPECT_EQ(fine->vertex_y, two);
    raw.shape_tag = RawColumn<std::uint16_t>{};
    EXPECT_FALSE(decode_extern_shapes(raw).ok());
}

// No entries (every map mesh): nothing resolved, nothing allocated, in both layers.
TEST(ExternShapes, NoEntriesAllocateNothing) {
    const auto bytes = test::write_synthetic_collision({});
    auto tf = tagfile::parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok());
    auto raw = extract_member(*tf);
    ASSERT_TRUE(raw.ok());
    const RawExternShapes& r = raw->meshes[0].extern_shapes;
    EXPECT_EQ(r.count, 0u);
    EXPECT_EQ(r.shape.capacity(), 0u);
    EXPECT_EQ(r.shapes.capacity(), 0u);
    EXPECT_EQ(r.shape_class.capacity(), 0u);
    auto member = decode_member(*raw);
    ASSERT_TRUE(member.ok());
    const DecodedExternShapes& e = member->meshes[0].extern_shapes;
    EXPECT_TRUE(member->meshes[0].has_extern_shapes_member);
    for (std::size_t capacity : {e.transform.capacity(), e.shape.capacity(), e.type.capacity(), e.vertex_x.capacity(),
                                 e.first_vertex.capacity(), e.index.capacity(), e.class_name.capacity()})
        EXPECT_EQ(capacity, 0u);
}

// Parses and decodes; a failure must be typed, a success safe to follow everywhere.
bool decodes(std::span<const std::uint8_t> bytes) {
    auto tf = tagfile::parse_tagfile(bytes, nullptr);
    if (!tf.ok()) return false;
    auto member = decode_member(*tf);
    if (!member.ok()) {
        EXPECT_NE(member.error().code, ErrorCode::kInternal) << member.error().message;
        return false;
    }
    (void)extern_shapes_text(*member);
    (void)to_obj(*member);
    return true;
}

// ctest-labels: hostile
TEST(ExternShapesHostile, TruncatedPrefixes) {
    const auto full = test::write_extern_shapes_member();
    std::size_t decoded = 0;
    for (std::size_t n : test::prefix_lengths(full.size(), 31)) decoded += decodes(Bytes(full).first(n));
    EXPECT_EQ(decoded, 0u);  // the root section's size covers the whole file
    EXPECT_TRUE(decodes(full));
}

// ctest-labels: hostile
TEST(ExternShapesHostile, CorruptedBytes) {
    std::vector<std::uint8_t> bytes = test::write_extern_shapes_member();
    auto tf = tagfile::parse_tagfile(bytes, nullptr);
    ASSERT_TRUE(tf.ok());
    const std::size_t data_begin = tf->data_offset(), data_end = data_begin + tf->data().size();
    std::size_t errors = 0, decoded = 0;
    for (std::size_t at = 0; at < bytes.size(); ++at) {
        const std::uint8_t keep = bytes[at];
        // DATA gets three hostile values, the rest (type table, index) one flip.
        const bool data = at >= data_begin && at < data_end;
        const std::uint8_t values[3] = {static_cast<std::uint8_t>(keep ^ 0xFF), 0x7F, 0x01};
        for (std::size_t v = 0; v < (data ? 3u : 1u); ++v) {
            bytes[at] = values[v];
            (decodes(bytes) ? decoded : errors) += 1;
        }
        bytes[at] = keep;
    }
    EXPECT_GT(errors, 0u);
    EXPECT_GT(decoded, 0u);
}

}  // namespace
}  // namespace meshproof::mesh
