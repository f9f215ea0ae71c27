#include "engine/containers/inflate_prefix.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include <fmt/format.h>

#include "engine/containers/inflate_huffman.h"

namespace meshproof {
namespace {

using inflate::Entry;
using inflate::EntryKind;

// The stream's bits, least significant first (RFC 1951 §3.1.1), 56 or more at a time. Past the
// end of `in` it shifts in zero bits and counts them; a read that used one is caught by
// overran(), so no byte outside `in` is ever read and no decision rests on a bit that is not there.
class BitReader {
public:
    BitReader(Bytes in, std::size_t at) : in_(in), pos_(at) {}

    // At least 56 bits buffered afterwards: enough for the longest literal/length code, its extra
    // bits, a distance code and its extra bits (15 + 5 + 15 + 13).
    void refill() {
        if (bits_ >= 56) return;
        if (in_.size() - pos_ >= 8) {
            buffer_ |= load_le<std::uint64_t>(in_.data() + pos_) << bits_;
            pos_ += static_cast<std::size_t>(63 - bits_) >> 3;
            bits_ |= 56;
            return;
        }
        while (bits_ <= 56) {
            if (pos_ < in_.size()) {
                buffer_ |= std::uint64_t{in_[pos_++]} << bits_;
            } else {
                padding_ += 8;
            }
            bits_ += 8;
        }
    }

    std::uint64_t peek() const { return buffer_; }
    void consume(int n) {
        buffer_ >>= n;
        bits_ -= n;
    }
    std::uint32_t take(int n) {
        const auto v = static_cast<std::uint32_t>(buffer_ & ((std::uint64_t{1} << n) - 1));
        consume(n);
        return v;
    }
    // True once a bit past the end of the input was consumed.
    bool overran() const { return bits_ < padding_; }

    // The input byte the next bit comes from (the input's size once it ran out).
    std::uint64_t offset() const {
        const std::uint64_t consumed_bits =
            std::uint64_t{pos_} * 8 + static_cast<std::uint64_t>(padding_) - static_cast<std::uint64_t>(bits_);
        return std::min<std::uint64_t>(consumed_bits / 8, in_.size());
    }

    // Drops the bits up to the next byte boundary (a stored block's start, §3.2.4) and gives the
    // input offset there; false when that boundary is past the input's end.
    bool align_to_byte(std::size_t& at) {
        consume(bits_ % 8);
        if (overran()) return false;
        at = pos_ - static_cast<std::size_t>((bits_ - padding_) / 8);
        return true;
    }
    void restart_at(std::size_t at) {
        pos_ = at;
        buffer_ = 0;
        bits_ = 0;
        padding_ = 0;
    }

private:
    Bytes in_;
    std::size_t pos_;
    std::uint64_t buffer_ = 0;
    int bits_ = 0;
    int padding_ = 0;
};

template <class Table>
Entry decode(const Table& table, BitReader& bits) {
    const std::uint64_t b = bits.peek();
    Entry e = table.entries[b & ((1u << Table::kRootBits) - 1)];
    if (e.kind == EntryKind::kSubtable) e = table.entries[e.value + ((b >> Table::kRootBits) & ((1u << e.extra) - 1))];
    bits.consume(e.length);
    return e;
}

// The tables of one dynamic block, kept per thread: about 45 KiB, built in place block by block.
struct DynamicTables {
    inflate::LiteralLengthTable literal_length;
    inflate::DistanceTable distance;
    inflate::CodeLengthTable code_length;
};

class PrefixInflater {
public:
    PrefixInflater(Bytes in, std::span<std::uint8_t> out) : in_(in), out_(out), bits_(in, 2) {}

