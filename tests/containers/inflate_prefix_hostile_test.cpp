// ctest-labels: hostile
// The heads of DFLT and ZSTD streams on hostile input: every prefix of a compressed fixture gives
// an error or the right bytes (each prefix in a buffer of its own size and each head in one of its
// own, so the sanitizer build sees a read or write past either), and hand-made deflate streams
// break each rule of RFC 1951 once, refused with the reason.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "engine/containers/dcx.h"
#include "engine/containers/dcx_writer.h"
#include "engine/containers/default_decompressors.h"
#include "engine/containers/inflate_prefix.h"
#include "engine/containers/zlib_stream.h"
#include "tests/containers/inflate_samples.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {

// Every prefix of `stream` through `head_of` into a head of `size` bytes: an error whose offset is
// inside the prefix, or the content's first bytes.
template <class HeadOf>
void expect_every_prefix_safe(const std::vector<std::uint8_t>& stream, const std::vector<std::uint8_t>& content,
                              std::size_t size, HeadOf head_of) {
    ASSERT_LE(size, content.size());
    for (std::size_t len : test::prefix_lengths(stream.size())) {
        const std::vector<std::uint8_t> prefix(stream.begin(), stream.begin() + static_cast<std::ptrdiff_t>(len));
        std::vector<std::uint8_t> head(size);
        const Status s = head_of(Bytes(prefix), std::span<std::uint8_t>(head));
        if (s.ok()) {
            ASSERT_TRUE(std::equal(head.begin(), head.end(), content.begin())) << "prefix " << len;
        } else {
            ASSERT_LE(s.error().offset, len) << "prefix " << len << ": " << s.error().message;
        }
    }
    std::vector<std::uint8_t> head(size);
    ASSERT_TRUE(head_of(Bytes(stream), std::span<std::uint8_t>(head)).ok());
}

TEST(InflatePrefixHostile, EveryPrefixOfOurWritersStreamsGivesAnErrorOrTheRightBytes) {
    const std::vector<std::pair<std::vector<std::uint8_t>, int>> cases = {{test::text_like(20000, 11), 9},
                                                                          {test::random_bytes(20000, 12), 1},
                                                                          {test::far_repeats(34000, 13), 6},
                                                                          {test::short_phrase(), 12}};
    for (const auto& [content, level] : cases) {
        const std::vector<std::uint8_t> zlib = deflate_zlib(content, level);
        expect_every_prefix_safe(zlib, content, content.size(), inflate_zlib_prefix);
    }
}

TEST(InflatePrefixHostile, EveryPrefixOfACorpusDfltPayloadGivesAnErrorOrTheRightBytes) {
    MP_REQUIRE_CORPUS();
    const std::vector<std::uint8_t> dcx =
        test::read_file(test::corpus_path("havok/anibnd/sekiro/chr__c0000_c1180.anibnd.dcx"));
    auto whole = dcx_decompress(dcx, default_decompressors());
    ASSERT_TRUE(whole.ok()) << whole.error().message;
    auto header = parse_dcx_header(dcx);
    ASSERT_TRUE(header.ok());
    const Bytes payload = dcx_payload(dcx, *header);
    expect_every_prefix_safe({payload.begin(), payload.end()}, *whole, 4096, inflate_zlib_prefix);
}

TEST(InflatePrefixHostile, EveryPrefixOfAZstdFrameGivesAnErrorOrTheRightBytes) {
    const DecompressorRegistry registry = default_decompressors();
    const Decompressor* zstd = registry.find("ZSTD");
    ASSERT_NE(zstd, nullptr);
    auto head_of = [zstd](Bytes in, std::span<std::uint8_t> out) { return zstd->decompress_head(in, out); };
    for (int level : {1, 19}) {
        const std::vector<std::uint8_t> content = test::text_like(40000, 14);
        const std::vector<std::uint8_t> dcx = dcx_write_zstd(content, level);
        auto header = parse_dcx_header(dcx);
        ASSERT_TRUE(header.ok());
        const Bytes payload = dcx_payload(dcx, *header);
        for (std::size_t size : {content.size(), std::size_t{1000}})
            expect_every_prefix_safe({payload.begin(), payload.end()}, content, size, head_of);
    }
}

