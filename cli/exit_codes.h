// Exit codes of meshproof (documented in --help and the README).
#pragma once

namespace meshproof::cli {

inline constexpr int kExitOk = 0;           // everything checked matched
inline constexpr int kExitMismatch = 1;     // mismatches found (a claim failed, a figure differs)
inline constexpr int kExitUsage = 2;        // usage or configuration error; verify: nothing to check
inline constexpr int kExitPartial = 3;      // partial run: some members unreadable or skipped
inline constexpr int kExitInternal = 4;     // internal error (a bug in meshproof), or out of memory

inline constexpr const char* kExitCodesHelp =
    "Exit codes:\n"
    "  0  everything checked matched\n"
    "  1  mismatches found\n"
    "  2  usage or configuration error; verify: nothing to check (no collision data under ROOT)\n"
    "  3  partial run: some members unreadable or skipped (and no mismatch)\n"
    "  4  internal error, or out of memory\n";

// `meshproof diff` uses the same codes with its own meaning of 1 (reports/report_diff.h).
inline constexpr const char* kDiffExitCodesHelp =
    "Exit codes:\n"
    "  0  no regression (the reports may still differ)\n"
    "  1  regression: a figure moved away from its expected value, a member newly failed,\n"
    "     or a violation counter grew\n"
    "  2  usage error, or a report that cannot be read (the message names the file and the JSON path)\n"
    "  4  internal error, or out of memory\n";

}  // namespace meshproof::cli
