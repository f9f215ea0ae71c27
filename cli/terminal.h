// What the terminal the output goes to can show: colour (decided once per stream by the global
// `--color auto|always|never` and NO_COLOR, https://no-color.org), and its width. Messages that
// may be coloured call use_colour(stream) and paint(); a file or a pipe gets plain text, so logs
// and scripts never see escape codes unless asked with --color always.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

namespace meshproof::cli {

enum class ColourChoice { kAuto, kAlways, kNever };

// "auto", "always", "never": the values of --color; nullopt for anything else.
std::optional<ColourChoice> parse_colour_choice(std::string_view text);

// The rule, apart from the process: always, never, or (auto) a terminal with NO_COLOR unset or
// empty. `no_color` is the variable's value, nullptr when unset. --color always wins over
// NO_COLOR: the user asked for it on this command line.
bool colour_wanted(ColourChoice choice, bool is_terminal, const char* no_color);

// The choice of this run's --color (main.cpp sets it once, after parsing; default auto).
void set_colour_choice(ColourChoice choice);

// Whether text written to `stream` (stdout or stderr) is coloured in this run.
bool use_colour(std::FILE* stream);

enum class Colour { kRed, kGreen, kYellow, kBold };

// `text` between the colour's ANSI escape and the reset when `coloured`, else `text` itself.
std::string paint(std::string_view text, Colour colour, bool coloured);

// `text` painted when this run colours `stream` (stdout by default).
std::string paint(std::string_view text, Colour colour, std::FILE* stream = stdout);

// The columns of the terminal `stream` writes to; `fallback` when it is no terminal or does not
// say (COLUMNS, when set to a positive number, before the fallback).
int terminal_width(std::FILE* stream, int fallback = 80);

}  // namespace meshproof::cli
