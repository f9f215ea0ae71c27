// Tally: the thread-local state of a pass. Counters are per scope (TallyScope: game and set, e.g.
// eldenring/l), so every figure can be reported with its denominator and split by binder
// set. Samples of failing locations keep the first N in path order. Merging two tallies is
// commutative and associative (sums, maxima, minima, value counts, the N smallest keys), which
// is what makes the report byte-identical at 1 thread and at N threads.
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/pipeline/distinct_counts.h"
#include "engine/pipeline/tally_scope.h"

namespace meshproof {

// The failing locations a counter keeps by default (`verify --samples N` sets another number).
inline constexpr std::size_t kSamplesPerCounter = 20;

// A value set (Tally::value, Tally::values) holds at most this many distinct values per counter
// and scope. One more makes it `overflowed`: its values are dropped for good (a set whose values
// are not few is not what the kind measures: "a value every member shares", a list, a median of
// few distinct values). Overflow is decided by the union of what was seen, so it merges
// commutatively like the counts.
inline constexpr std::size_t kMaxDistinctValues = 4096;

// The values a counter saw in one scope, each with how often: a value is a list of numbers (one
// number for "the SDK version of every tagfile"; several for "payloads in pre-order: 2 3 0 1").
// Values are stored canonical (−0 as +0, every NaN as one quiet NaN) and ordered with NaN above
// every number, so which of two equal-comparing values a thread met first cannot show in a report
// (std::less on doubles keeps whichever key came first and has no order for a NaN).
struct ValueOrder {
    bool operator()(const std::vector<double>& a, const std::vector<double>& b) const;
};
struct ValueSet {
    using Seen = std::map<std::vector<double>, std::uint64_t, ValueOrder>;
    Seen seen;
    bool overflowed = false;  // more than kMaxDistinctValues distinct values: `seen` is empty
    void add(const std::vector<double>& value, std::uint64_t n);
    void merge(const ValueSet& other);
    bool operator==(const ValueSet&) const = default;
};

struct Sample {
    std::uint64_t unit_ordinal = 0;  // position of the member in path order
    std::uint64_t sequence = 0;      // position of the location inside the member
    std::string location;            // "path :: member / body 0 / section 12 / primitive 7"
    std::string detail;              // measured vs expected, in the document's terms

    bool operator<(const Sample& o) const {
        return unit_ordinal != o.unit_ordinal ? unit_ordinal < o.unit_ordinal : sequence < o.sequence;
    }
};

class Tally {
public:
    using Key = std::pair<std::string, TallyScope>;  // (counter, scope)
    // Orders keys as std::less<Key> does, and finds one from a counter's name and a scope without
    // building it.
    struct KeyLess {
        using is_transparent = void;
        struct View {
            std::string_view counter;
            const TallyScope* scope;
        };
        static View view(const Key& k) { return {k.first, &k.second}; }
        static const View& view(const View& v) { return v; }
        template <class A, class B>
        bool operator()(const A& a, const B& b) const {
            const View x = view(a), y = view(b);
            if (const int c = x.counter.compare(y.counter); c != 0) return c < 0;
            return *x.scope < *y.scope;
        }
    };
    using Counts = std::map<Key, std::uint64_t, KeyLess>;
    using Extremes = std::map<Key, double, KeyLess>;
    using ValueSets = std::map<Key, ValueSet, KeyLess>;
    // The i-th name of a list of counter names (see add_batch).
    using NameAt = std::string_view (*)(const void* list, std::size_t i);

    // The scope and ordinal that add()/sample() apply to; set by the pipeline per unit. With
    // `keep_unit`, the unit's counts and maxima are also kept aside until end_unit(), which can
    // repeat them under sub-scopes once every pass has judged the unit.
    void begin_unit(TallyScope scope, std::uint64_t unit_ordinal, bool keep_unit = false) {
        scope_ = std::move(scope);
        unit_ordinal_ = unit_ordinal;
        ++units_;
        unit_open_ = true;
        sequence_ = 0;
        keep_unit_ = keep_unit;
        unit_counts_.clear();
        unit_maxima_.clear();
        unit_minima_.clear();
        unit_values_.clear();
        unit_batches_used_ = 0;
        judged_ = false;
        exact_ = true;
        journal_.clear();
        journal_.on = true;
        unit_first_samples_.clear();
    }
    const TallyScope& scope() const { return scope_; }

