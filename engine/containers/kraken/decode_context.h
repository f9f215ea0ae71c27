// Shared state of one kraken_decompress call: where the compressed stream begins (so every
// error carries its byte offset in the stream), and the scratch arena for intermediate
// arrays (spec kraken.md §10: arrays of a sub-chunk, temporaries of nested blocks).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/core/error.h"

namespace meshproof::kraken {

// Nested byte-array blocks (RLE prefix, recursive) are limited to this depth (§4.2 / §9.16).
inline constexpr int kMaxNesting = 16;
// Largest decoded size of any coded byte-array block (§4.1 long form: 18-bit ds - 1).
inline constexpr std::size_t kMaxBlockSize = 262144;
// Slack after every scratch array so hot loops may copy in 16-byte units (§10).
inline constexpr std::size_t kSlack = 64;

// A bump allocator in chunks that are kept for reuse; mark()/release() give stack discipline,
// so nested decodes free their temporaries on return. Pointers stay valid until released.
class ScratchArena {
public:
    struct Mark {
        std::size_t chunk = 0;
        std::size_t used = 0;
    };
    Mark mark() const { return {current_, chunks_.empty() ? 0 : chunks_[current_].used}; }
    void release(Mark m) {
        if (chunks_.empty()) return;
        current_ = m.chunk;
        chunks_[current_].used = m.used;  // later chunks are reset when allocate() moves on
    }
    // `size` bytes plus kSlack readable/writable bytes after them (contents unspecified).
    std::span<std::uint8_t> allocate(std::size_t size) {
        const std::size_t need = (size + kSlack + 15) & ~std::size_t{15};
        if (chunks_.empty()) {
            chunks_.push_back(make_chunk(need));
            current_ = 0;
        }
        if (chunks_[current_].capacity - chunks_[current_].used < need) {
            ++current_;
            if (current_ == chunks_.size()) {
                chunks_.push_back(make_chunk(need));
            } else if (chunks_[current_].capacity < need) {
                // Free (everything after current_ is released). Grow geometrically so a
                // sequence of slightly larger requests does not re-allocate every time.
                chunks_[current_] = make_chunk(std::max(need, 2 * chunks_[current_].capacity));
            }
            chunks_[current_].used = 0;
        }
        Chunk& c = chunks_[current_];
        std::uint8_t* p = c.data.get() + c.used;
        c.used += need;
        return {p, size};
    }

private:
    struct Chunk {
        std::unique_ptr<std::uint8_t[]> data;
        std::size_t capacity = 0;
        std::size_t used = 0;
    };
    static Chunk make_chunk(std::size_t need) {
        const std::size_t cap = need > kChunkSize ? need : kChunkSize;
        return Chunk{std::make_unique_for_overwrite<std::uint8_t[]>(cap), cap, 0};
    }
    static constexpr std::size_t kChunkSize = 1 << 20;
    std::vector<Chunk> chunks_;
    std::size_t current_ = 0;
};

// Releases everything allocated after its construction when it goes out of scope.
class ScratchScope {
public:
    explicit ScratchScope(ScratchArena& arena) : arena_(arena), mark_(arena.mark()) {}
    ~ScratchScope() { arena_.release(mark_); }
    ScratchScope(const ScratchScope&) = delete;
    ScratchScope& operator=(const ScratchScope&) = delete;

private:
    ScratchArena& arena_;
    ScratchArena::Mark mark_;
};

struct DecodeContext {
    const std::uint8_t* stream_begin = nullptr;
    ScratchArena& scratch;

    std::uint64_t offset_of(const std::uint8_t* p) const { return static_cast<std::uint64_t>(p - stream_begin); }
    // A corrupt-stream error at the byte `p` of the compressed stream.
    Error corrupt(const std::uint8_t* p, std::string message) const {
        return make_error(ErrorCode::kDecompress, offset_of(p), "kraken: " + std::move(message));
    }
    Error truncated(const std::uint8_t* p, std::string message) const {
        return make_error(ErrorCode::kTruncated, offset_of(p), "kraken: " + std::move(message));
    }
};

}  // namespace meshproof::kraken
