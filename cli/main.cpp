// meshproof: batch corpus verifier for game collision data. See README.md.
#include <cstdio>
#include <exception>
#include <vector>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/large_pages.h"
#include "cli/version.h"

int main(int argc, char** argv) {
    using namespace meshproof::cli;
    use_large_pages();
    CLI::App app{"meshproof: proves claims about every collision mesh of a game install"};
    app.footer(kExitCodesHelp);
    app.require_subcommand(0, 1);
    bool version = false;
    app.add_flag("--version", version, "Print the versions of meshproof and its libraries");

    std::vector<Command> commands;
    for (auto add : {add_verify, add_dump, add_unpack, add_export, add_synth, add_diff, add_build}) commands.push_back(add(app));

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e);
        return code == 0 ? kExitOk : kExitUsage;
    }
    if (version) {
        std::fputs(version_text().c_str(), stdout);
        return kExitOk;
    }
    for (auto& command : commands) {
        if (!command.sub->parsed()) continue;
        try {
            return command.run();
        } catch (const std::exception& e) {
            std::fprintf(stderr, "meshproof: internal error: %s\n", e.what());
            return kExitInternal;
        }
    }
    std::fputs(app.help().c_str(), stderr);
    return kExitUsage;
}
