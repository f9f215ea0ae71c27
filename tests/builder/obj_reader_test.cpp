// The OBJ reader of `meshproof build` (engine/builder/obj_reader.h): every statement and corner form
// on worked examples, every error with its line and column, every prefix of a small file, hostile
// inputs (a face of 10^6 corners, huge indices), and the fan order the quad pairing recognises.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "engine/builder/obj_reader.h"
#include "engine/rules/box_measure.h"
#include "engine/rules/quad_pairing.h"
#include "tests/support/corpus.h"

namespace meshproof::builder {
namespace {

using Row = std::array<std::uint32_t, 3>;

Bytes bytes_of(std::string_view s) { return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()}; }

Result<ObjMesh> read(std::string_view s) { return read_obj(bytes_of(s)); }

// The error of reading `s`, checked to be one: its code, and the "L:C" its message starts with,
// which must also be the text position of its offset.
struct Failure {
    ErrorCode code;
    std::string where;  // "L:C"
    std::string message;
};
Failure failure(std::string_view s) {
    auto r = read(s);
    EXPECT_FALSE(r.ok()) << s;
    if (r.ok()) return {ErrorCode::kInternal, "", ""};
    const Error& e = r.error();
    const TextPosition at = text_position(bytes_of(s), e.offset);
    const std::string where = std::to_string(at.line) + ":" + std::to_string(at.column);
    EXPECT_EQ(e.message.rfind(where + ": ", 0), 0u) << e.message << " (offset " << e.offset << ")";
    return {e.code, where, e.message};
}

TEST(ObjReader, VerticesFacesAndTheFan) {
    const auto m = read(
        "# a comment line\n"
        "v 0 0 0\n"
        "v 1 0 0 1.0\n"          // w is read and dropped
        "v 1 1 0 0.5 0.5 0.5\n"  // the colour extension
        "v 0 1 0\n"
        "v 0.5 2 0\n"
        "\n"
        "f 1 2 3 4 5\n");
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->x, (std::vector<float>{0, 1, 1, 0, 0.5f}));
    EXPECT_EQ(m->y, (std::vector<float>{0, 0, 1, 1, 2}));
    EXPECT_EQ(m->z, (std::vector<float>{0, 0, 0, 0, 0}));
    // A pentagon fans from its first corner: (1 2 3) (1 3 4) (1 4 5), 0-based.
    EXPECT_EQ(m->rows, (std::vector<Row>{{0, 1, 2}, {0, 2, 3}, {0, 3, 4}}));
    EXPECT_EQ(m->row_line, (std::vector<std::uint64_t>{8, 8, 8}));
    EXPECT_EQ(m->faces, 1u);
    EXPECT_EQ(m->row_material, (std::vector<std::uint32_t>(3, kNoObjName)));
    EXPECT_EQ(m->row_object, (std::vector<std::uint32_t>(3, kNoObjName)));
    EXPECT_TRUE(m->material_names.empty());
}

TEST(ObjReader, NumbersAreParsedExactly) {
    // The nearest floats of the decimal strings, as a C++ float literal gives them; a leading '+'
    // (strtod writers) and exponents.
    const auto m = read("v 0.1 -3.4028235e38 +1e-3\nv 1.17549435e-38 16777217 -0\nf 1 2 1\n");
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->x[0], 0.1f);
    EXPECT_EQ(m->y[0], -3.4028235e38f);
    EXPECT_EQ(m->z[0], 1e-3f);
    EXPECT_EQ(m->x[1], 1.17549435e-38f);
    EXPECT_EQ(m->y[1], 16777216.0f);  // round to nearest even
    EXPECT_TRUE(std::signbit(m->z[1]));
}

