// Tally: the thread-local state of a pass. Counters are per scope (game/set, e.g.
// "eldenring/l"), so every figure can be reported with its denominator and split by binder
// set. Samples of failing locations keep the first N in path order. Merging two tallies is
// commutative and associative (sums, maxima, the N smallest keys), which is what makes the
// report byte-identical at 1 thread and at N threads.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace meshproof {

inline constexpr std::size_t kSamplesPerCounter = 20;

struct Sample {
    std::uint64_t unit_ordinal = 0;   // position of the member in path order
    std::uint64_t sequence = 0;       // position of the location inside the member
    std::string location;             // "path :: member / body 0 / section 12 / primitive 7"
    std::string detail;               // measured vs expected, in the document's terms

    bool operator<(const Sample& o) const {
        return unit_ordinal != o.unit_ordinal ? unit_ordinal < o.unit_ordinal : sequence < o.sequence;
    }
};

class Tally {
public:
    using Key = std::pair<std::string, std::string>;  // (counter, scope)

    // The scope and ordinal that add()/sample() apply to; set by the pipeline per unit.
    void begin_unit(std::string scope, std::uint64_t unit_ordinal) {
        scope_ = std::move(scope);
        unit_ordinal_ = unit_ordinal;
        sequence_ = 0;
    }
    const std::string& scope() const { return scope_; }

    void add(std::string_view counter, std::uint64_t n = 1);
    void add_in(std::string_view counter, std::string_view scope, std::uint64_t n);
    void max(std::string_view counter, double value);
    // Records a failing location; keeps the first kSamplesPerCounter in path order.
    void sample(std::string_view counter, std::string location, std::string detail = {});

    void merge(const Tally& other);

    const std::map<Key, std::uint64_t>& counts() const { return counts_; }
    const std::map<Key, double>& maxima() const { return maxima_; }
    const std::map<std::string, std::vector<Sample>>& samples() const { return samples_; }
    std::uint64_t count(std::string_view counter, std::string_view scope) const;
    // Sum of a counter over every scope.
    std::uint64_t total(std::string_view counter) const;

private:
    void insert_sample(std::vector<Sample>& list, Sample s);

    std::string scope_ = "all";
    std::uint64_t unit_ordinal_ = 0;
    std::uint64_t sequence_ = 0;
    std::map<Key, std::uint64_t> counts_;
    std::map<Key, double> maxima_;
    std::map<std::string, std::vector<Sample>> samples_;
};

}  // namespace meshproof
