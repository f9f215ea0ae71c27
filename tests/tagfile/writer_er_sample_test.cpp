// The writer against the real Elden Ring sample (havok/h.hkx + h.compendium, never copied):
// - the ER dialect of collision_types.h declares every class it shares with the compendium
//   exactly as the compendium does, and a TCM0 written from it lists the same layouts;
// - the sample's object graph, copied through ObjectWriter against the compendium's types,
//   comes out as the same TAG0 bytes (numbering, DATA layout, ITEM, PTCH, TCRF);
// - the compendium's table, re-declared through TypeTableBuilder, gives the same TYPE sections.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "engine/tagfile/collision_types.h"
#include "engine/tagfile/compendium.h"
#include "engine/tagfile/sections.h"
#include "engine/tagfile/tagfile.h"
#include "engine/tagfile/tagfile_writer.h"
#include "engine/tagfile/type_table_builder.h"
#include "engine/tagfile/varint.h"
#include "tests/tagfile/tagfile_fixtures.h"
#include "tests/tagfile/writer_fixtures.h"

namespace meshproof::tagfile {
namespace {

using test::er_compendium;
using test::er_hkx;

constexpr CompendiumId kSampleId = 0x7a6d34ca6688be51ull;

std::shared_ptr<const TypeTable> real_types() {
    auto c = parse_compendium(er_compendium());
    EXPECT_TRUE(c.ok()) << c.error().message;
    return c.ok() ? c->types : nullptr;
}

// Differences between a class of `mine` and the class of the same full name in `real`.
std::vector<std::string> compare_class(const TypeTable& mine, std::uint32_t m, const TypeTable& real, std::uint32_t r,
                                       bool stub) {
    std::vector<std::string> out;
    const std::string name(mine.full_name(m));
    const auto expect = [&](bool same, const std::string& what) {
        if (!same) out.push_back(name + ": " + what);
    };
    const TypeInfo& mi = mine.info(m);
    const TypeInfo& ri = real.info(r);
    expect(mine.size(m) == real.size(r),
           "size " + std::to_string(mine.size(m)) + " vs " + std::to_string(real.size(r)));
    expect(mine.alignment(m) == real.alignment(r), "alignment");
    expect(mine.format(m).raw == real.format(r).raw, "format");
    expect(mine.full_name(mine.parent(m)) == real.full_name(real.parent(r)), "parent");
    expect(mi.version == ri.version, "version " + std::to_string(mi.version) + " vs " + std::to_string(ri.version));
    if (stub) return out;
    expect(mi.optionals == ri.optionals, "optionals");
    expect(mi.type_flags == ri.type_flags, "type flags");
    expect(mine.full_name(mine.subtype(m)) == real.full_name(real.subtype(r)), "subtype");
    if (mi.hash) expect(mi.hash == ri.hash, "hash");
    const auto mm = mine.own_members(m);
    const auto rm = real.own_members(r);
    expect(mm.size() == rm.size(), "member count " + std::to_string(mm.size()) + " vs " + std::to_string(rm.size()));
    for (std::size_t i = 0; i < std::min(mm.size(), rm.size()); ++i) {
        const std::string what = "member " + std::string(rm[i].name) + ": ";
        expect(mm[i].name == rm[i].name, what + "name " + std::string(mm[i].name));
        expect(mm[i].offset == rm[i].offset, what + "offset " + std::to_string(mm[i].offset));
        expect(mm[i].flags == rm[i].flags, what + "flags");
        expect(mine.full_name(mm[i].type) == real.full_name(rm[i].type),
               what + "type " + std::string(mine.full_name(mm[i].type)) + " vs " +
                   std::string(real.full_name(rm[i].type)));
        expect(mine.size(mm[i].type) == real.size(rm[i].type), what + "resolved size");
    }
    return out;
}

std::optional<std::uint32_t> exact(const TypeTable& t, std::string_view full_name) {
    auto found = t.find_type(full_name);
    if (found && t.full_name(*found) == full_name) return found;
    return std::nullopt;  // find_type falls back to the bare name
}

TEST(WriterErSample, DialectMatchesTheCompendium) {
    MP_REQUIRE_CORPUS();
    const auto real = real_types();
    ASSERT_TRUE(real);
    CollisionTypes er = collision_types(HavokDialect::kEldenRing2018);
    auto mine = er.builder.build();
    ASSERT_TRUE(mine.ok()) << mine.error().message;
    const std::set<std::string> stubs(er.layout_stubs.begin(), er.layout_stubs.end());

    std::vector<std::string> differences;
    std::size_t compared = 0;
    std::vector<std::string> only_mine;
    for (std::uint32_t t = 1; t < (*mine)->type_count(); ++t) {
        const std::string name((*mine)->full_name(t));
        const auto r = exact(*real, name);
        if (!r) {
            only_mine.push_back(name);
            continue;
        }
        ++compared;
        auto d = compare_class(**mine, t, *real, *r, stubs.contains(name));
        differences.insert(differences.end(), d.begin(), d.end());
    }
    for (const std::string& d : differences) ADD_FAILURE() << d;
    EXPECT_GE(compared, 100u);
    // Only the classes the compendium lacks (§7.1 extern family, the 6-byte codec tree).
    for (const std::string& name : only_mine) {
        const bool expected = name.find("Extern") != std::string::npos ||
                              name.find("hkGeometry") != std::string::npos || name.find("Aabb6") != std::string::npos;
        EXPECT_TRUE(expected) << name << " is declared but not in the compendium";
    }
}

// A TCM0 written from the ER dialect, read back with the reader, lists the same flattened
// member layouts as the real compendium for the collision classes.
TEST(WriterErSample, WrittenCompendiumListsTheSameLayouts) {
    MP_REQUIRE_CORPUS();
    const auto real = real_types();
    ASSERT_TRUE(real);
    const auto section = MP_MUST(collision_types(HavokDialect::kEldenRing2018).builder.type_section());
    auto tcm0 = write_tcm0(std::array{kSampleId ^ 1}, section);
    ASSERT_TRUE(tcm0.ok()) << tcm0.error().message;
    auto written = parse_compendium(*tcm0);
    ASSERT_TRUE(written.ok()) << written.error().message;
    const TypeTable& mine = *written->types;
    EXPECT_EQ(mine.unread_bytes(), 0u);
    const char* classes[] = {"hkRootLevelContainer",
                             "hkRootLevelContainer::NamedVariant",
                             "hknpPhysicsSceneData",
                             "hknpPhysicsSystemData",
                             "hknpPhysicsSystemData::bodyCinfoWithAttachment",
                             "hknpBodyCinfo",
                             "hknpShape",
                             "hknpCompositeShape",
                             "hknpCompressedMeshShape",
                             "fsnpCustomParamCompressedMeshShape",
                             "fsnpCustomMeshParameter",
                             "fsnpCustomMeshParameter::TriangleData",
                             "fsnpCustomMeshParameter::PrimitiveData",
                             "hknpCompressedMeshShapeData",
                             "hknpCompressedMeshShapeTree",
                             "hkcdDefaultStaticMeshTree",
                             "hkcdStaticMeshTree::Base",
                             "hkcdStaticMeshTree::Section",
                             "hkcdStaticMeshTree::Primitive",
                             "hkcdDefaultStaticMeshTree::PrimitiveDataRun",
                             "hkcdCompressedAabbCodecs::Aabb4BytesCodec",
                             "hkcdCompressedAabbCodecs::Aabb5BytesCodec",
                             "hkcdSimdTree",
                             "hkcdSimdTree::Node",
                             "hkcdFourAabb",
                             "hkcdStaticMeshTree::Connectivity",
                             "hknpShapeInstance",
                             "hkReferencedObject",
                             "hkAabb",
                             "hkcdStaticTree::Aabb5BytesTree"};
    for (const char* name : classes) {
        const auto m = exact(mine, name);
        const auto r = exact(*real, name);
        ASSERT_TRUE(m && r) << name;
        EXPECT_EQ(mine.size(*m), real->size(*r)) << name;
        EXPECT_EQ(mine.info(*m).version, real->info(*r).version) << name;
        const auto mm = mine.members(*m);
        const auto rm = real->members(*r);
        ASSERT_EQ(mm.size(), rm.size()) << name;
        for (std::size_t i = 0; i < mm.size(); ++i) {
            EXPECT_EQ(mm[i].name, rm[i].name) << name;
            EXPECT_EQ(mm[i].offset, rm[i].offset) << name << "::" << rm[i].name;
            EXPECT_EQ(mine.size(mm[i].type), real->size(rm[i].type)) << name << "::" << rm[i].name;
        }
    }
}

// Copies every item of the sample into an ObjectWriter (bytes verbatim, references re-set by
// field), then writes it back with a TCRF to the same compendium.
TEST(WriterErSample, RebuildsTheSampleByteForByte) {
    MP_REQUIRE_CORPUS();
    CompendiumRegistry registry;
    ASSERT_TRUE(registry.add_bytes(er_compendium()).ok());
    auto tf = parse_tagfile(er_hkx(), &registry);
    ASSERT_TRUE(tf.ok()) << tf.error().message;

    ObjectWriter w(tf->types_ptr());
    std::vector<NodeId> node_of_item(tf->item_count());
    std::vector<RecordWriter> object_of_item(tf->item_count());
    std::vector<ArrayWriter> array_of_item(tf->item_count());
    for (std::uint32_t i = 1; i < tf->item_count(); ++i) {
        const Item it = tf->item(i);
        const std::uint32_t size = it.count * tf->types().size(it.type);
        const auto bytes = tf->data().subspan(it.offset, size);
        if (it.kind == ItemKind::kObject) {
            object_of_item[i] = w.new_object(it.type);
            std::copy(bytes.begin(), bytes.end(), object_of_item[i].bytes().begin());
            node_of_item[i] = object_of_item[i].node();
        } else {
            array_of_item[i] = w.new_array(it.type, it.count);
            std::copy(bytes.begin(), bytes.end(), array_of_item[i].raw().begin());
            node_of_item[i] = array_of_item[i].node();
        }
    }
    std::size_t references = 0;
    for (std::uint32_t i = 1; i < tf->item_count(); ++i) {
        const Item it = tf->item(i);
        std::vector<test::ReferenceField> refs;
        const std::uint32_t stride = tf->types().size(it.type);
        for (std::uint32_t e = 0; e < it.count; ++e) test::walk_references(*tf, it.type, it.offset + e * stride, refs);
        if (refs.empty()) continue;
        const RecordWriter holder = it.kind == ItemKind::kObject ? object_of_item[i] : array_of_item[i].at(0);
        for (const auto& r : refs) {
            holder.set_ref_at(r.data_offset - it.offset, r.field_type, node_of_item[r.item]);
            ++references;
        }
    }
    ASSERT_TRUE(w.status().ok()) << w.status().error().message;
    EXPECT_EQ(references, 28u);  // the PTCH of h.hkx lists 28 offsets (one per item but the root)

    auto out = write_tag0(w, object_of_item[1], {.sdk_version = "20180100", .compendium_id = kSampleId});
    ASSERT_TRUE(out.ok()) << out.error().message;
    const Bytes original = tf->bytes();
    ASSERT_EQ(out->size(), original.size());
    const auto mismatch = std::mismatch(out->begin(), out->end(), original.begin());
    EXPECT_TRUE(mismatch.first == out->end()) << "first difference at byte " << (mismatch.first - out->begin());
}

// The type indices of a TBDY body in the order they are written (§5.5 grammar, skipping fields).
std::vector<std::uint32_t> body_order(Bytes tbdy) {
    std::vector<std::uint32_t> out;
    ByteReader r(tbdy);
    const auto next = [&] { return read_varint(r).ok() ? 0 : 1; };
    while (r.remaining() > 0) {
        auto type = read_varint(r);
        if (!type.ok()) break;
        if (*type == 0) continue;
        out.push_back(static_cast<std::uint32_t>(*type));
        auto parent = read_varint(r);
        auto optionals = read_varint(r);
        if (!parent.ok() || !optionals.ok()) break;
        int bad = 0;
        if (*optionals & type_optional::kFormat) bad += next();
        if (*optionals & type_optional::kSubType) bad += next();
        if (*optionals & type_optional::kVersion) bad += next();
        if (*optionals & type_optional::kSizeAlign) bad += next() + next();
        if (*optionals & type_optional::kFlags) bad += next();
        if (*optionals & type_optional::kMembers) {
            auto word = read_varint(r);
            if (!word.ok()) break;
            for (std::uint64_t m = 0; m < (*word & 0xFFFF); ++m) bad += next() + next() + next() + next();
        }
        if (*optionals & type_optional::kInterfaces) {
            auto n = read_varint(r);
            if (!n.ok()) break;
            for (std::uint64_t m = 0; m < *n; ++m) bad += next() + next();
        }
        if (bad) break;
    }
    return out;
}

// The type indices of THSH in their written order.
std::vector<std::uint32_t> hash_order(Bytes thsh) {
    std::vector<std::uint32_t> out;
    ByteReader r(thsh);
    auto count = read_varint(r);
    for (std::uint64_t i = 0; count.ok() && i < *count; ++i) {
        auto type = read_varint(r);
        if (!type.ok() || !r.skip(4)) break;
        out.push_back(static_cast<std::uint32_t>(*type));
    }
    return out;
}

// The compendium's own table, declared again through the builder (bodies and hashes in the
// file's order): the same TYPE section, byte for byte.
TEST(WriterErSample, RebuildsTheCompendiumTypeSections) {
    MP_REQUIRE_CORPUS();
    const auto real = real_types();
    ASSERT_TRUE(real);
    const TypeTable& t = *real;
    const Bytes unit = er_compendium();
    auto root = MP_MUST(read_root_section(unit));
    auto kids = MP_MUST(read_children(unit, root));
    const Section* type = find_section(kids, "TYPE");
    ASSERT_NE(type, nullptr);
    auto real_parts = MP_MUST(read_children(unit, *type));
    const std::vector<std::uint32_t> bodies = body_order(find_section(real_parts, "TBDY")->body);
    const std::vector<std::uint32_t> hashes = hash_order(find_section(real_parts, "THSH")->body);
    ASSERT_EQ(bodies.size(), t.type_count() - 1);
    ASSERT_EQ(hashes.size(), t.hash_count());
    TypeTableBuilder b;
    for (std::uint32_t i = 1; i < t.type_count(); ++i) {
        std::vector<TemplateArg> params;
        for (const TemplateParam& p : t.template_params(i)) params.push_back({std::string(p.name), p.value});
        ASSERT_EQ(b.declare(std::string(t.name(i)), params), i) << t.full_name(i);
    }
    for (std::uint32_t i : bodies) {
        const TypeInfo& info = t.info(i);
        TypeBody body;
        body.parent = info.parent;
        if (info.optionals & type_optional::kFormat) body.format = info.own_format;
        if (info.optionals & type_optional::kSubType) body.subtype = info.own_subtype;
        if (info.optionals & type_optional::kVersion) body.version = info.version;
        if (info.optionals & type_optional::kSizeAlign) {
            body.size = info.own_size;
            body.alignment = info.own_alignment;
        }
        if (info.optionals & type_optional::kFlags) body.flags = info.type_flags;
        if (info.optionals & type_optional::kMembers) {
            body.members.emplace();
            for (const Member& m : t.own_members(i))
                body.members->push_back({std::string(m.name), m.offset, m.type, m.flags});
            body.property_count = static_cast<std::uint16_t>(info.property_count);
        }
        if (info.optionals & type_optional::kInterfaces) {
            body.interfaces.emplace();
            for (const Interface& f : t.interfaces(i)) body.interfaces->push_back({f.type, f.offset});
        }
        b.define(i, body);
    }
    for (std::uint32_t i : hashes) b.set_hash(i, *t.info(i).hash);
    auto mine = b.type_section();
    ASSERT_TRUE(mine.ok()) << mine.error().message;

    ASSERT_EQ(mine->size(), type->size);
    EXPECT_TRUE(std::ranges::equal(*mine, unit.subspan(type->offset, type->size)));
    auto my_root = MP_MUST(read_root_section(*mine));
    auto my_parts = MP_MUST(read_children(*mine, my_root));
    ASSERT_EQ(my_parts.size(), real_parts.size());
    for (std::size_t i = 0; i < my_parts.size(); ++i) {
        EXPECT_EQ(my_parts[i].tag(), real_parts[i].tag());
        EXPECT_EQ(my_parts[i].size, real_parts[i].size) << real_parts[i].tag();
        EXPECT_TRUE(std::ranges::equal(my_parts[i].body, real_parts[i].body)) << real_parts[i].tag();
    }
}

}  // namespace
}  // namespace meshproof::tagfile
