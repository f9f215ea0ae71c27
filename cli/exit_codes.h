// Exit codes of meshproof (documented in --help and the README). Every command's --help lists
// only the codes it can return, with what each means for it; 4 (an internal error, or out of
// memory: main.cpp and out_of_memory.cpp) and 2 for output lost on stdout (main.cpp) are every
// command's.
#pragma once

namespace meshproof::cli {

inline constexpr int kExitOk = 0;        // everything checked matched
inline constexpr int kExitMismatch = 1;  // mismatches found (a claim failed, a figure differs)
inline constexpr int kExitUsage = 2;     // usage or configuration error; verify: nothing to check
inline constexpr int kExitPartial = 3;   // partial run: some members unreadable or skipped
inline constexpr int kExitInternal = 4;  // internal error (a bug in meshproof), or out of memory

// `meshproof --help`: the codes over every command.
inline constexpr const char* kExitCodesHelp =
    "Exit codes (each command's --help says what they mean for it):\n"
    "  0  success\n"
    "  1  verify: mismatches found; diff: a regression\n"
    "  2  usage error, an input that cannot be read, or an output that cannot be written\n"
    "  3  partial: something was read or written, not everything (verify, dump, export, unpack)\n"
    "  4  internal error, or out of memory\n";

inline constexpr const char* kVerifyExitCodesHelp =
    "Exit codes:\n"
    "  0  everything checked matched\n"
    "  1  mismatches found\n"
    "  2  usage or configuration error, a report that cannot be written, or nothing to check (no collision data\n"
    "     under ROOT)\n"
    "  3  partial run: some members unreadable or skipped (and no mismatch)\n"
    "  4  internal error, or out of memory\n";

inline constexpr const char* kDumpExitCodesHelp =
    "Exit codes:\n"
    "  0  dumped\n"
    "  2  usage error: FILE cannot be opened or is no binder, tagfile, model (.cmp, .3db) or .sur; no such\n"
    "     --member or --part\n"
    "  3  FILE (the member, or a .sur's sibling .cmp / .3db) could not be decoded: the message says where\n"
    "  4  internal error, or out of memory\n";

inline constexpr const char* kUnpackExitCodesHelp =
    "Exit codes:\n"
    "  0  every member (or the DCX) written\n"
    "  2  usage error: FILE is no DCX or binder, or an output refused or not written (nothing is written)\n"
    "  3  some members could not be decompressed (the others are written), or FILE changed while read\n"
    "  4  internal error, or out of memory\n";

inline constexpr const char* kExportExitCodesHelp =
    "Exit codes:\n"
    "  0  the OBJ written\n"
    "  2  usage error: FILE cannot be opened, no such --member, or the OBJ refused or not written\n"
    "  3  the member, the .sur, its sibling .cmp / .3db, or the model could not be decoded (no OBJ is\n"
    "     written): the message says where\n"
    "  4  internal error, or out of memory\n";

inline constexpr const char* kSynthExitCodesHelp =
    "Exit codes:\n"
    "  0  the install, defects.json and manifest.json written\n"
    "  2  usage error: an unknown game, scale or defect, OUT not empty, or OUT that cannot be written\n"
    "  4  internal error, or out of memory\n";

inline constexpr const char* kBuildExitCodesHelp =
    "Exit codes:\n"
    "  0  the collision file (or the binder copy) written\n"
    "  2  usage error: bad OBJ or materials (file:line:column), a mesh that cannot be written, an output\n"
    "     refused or not written (nothing is written)\n"
    "  4  internal error (the built file does not decode as built), or out of memory\n";

// `meshproof diff` uses the same codes with its own meaning of 1 (reports/report_diff.h).
inline constexpr const char* kDiffExitCodesHelp =
    "Exit codes:\n"
    "  0  no regression (the reports may still differ)\n"
    "  1  regression: a figure moved away from its expected value, a member newly failed,\n"
    "     or a violation counter grew\n"
    "  2  usage error, or a report that cannot be read (the message names the file and the JSON path)\n"
    "  4  internal error, or out of memory\n";

}  // namespace meshproof::cli
