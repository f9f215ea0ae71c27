// A tally scope: where a unit's counts are kept. Every unit is counted under its game and set
// ("eldenring/l"); a sub-scope repeats them under one class ("eldenring/l#map:m10"): what the
// judging passes said of the unit (PassInfo::judges_units), a file the unit is of (file_scope.h)
// or a place it lies in (place_scope.h). A sub-scope splits a figure; it is never part of a sum
// over scopes (Tally::total, a figure summed over every set).
// The scope travels as this struct; a Tally keys its counts by the scope's text (scope_text,
// the one place it is formatted), and the reports read a key back with read_scope (the one place
// it is parsed).
#pragma once

#include <optional>
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
    std::string_view name;  // the severity class, the file NAME or the place KEY
    bool operator==(const SubScope&) const = default;
};

// Views into the strings it was built from (or read from): a scope is formatted or read on the
// spot, never kept.
struct TallyScope {
    std::string_view game;  // game_name()
    std::string_view set;
    SubScope sub;
};

// The text separating a scope from its sub-scope's class, and a file's or place's class prefix.
inline constexpr char kSubScopeMark = '#';
inline constexpr std::string_view kFileScopePrefix = "file:";
inline constexpr std::string_view kMapScopePrefix = "map:";

// "game/set", or "game/set#CLASS" for a sub-scope (CLASS: the severity, "file:NAME", "map:KEY").
std::string scope_text(const TallyScope& scope);
// A sub-scope's CLASS as scope_text writes it after the mark; "" for kNone.
std::string sub_scope_text(const SubScope& sub);
// The scope a Tally key's text names, as views into `text`; nullopt for a text of no game (the
// "all" of a Tally used alone).
std::optional<TallyScope> read_scope(std::string_view text);

inline bool is_sub_scope(std::string_view scope) { return scope.find(kSubScopeMark) != std::string_view::npos; }

}  // namespace meshproof
