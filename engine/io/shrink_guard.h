// A mapped file that shrinks while it is read (another tool rewriting the install during a run)
// would kill the process: a read of a mapped page past the file's new end raises SIGBUS, and the
// run died with exit 135 and no report. The guard turns that into an error value instead.
//
// Every MappedFile is watched while it is mapped (a slot in a fixed table, readable from a
// signal handler). On SIGBUS at an address inside a watched mapping the handler maps a page of
// zeros over the lost page, notes the fault against that mapping and returns, so the read goes on
// with zeros: every decoder is bounded on hostile bytes, so it ends, and its caller asks
// `shrank_error` whether the bytes it read were still the file's. A SIGBUS anywhere else goes to
// whatever handled it before (the default: the process ends, as it would have).
//
// Bytes read before the file shrank are the file's as it was; once a mapping has faulted every
// later question about it says so, as pages of zeros then stand in for the lost ones without
// faulting again. More mappings than the table holds at once (kWatchedMappings) go unwatched; it
// holds as many as Linux lets a process have by default (vm.max_map_count, 65,530), and the run
// keeps far fewer open (a loose folder runs in chunks: member_group.h). The table is 2 MiB.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/core/bytes.h"
#include "engine/core/error.h"

namespace meshproof {

inline constexpr std::size_t kWatchedMappings = std::size_t{1} << 16;

// The slot watching [start, start + size), or kUnwatched when the table is full. Installs the
// SIGBUS handler the first time.
inline constexpr std::uint32_t kUnwatched = 0xFFFFFFFFu;
std::uint32_t watch_mapping(const std::uint8_t* start, std::size_t size);
void unwatch_mapping(std::uint32_t slot);

// An error (kIo, at the offset in the file of the first byte lost) when the watched mapping that
// holds `part` has lost pages since it was mapped; ok otherwise (also for bytes no watched
// mapping holds: a buffer). Costs one atomic load while no mapping of the process ever faulted.
Status shrank_error(Bytes part);

}  // namespace meshproof
