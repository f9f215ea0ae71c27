// Ready-made type declarations of the class family a collision tagfile needs (spec
// containers-and-tagfiles.md §6, §7), in two dialects:
//
// - Elden Ring 2018.1: the layouts of §7.1. Every class that the ER compendium
//   7a6d34ca6688be51 also holds is declared as that compendium declares it (names, template
//   arguments, parents, versions, sizes, member names, flags, offsets and types, type hashes);
//   tests/tagfile/writer_er_sample_test.cpp checks this against the real file.
//   hknpCompressedMeshShape::data is hkRefPtr<hkReferencedObject> there (§7.1 names the
//   pointee, the file does not). Classes the compendium lacks (the extern-mesh family, the
//   6-byte codec and its tree) follow §7.1 / §8.5 / §8.7 with the choices noted at each.
// - Sekiro 2016.2 (§7.2): the same family under Sekiro's names: the packed-word Section,
//   hknpCompressedMeshShape version 6 without externShapes, the templated mesh tree class,
//   112-byte simd nodes, hkStringPtr format 0x3. No public dump exists, so offsets follow one
//   rule: natural alignment (each member at the next multiple of its alignment, records
//   rounded up to theirs) after a 24-byte hkReferencedObject (§0 #1). Versions that are not
//   known are the ER ones; see collision_types_mesh.cpp for each.
//
// Peripheral classes that a collision file only points at or holds as null/opaque elements
// (world cinfo, materials, motion properties, constraints, drag and mass properties, the
// property bag, ...) are declared as layout stubs: correct name, parent, version, size and
// alignment, but no members. Their names are listed in `layout_stubs`; write their objects
// as raw bytes (RecordWriter::bytes()).
//
//   CollisionTypes er = collision_types(HavokDialect::kEldenRing2018);
//   MP_TRY_ASSIGN(auto table, er.builder.build());      // TypeTable for an ObjectWriter
//   MP_TRY_ASSIGN(auto type_section, er.builder.type_section());
#pragma once

#include <string>
#include <vector>

#include "engine/tagfile/type_table_builder.h"

namespace meshproof::tagfile {

enum class HavokDialect {
    kEldenRing2018,  // SDKV 20180100
    kSekiro2016,     // SDKV 20160200
};

// The two layouts of hknpExternMeshShapeData (§0 #10, §8.7): choose by the members, never by
// the version number.
enum class ExternMeshDataForm {
    kDefault,   // kSimdOnly for Elden Ring, kAabbTree for Sekiro
    kSimdOnly,  // simdTree + buildContext, 56/8, version 3 (most ER f files)
    kAabbTree,  // aabbTree (6-byte codec) + simdTree + buildContext, 112/16, version 2
};

struct CollisionTypeOptions {
    ExternMeshDataForm extern_mesh_data = ExternMeshDataForm::kDefault;
    // The convex shape classes that externShapes entries point at (§7.3: hknpConvexShape,
    // hknpConvexPolytopeShape with Face and Connectivity, sphere, triangle, capsule, cylinder,
    // box), with the registry's layouts, versions and hashes, and hknpShapeInstance's hash.
    // Elden Ring only: no public layout of them exists for Sekiro 2016.2 (§7.3), so the Sekiro
    // dialect declares none whatever this says. Off by default: the sample compendium (a mesh
    // without extern references) declares none of them either.
    bool convex_shapes = false;
};

struct CollisionTypes {
    TypeTableBuilder builder;
    std::string sdk_version;                // "20180100" or "20160200"
    std::vector<std::string> layout_stubs;  // full names of the member-less stand-ins
};

CollisionTypes collision_types(HavokDialect dialect, const CollisionTypeOptions& options = {});

}  // namespace meshproof::tagfile
