// The game of a folder whose layout does not tell it (a folder of loose tagfiles, such as the
// corpus's Elden Ring sample), told by the loose tagfiles' SDK versions: 20160200 is Sekiro's,
// 20180100 Elden Ring's (containers-and-tagfiles.md §5.3). Elden Ring also ships some 2016.2
// files (§0 #11: 42 of them, among them f-set tiles of m60), so one 20180100 file makes the
// folder Elden Ring, and only a folder whose files are all 20160200 is Sekiro. engine/io's
// scan cannot do this (it does not include engine/tagfile); the pipeline does it between the
// scan and the run, because the game names every scope the passes count in.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/io/install_scan.h"

namespace meshproof {

class DecompressorRegistry;

struct SdkVersionCounts {
    std::uint64_t v20160200 = 0;  // Sekiro's (and a few Elden Ring files)
    std::uint64_t v20180100 = 0;  // Elden Ring's only
    std::uint64_t other = 0;      // another version (DSR 20150100, AC6 20190100, ...)
    std::uint64_t read() const { return v20160200 + v20180100 + other; }
};

// The rule above: kEldenRing, kSekiro, or kUnknown when no 2016.2 or 2018.1 file was read.
Game game_from_sdk_versions(const SdkVersionCounts& counts);

// A loose DCX tagfile is decompressed to be read, only as far as its codec must to give its first
// bytes (dcx_decompress_head: a Kraken stream's first block), so the run's inflate is its only
// whole one; at most this many are (raw ones, which cost one page each, are all read, and the DCX
// ones only when no raw one gave a version).
inline constexpr std::size_t kMaxDcxTagfilesPeeked = 64;

// When the scan's game is unknown and was not set by the user, reads the SDK version of the
// scan's loose tagfiles (else, when there is none, of its binders' tagfile members: a split binder
// given alone, at most kMaxDcxTagfilesPeeked members decompressed) and, when it tells a game,
// sets scan.game and scan.detection ("SDK version of the loose tagfiles: 2 of 2 read are 20180100:
// Elden Ring"). Unreadable or malformed files are left to the run, which reports them.
void detect_game_from_tagfiles(InstallScan& scan, const DecompressorRegistry& codecs);

}  // namespace meshproof
