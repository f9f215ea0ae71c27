// The mesh module's entry point: one collision member (a parsed TAG0) → DecodedMember.
//
//   MP_TRY_ASSIGN(tagfile::Tagfile tf, tagfile::parse_tagfile(bytes, &compendiums));
//   MP_TRY_ASSIGN(mesh::DecodedMember member, mesh::decode_member(tf));
//   for (const mesh::DecodedMesh& m : member.meshes) { ... m.triangles.key[i] ... }
//
// Two layers, usable apart: extract_member (extract_member.h) reads every field by name into a
// RawMember of columns over DATA; decode_member(RawMember) is pure arithmetic over those columns.
#pragma once

#include "engine/core/error.h"
#include "engine/mesh/decode_compressed_mesh.h"
#include "engine/mesh/decoded_member.h"
#include "engine/mesh/raw_mesh.h"
#include "engine/tagfile/tagfile.h"

namespace meshproof::mesh {

// Decodes every mesh and extern mesh of `raw`, and the body table. The first error ends it
// (offset = DATA-relative position of the offending value).
Result<DecodedMember> decode_member(const RawMember& raw, const DecodeOptions& options = {});

// extract_member + decode_member. The result does not reference `tf`.
Result<DecodedMember> decode_member(const tagfile::Tagfile& tf, const DecodeOptions& options = {});

// The same into `out`, whatever it held: a member decoded before (its columns' room is reused,
// decoded_columns.h), or a default one. The result is the same as decode_member's. After an error
// `out` holds a part of the decode (still fit to be decoded into again).
Status decode_member_into(const RawMember& raw, DecodedMember& out, const DecodeOptions& options = {});
Status decode_member_into(const tagfile::Tagfile& tf, DecodedMember& out, const DecodeOptions& options = {});

}  // namespace meshproof::mesh
