// ctest-labels: hostile
// parse_bnd4_table: a BND4's table read from the first bytes of its body gives what parse_bnd4
// gives over the whole body (the same binder, or the same error to the byte and the word), or
// nothing when the table reaches past those bytes; on whole binders and on every prefix of one
// (a body cut short), unicode and Shift-JIS names alike.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/containers/binder.h"
#include "engine/containers/binder_writer.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {

std::vector<std::uint8_t> binder_of(int members, bool unicode) {
    std::vector<BinderFile> files;
    for (int i = 0; i < members; ++i) {
        BinderFile f;
        f.name = "m10_00_00_00\\h10_00_00_00_" + std::string(40, 'n') + std::to_string(i) + ".hkx";
        f.id = i;
        f.data.assign(static_cast<std::size_t>(7 + i % 5), static_cast<std::uint8_t>(i));
        files.push_back(std::move(f));
    }
    BinderWriteOptions o;
    o.unicode = unicode;
    return write_bnd4(files, o);
}

// The table from `head` agrees with `whole`, parse_bnd4 over `body`, or reaches past the head; true
// when read.
bool agrees(Bytes body, const Result<Binder>& whole, std::size_t head) {
    const auto table = parse_bnd4_table(body.first(head), body.size());
    if (table.ok() && !table->has_value()) {
        EXPECT_LT(head, body.size()) << "a whole body's table is read";
        return false;
    }
    EXPECT_EQ(table.ok(), whole.ok()) << head;
    if (!table.ok() || !whole.ok()) {
        if (!table.ok() && !whole.ok()) {
            EXPECT_EQ(table.error().code, whole.error().code) << head;
            EXPECT_EQ(table.error().offset, whole.error().offset) << head;
            EXPECT_EQ(table.error().message, whole.error().message) << head;
        }
        return true;
    }
    const Binder& a = **table;
    const Binder& b = *whole;
    EXPECT_EQ(a.headers_end, b.headers_end);
    EXPECT_EQ(a.hash_table_offset, b.hash_table_offset);
    EXPECT_EQ(a.entries.size(), b.entries.size());
    for (std::size_t i = 0; i < std::min(a.entries.size(), b.entries.size()); ++i) {
        EXPECT_EQ(a.entries[i].name, b.entries[i].name);
        EXPECT_EQ(a.entries[i].data_offset, b.entries[i].data_offset);
        EXPECT_EQ(a.entries[i].compressed_size, b.entries[i].compressed_size);
        EXPECT_EQ(a.entries[i].uncompressed_size, b.entries[i].uncompressed_size);
        EXPECT_EQ(a.entries[i].id, b.entries[i].id);
    }
    return true;
}

TEST(BinderTableHead, EveryHeadGivesTheWholeBodysTableOrAsksForMore) {
    for (const bool unicode : {true, false}) {
        const std::vector<std::uint8_t> body = binder_of(120, unicode);
        const auto whole = parse_bnd4(body);
        ASSERT_TRUE(whole.ok());
        bool read_before = false;
        for (const std::size_t head : test::prefix_lengths(body.size())) {
            const bool read = agrees(body, whole, head);
            // A longer head never asks for more once a shorter one was enough.
            EXPECT_TRUE(read || !read_before) << head;
            read_before = read_before || read;
        }
        EXPECT_TRUE(agrees(body, whole, body.size()));
    }
}

TEST(BinderTableHead, ABodyCutShortReadsAsTheWholeCutBody) {
    const std::vector<std::uint8_t> body = binder_of(40, true);
    for (const std::size_t cut : test::prefix_lengths(body.size(), 61)) {
        const Bytes short_body = Bytes(body).first(cut);
        const auto whole = parse_bnd4(short_body);
        for (const std::size_t head : {std::size_t{0}, std::size_t{0x40}, cut / 2, cut})
            (void)agrees(short_body, whole, std::min(head, cut));
    }
}

TEST(BinderTableHead, AHeadLongerThanTheBodyIsTheBody) {
    const std::vector<std::uint8_t> body = binder_of(3, true);
    std::vector<std::uint8_t> padded = body;
    padded.resize(body.size() + 100, 0xEE);
    const auto table = parse_bnd4_table(padded, body.size());
    ASSERT_TRUE(table.ok());
    ASSERT_TRUE(table->has_value());
    EXPECT_EQ((*table)->entries.size(), 3u);
}

}  // namespace
}  // namespace meshproof
