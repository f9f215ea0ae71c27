// meshproof: batch corpus verifier for game collision data. See README.md.
#include <cstdio>
#include <exception>
#include <vector>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/large_pages.h"
#include "cli/out_of_memory.h"
#include "cli/parse_errors.h"
#include "cli/terminal.h"
#include "cli/version.h"

namespace {

// What a command printed (dump's tree, a report on '-', unpack's list) may not have reached stdout
// (a full disk): a run whose output was lost does not exit 0.
int with_stdout_written(int code) {
    if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return code;
    std::fprintf(stderr, "meshproof: cannot write the output to stdout\n");
    return code == meshproof::cli::kExitOk ? meshproof::cli::kExitUsage : code;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace meshproof::cli;
    say_when_out_of_memory();
    use_large_pages();
    CLI::App app{"meshproof: proves claims about every collision mesh of a game install"};
    app.footer(kExitCodesHelp);
    app.require_subcommand(0, 1);
    // Options are `--name` on every platform: CLI11 reads `/name` as an option on Windows, which
    // took an absolute path such as `/tmp/install` (Wine, MSYS) for an unknown option. Set before
    // the commands are added, which inherit it.
    app.allow_windows_style_options(false);
    // meshproof's own options (--color) are read after a command's too: `meshproof verify X --color never`.
    app.fallthrough();
    bool version = false;
    app.add_flag("--version", version, "Print the versions of meshproof and its libraries");
    std::string colour = "auto";
    app.add_option("--color", colour, "Colour the output: auto (a terminal, and NO_COLOR unset), always or never")
        ->check(CLI::Validator(
            [](std::string& text) -> std::string {
                return parse_colour_choice(text) ? std::string() : text + ": expected auto, always or never";
            },
            ""))
        ->type_name("auto|always|never");

    std::vector<Command> commands;
    for (auto add : {add_verify, add_dump, add_unpack, add_export, add_synth, add_diff, add_build})
        commands.push_back(add(app));

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return report_parse_error(app, e);
    }
    set_colour_choice(*parse_colour_choice(colour));
    if (version) {
        std::fputs(version_text().c_str(), stdout);
        return with_stdout_written(kExitOk);
    }
    for (auto& command : commands) {
        if (!command.sub->parsed()) continue;
        int code = kExitInternal;
        try {
            code = command.run();
        } catch (const std::exception& e) {
            std::fprintf(stderr, "meshproof: internal error: %s\n", e.what());
            return kExitInternal;
        }
        return with_stdout_written(code);
    }
    std::fputs(app.help().c_str(), stderr);
    return kExitUsage;
}
