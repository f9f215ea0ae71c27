// A command line the parser refused, said in meshproof's words (exit 2): an unknown command or
// option with the nearest known one ("did you mean", cli/suggest.h), a bad value with what is
// accepted (cli/number_options.h), each on one line naming the command. --help and --version
// requests that CLI11 raises as errors print their text and exit 0.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace meshproof::cli {

// The text for stderr (one line, ending in '\n') of a refused command line. `app` is the
// parsed top-level app: the subcommand that was being read, if any, is found in it.
std::string parse_error_message(CLI::App& app, const CLI::ParseError& error);

// Prints `error` (help to stdout, a refusal to stderr) and returns the exit code.
int report_parse_error(CLI::App& app, const CLI::ParseError& error);

}  // namespace meshproof::cli
