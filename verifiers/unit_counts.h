// The counts of one unit, kept in a flat array by the pass's declared counters and handed to the
// Tally once per unit as one batch (Tally::add_batch: the tally finds each counter's key once per
// scope, not once per unit). Every declared counter is flushed, zeros included, so each figure
// appears in the report with its denominator even where nothing failed.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "engine/pipeline/pass.h"

namespace meshproof::verifiers {

class UnitCounts {
public:
    explicit UnitCounts(const PassInfo& info)
        : info_(info), value_(info.counters.size(), 0), sampled_(info.counters.size(), 0) {}

    // The position of a declared counter; an undeclared name is a programming error. Passes add
    // the same counter many times in a row (per face, per edge), so the search starts at the
    // last slot found.
    std::size_t slot(std::string_view name) const {
        const std::size_t n = info_.counters.size();
        for (std::size_t k = 0; k < n; ++k) {
            const std::size_t i = last_ + k < n ? last_ + k : last_ + k - n;
            if (info_.counters[i].name == name) return last_ = i;
        }
        std::abort();
    }
    void add(std::string_view name, std::uint64_t n = 1) { value_[slot(name)] += n; }
    void add_at(std::size_t slot, std::uint64_t n = 1) { value_[slot] += n; }
    std::uint64_t get(std::string_view name) const { return value_[slot(name)]; }
    std::uint64_t get_at(std::size_t slot) const { return value_[slot]; }

    // Counts one failing location and hands it to the tally as a sample. `location()` and
    // `detail()` are called only for the first tally.sample_cap() of the unit (at least one: the
    // member's first location of the rule): the tally keeps no more than that in path order, so
    // later strings could never be kept.
    template <class Location, class Detail>
    void add_sampled(Tally& tally, std::string_view name, Location&& location, Detail&& detail) {
        add_sampled_at(tally, slot(name), location, detail);
    }
    template <class Location, class Detail>
    void add_sampled_at(Tally& tally, std::size_t slot, Location&& location, Detail&& detail) {
        value_[slot] += 1;
        if (sampled_[slot]++ >= std::max<std::size_t>(tally.sample_cap(), 1)) return;
        tally.sample(info_.counters[slot].name, location(), detail());
    }

    void flush(Tally& tally) const { tally.add_batch(&info_.counters, &counter_name, value_); }

private:
    static std::string_view counter_name(const void* counters, std::size_t i) {
        return (*static_cast<const std::vector<CounterInfo>*>(counters))[i].name;
    }

    const PassInfo& info_;
    std::vector<std::uint64_t> value_;
    std::vector<std::uint32_t> sampled_;  // per counter, samples handed to the tally in this unit
    mutable std::size_t last_ = 0;        // where slot() found its last name
};

}  // namespace meshproof::verifiers
