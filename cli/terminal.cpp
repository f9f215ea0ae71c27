#include "cli/terminal.h"

#include <atomic>
#include <cstdlib>

#include "cli/console.h"

namespace meshproof::cli {

namespace {

std::atomic<ColourChoice> g_choice{ColourChoice::kAuto};

std::string_view escape_of(Colour colour) {
    switch (colour) {
        case Colour::kRed: return "\x1b[31m";
        case Colour::kGreen: return "\x1b[32m";
        case Colour::kYellow: return "\x1b[33m";
        case Colour::kBold: return "\x1b[1m";
    }
    return "";
}

}  // namespace

std::optional<ColourChoice> parse_colour_choice(std::string_view text) {
    if (text == "auto") return ColourChoice::kAuto;
    if (text == "always") return ColourChoice::kAlways;
    if (text == "never") return ColourChoice::kNever;
    return std::nullopt;
}

bool colour_wanted(ColourChoice choice, bool is_terminal, const char* no_color) {
    if (choice == ColourChoice::kAlways) return true;
    if (choice == ColourChoice::kNever) return false;
    return is_terminal && (no_color == nullptr || *no_color == '\0');
}

void set_colour_choice(ColourChoice choice) { g_choice = choice; }

// A console that cannot show escape sequences (Windows before 10) gets none, even with --color=always.
bool use_colour(std::FILE* stream) {
    return colour_wanted(g_choice, is_console(stream), std::getenv("NO_COLOR")) && enable_escape_sequences(stream);
}

std::string paint(std::string_view text, Colour colour, bool coloured) {
    if (!coloured) return std::string(text);
    std::string out(escape_of(colour));
    out += text;
    out += "\x1b[0m";
    return out;
}

std::string paint(std::string_view text, Colour colour, std::FILE* stream) {
    return paint(text, colour, use_colour(stream));
}

int terminal_width(std::FILE* stream, int fallback) {
    if (const int columns = console_columns(stream); columns > 0) return columns;
    if (const char* columns = std::getenv("COLUMNS"); columns != nullptr) {
        const int n = std::atoi(columns);
        if (n > 0) return n;
    }
    return fallback;
}

}  // namespace meshproof::cli
