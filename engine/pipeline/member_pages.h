// The mapped pages of an opened group's members, brought in and let go a block at a time while its
// members run. A binder's data file is mapped whole; mapping in all of it when the group opens,
// and keeping it until the group ends, held every open binder's bytes in the process at once: on
// Sekiro's binders of 50 MB and more, a run of many threads (each may hold a group) took most of
// its memory so. Here a block of the file is mapped in (populate_pages: one call, not a fault per
// 64 KiB) when the first member in it starts, and let go (release_pages) when the last member in
// it ends, so a group holds the blocks its running members read.
//
// Blocks are kBlockBytes of a mapping, from its start; a member spanning two blocks counts in
// both, so no block is let go while a member that reads it runs (a page is let go only when every
// member reading it has ended). Of each block, only the bytes its members' decoders read through
// are asked for (readable_part). The run and the inflate floor read the same way.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/core/bytes.h"
#include "engine/pipeline/member_group.h"

namespace meshproof {

// The bytes of a stored member the decoders read through: a valid DCX header and its stated
// payload, or a tagfile's or compendium's root section (its size word); nothing for anything else
// (a member that is neither is refused from its first bytes).
Bytes readable_part(Bytes stored);

class MemberPages {
public:
    static constexpr std::size_t kBlockBytes = std::size_t{1} << 20;

    // Over g's jobs whose stored bytes lie in one of g's mappings (an inflated binder body is not
    // mapped: its jobs have no block). g must outlive this.
    explicit MemberPages(const OpenedGroup& g);
    MemberPages(const MemberPages&) = delete;
    MemberPages& operator=(const MemberPages&) = delete;

    // Before job `i` reads its bytes: its blocks not yet mapped in are. Thread-safe.
    void begin(std::size_t i);
    // Once job `i` has ended (called once per job, for every job, read or not): each of its blocks
    // whose every job has ended is let go. Thread-safe.
    void end(std::size_t i);

    // For the tests: the blocks, and how many have been let go.
    std::size_t blocks() const { return block_count_; }
    std::size_t released() const { return released_.load(std::memory_order_relaxed); }

private:
    struct Block {
        Bytes part;                             // the block's bytes its jobs read, clipped to the block
        std::atomic<std::uint32_t> pending{0};  // its jobs not yet ended
        std::atomic<bool> populated{false};
    };
    std::unique_ptr<Block[]> block_;
    std::size_t block_count_ = 0;
    std::vector<std::uint32_t> first_block_, block_span_;  // per job: its blocks, consecutive
    std::atomic<std::size_t> released_{0};
};

}  // namespace meshproof
