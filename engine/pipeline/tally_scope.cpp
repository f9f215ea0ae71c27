#include "engine/pipeline/tally_scope.h"

namespace meshproof {

std::string sub_scope_text(const SubScope& sub) {
    switch (sub.kind) {
        case SubScopeKind::kNone: return {};
        case SubScopeKind::kSeverity: return std::string(sub.name);
        case SubScopeKind::kFile: return std::string(kFileScopePrefix) + std::string(sub.name);
        case SubScopeKind::kMap: return std::string(kMapScopePrefix) + std::string(sub.name);
    }
    return {};
}

std::string scope_text(const TallyScope& scope) {
    std::string out;
    out.reserve(scope.game.size() + 1 + scope.set.size());
    out += scope.game;
    out += '/';
    out += scope.set;
    if (scope.sub.kind != SubScopeKind::kNone) {
        out += kSubScopeMark;
        out += sub_scope_text(scope.sub);
    }
    return out;
}

std::optional<TallyScope> read_scope(std::string_view text) {
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    TallyScope out;
    out.game = text.substr(0, slash);
    const std::size_t mark = text.find(kSubScopeMark, slash + 1);
    out.set = text.substr(slash + 1, mark == std::string_view::npos ? std::string_view::npos : mark - slash - 1);
    if (mark == std::string_view::npos) return out;
    const std::string_view cls = text.substr(mark + 1);
    if (cls.starts_with(kFileScopePrefix)) out.sub = {SubScopeKind::kFile, cls.substr(kFileScopePrefix.size())};
    else if (cls.starts_with(kMapScopePrefix)) out.sub = {SubScopeKind::kMap, cls.substr(kMapScopePrefix.size())};
    else out.sub = {SubScopeKind::kSeverity, cls};
    return out;
}

}  // namespace meshproof