// Deflate bits by hand (RFC 1951 §3.1.1): values least significant bit first, Huffman codes most
// significant bit first, behind the zlib header 78 01.
class BitWriter {
public:
    void put(std::uint32_t value, int bits) {
        for (int i = 0; i < bits; ++i) bit((value >> i) & 1);
    }
    void code(std::uint32_t code, int length) {
        for (int i = length - 1; i >= 0; --i) bit((code >> i) & 1);
    }
    void align() {
        while (used_ != 0) bit(0);
    }
    void byte(std::uint8_t b) {
        align();
        bytes_.push_back(b);
    }
    std::vector<std::uint8_t> finish() {
        align();
        return bytes_;
    }

private:
    void bit(std::uint32_t b) {
        if (used_ == 0) bytes_.push_back(0);
        bytes_.back() = static_cast<std::uint8_t>(bytes_.back() | (b << used_));
        used_ = (used_ + 1) % 8;
    }
    std::vector<std::uint8_t> bytes_{0x78, 0x01};
    int used_ = 0;
};

// RFC 1951 §3.2.2's canonical codes of a list of code lengths.
std::vector<std::uint32_t> canonical_codes(const std::vector<int>& lengths) {
    std::array<std::uint32_t, 16> count{};
    for (int l : lengths) ++count[l];
    count[0] = 0;
    std::array<std::uint32_t, 16> next{};
    std::uint32_t code = 0;
    for (int b = 1; b < 16; ++b) next[b] = code = (code + count[b - 1]) << 1;
    std::vector<std::uint32_t> out(lengths.size());
    for (std::size_t i = 0; i < lengths.size(); ++i)
        if (lengths[i] != 0) out[i] = next[lengths[i]]++;
    return out;
}

struct ClSymbol {
    int symbol;
    std::uint32_t extra = 0;  // the repeat count's extra bits for 16, 17, 18
};

