#include "cli/suggest.h"

#include <algorithm>

namespace meshproof::cli {

namespace {

std::string_view without_dashes(std::string_view word) {
    while (!word.empty() && word.front() == '-') word.remove_prefix(1);
    return word;
}

}  // namespace

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Three rows of the table: the swap looks two rows back.
    std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) previous[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                current[j] = std::min(current[j], before[j - 2] + 1);
        }
        std::swap(before, previous);
        std::swap(previous, current);
    }
    return previous[b.size()];
}

std::optional<std::string> closest_word(std::string_view typed, const std::vector<std::string>& known) {
    const std::string_view bare = without_dashes(typed);
    const std::size_t allowed = std::max<std::size_t>(1, std::min<std::size_t>(2, bare.size() / 3));
    std::optional<std::string> best;
    std::size_t best_distance = allowed + 1;
    for (const std::string& word : known) {
        const std::size_t d = edit_distance(bare, without_dashes(word));
        // Fewer edits than letters: "-x" is one edit from "-h", but nothing of it was typed.
        if (d < best_distance && d < bare.size()) {
            best_distance = d;
            best = word;
        }
    }
    return best;
}

}  // namespace meshproof::cli