    // How many failing locations each counter keeps (kSamplesPerCounter unless set). A merge keeps
    // the larger of the two tallies' numbers.
    void set_sample_cap(std::size_t cap) { sample_cap_ = cap; }
    std::size_t sample_cap() const { return sample_cap_; }
    // What the current unit added to `counter` in its own scope since begin_unit (sub-scopes,
    // which repeat it, not counted): the member's own count, for its per-member findings.
    std::uint64_t unit_count(std::string_view counter) const;
    // Whether the current unit added more than 0 in its own scope to a counter `pick(name)` accepts.
    template <class Pick>
    bool unit_added_any(Pick&& pick) const {
        for (const CountChange& c : journal_.counts)
            if (c.n > 0 && !c.at->first.second.is_sub_scope() && pick(std::string_view(c.at->first.first))) return true;
        return false;
    }
    // The first location the current unit sampled for `counter`, or null: kept apart from the
    // run's first N, which may already hold N earlier members' locations.
    const Sample* unit_first_sample(std::string_view counter) const;

    // A judging pass's verdict on the current unit: every rule it holds exact held, or not.
    void judge(bool exact) {
        judged_ = true;
        exact_ = exact_ && exact;
    }
    bool unit_judged() const { return judged_; }
    bool unit_exact() const { return exact_; }
    // Adds the kept counts, maxima, minima and values of the current unit again under each sub-scope, then forgets them.
    void end_unit(const std::vector<TallyScope>& sub_scopes);
    // Undoes everything add()/max()/sample() recorded since begin_unit(): the pipeline abandons a
    // member that ran past its time budget (issue 19), and the report must read as if the member
    // had been a decode error from the start (counts, maxima and the first-N samples alike).
    void discard_unit();

    void add(std::string_view counter, std::uint64_t n = 1);
    void add_in(std::string_view counter, const TallyScope& scope, std::uint64_t n);
    // Adds n[i] to counter name(list, i) in the unit's scope for every i, as add() would one
    // after the other: the same counts and keys, undone alike by discard_unit, repeated alike by
    // end_unit. `list` is a list of names the caller hands over every unit, the same object each
    // time (UnitCounts: a pass's declared counters); the tally keeps, per list and scope, where
    // each name's count lives, so a batch in a scope seen before looks up nothing.
    void add_batch(const void* list, NameAt name, std::span<const std::uint64_t> n);
    void max(std::string_view counter, double value);
    void min(std::string_view counter, double value);
    // Counts `n` members that have `value` (a one-number value, or a list) under `counter`.
    // Passes that see a value per element should count per unit first and record once.
    void value(std::string_view counter, double value, std::uint64_t n = 1) {
        values(counter, std::vector<double>{value}, n);
    }
    void values(std::string_view counter, std::vector<double> value, std::uint64_t n = 1);
    // Records a failing location; keeps the first sample_cap() in path order.
    void sample(std::string_view counter, std::string location, std::string detail = {});
    // Adds `n` to the current unit's count of `counter` over distinct contents: the unit's bytes
    // are told by `content_key` (Unit::content_key), and fold_distinct() counts each content once
    // (engine/pipeline/distinct_counts.h). Not repeated under sub-scopes. The counter is declared
    // like any other and read as a plain count once folded.
    void distinct(std::string_view counter, std::uint64_t content_key, std::uint64_t n);
    // Adds the distinct counts to counts() and forgets them: the pipeline calls it once, on the
    // tally merged over every thread (a count over distinct contents is whole only then).
    void fold_distinct();
    const DistinctCounts& distinct_counts() const { return distinct_; }

    void merge(const Tally& other);

    // The units the pass was handed (begin_unit calls): 0 for a pass of another family than every
    // unit of the run (a Havok pass in a .sur run); the reports list such passes in one line.
    std::uint64_t units() const { return units_; }
    const Counts& counts() const { return counts_; }
    const Extremes& maxima() const { return maxima_; }
    const Extremes& minima() const { return minima_; }
    const ValueSets& value_sets() const { return value_sets_; }
    const std::map<std::string, std::vector<Sample>>& samples() const { return samples_; }
    std::uint64_t count(std::string_view counter, const TallyScope& scope) const;
    // Sum of a counter over every scope (sub-scopes, which repeat counts, left out).
    std::uint64_t total(std::string_view counter) const;

private:
    // Inserts in order, keeping the first sample_cap(); returns the one pushed out, if any.
    bool insert_sample(std::vector<Sample>& list, Sample s, Sample* pushed_out = nullptr);
    // The count of (counter, scope), inserted at 0 if new (`inserted` says so).
    Counts::iterator count_slot(std::string_view counter, const TallyScope& scope, bool& inserted);
    // Where the counts of `list`'s names live under `scope`: found in the cache or inserted into
    // counts_ (`inserted` then says which keys are new, for the journal).
    struct BatchSlots {
        const void* list = nullptr;
        TallyScope scope;
        std::vector<Counts::iterator> at;    // per name of the list
        std::vector<std::uint8_t> inserted;  // per name: its key was new when last resolved
    };
    BatchSlots& batch_slots(const void* list, NameAt name, std::size_t size, const TallyScope& scope);

