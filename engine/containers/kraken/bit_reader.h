// The four bit readers of the Kraken format (spec kraken.md §1.2): MSB- or LSB-first
// bit order, walking bytes forward from a start or backward from an end.
//
// All four share one design: a 64-bit register refilled a byte group at a time. Bytes past
// the reader's range read as zero ("zero-fill", §1.2), so a reader never touches memory
// outside its range; callers compare consumed_bytes() against the range afterwards, which
// is what makes over-reads of corrupt streams harmless. Peeking beyond what is consumed is
// allowed (the table-driven decoders peek 11 bits at a time).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace meshproof::kraken {

enum class BitOrder { kMsbFirst, kLsbFirst };
enum class Direction { kForward, kBackward };

template <BitOrder kOrder, Direction kDir>
class BitReader {
public:
    BitReader() = default;
    // Reads the bytes [begin, end): forward readers start at begin, backward ones at end - 1.
    BitReader(const std::uint8_t* begin, const std::uint8_t* end)
        : begin_(begin), size_(static_cast<std::size_t>(end - begin)) {
        refill();
    }

    // After refill() at least 56 bits are buffered (zero bits beyond the range).
    inline void refill() {
        if (count_ > 56) return;
        if (size_ - loaded_ >= 8 && loaded_ <= size_) {
            std::uint64_t v = load8();
            if constexpr (kOrder == BitOrder::kLsbFirst) {
                bits_ |= v << count_;
            } else {
                bits_ |= v >> count_;
            }
            loaded_ += (63 - count_) >> 3;
            count_ |= 56;
        } else {
            refill_slow();
        }
    }

    // Up to 56 bits may be peeked after refill(); n in 0..32 is the common case.
    inline std::uint32_t peek(unsigned n) const {
        if (n == 0) return 0;
        if constexpr (kOrder == BitOrder::kLsbFirst) {
            return static_cast<std::uint32_t>(bits_ & ((std::uint64_t{1} << n) - 1));
        } else {
            return static_cast<std::uint32_t>(bits_ >> (64 - n));
        }
    }
    // Peek exactly N bits (1..32) without the zero-width branch of peek().
    template <unsigned N>
    inline std::uint32_t peek_n() const {
        static_assert(N >= 1 && N <= 32);
        if constexpr (kOrder == BitOrder::kLsbFirst) {
            return static_cast<std::uint32_t>(bits_ & ((std::uint64_t{1} << N) - 1));
        } else {
            return static_cast<std::uint32_t>(bits_ >> (64 - N));
        }
    }
    inline void consume(unsigned n) {
        if constexpr (kOrder == BitOrder::kLsbFirst) {
            bits_ >>= n;
        } else {
            bits_ = n >= 64 ? 0 : bits_ << n;
        }
        count_ -= n;
    }
    // Reads n <= 32 bits, refilling first.
    inline std::uint32_t read(unsigned n) {
        refill();
        std::uint32_t v = peek(n);
        consume(n);
        return v;
    }
    // MSB-first only: number of 0 bits before the next 1 bit, up to the buffered count
    // (callers refill first; at least 56 buffered bits, zero-filled past the range).
    inline unsigned leading_zeros() const {
        static_assert(kOrder == BitOrder::kMsbFirst);
        return bits_ == 0 ? 64u : static_cast<unsigned>(std::countl_zero(bits_));
    }
    unsigned buffered() const { return count_; }

    // Bits consumed so far, and the §1.2 byte count ceil(bits / 8).
    std::uint64_t consumed_bits() const { return std::uint64_t{loaded_} * 8 - count_; }
    std::uint64_t consumed_bytes() const { return (consumed_bits() + 7) / 8; }
    std::size_t size() const { return size_; }

private:
    // 8 bytes in reading order packed so the first byte read lands where refill expects it.
    inline std::uint64_t load8() const {
        std::uint64_t v;
        if constexpr (kDir == Direction::kForward) {
            std::memcpy(&v, begin_ + loaded_, 8);
        } else {
            std::memcpy(&v, begin_ + (size_ - loaded_ - 8), 8);
            v = byteswap64(v);  // the byte just below the end becomes the first byte
        }
        if constexpr (kOrder == BitOrder::kMsbFirst) v = byteswap64(v);
        return v;
    }
    void refill_slow() {
        while (count_ <= 56) {
            std::uint64_t b = 0;
            if (loaded_ < size_) {
                b = kDir == Direction::kForward ? begin_[loaded_] : begin_[size_ - 1 - loaded_];
            }
            if constexpr (kOrder == BitOrder::kLsbFirst) {
                bits_ |= b << count_;
            } else {
                bits_ |= b << (56 - count_);
            }
            ++loaded_;
            count_ += 8;
        }
    }
    static inline std::uint64_t byteswap64(std::uint64_t v) { return __builtin_bswap64(v); }

    const std::uint8_t* begin_ = nullptr;
    std::size_t size_ = 0;
    std::size_t loaded_ = 0;  // bytes moved into bits_, counting zero-fill bytes past the range
    std::uint64_t bits_ = 0;
    unsigned count_ = 0;  // valid bits in bits_
};

using MsbForward = BitReader<BitOrder::kMsbFirst, Direction::kForward>;    // MF
using MsbBackward = BitReader<BitOrder::kMsbFirst, Direction::kBackward>;  // MB
using LsbForward = BitReader<BitOrder::kLsbFirst, Direction::kForward>;    // LF
using LsbBackward = BitReader<BitOrder::kLsbFirst, Direction::kBackward>;  // LB

// §1.2: a forward and a backward reader over [S, E) meet when their consumed bytes tile it.
template <class F, class B>
inline bool readers_meet(const F& fwd, const B& bwd, std::uint64_t range_size) {
    return fwd.consumed_bytes() + bwd.consumed_bytes() == range_size;
}

}  // namespace meshproof::kraken