// --scale: each position is the file's number times the scale, rounded once (the double product,
// not the float read times the scale); w is not a position; -0 keeps its sign.
TEST(ObjReader, PositionsAreScaledOnRead) {
    ObjReadOptions options;
    options.scale = 0.01;
    const auto m = read_obj(bytes_of("v 123.456 -0 +250\nv 1 2 3 7\nv 0 0 1\nf 1 2 3\n"), options);
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->x, (std::vector<float>{static_cast<float>(123.456 * 0.01), 0.01f, 0}));
    EXPECT_EQ(m->y, (std::vector<float>{-0.0f, 0.02f, 0}));
    EXPECT_TRUE(std::signbit(m->y[0]));
    EXPECT_EQ(m->z, (std::vector<float>{2.5f, 0.03f, 0.01f}));
    // A scale of 1 reads as before, bit for bit.
    const auto plain = read_obj(bytes_of("v 123.456 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 3\n"));
    ASSERT_TRUE(plain.ok());
    EXPECT_EQ(plain->x[0], 123.456f);
}

TEST(ObjReader, AScaledPositionPastSinglePrecisionIsAnError) {
    ObjReadOptions options;
    options.scale = 10;
    const std::string text = "v 0 0 0\nv 1 -3e38 0\nv 0 0 1\nf 1 2 3\n";
    const auto m = read_obj(bytes_of(text), options);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().code, ErrorCode::kLimit);
    EXPECT_EQ(m.error().message.rfind("2:5: `-3e38` times --scale 10 is -3e+39: wider than single precision", 0), 0u)
        << m.error().message;
    options.scale = 1.1;  // 3.3e38 is still a float
    EXPECT_TRUE(read_obj(bytes_of(text), options).ok());
}

TEST(ObjReader, CornerFormsAndNegativeIndices) {
    const auto m = read(
        "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n"
        "vt 0 0\nvt 1 0\nvn 0 0 1\n"
        "f 1/1 2/2 3/1\n"        // v/vt
        "f 1//1 3//1 4//1\n"     // v//vn
        "f 1/2/1 2/1/1 4/2/1\n"  // v/vt/vn
        "f -4 -3 -2\n"           // relative to the 4 vertices above: 1 2 3
        "v 5 5 5\n"
        "f -1/-1/-1 1 2\n");  // now -1 is vertex 5; vt and vn may be negative too
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->rows, (std::vector<Row>{{0, 1, 2}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}, {4, 0, 1}}));
    EXPECT_EQ(m->row_line, (std::vector<std::uint64_t>{8, 9, 10, 11, 13}));
    EXPECT_EQ(m->ignored_statements, 3u);
}

TEST(ObjReader, NamesInFirstUseOrderAndCrLf) {
    const auto m = read(
        "mtllib scene.mtl\r\n"
        "v 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\n"
        "f 1 2 3\r\n"   // before any o / g / usemtl
        "o Wall  \r\n"  // trailing blanks trimmed
        "usemtl stone # a comment after the name\r\n"
        "usemtl never used\r\n"  // no row follows: not in the table
        "usemtl wood\r\n"
        "g left side\r\n"
        "f 1 2 3\r\n"
        "usemtl stone\r\n"
        "s 1\r\n"
        "f 3 2 1\r\n"
        "usemtl\r\n"  // no name: back to "no material"
        "f 1 3 2\r\n");
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->material_names, (std::vector<std::string>{"wood", "stone"}));
    EXPECT_EQ(m->row_material, (std::vector<std::uint32_t>{kNoObjName, 0, 1, kNoObjName}));
    // Where each name was given: the usemtl the first row using it followed (stone: line 12, not 7).
    ASSERT_EQ(m->material_name_at.size(), 2u);
    EXPECT_EQ(m->material_name_at[0].line, 9u);
    EXPECT_EQ(m->material_name_at[0].column, 8u);
    EXPECT_EQ(m->material_name_at[1].line, 12u);
    EXPECT_EQ(m->material_name_at[1].column, 8u);
    EXPECT_EQ(m->object_names, (std::vector<std::string>{"Wall"}));
    EXPECT_EQ(m->row_object, (std::vector<std::uint32_t>{kNoObjName, 0, 0, 0}));
    EXPECT_EQ(m->group_names, (std::vector<std::string>{"left side"}));
    EXPECT_EQ(m->row_group, (std::vector<std::uint32_t>{kNoObjName, 0, 0, 0}));
    EXPECT_EQ(m->row_line, (std::vector<std::uint64_t>{5, 11, 14, 16}));
    EXPECT_EQ(m->ignored_statements, 2u);  // mtllib, s
}

