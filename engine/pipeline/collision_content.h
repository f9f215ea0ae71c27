// Which members of a binder are collision, told by content. A character binder
// (chr/cNNNN.chrbnd.dcx, containers-and-tagfiles.md §1.3) holds many Havok tagfiles besides its
// collision: skeletons, ragdolls, cloth, in classes meshproof may not read. Its collision member is
// the one §1.3 says to select "by content": a TAG0 whose root holds hknp bodies with a compressed
// mesh. Any other member is not collision: left out of the passes and counted as such (a
// MemberStatus kOk with `not_collision`), never an error, so character binders cannot turn a run
// partial by what they hold besides collision. A member that declares a compressed mesh is
// collision, and its decode errors stay errors; so is a TAG0 that does not parse (nothing tells
// it is not collision).
//
// Map, object and asset binders are read as before: every tagfile member is collision, and one
// without a compressed mesh is a unit with no meshes.
#pragma once

#include <string_view>

#include "engine/core/bytes.h"
#include "engine/mesh/decoded_member.h"
#include "engine/tagfile/tagfile.h"

namespace meshproof {

// The members of `set` are selected by content (the character set).
bool selects_by_content(std::string_view set);

// The bytes open as a TAG0 does (containers-and-tagfiles.md §5.2: a section header, u32 size
// and flags, then the tag "TAG0"); anything else (a packfile, another format) is not collision.
// Reads the first 8 bytes only, when there are 8.
bool opens_as_tag0(Bytes bytes);

// The tagfile's type table declares hknpCompressedMeshShape (or a class derived from it, which
// names it as its parent): a compressed mesh can be stored in no other way.
bool declares_compressed_mesh(const tagfile::Tagfile& tf);

// A decoded member holds a compressed mesh in some body.
bool holds_compressed_mesh(const mesh::DecodedMember& member);

}  // namespace meshproof