// A final dynamic block's header: 257 literal/length and `distances` distance code lengths, sent as
// `sequence` with a code-length code of `cl_lengths` (indexed by code-length symbol).
void dynamic_header(BitWriter& w, std::vector<int> cl_lengths, const std::vector<ClSymbol>& sequence,
                    int distances = 1) {
    static constexpr int kOrder[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    cl_lengths.resize(19);
    w.put(1, 1);
    w.put(2, 2);
    w.put(0, 5);  // HLIT = 257
    w.put(static_cast<std::uint32_t>(distances - 1), 5);
    int hclen = 19;
    while (hclen > 4 && cl_lengths[kOrder[hclen - 1]] == 0) --hclen;
    w.put(static_cast<std::uint32_t>(hclen - 4), 4);
    for (int i = 0; i < hclen; ++i) w.put(static_cast<std::uint32_t>(cl_lengths[kOrder[i]]), 3);
    const std::vector<std::uint32_t> codes = canonical_codes(cl_lengths);
    for (const ClSymbol& s : sequence) {
        w.code(codes[s.symbol], cl_lengths[s.symbol]);
        if (s.symbol == 16) w.put(s.extra, 2);
        if (s.symbol == 17) w.put(s.extra, 3);
        if (s.symbol == 18) w.put(s.extra, 7);
    }
}

// Code-length code {1: 1 bit, 18: 1 bit}; lengths: 'A' and end-of-block 1 bit each, the one
// distance code `distance_length` bits (symbol 1 = 1 bit, 2 = 2 bits).
std::vector<ClSymbol> a_and_end(int end_symbol = 1, int distance_symbol = 1) {
    return {{18, 65 - 11}, {1}, {18, 138 - 11}, {18, 52 - 11}, {end_symbol}, {distance_symbol}};
}

Status head(const std::vector<std::uint8_t>& zlib, std::size_t n, std::vector<std::uint8_t>* out = nullptr) {
    std::vector<std::uint8_t> buffer(n);
    Status s = inflate_zlib_prefix(zlib, buffer);
    if (out) *out = buffer;
    return s;
}

void expect_refused(const std::vector<std::uint8_t>& zlib, const std::string& reason) {
    const Status s = head(zlib, 16);
    ASSERT_FALSE(s.ok()) << reason;
    EXPECT_EQ(s.error().code, ErrorCode::kDecompress) << s.error().message;
    EXPECT_NE(s.error().message.find(reason), std::string::npos) << s.error().message;
    EXPECT_LE(s.error().offset, zlib.size());
    // And every prefix of it: an error, never a read past it.
    for (std::size_t len = 0; len < zlib.size(); ++len) {
        const std::vector<std::uint8_t> prefix(zlib.begin(), zlib.begin() + static_cast<std::ptrdiff_t>(len));
        EXPECT_FALSE(head(prefix, 16).ok()) << reason << " prefix " << len;
    }
}

TEST(InflatePrefixHostile, TheHandMadeDynamicBlockItselfInflates) {
    BitWriter w;
    dynamic_header(w, {0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, a_and_end());
    w.code(0, 1);
    w.code(0, 1);
    w.code(1, 1);  // end of block
    const std::vector<std::uint8_t> zlib = w.finish();
    std::vector<std::uint8_t> out;
    ASSERT_TRUE(head(zlib, 2, &out).ok());
    EXPECT_EQ(out, (std::vector<std::uint8_t>{'A', 'A'}));
    const Status longer = head(zlib, 3);
    ASSERT_FALSE(longer.ok());
    EXPECT_EQ(longer.error().code, ErrorCode::kSizeMismatch);
}

TEST(InflatePrefixHostile, ADistanceCodeOfNoCodesOrOneOneBitCodeIsAllowed) {
    BitWriter w;  // code-length code {0: 2 bits, 1: 1 bit, 18: 2 bits}; the distance code empty
    dynamic_header(w, {2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}, a_and_end(1, 0));
    w.code(0, 1);
    const std::vector<std::uint8_t> zlib = w.finish();
    std::vector<std::uint8_t> out;
    ASSERT_TRUE(head(zlib, 1, &out).ok());
    EXPECT_EQ(out, (std::vector<std::uint8_t>{'A'}));
}

TEST(InflatePrefixHostile, AReservedBlockTypeIsRefused) {
    BitWriter w;
    w.put(1, 1);
    w.put(3, 2);
    expect_refused(w.finish(), "reserved block type");
}

TEST(InflatePrefixHostile, OverSubscribedAndIncompleteCodeLengthCodesAreRefused) {
    BitWriter over;  // three 1-bit codes
    dynamic_header(over, {1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, a_and_end());
    expect_refused(over.finish(), "code-length code: over-subscribed");
    BitWriter incomplete;  // a 1-bit and a 2-bit code: a quarter of the code space unused
    dynamic_header(incomplete, {0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}, a_and_end());
    expect_refused(incomplete.finish(), "code-length code: incomplete");
}

TEST(InflatePrefixHostile, OverSubscribedAndIncompleteLiteralLengthCodesAreRefused) {
    const std::vector<int> cl = {0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2};
    BitWriter over;  // 'A', 'B' and end-of-block all 1 bit
    dynamic_header(over, cl, {{18, 65 - 11}, {1}, {1}, {18, 138 - 11}, {18, 51 - 11}, {1}, {1}});
    expect_refused(over.finish(), "literal/length code: over-subscribed");
    BitWriter incomplete;  // 'A' 1 bit, end-of-block 2 bits
    dynamic_header(incomplete, cl, a_and_end(2, 1));
    expect_refused(incomplete.finish(), "literal/length code: incomplete");
}

TEST(InflatePrefixHostile, AnIncompleteDistanceCodeOtherThanOneOneBitCodeIsRefused) {
    BitWriter w;  // the one distance code 2 bits long
    dynamic_header(w, {0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2}, a_and_end(1, 2));
    expect_refused(w.finish(), "distance code: incomplete");
}

TEST(InflatePrefixHostile, ACodeLengthRepeatWithNoPreviousLengthIsRefused) {
    BitWriter w;  // code-length code {1: 1 bit, 16: 1 bit}, the sequence opening with 16
    dynamic_header(w, {0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0}, {{16, 0}, {1}});
    expect_refused(w.finish(), "repeat with no previous length");
}

TEST(InflatePrefixHostile, ACodeLengthRepeatPastTheLastLengthIsRefused) {
    BitWriter w;
    dynamic_header(w, {0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
                   {{18, 127}, {18, 127}, {1}});  // 276 zeros of 258 lengths
    expect_refused(w.finish(), "repeat past the last code length");
}

// Fixed codes (RFC 1951 §3.2.6): literals 0..143 are 8 bits from 0x30, 256..279 7 bits from 0,
// 280..287 8 bits from 0xC0; distances 5 bits.
TEST(InflatePrefixHostile, ADistanceBeforeTheOutputsStartIsRefused) {
    BitWriter first;  // a match at the very start
    first.put(1, 1);
    first.put(1, 2);
    first.code(257 - 256, 7);  // length 3
    first.code(0, 5);          // distance 1
    expect_refused(first.finish(), "before the output's start");
    BitWriter second;  // one literal, then a match 2 back
    second.put(1, 1);
    second.put(1, 2);
    second.code(0x30 + 'A', 8);
    second.code(257 - 256, 7);
    second.code(1, 5);  // distance 2
    expect_refused(second.finish(), "before the output's start");
}

TEST(InflatePrefixHostile, SymbolsThatNeverOccurAreRefused) {
    BitWriter literal;  // literal/length 286
    literal.put(1, 1);
    literal.put(1, 2);
    literal.code(0xC0 + 286 - 280, 8);
    expect_refused(literal.finish(), "invalid literal/length symbol");
    BitWriter distance;  // distance 30 after one literal
    distance.put(1, 1);
    distance.put(1, 2);
    distance.code(0x30 + 'A', 8);
    distance.code(257 - 256, 7);
    distance.code(30, 5);
    // The head of one byte is the literal; the match after it is refused.
    const std::vector<std::uint8_t> zlib = distance.finish();
    EXPECT_TRUE(head(zlib, 1).ok());
    const Status s = head(zlib, 2);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().message.find("invalid distance symbol"), std::string::npos) << s.error().message;
}

TEST(InflatePrefixHostile, AStoredBlockWhoseLenAndNlenDisagreeIsRefused) {
    for (const bool agree : {true, false}) {
        BitWriter w;
        w.put(1, 1);
        w.put(0, 2);
        for (std::uint8_t b :
             {std::uint8_t{5}, std::uint8_t{0}, std::uint8_t{0xFA}, static_cast<std::uint8_t>(agree ? 0xFF : 0xFE),
              std::uint8_t{'h'}, std::uint8_t{'e'}, std::uint8_t{'l'}, std::uint8_t{'l'}, std::uint8_t{'o'}})
            w.byte(b);
        const std::vector<std::uint8_t> zlib = w.finish();
        if (!agree) {
            expect_refused(zlib, "LEN and NLEN disagree");
            continue;
        }
        std::vector<std::uint8_t> out;
        ASSERT_TRUE(head(zlib, 5, &out).ok());
        EXPECT_EQ(std::string(out.begin(), out.end()), "hello");
    }
}

TEST(InflatePrefixHostile, ABadZlibHeaderIsRefused) {
    std::vector<std::uint8_t> zlib = deflate_zlib(test::short_phrase(), 9);
    for (const auto& [at, value] : {std::pair<std::size_t, std::uint8_t>{0, 0x79}, {0, 0x88}, {1, 0xDB}, {1, 0xBB}}) {
        std::vector<std::uint8_t> bad = zlib;
        bad[at] = value;  // method 9, a 64 KiB window, the check bits off, a preset dictionary
        expect_refused(bad, "zlib");
    }
}

}  // namespace
}  // namespace meshproof