TEST(ObjReader, AByteOrderMarkIsSkipped) {
    const auto m = read("\xEF\xBB\xBFv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->x.size(), 3u);
    EXPECT_EQ(m->unknown_statements, 0u);
    const Failure f = failure("\xEF\xBB\xBFv 0 q 0\n");
    EXPECT_EQ(f.where, "1:8");  // byte columns: the mark's three bytes count
}

TEST(ObjReader, UnknownStatementsAreCountedAndSkipped) {
    const auto m = read("v 0 0 0\nv 1 0 0\ncstype bspline\nv 0 1 0\ncurv 0 1 1 2\nf 1 2 3\nl 1 2\np 1\nvp 0.5\n");
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->unknown_statements, 2u);
    EXPECT_EQ(m->first_unknown_line, 3u);
    EXPECT_EQ(m->first_unknown_keyword, "cstype");
    EXPECT_EQ(m->ignored_statements, 3u);
    EXPECT_EQ(m->rows.size(), 1u);
}

TEST(ObjReader, EveryErrorNamesLineAndColumn) {
    const std::string three = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
    struct Case {
        std::string text;
        ErrorCode code;
        std::string where;
        std::string says;
    };
    const std::vector<Case> cases = {
        {"v 0 zero 0\n", ErrorCode::kBadHeader, "1:5", "`zero` is not a number"},
        {"v 0 1.5x 0\n", ErrorCode::kBadHeader, "1:5", "is not a number"},
        {"v 0 0\n", ErrorCode::kBadHeader, "1:1", "needs 3 coordinates, this one has 2"},
        {"v 1 2 3 4 5 6 7 8\n", ErrorCode::kBadHeader, "1:17", "at most 7 numbers"},
        {"\n  v 0 nan 0\n", ErrorCode::kBadHeader, "2:7", "not a finite number"},
        {"v inf 0 0\n", ErrorCode::kBadHeader, "1:3", "not a finite number"},
        {"v 0 0 -infinity\n", ErrorCode::kBadHeader, "1:7", "not a finite number"},
        {"v 1e39 0 0\n", ErrorCode::kBadHeader, "1:3", "outside the range of a float"},
        {"v 0 0 0 nan\n", ErrorCode::kBadHeader, "1:9", "not a finite number"},  // w too
        {three + "f 1 2 0\n", ErrorCode::kOutOfBounds, "4:7", "index 0"},
        {three + "f 1 2 4\n", ErrorCode::kOutOfBounds, "4:7", "vertex index 4 is out of range: 3 vertices"},
        {three + "f -4 1 2\n", ErrorCode::kOutOfBounds, "4:3", "vertex index -4 is out of range"},
        {three + "f 1 2 99999999999999999999\n", ErrorCode::kOutOfBounds, "4:7", "out of range"},
        {"f 1 2 3\n" + three, ErrorCode::kOutOfBounds, "1:3", "0 vertices are defined above"},
        {three + "f 1 2 x\n", ErrorCode::kBadHeader, "4:7", "`x` is not an index"},
        {three + "f 1 2 3.0\n", ErrorCode::kBadHeader, "4:7", "`3.0` is not an index"},
        {three + "f 1 2/a 3\n", ErrorCode::kBadHeader, "4:7", "`a` is not an index"},
        {three + "f 1 2//b 3\n", ErrorCode::kBadHeader, "4:8", "`b` is not an index"},
        {three + "f 1 2/1/1/1 3\n", ErrorCode::kBadHeader, "4:10", "one slash too many"},
        {three + "f 1 2/ 3\n", ErrorCode::kBadHeader, "4:6", "nothing after the slash"},
        {three + "f 1 2// 3\n", ErrorCode::kBadHeader, "4:7", "nothing after the slash"},
        {three + "f 1 /2 3\n", ErrorCode::kBadHeader, "4:5", "must begin with its vertex index"},
        {three + "f 1 2\n", ErrorCode::kBadHeader, "4:1", "at least 3 corners, this one has 2"},
        {three + "  f # nothing\n", ErrorCode::kBadHeader, "4:3", "this one has 0"},
        {three, ErrorCode::kMissingField, "4:1", "no faces"},
        {"", ErrorCode::kMissingField, "1:1", "no faces"},
        {"# only a comment", ErrorCode::kMissingField, "1:17", "no faces"},
        {"v 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\nf 1 2 3\r\nf 1\t2\t+-3\r\n", ErrorCode::kBadHeader, "5:7",
         "`+-3` is not an index"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.text);
        const Failure f = failure(c.text);
        EXPECT_EQ(f.code, c.code) << f.message;
        EXPECT_EQ(f.where, c.where) << f.message;
        EXPECT_NE(f.message.find(c.says), std::string::npos) << f.message;
    }
}