    Status run() {
        for (;;) {
            bits_.refill();
            const bool final_block = bits_.take(1) != 0;
            const std::uint32_t type = bits_.take(2);
            if (bits_.overran()) return truncated();
            Status block = ok_status();
            switch (type) {
                case 0: block = stored_block(); break;
                case 1:
                    block = huffman_block(inflate::fixed_literal_length_table(), inflate::fixed_distance_table());
                    break;
                case 2: {
                    thread_local DynamicTables tables;
                    block = dynamic_header(tables);
                    if (block.ok()) block = huffman_block(tables.literal_length, tables.distance);
                    break;
                }
                default: return corrupt("reserved block type 3");
            }
            if (!block.ok() || written_ == out_.size()) return block;
            if (final_block)
                return make_error(ErrorCode::kSizeMismatch, bits_.offset(),
                                  fmt::format("deflate stream ends after {} bytes, {} wanted", written_, out_.size()));
        }
    }

private:
    Error corrupt(std::string_view what) const {
        return make_error(ErrorCode::kDecompress, bits_.offset(), fmt::format("corrupt deflate stream: {}", what));
    }
    Error truncated() const { return make_error(ErrorCode::kDecompress, in_.size(), "deflate stream truncated"); }

    // §3.2.4: LEN, NLEN (its one's complement), then LEN bytes as they are.
    Status stored_block() {
        std::size_t at = 0;
        if (!bits_.align_to_byte(at) || in_.size() - at < 4) return truncated();
        const std::uint32_t len = in_[at] | (std::uint32_t{in_[at + 1]} << 8);
        const std::uint32_t nlen = in_[at + 2] | (std::uint32_t{in_[at + 3]} << 8);
        if (len != (~nlen & 0xFFFF))
            return make_error(ErrorCode::kDecompress, at,
                              "corrupt deflate stream: stored block's LEN and NLEN disagree");
        at += 4;
        const std::size_t n = std::min<std::size_t>(len, out_.size() - written_);
        if (in_.size() - at < n) return truncated();
        std::memcpy(out_.data() + written_, in_.data() + at, n);
        written_ += n;
        if (written_ == out_.size()) return ok_status();
        if (in_.size() - at < len) return truncated();
        bits_.restart_at(at + len);
        return ok_status();
    }

    // §3.2.7: the code lengths of both codes, themselves Huffman-coded with run-length repeats.
    Status dynamic_header(DynamicTables& tables) {
        static constexpr std::uint8_t kCodeLengthOrder[19] = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                                              11, 4,  12, 3, 13, 2, 14, 1, 15};
        bits_.refill();
        const std::size_t literal_lengths = bits_.take(5) + 257;
        const std::size_t distances = bits_.take(5) + 1;
        const std::size_t code_lengths = bits_.take(4) + 4;
        std::array<std::uint8_t, 19> code_length_lengths{};
        for (std::size_t i = 0; i < code_lengths; ++i) {
            bits_.refill();
            code_length_lengths[kCodeLengthOrder[i]] = static_cast<std::uint8_t>(bits_.take(3));
        }
        if (bits_.overran()) return truncated();
        if (auto why = inflate::build_table(code_length_lengths, inflate::Alphabet::kCodeLengths, tables.code_length);
            !why.empty())
            return corrupt(fmt::format("code-length code: {}", why));

        std::array<std::uint8_t, 288 + 32> lengths{};
        const std::size_t total = literal_lengths + distances;
        for (std::size_t n = 0; n < total;) {
            bits_.refill();
            const Entry e = decode(tables.code_length, bits_);
            if (bits_.overran()) return truncated();
            if (e.kind != EntryKind::kLiteral) return corrupt("invalid code-length symbol");
            if (e.value < 16) {
                lengths[n++] = static_cast<std::uint8_t>(e.value);
                continue;
            }
            std::uint8_t repeated = 0;
            std::size_t count = 0;
            if (e.value == 16) {
                if (n == 0) return corrupt("code-length repeat with no previous length");
                repeated = lengths[n - 1];
                count = 3 + bits_.take(2);
            } else if (e.value == 17) {
                count = 3 + bits_.take(3);
            } else {
                count = 11 + bits_.take(7);
            }
            if (bits_.overran()) return truncated();
            if (count > total - n) return corrupt("code-length repeat past the last code length");
            std::fill_n(lengths.begin() + static_cast<std::ptrdiff_t>(n), count, repeated);
            n += count;
        }
        const std::span<const std::uint8_t> all(lengths.data(), total);
        if (auto why = inflate::build_table(all.first(literal_lengths), inflate::Alphabet::kLiteralLength,
                                            tables.literal_length);
            !why.empty())
            return corrupt(fmt::format("literal/length code: {}", why));
        if (auto why =
                inflate::build_table(all.subspan(literal_lengths), inflate::Alphabet::kDistance, tables.distance);
            !why.empty())
            return corrupt(fmt::format("distance code: {}", why));
        return ok_status();
    }

