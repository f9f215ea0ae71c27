// Exit codes of meshproof (documented in --help and the README).
#pragma once

namespace meshproof::cli {

inline constexpr int kExitOk = 0;           // everything checked matched
inline constexpr int kExitMismatch = 1;     // mismatches found (a claim failed, a figure differs)
inline constexpr int kExitUsage = 2;        // usage or configuration error
inline constexpr int kExitPartial = 3;      // partial run: some members unreadable or skipped
inline constexpr int kExitInternal = 4;     // internal error (a bug in meshproof)

inline constexpr const char* kExitCodesHelp =
    "Exit codes:\n"
    "  0  everything checked matched\n"
    "  1  mismatches found\n"
    "  2  usage or configuration error\n"
    "  3  partial run: some members unreadable or skipped (and no mismatch)\n"
    "  4  internal error\n";

}  // namespace meshproof::cli
