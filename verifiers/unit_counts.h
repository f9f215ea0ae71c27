// The counts of one unit, kept in a flat array by the pass's declared counters and handed to the
// Tally once per unit (Tally::add builds two strings and a map key per call: too dear per
// primitive). Every declared counter is flushed, zeros included, so each figure appears in the
// report with its denominator even where nothing failed.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "engine/pipeline/pass.h"

namespace meshproof::verifiers {

class UnitCounts {
public:
    explicit UnitCounts(const PassInfo& info) : info_(info), value_(info.counters.size(), 0) {}

    // The position of a declared counter; an undeclared name is a programming error.
    std::size_t slot(std::string_view name) const {
        for (std::size_t i = 0; i < info_.counters.size(); ++i)
            if (info_.counters[i].name == name) return i;
        std::abort();
    }
    void add(std::string_view name, std::uint64_t n = 1) { value_[slot(name)] += n; }
    void add_at(std::size_t slot, std::uint64_t n = 1) { value_[slot] += n; }
    std::uint64_t get(std::string_view name) const { return value_[slot(name)]; }

    void flush(Tally& tally) const {
        for (std::size_t i = 0; i < value_.size(); ++i) tally.add(info_.counters[i].name, value_[i]);
    }

private:
    const PassInfo& info_;
    std::vector<std::uint64_t> value_;
};

}  // namespace meshproof::verifiers
