// A tally scope: where a unit's counts are kept. Every unit is counted under its game and set
// ("eldenring/l"); a sub-scope repeats them under one class ("eldenring/l#map:m10"): what the
// judging passes said of the unit (PassInfo::judges_units), a file the unit is of (file_scope.h)
// or a place it lies in (place_scope.h). A sub-scope splits a figure; it is never part of a sum
// over scopes (Tally::total, a figure summed over every set).
// A Tally keys its counts by this struct; its text (scope_text) is written only where a report
// shows a scope.
#pragma once

#include <string>
#include <string_view>

namespace meshproof {

enum class SubScopeKind {
    kNone,      // the unit's own scope
    kSeverity,  // a .sur file's severity: kIvpExact or kStructurallyValid (notes §14)
    kFile,      // "file:NAME": the units of a named file
    kMap,       // "map:KEY": the units of a place
};

// The severity classes of a .sur file's counts (PassInfo::judges_units, notes §14).
inline constexpr std::string_view kIvpExact = "ivp-exact";
inline constexpr std::string_view kStructurallyValid = "structurally-valid";

struct SubScope {
    SubScopeKind kind = SubScopeKind::kNone;
    std::string name;  // the severity class, the file NAME or the place KEY
    bool operator==(const SubScope&) const = default;
};

struct TallyScope {
    std::string game;  // game_name(); empty for a Tally used alone, whose one scope is "all"
    std::string set;
    SubScope sub;
    bool is_sub_scope() const { return sub.kind != SubScopeKind::kNone; }
    // The same game and set under another class.
    TallyScope with(SubScopeKind kind, std::string_view name) const { return {game, set, {kind, std::string(name)}}; }
    bool operator==(const TallyScope&) const = default;
};

// Scopes in the order of their text, so that the reports list a Tally's keys as they always
// have: compared piece by piece, nothing formatted. Two scopes of one text (a set named with the
// mark) are still two, ordered by their fields.
bool operator<(const TallyScope& a, const TallyScope& b);

// The text separating a scope from its sub-scope's class, and a file's or place's class prefix.
inline constexpr char kSubScopeMark = '#';
inline constexpr std::string_view kFileScopePrefix = "file:";
inline constexpr std::string_view kMapScopePrefix = "map:";

// "game/set", or "game/set#CLASS" for a sub-scope (CLASS: the severity, "file:NAME", "map:KEY");
// "all" for the scope of a Tally used alone.
std::string scope_text(const TallyScope& scope);

}  // namespace meshproof
