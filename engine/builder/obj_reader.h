// The Wavefront OBJ reader of `meshproof build` (issue 14, part 3): the polygons of an OBJ file as
// triangle rows over float positions, with each row's material name, object and group name, and
// source line, in flat arrays.
//
// Read: `v x y z [w]` (also the common colour extension `v x y z r g b`: 3 to 7 numbers, the
// first three the position, every one checked), `f` with any polygon size and the corner forms
// `v`, `v/vt`, `v//vn`, `v/vt/vn` (1-based; negative indices count back from the last vertex
// defined so far), `o NAME`, `g NAME`, `usemtl NAME`. A polygon c0 c1 … cn−1 is fanned from its
// first corner: (c0 c1 c2) (c0 c2 c3) … — for a quad a b c d, (a b c) then (a c d): the shared
// edge is the third edge (c→a) of the first row and the first edge (a→c) of the second, the
// condition under which the quad pairing (engine/rules/quad_pairing.h) takes the pair as a quad
// with (a b c) as its first half.
// Ignored (counted): `vt`, `vn`, `vp`, `s`, `mtllib`, `l`, `p`, and any other statement (the
// free-form geometry of the OBJ specification, vendor extensions): Blender and most other readers
// skip what they do not know, so a file they open is read here too; the count and the first such
// statement are returned for the caller to show. Comments (`#` to the end of the line), blank
// lines, CR LF line ends, a UTF-8 byte order mark at the start (columns still count its bytes).
//
// Positions may be scaled on read (ObjReadOptions::scale, `build --scale`): each of a vertex's x y z
// is the file's number times the scale, in double, rounded once to float; w and colours are not
// positions and are read as they stand.
//
// Not read: the `\` line continuation; an index may only name a vertex defined above its line
// (as a negative index must).
//
// Errors (ErrorCode, the byte offset of the offending field; the message begins "L:C: " with the
// 1-based line and byte column, so that "FILE:" in front of it gives the file:line:column that
// editors jump to): a field that is not a number (kBadHeader), index 0 or out of range
// (kOutOfBounds), a NaN or infinite or out-of-float-range number (kBadHeader), a position that the
// scale takes out of float range ("wider than single precision holds": kLimit), a vertex of fewer
// than 3 or more than 7 numbers or a face of fewer than 3 corners (kBadHeader), a file with no
// faces (kMissingField), more than 2^32 − 2 vertices or rows (kLimit). Linear in the input's size
// (a face of 10^6 corners included); the only allocations are the output arrays and the name tables.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof::builder {

// The "no name" marker of row_material / row_object / row_group: the row comes before any
// usemtl (resp. o, g) statement, or after one with no name.
inline constexpr std::uint32_t kNoObjName = 0xFFFFFFFFu;

// A 1-based line and byte column.
struct TextPosition {
    std::uint64_t line = 1;
    std::uint64_t column = 1;
};

struct ObjMesh {
    std::vector<float> x, y, z;                      // every `v`, in file order
    std::vector<std::array<std::uint32_t, 3>> rows;  // triangles (0-based indices into x/y/z), fanned
    std::vector<std::uint32_t> row_material;         // per row: index into material_names, or kNoObjName
    std::vector<std::uint32_t> row_object;           // per row: index into object_names (`o`), or kNoObjName
    std::vector<std::uint32_t> row_group;            // per row: index into group_names (`g`), or kNoObjName
    std::vector<std::uint64_t> row_line;             // per row: the 1-based line of its `f`
    // Names in the order rows first use them (a name no row uses is not listed).
    std::vector<std::string> material_names, object_names, group_names;
    // Per material name: where the usemtl statement that the first row using it followed gives
    // the name (a caller that cannot resolve the name points there).
    std::vector<TextPosition> material_name_at;

    std::uint64_t faces = 0;               // `f` statements read
    std::uint64_t ignored_statements = 0;  // vt, vn, vp, s, mtllib, l, p
    std::uint64_t unknown_statements = 0;  // statements this reader does not know
    std::uint64_t first_unknown_line = 0;  // 1-based; 0 when there is none
    std::string first_unknown_keyword;
};

struct ObjReadOptions {
    double scale = 1.0;  // every position times this; the caller checks it is finite and above 0
};

Result<ObjMesh> read_obj(Bytes text, const ObjReadOptions& options = {});

// The position of a byte offset of `text` (an offset past the end: just after the last byte).
TextPosition text_position(Bytes text, std::uint64_t offset);

}  // namespace meshproof::builder