    TallyScope scope_;  // "all" until begin_unit
    std::size_t sample_cap_ = kSamplesPerCounter;
    std::vector<std::pair<std::string, Sample>> unit_first_samples_;  // per counter, in first-sampled order
    std::uint64_t unit_ordinal_ = 0;
    std::uint64_t sequence_ = 0;
    std::uint64_t units_ = 0;
    bool unit_open_ = false;  // begun and not discarded: discard_unit() takes it back out of units_
    bool keep_unit_ = false;
    bool judged_ = false;
    bool exact_ = true;
    std::map<std::string, std::uint64_t, std::less<>> unit_counts_;
    std::map<std::string, double, std::less<>> unit_maxima_;
    std::map<std::string, double, std::less<>> unit_minima_;
    std::map<std::string, ValueSet, std::less<>> unit_values_;
    // The current unit's batches (add_batch), kept for end_unit when keep_unit: a flat array per
    // list, the first unit_batches_used_ of them in use (reused from unit to unit).
    struct UnitBatch {
        const void* list = nullptr;
        NameAt name = nullptr;
        std::vector<std::uint64_t> n;
    };
    std::vector<UnitBatch> unit_batches_;
    std::size_t unit_batches_used_ = 0;
    Counts counts_;
    Extremes maxima_;
    Extremes minima_;
    ValueSets value_sets_;
    std::map<std::string, std::vector<Sample>> samples_;
    DistinctCounts distinct_;
    // The current unit's changes, for discard_unit(): map nodes are stable, so an iterator to a
    // count, a maximum or a sample list stays valid; a sample list remembers what the unit's
    // samples pushed out of its first N. A copied or moved Tally starts without one (its
    // iterators would point into the other Tally's maps).
    struct CountChange {
        Counts::iterator at;
        bool inserted = false;
        std::uint64_t n = 0;
    };
    struct MaxChange {
        Extremes::iterator at;
        bool inserted = false;
        double before = 0;
    };
    // One value the unit added to a set, undone by taking its count off again (and the value
    // away when the unit put it there); when the add could overflow the set, by putting back the
    // whole set as it was (once per set at most: an overflowed set takes nothing more). Copying
    // every set the unit touched instead cost each unit as much as the set's distinct values
    // (hl_file_triangles: thousands, on every h and l file of an install).
    struct ValueChange {
        ValueSets::iterator at;
        bool set_inserted = false;  // the unit made the set
        std::vector<double> value;  // as the set keeps it (canonical)
        std::uint64_t n = 0;
        bool value_inserted = false;  // the unit put the value in the set
        bool whole = false;           // `before` holds the set as it was
        ValueSet before;
    };
    struct SampleChange {
        std::map<std::string, std::vector<Sample>>::iterator list;
        bool inserted = false;  // the counter had no sample list before
        bool pushed_out = false;
        Sample out;
    };
    struct Journal {
        bool on = false;  // from the first begin_unit() on: a Tally used alone keeps no journal
        std::vector<CountChange> counts;
        std::vector<MaxChange> maxima;
        std::vector<MaxChange> minima;
        std::vector<ValueChange> values;
        std::vector<SampleChange> samples;
        std::vector<DistinctCounts::Change> distinct;
        Journal() = default;
        Journal(const Journal&) {}
        Journal& operator=(const Journal&) { return clear(), on = false, *this; }
        void clear() {
            counts.clear(), maxima.clear(), minima.clear(), values.clear(), samples.clear(), distinct.clear();
        }
    };
    Journal journal_;
    // Iterators into counts_, so a copied or moved Tally starts without any (as with the journal);
    // discard_unit, which erases keys, empties it. At most kMaxEntries (list, scope) pairs; beyond,
    // entries are replaced in turn.
    struct BatchCache {
        static constexpr std::size_t kMaxEntries = 64;
        std::vector<BatchSlots> entries;
        std::size_t next_replaced = 0;
        BatchCache() = default;
        BatchCache(const BatchCache&) {}
        BatchCache& operator=(const BatchCache&) { return clear(), *this; }
        void clear() { entries.clear(), next_replaced = 0; }
    };
    BatchCache batch_cache_;
};

}  // namespace meshproof
