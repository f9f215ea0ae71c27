#include "engine/pipeline/tally_scope.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <tuple>

namespace meshproof {
namespace {

constexpr std::string_view kAloneText = "all";

// The pieces scope_text joins: at most game, '/', set, '#', a class prefix and the class name.
struct Pieces {
    std::array<std::string_view, 6> at{};
    std::size_t count = 0;
};

Pieces pieces_of(const TallyScope& s) {
    Pieces p;
    auto put = [&](std::string_view piece) {
        if (!piece.empty()) p.at[p.count++] = piece;
    };
    if (s.game.empty()) {
        put(kAloneText);
        return p;
    }
    put(s.game);
    put("/");
    put(s.set);
    if (!s.is_sub_scope()) return p;
    put(std::string_view(&kSubScopeMark, 1));
    if (s.sub.kind == SubScopeKind::kFile) put(kFileScopePrefix);
    if (s.sub.kind == SubScopeKind::kMap) put(kMapScopePrefix);
    put(s.sub.name);
    return p;
}

// The texts' three-way comparison, piece by piece.
int compare_texts(const TallyScope& a, const TallyScope& b) {
    const Pieces pa = pieces_of(a), pb = pieces_of(b);
    std::size_t i = 0, j = 0, ai = 0, bj = 0;  // piece and character within it
    while (i < pa.count && j < pb.count) {
        const std::string_view x = pa.at[i].substr(ai), y = pb.at[j].substr(bj);
        const std::size_t n = std::min(x.size(), y.size());
        if (const int c = x.substr(0, n).compare(y.substr(0, n)); c != 0) return c;
        ai += n, bj += n;
        if (ai == pa.at[i].size()) ++i, ai = 0;
        if (bj == pb.at[j].size()) ++j, bj = 0;
    }
    return i < pa.count ? 1 : j < pb.count ? -1 : 0;
}

}  // namespace

bool operator<(const TallyScope& a, const TallyScope& b) {
    if (const int c = compare_texts(a, b); c != 0) return c < 0;
    // One text, two scopes (a set named with the mark): still two keys.
    return std::tie(a.game, a.set, a.sub.kind, a.sub.name) < std::tie(b.game, b.set, b.sub.kind, b.sub.name);
}

std::string scope_text(const TallyScope& scope) {
    const Pieces p = pieces_of(scope);
    std::string out;
    for (std::size_t i = 0; i < p.count; ++i) out += p.at[i];
    return out;
}

}  // namespace meshproof