// The quad pairing takes a fanned quad as one quad, (a b c) its first half: the shared edge is
// the third edge of row 0 (c→a) and the first edge of row 1 (a→c).
TEST(ObjReader, FannedQuadIsPairedAsAQuad) {
    const auto m = read("v 0 0 0\nv 2 0 0\nv 2 1 0\nv 0 1 0\nv 0 2 0\nv -1 1 0\nf 1 2 3 4\nf 4 3 5 6\n");
    ASSERT_TRUE(m.ok()) << m.error().message;
    ASSERT_EQ(m->rows.size(), 4u);
    std::vector<mesh::Box> boxes;
    for (const Row& r : m->rows) {
        mesh::Box b;
        for (int k = 0; k < 3; ++k) b.min[k] = INFINITY, b.max[k] = -INFINITY;
        for (const std::uint32_t v : r) {
            const float p[3] = {m->x[v], m->y[v], m->z[v]};
            for (int k = 0; k < 3; ++k) b.min[k] = std::min(b.min[k], p[k]), b.max[k] = std::max(b.max[k], p[k]);
        }
        boxes.push_back(b);
    }
    const std::vector<std::uint32_t> data(m->rows.size(), 0);
    rules::QuadPairingWorkspace ws;
    std::vector<rules::QuadPair> pairs;
    rules::pair_quads({m->rows, boxes, data}, rules::CandidateRule::kFirstFit, ws, pairs);
    ASSERT_EQ(pairs.size(), 2u);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> got;
    for (const auto& p : pairs) got.emplace_back(p.first, p.second);
    std::sort(got.begin(), got.end());
    EXPECT_EQ(got, (std::vector<std::pair<std::uint32_t, std::uint32_t>>{{0, 1}, {2, 3}}));
}

TEST(ObjReader, TextPosition) {
    const auto t = bytes_of("ab\ncd\r\n\nx");
    EXPECT_EQ(text_position(t, 0).line, 1u);
    EXPECT_EQ(text_position(t, 1).column, 2u);
    EXPECT_EQ(text_position(t, 3).line, 2u);
    EXPECT_EQ(text_position(t, 3).column, 1u);
    EXPECT_EQ(text_position(t, 9).line, 4u);
    EXPECT_EQ(text_position(t, 9).column, 2u);
    EXPECT_EQ(text_position(t, 1000).column, 2u);  // past the end: just after the last byte
}

