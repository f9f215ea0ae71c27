#include "cli/number_options.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

namespace meshproof::cli {

CLI::Validator whole_number(std::uint64_t min, std::uint64_t max, std::string min_note) {
    const std::string accepted =
        fmt::format("a whole number from {}{} to {}", min, min_note.empty() ? "" : " " + min_note, max);
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            std::uint64_t v = 0;
            const char* first = text.data();
            const char* last = first + text.size();
            // from_chars takes no sign and stops at the first non-digit: the whole text must be read.
            const auto [end, ec] = std::from_chars(first, last, v);
            if (!text.empty() && ec == std::errc() && end == last && v >= min && v <= max) return {};
            return text + ": expected " + accepted;
        },
        "");  // no name: the help shows the option's type alone (INT, FLOAT)
}

CLI::Validator real_number(double min, double max, std::string accepted) {
    return CLI::Validator(
        [=](std::string& text) -> std::string {
            char* end = nullptr;
            errno = 0;
            const double v = std::strtod(text.c_str(), &end);
            // NaN compares false both ways, so it is refused by name; ERANGE: beyond a double.
            const bool read = !text.empty() && end == text.c_str() + text.size() && errno != ERANGE;
            if (read && !std::isnan(v) && v >= min && v <= max) return {};
            return text + ": expected " + accepted;
        },
        "");  // no name: the help shows the option's type alone (INT, FLOAT)
}

CLI::Validator thread_count() { return whole_number(0, kMaxThreads, "(every core)"); }

}  // namespace meshproof::cli
