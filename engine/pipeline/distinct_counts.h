// Counts over distinct contents: "counted over every distinct tagfile read"
// (havok-compressed-mesh.txt, flags): the same tagfile (equal decompressed bytes, told by a content
// key, the xxhash of those bytes: Unit::content_key) read in several binders counts once.
//
// A unit's count of a counter is kept with its content key; the fold sums, per counter and game,
// one count per distinct key: the count of the key's first unit in path order (the lowest
// ordinal), under that unit's scope ("game/set"). So each distinct tagfile is counted in exactly
// one set, the sets' counts add up to the game's (the document's "157 (64 in asset binders, 93 in
// character binders)"), and the result depends on no merge order: merging keeps, per key, the
// entry of the lower ordinal (ties by scope, then count), which is commutative and associative.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/pipeline/tally_scope.h"

namespace meshproof {

class DistinctCounts {
public:
    struct Entry {
        std::uint64_t ordinal = 0;  // the unit's position in path order
        TallyScope scope;           // the unit's scope (game and set)
        std::uint64_t n = 0;        // the unit's count
        bool operator==(const Entry&) const = default;
    };
    using Key = std::tuple<std::string, std::string, std::uint64_t>;  // (counter, game, content key)
    using Map = std::map<Key, Entry>;

    // What add() changed, for undo(): the entry's state before.
    struct Change {
        Map::iterator at;
        bool inserted = false;
        Entry before;
    };

    // Adds `n` to the count of the unit at `ordinal` (in `scope`) under `counter` and content
    // `key`. A key already held by a unit of a lower ordinal is left alone; one of a higher ordinal
    // is taken over. `journal` (may be null) receives the change.
    void add(std::string_view counter, const TallyScope& scope, std::uint64_t ordinal, std::uint64_t key,
             std::uint64_t n, std::vector<Change>* journal);
    // Undoes the changes of `journal`, last first, and clears it.
    void undo(std::vector<Change>& journal);
    void merge(const DistinctCounts& other);
    // Per (counter, scope): the sum over the distinct keys first seen in that scope.
    std::map<std::pair<std::string, TallyScope>, std::uint64_t> fold() const;
    bool empty() const { return entries_.empty(); }
    void clear() { entries_.clear(); }
    const Map& entries() const { return entries_; }

private:
    Map entries_;
};

}  // namespace meshproof
