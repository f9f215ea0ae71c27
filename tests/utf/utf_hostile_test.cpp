// ctest-labels: hostile
// Hostile input for the UTF reader and the model view: every prefix of every sample model
// (test::prefix_lengths: all up to 64 KiB, then a stride) is a typed error, and corruptions of
// every header word and every tree-entry word of every sample model give a model or a typed
// error, never a crash. Hand-made trees check the cycle, depth and region guards. Labelled
// hostile, so scripts/test also runs them under ASan + UBSan.
#include <gtest/gtest.h>

#include <cstring>

#include "engine/utf/model.h"
#include "engine/utf/utf_file.h"
#include "tests/utf/utf_fixtures.h"

namespace meshproof::utf {
namespace {

void put32(std::vector<std::uint8_t>& b, std::size_t at, std::uint32_t v) { std::memcpy(b.data() + at, &v, 4); }

bool typed(const Error& e) { return e.code != ErrorCode::kInternal && !e.message.empty(); }

TEST(UtfHostile, TruncatedPrefixesOfEverySampleModelFailTyped) {
    MP_REQUIRE_CORPUS();
    const auto models = test::sample_models();
    ASSERT_FALSE(models.empty());
    std::size_t prefixes = 0;
    std::string largest;
    std::uintmax_t largest_size = 0;
    for (const auto& rel : models) {
        const auto size = std::filesystem::file_size(test::corpus_path(rel));
        if (size > largest_size) largest = rel, largest_size = size;
    }
    for (const auto& rel : models) {
        const auto bytes = test::read_file(test::corpus_path(rel));
        auto tree = decode_utf(bytes);
        ASSERT_TRUE(tree.ok()) << rel;
        ASSERT_TRUE(model_view(*tree).ok()) << rel;
        // The bytes the file needs: its header, tree and names blocks and every leaf payload. A
        // prefix holding them all decodes (it cuts only a last leaf's allocation slack, §1.2);
        // every shorter one must be refused.
        std::uint64_t needed = std::max<std::uint64_t>(
            56, load_le<std::uint32_t>(bytes.data() + 8) + std::uint64_t(load_le<std::uint32_t>(bytes.data() + 12)));
        needed = std::max<std::uint64_t>(needed, load_le<std::uint32_t>(bytes.data() + 24) +
                                                     std::uint64_t(load_le<std::uint32_t>(bytes.data() + 32)));
        needed = std::max<std::uint64_t>(needed, load_le<std::uint32_t>(bytes.data() + 36));
        for (const UtfNode& node : tree->nodes)
            if (!node.folder) needed = std::max<std::uint64_t>(needed, node.data_offset + node.data.size());
        // Three fixtures take every prefix up to 64 KiB (test::prefix_lengths); every other model
        // every prefix through its tree and names blocks (the structure), then a stride of 61
        // through the data block (payload bounds only): all of them densely costs 50 s.
        std::vector<std::size_t> lengths;
        const bool dense = rel.find("li_elite.cmp") != std::string::npos ||
                           rel.find("pod_drab.3db") != std::string::npos || rel == largest;
        if (dense) {
            lengths = test::prefix_lengths(bytes.size(), 61);
        } else {
            const std::uint64_t structure = std::max<std::uint64_t>(
                load_le<std::uint32_t>(bytes.data() + 8) + std::uint64_t(load_le<std::uint32_t>(bytes.data() + 12)),
                load_le<std::uint32_t>(bytes.data() + 24) + std::uint64_t(load_le<std::uint32_t>(bytes.data() + 32)));
            for (std::size_t n = 0; n < bytes.size(); n += n <= structure ? 1 : 61) lengths.push_back(n);
            for (std::size_t n = needed > 8 ? needed - 8 : 0; n < bytes.size(); ++n) lengths.push_back(n);
        }
        for (std::size_t n : lengths) {
            auto m = decode_model(Bytes(bytes).first(n));
            ++prefixes;
            if (n >= needed) {
                EXPECT_TRUE(m.ok()) << rel << ": prefix " << n << " holds every block and payload";
                continue;
            }
            if (m.ok()) {
                ADD_FAILURE() << rel << ": prefix " << n << " of " << bytes.size() << " accepted";
                continue;
            }
            EXPECT_TRUE(typed(m.error())) << rel << " prefix " << n;
            EXPECT_LE(m.error().offset, bytes.size()) << rel << " prefix " << n;
        }
    }
    RecordProperty("prefixes", int(prefixes));
}

TEST(UtfHostile, CorruptHeaderAndEntryWordsGiveAModelOrATypedError) {
    MP_REQUIRE_CORPUS();
    const std::uint32_t kValues[] = {0, 1, 44, 0x10, 0x7FFFFFFF, 0xFFFFFFFF, 0xFFFFFFD4};
    std::size_t tried = 0, refused = 0;
    for (const auto& rel : test::sample_models()) {
        const auto original = test::read_file(test::corpus_path(rel));
        const std::uint32_t tree_at = load_le<std::uint32_t>(original.data() + 8);
        const std::uint32_t tree_size = load_le<std::uint32_t>(original.data() + 12);
        std::vector<std::size_t> words;
        for (std::size_t w = 0; w < 56; w += 4) words.push_back(w);
        for (std::size_t w = 0; w + 4 <= tree_size && w < 44 * 40; w += 4) words.push_back(tree_at + w);
        std::vector<std::uint8_t> b = original;
        for (std::size_t w : words) {
            for (std::uint32_t v : kValues) {
                put32(b, w, v);
                auto m = decode_model(b);
                ++tried;
                if (!m.ok()) {
                    ++refused;
                    EXPECT_TRUE(typed(m.error())) << rel << " word " << w << " = " << v;
                }
            }
            std::memcpy(b.data() + w, original.data() + w, 4);
        }
    }
    EXPECT_GT(refused, 0u);
    RecordProperty("tried", int(tried));
    RecordProperty("refused", int(refused));
}

// A hand-made tree: header, then `entries` (11 words each), names "\0\\\0a\0", data 8 bytes.
std::vector<std::uint8_t> handmade(const std::vector<std::array<std::uint32_t, 11>>& entries) {
    const char names[] = "\0\\\0a\0b\0";
    const std::uint32_t tree_at = 56, tree_size = std::uint32_t(44 * entries.size());
    const std::uint32_t names_at = tree_at + tree_size, names_size = sizeof names - 1;
    const std::uint32_t data_at = names_at + names_size;
    std::vector<std::uint8_t> b(data_at + 8, 0);
    const std::uint32_t header[] = {kUtfSignature, kUtfVersion, tree_at,    tree_size, 0, 44,
                                    names_at,      names_size,  names_size, data_at};
    std::memcpy(b.data(), header, sizeof header);
    for (std::size_t i = 0; i < entries.size(); ++i) std::memcpy(b.data() + tree_at + 44 * i, entries[i].data(), 44);
    std::memcpy(b.data() + names_at, names, names_size);
    return b;
}

TEST(UtfHostile, CyclesDepthAndBadHeadersAreRefused) {
    // root "\" -> folder "a" whose child is the root's child again: a cycle.
    auto cyc = handmade({{0, 1, 0x10, 0, 44, 0, 0, 0, 0, 0, 0}, {0, 3, 0x10, 0, 44, 0, 0, 0, 0, 0, 0}});
    auto r = decode_utf(cyc);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().code, ErrorCode::kBadHeader);
    EXPECT_NE(r.error().message.find("cycle"), std::string::npos);
    // A sibling chain that points back at itself.
    auto self = handmade({{0, 1, 0x10, 0, 44, 0, 0, 0, 0, 0, 0}, {44, 3, 0x80, 0, 0, 8, 8, 8, 0, 0, 0}});
    EXPECT_FALSE(decode_utf(self).ok());
    // A valid two-node tree: root with a leaf "a" of 8 bytes, in any region order.
    auto good = handmade({{0, 1, 0x10, 0, 44, 0, 0, 0, 0, 0, 0}, {0, 3, 0x08000080, 0, 0, 8, 8, 8, 0, 0, 0}});
    auto g = decode_utf(good);
    ASSERT_TRUE(g.ok()) << g.error().message;
    ASSERT_EQ(g->nodes.size(), 2u);
    EXPECT_FALSE(g->nodes[1].folder);  // 0x08000080 is a leaf (§1.2)
    EXPECT_EQ(g->nodes[1].data.size(), 8u);
    EXPECT_EQ(g->child(g->root(), "A"), &g->nodes[1]);  // names ignore ASCII case
    // Leaf payload past the end of the data block.
    auto far = handmade({{0, 1, 0x10, 0, 44, 0, 0, 0, 0, 0, 0}, {0, 3, 0x80, 0, 4, 8, 8, 8, 0, 0, 0}});
    auto f = decode_utf(far);
    ASSERT_FALSE(f.ok());
    EXPECT_EQ(f.error().code, ErrorCode::kTruncated);
    EXPECT_EQ(f.error().offset, 56u + 44 + 16);
    // Name offset outside the used names.
    auto noname = handmade({{0, 1, 0x10, 0, 44, 0, 0, 0, 0, 0, 0}, {0, 99, 0x80, 0, 0, 8, 8, 8, 0, 0, 0}});
    auto n = decode_utf(noname);
    ASSERT_FALSE(n.ok());
    EXPECT_EQ(n.error().code, ErrorCode::kOutOfBounds);
    // Wrong signature, version, entry size.
    auto bad = good;
    bad[0] = 'X';
    EXPECT_EQ(decode_utf(bad).error().code, ErrorCode::kBadMagic);
    bad = good;
    put32(bad, 4, 0x102);
    EXPECT_EQ(decode_utf(bad).error().code, ErrorCode::kUnsupported);
    bad = good;
    put32(bad, 20, 40);
    EXPECT_EQ(decode_utf(bad).error().code, ErrorCode::kBadHeader);
}

TEST(UtfHostile, DeepChainsStopAtTheDepthGuard) {
    // kMaxDepth + 2 nested folders, each the only child of the one before.
    std::vector<std::array<std::uint32_t, 11>> entries;
    const std::size_t n = kMaxDepth + 2;
    for (std::size_t i = 0; i < n; ++i)
        entries.push_back(
            {0, i == 0 ? 1u : 3u, 0x10, 0, i + 1 < n ? std::uint32_t(44 * (i + 1)) : 0u, 0, 0, 0, 0, 0, 0});
    auto r = decode_utf(handmade(entries));
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.error().message.find("deeper"), std::string::npos);
}

