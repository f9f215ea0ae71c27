// A command line the parser refuses is said in one line naming the command (cli/parse_errors.h):
// an unknown command or option with the nearest known one, a bad number with what is accepted,
// a bad --color. Golden text: the whole output, exactly.
#include <gtest/gtest.h>

#include <string>

#include "tests/cli/run_cli.h"

namespace {

constexpr auto& run = meshproof::test::run_cli_all;

void expect_usage(const std::string& args, const std::string& text) {
    const auto r = run(args);
    EXPECT_EQ(r.code, 2) << args;
    EXPECT_EQ(r.text, text) << args;
}

TEST(UsageMessages, AnUnknownCommandSuggestsTheNearestOne) {
    expect_usage("verfy s", "meshproof: unknown command 'verfy'; did you mean 'verify'?\n");
    expect_usage("expotr x.hkx", "meshproof: unknown command 'expotr'; did you mean 'export'?\n");
}

TEST(UsageMessages, AnUnknownCommandFarFromAnyListsThem) {
    expect_usage("check x",
                 "meshproof: unknown command 'check' (commands: verify, dump, unpack, export, synth, diff, build)\n");
}

TEST(UsageMessages, AnUnknownOptionSuggestsTheNearestOneOfItsCommand) {
    expect_usage("verify X --jsn r.json", "meshproof verify: unknown option '--jsn'; did you mean '--json'?\n");
    expect_usage("verify X --jsn=r.json", "meshproof verify: unknown option '--jsn'; did you mean '--json'?\n");
    expect_usage("dump x.hkx --max-elemnts 3",
                 "meshproof dump: unknown option '--max-elemnts'; did you mean '--max-elements'?\n");
    expect_usage("unpack x.dcx -o out --forse",
                 "meshproof unpack: unknown option '--forse'; did you mean '--force'?\n");
    expect_usage("verify X --colr never", "meshproof verify: unknown option '--colr'; did you mean '--color'?\n");
    expect_usage("--verison", "meshproof: unknown option '--verison'; did you mean '--version'?\n");
}

TEST(UsageMessages, AnUnknownOptionFarFromAnyPointsToHelp) {
    expect_usage("verify X --frobnicate",
                 "meshproof verify: unknown option '--frobnicate' (meshproof verify --help lists them)\n");
    expect_usage("dump a.hkx -x", "meshproof dump: unknown option '-x' (meshproof dump --help lists them)\n");
}

TEST(UsageMessages, AnExtraArgumentIsNamed) {
    expect_usage("dump a.hkx b.hkx",
                 "meshproof dump: unexpected argument 'b.hkx' (meshproof dump --help says what it reads)\n");
}

TEST(UsageMessages, ABadNumberSaysWhatIsAccepted) {
    expect_usage("verify X --threads -1",
                 "meshproof verify: --threads -1: expected a whole number from 0 (every core) to 1024\n");
    expect_usage("verify X --threads 4096",
                 "meshproof verify: --threads 4096: expected a whole number from 0 (every core) to 1024\n");
    expect_usage("verify X --threads two",
                 "meshproof verify: --threads two: expected a whole number from 0 (every core) to 1024\n");
    expect_usage("verify X --member-timeout nan",
                 "meshproof verify: --member-timeout nan: expected a number of seconds, 0 (no limit) or more\n");
    expect_usage("synth out --game sekiro --threads -1",
                 "meshproof synth: --threads -1: expected a whole number from 0 (every core) to 1024\n");
    expect_usage("synth out --game sekiro --level 13",
                 "meshproof synth: --level 13: expected a whole number from 0 to 12\n");
    expect_usage("synth out --game sekiro --seed -5",
                 "meshproof synth: --seed -5: expected a whole number from 0 to 18446744073709551615\n");
    expect_usage("dump x.hkx --max-elements -2",
                 "meshproof dump: --max-elements -2: expected a whole number from 0 to 18446744073709551615\n");
    expect_usage("build in.obj -o out.hkx --game sekiro --convex-radius -0.5",
                 "meshproof build: --convex-radius -0.5: expected a number of metres, 0 or more, below 3.4e38\n");
    expect_usage("build in.obj -o out.hkx --game sekiro --convex-radius 1e39",
                 "meshproof build: --convex-radius 1e39: expected a number of metres, 0 or more, below 3.4e38\n");
    expect_usage("build in.obj -o out.hkx --game sekiro --max-packed-error nan",
                 "meshproof build: --max-packed-error nan: expected a number of metres, 0 or more, or inf\n");
}

TEST(UsageMessages, ABadColorIsRefusedNamingTheOption) {
    expect_usage("--color sometimes verify X", "meshproof verify: --color sometimes: expected auto, always or never\n");
    expect_usage("verify X --color sometimes", "meshproof verify: --color sometimes: expected auto, always or never\n");
}

}  // namespace

namespace {

// --color is meshproof's own option, read before a command or after it.
TEST(UsageMessages, ColorTakesItsThreeWordsBeforeOrAfterTheCommand) {
    for (const std::string when : {"auto", "always", "never"}) {
        EXPECT_EQ(meshproof::test::run_cli_code("--color " + when + " --version"), 0) << when;
        const auto r = run("diff /nonexistent/a.json /nonexistent/b.json --color " + when);
        EXPECT_EQ(r.code, 2) << when;
        EXPECT_EQ(r.text, "meshproof diff: /nonexistent/a.json: cannot read the file\n") << when;
    }
}

}  // namespace
