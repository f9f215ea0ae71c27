// "Did you mean": the known word closest to a mistyped one (a command, an option), by edit
// distance, for the usage errors of main.cpp. Nothing is suggested when no word is close, since
// a far-fetched guess misleads more than none.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace meshproof::cli {

// Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one
// substring): insertions, deletions, substitutions and swaps of two adjacent letters count 1.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The word of `known` nearest to `typed`, when it is at most max(1, min(2, length / 3)) edits
// away (the length of `typed`, leading dashes left out, as are the words') and fewer edits than
// that length; the first of equally near ones. "verfy" → "verify", "--jsn" → "--json"; "xyz",
// "-x" (beside "-h") → nothing.
std::optional<std::string> closest_word(std::string_view typed, const std::vector<std::string>& known);

}  // namespace meshproof::cli
