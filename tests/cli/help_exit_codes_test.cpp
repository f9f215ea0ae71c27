// Each command's --help ends with the exit codes it can return, and what each means for it
// (cli/exit_codes.h): dump, unpack, export, synth and build never return 1, so their help does not
// list it; verify and diff say what their 1 means. Golden text.
#include <gtest/gtest.h>

#include <string>

#include "tests/cli/run_cli.h"

namespace {

std::string help_of(const std::string& command) {
    const auto r = meshproof::test::run_cli_all(command + " --help");
    EXPECT_EQ(r.code, 0) << command;
    return r.text;
}

void expect_footer(const std::string& command, const std::string& footer) {
    const std::string help = help_of(command);
    ASSERT_GE(help.size(), footer.size()) << help;
    // CLI11 ends the help with the footer and a newline.
    EXPECT_EQ(help.substr(help.rfind("Exit codes"), std::string::npos), footer + "\n") << command;
}

TEST(HelpExitCodes, VerifyListsEveryCode) {
    expect_footer(
        "verify",
        "Exit codes:\n"
        "  0  everything checked matched\n"
        "  1  mismatches found\n"
        "  2  usage or configuration error, a report that cannot be written, or nothing to check (no collision data\n"
        "     under ROOT)\n"
        "  3  partial run: some members unreadable or skipped (and no mismatch)\n"
        "  4  internal error, or out of memory\n");
}

TEST(HelpExitCodes, DumpListsNoMismatch) {
    expect_footer(
        "dump",
        "Exit codes:\n"
        "  0  dumped\n"
        "  2  usage error: FILE cannot be opened or is no binder, tagfile, model (.cmp, .3db) or .sur; no such\n"
        "     --member or --part\n"
        "  3  FILE (the member, or a .sur's sibling .cmp / .3db) could not be decoded: the message says where\n"
        "  4  internal error, or out of memory\n");
}

TEST(HelpExitCodes, UnpackSaysWhatPartialMeansForIt) {
    expect_footer(
        "unpack",
        "Exit codes:\n"
        "  0  every member (or the DCX) written\n"
        "  2  usage error: FILE is no DCX or binder, or an output refused or not written (nothing is written)\n"
        "  3  some members could not be decompressed (the others are written), or FILE changed while read\n"
        "  4  internal error, or out of memory\n");
}

TEST(HelpExitCodes, ExportListsNoMismatch) {
    expect_footer("export",
                  "Exit codes:\n"
                  "  0  the OBJ written\n"
                  "  2  usage error: FILE cannot be opened, no such --member, or the OBJ refused or not written\n"
                  "  3  the member, the .sur, its sibling .cmp / .3db, or the model could not be decoded (no OBJ is\n"
                  "     written): the message says where\n"
                  "  4  internal error, or out of memory\n");
}

TEST(HelpExitCodes, SynthListsNoMismatchNorPartial) {
    expect_footer("synth",
                  "Exit codes:\n"
                  "  0  the install, defects.json and manifest.json written\n"
                  "  2  usage error: an unknown game, scale or defect, OUT not empty, or OUT that cannot be written\n"
                  "  4  internal error, or out of memory\n");
}

TEST(HelpExitCodes, BuildListsNoMismatchNorPartial) {
    expect_footer(
        "build",
        "Exit codes:\n"
        "  0  the collision file (or the binder copy) written\n"
        "  2  usage error: bad OBJ or materials (file:line:column), a mesh that cannot be written, an output\n"
        "     refused or not written (nothing is written)\n"
        "  4  internal error (the built file does not decode as built), or out of memory\n");
}

TEST(HelpExitCodes, DiffSaysWhatItsOneMeans) {
    const std::string help = help_of("diff");
    EXPECT_NE(help.find("  1  regression: a figure moved away from its expected value"), std::string::npos) << help;
    EXPECT_EQ(help.find("mismatches found"), std::string::npos) << help;
    EXPECT_EQ(help.find("  3  "), std::string::npos) << help;
}

}  // namespace