// Every prefix of a small file: either read, its rows a prefix of the whole file's rows (a face
// cut short fans to fewer rows of the same fan), or refused with an error that points inside the
// prefix and names the position of its offset.
// ctest-labels: hostile
TEST(ObjReaderPrefix, EveryPrefixReadsOrFailsCleanly) {
    const std::string text =
        "# prefix fixture\r\n"
        "mtllib a.mtl\n"
        "o Body\n"
        "v 0.25 -1.5e2 +3\n"
        "v 1 0 0 1\n"
        "v 1 1 0\n"
        "v 0 1 0\n"
        "v 0.5 0.5 1\n"
        "vt 0.5 0.5\n"
        "vn 0 0 1\n"
        "g part one\n"
        "usemtl m21\n"
        "f 1/1/1 2/1/1 3/1/1 4/1/1\n"
        "usemtl 7\n"
        "f -5//1 -1//1 -4//1\n"
        "s off\n"
        "f 2 3 5 # tail\n"
        "f 3 4 5 1 2\n";
    const auto whole = read(text);
    ASSERT_TRUE(whole.ok()) << whole.error().message;
    ASSERT_EQ(whole->rows.size(), 2u + 1u + 1u + 3u);
    std::size_t read_ok = 0, refused = 0;
    for (const std::size_t n : test::prefix_lengths(text.size())) {
        const std::string_view prefix(text.data(), n);
        const auto r = read(prefix);
        if (r.ok()) {
            ++read_ok;
            ASSERT_LE(r->rows.size(), whole->rows.size());
            for (std::size_t i = 0; i < r->rows.size(); ++i) {
                // A cut number ("0.2" of "0.25") may change a vertex, but never which vertices a row names.
                EXPECT_EQ(r->rows[i], whole->rows[i]) << "prefix " << n << " row " << i;
                EXPECT_EQ(r->row_line[i], whole->row_line[i]);
            }
            continue;
        }
        ++refused;
        const Error& e = r.error();
        EXPECT_NE(e.code, ErrorCode::kInternal);
        EXPECT_LE(e.offset, n);
        const TextPosition at = text_position(bytes_of(prefix), e.offset);
        EXPECT_EQ(e.message.rfind(std::to_string(at.line) + ":" + std::to_string(at.column) + ": ", 0), 0u)
            << "prefix " << n << ": " << e.message;
    }
    // Both outcomes occur: the test would say nothing if every prefix went one way.
    EXPECT_GT(read_ok, 0u);
    EXPECT_GT(refused, 0u);
}

// ctest-labels: hostile
TEST(ObjReaderHostile, AFaceOfAMillionCornersIsLinear) {
    std::string text = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf";
    const std::size_t corners = 1'000'000;
    for (std::size_t i = 0; i < corners; ++i) text += (i % 3 == 0) ? " 1" : (i % 3 == 1) ? " -2" : " 3";
    text += "\n";
    const auto start = std::chrono::steady_clock::now();
    const auto m = read(text);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->rows.size(), corners - 2);
    EXPECT_EQ(m->rows[1], (Row{0, 2, 0}));
    // A generous bound (sanitizer builds, a shared machine): a quadratic reader would take hours.
    EXPECT_LT(seconds, 20.0);
}

// ctest-labels: hostile
TEST(ObjReaderHostile, LongLinesAndManyNamesStayLinear) {
    // A vertex line of 10^6 numbers stops at the 8th; a million distinct material names, each
    // used by one face, are interned once each.
    std::string vertex_line = "v";
    for (int i = 0; i < 1'000'000; ++i) vertex_line += " 1";
    const Failure f = failure(vertex_line + "\n");
    EXPECT_EQ(f.where, "1:17");

    std::string text = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
    const std::size_t names = 200'000;
    for (std::size_t i = 0; i < names; ++i) text += "usemtl name" + std::to_string(i) + "\nf 1 2 3\n";
    const auto m = read(text);
    ASSERT_TRUE(m.ok()) << m.error().message;
    EXPECT_EQ(m->material_names.size(), names);
    EXPECT_EQ(m->row_material.back(), names - 1);

    // Binary junk: no faces, not a crash.
    std::string junk(4096, '\0');
    for (std::size_t i = 0; i < junk.size(); ++i) junk[i] = static_cast<char>((i * 131 + 7) & 0xFF);
    const auto j = read(junk);
    EXPECT_FALSE(j.ok());
}

}  // namespace
}  // namespace meshproof::builder