TEST(UtfHostile, CorruptConsLeavesAreRefusedByName) {
    MP_REQUIRE_CORPUS();
    const auto original =
        test::read_file(test::corpus_path("sur-with-models/retail/ships__liberty__li_elite__li_elite.cmp"));
    auto tree = decode_utf(original);
    ASSERT_TRUE(tree.ok());
    const UtfNode* fix = tree->find(tree->root(), "Cmpnd/Cons/Fix");
    ASSERT_NE(fix, nullptr);
    // §2.2: an unknown leaf name has no known stride: the model is refused at the leaf's entry.
    const std::uint32_t names_at = load_le<std::uint32_t>(original.data() + 24);
    const std::uint32_t name_off = load_le<std::uint32_t>(original.data() + fix->entry_offset + 4);
    auto renamed = original;
    renamed[names_at + name_off + 2] = 'z';  // "Fiz"
    auto m = decode_model(renamed);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().code, ErrorCode::kUnknownChunk);
    EXPECT_EQ(m.error().offset, fix->entry_offset);
    // §2.3: a payload that is not a whole number of 176-byte records.
    auto ragged = original;
    put32(ragged, fix->entry_offset + 24, std::uint32_t(fix->data.size() - 1));
    m = decode_model(ragged);
    ASSERT_FALSE(m.ok());
    EXPECT_EQ(m.error().code, ErrorCode::kSizeMismatch);
    EXPECT_EQ(m.error().offset, fix->entry_offset + 24);
}

}  // namespace
}  // namespace meshproof::utf
