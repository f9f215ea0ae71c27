// The subcommands of the one executable. Each registers its options on the CLI11 app and
// returns a runner that gives the exit code (cli/exit_codes.h).
#pragma once

#include <functional>

#include <CLI/CLI.hpp>

namespace meshproof::cli {

struct Command {
    CLI::App* sub = nullptr;
    std::function<int()> run;  // called when `sub` was parsed
};

Command add_verify(CLI::App& app);
Command add_dump(CLI::App& app);
Command add_unpack(CLI::App& app);
Command add_export(CLI::App& app);
Command add_synth(CLI::App& app);  // cli/cmd_synth.cpp (issue #4)
Command add_diff(CLI::App& app);   // cli/cmd_diff.cpp (issue #7)
Command add_build(CLI::App& app);  // cli/cmd_build.cpp (issue 14): a collision body from an OBJ

}  // namespace meshproof::cli