    // §3.2.5: literals and <length, distance> pairs until the end-of-block code, or until the
    // output is full.
    template <class LiteralLengthTable, class DistanceTable>
    Status huffman_block(const LiteralLengthTable& literal_length, const DistanceTable& distance) {
        std::uint8_t* const out = out_.data();
        const std::size_t size = out_.size();
        std::size_t o = written_;
        for (;;) {
            bits_.refill();
            const Entry e = decode(literal_length, bits_);
            if (bits_.overran()) return truncated();
            if (e.kind == EntryKind::kLiteral) {
                out[o++] = static_cast<std::uint8_t>(e.value);
                if (o == size) break;
                continue;
            }
            if (e.kind != EntryKind::kLength) {
                if (e.kind == EntryKind::kEnd) break;
                return corrupt("invalid literal/length symbol");
            }
            const std::size_t length = e.value + bits_.take(e.extra);
            const Entry d = decode(distance, bits_);
            if (d.kind != EntryKind::kDistance) {
                if (bits_.overran()) return truncated();
                return corrupt("invalid distance symbol");
            }
            const std::size_t back = d.value + bits_.take(d.extra);
            if (bits_.overran()) return truncated();
            if (back > o) {
                written_ = o;
                return corrupt(fmt::format("distance {} before the output's start ({} bytes written)", back, o));
            }
            const std::size_t n = std::min(length, size - o);
            copy_match(out + o, back, n, size - o);
            o += n;
            if (o == size) break;
        }
        written_ = o;
        return ok_status();
    }

    // Copies n bytes from `back` bytes earlier, the copy reading what it writes (a run). `room`
    // is the output left from dst: 8-byte steps may write up to 7 bytes past n, never past room.
    static void copy_match(std::uint8_t* dst, std::size_t back, std::size_t n, std::size_t room) {
        const std::uint8_t* src = dst - back;
        if (back >= 8 && room - n >= 7) {
            for (std::size_t k = 0; k < n; k += 8) std::memcpy(dst + k, src + k, 8);
        } else if (back == 1) {
            std::memset(dst, *src, n);
        } else {
            for (std::size_t k = 0; k < n; ++k) dst[k] = src[k];
        }
    }

    Bytes in_;
    std::span<std::uint8_t> out_;
    BitReader bits_;
    std::size_t written_ = 0;
};

}  // namespace

Status inflate_zlib_prefix(Bytes in, std::span<std::uint8_t> out) {
    // RFC 1950 §2.2: CMF (method 8, a window of at most 32 KiB), FLG (no preset dictionary), and
    // CMF * 256 + FLG a multiple of 31.
    if (in.size() < 2) return make_error(ErrorCode::kDecompress, in.size(), "zlib header truncated");
    const unsigned cmf = in[0];
    const unsigned flg = in[1];
    if ((cmf & 0x0F) != 8)
        return make_error(ErrorCode::kDecompress, 0, fmt::format("zlib method {} is not deflate", cmf & 0x0F));
    if ((cmf >> 4) > 7) return make_error(ErrorCode::kDecompress, 0, "zlib window over 32 KiB");
    if ((cmf * 256 + flg) % 31 != 0) return make_error(ErrorCode::kDecompress, 1, "zlib header check fails");
    if ((flg & 0x20) != 0) return make_error(ErrorCode::kDecompress, 1, "zlib stream needs a preset dictionary");
    if (out.empty()) return ok_status();
    return PrefixInflater(in, out).run();
}

}  // namespace meshproof
