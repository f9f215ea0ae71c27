#include "engine/pipeline/tally.h"

#include <algorithm>

namespace meshproof {

void Tally::add(std::string_view counter, std::uint64_t n) {
    add_in(counter, scope_, n);
    if (keep_unit_) {
        auto it = unit_counts_.find(counter);
        if (it == unit_counts_.end()) it = unit_counts_.emplace(std::string(counter), 0).first;
        it->second += n;
    }
}

void Tally::add_in(std::string_view counter, std::string_view scope, std::uint64_t n) {
    counts_[Key(std::string(counter), std::string(scope))] += n;
}

void Tally::max(std::string_view counter, double value) {
    auto [it, inserted] = maxima_.try_emplace(Key(std::string(counter), scope_), value);
    if (!inserted && value > it->second) it->second = value;
    if (keep_unit_) {
        auto [u, fresh] = unit_maxima_.try_emplace(std::string(counter), value);
        if (!fresh && value > u->second) u->second = value;
    }
}

void Tally::end_unit(const std::vector<std::string>& sub_scopes) {
    for (const std::string& sub : sub_scopes) {
        for (const auto& [counter, n] : unit_counts_) counts_[Key(counter, sub)] += n;
        for (const auto& [counter, v] : unit_maxima_) {
            auto [it, inserted] = maxima_.try_emplace(Key(counter, sub), v);
            if (!inserted && v > it->second) it->second = v;
        }
    }
    unit_counts_.clear();
    unit_maxima_.clear();
}

void Tally::insert_sample(std::vector<Sample>& list, Sample s) {
    if (list.size() == kSamplesPerCounter && !(s < list.back())) return;
    list.insert(std::upper_bound(list.begin(), list.end(), s), std::move(s));
    if (list.size() > kSamplesPerCounter) list.pop_back();
}

void Tally::sample(std::string_view counter, std::string location, std::string detail) {
    insert_sample(samples_[std::string(counter)], Sample{unit_ordinal_, sequence_++, std::move(location), std::move(detail)});
}

void Tally::merge(const Tally& other) {
    units_ += other.units_;
    for (const auto& [k, v] : other.counts_) counts_[k] += v;
    for (const auto& [k, v] : other.maxima_) {
        auto [it, inserted] = maxima_.try_emplace(k, v);
        if (!inserted && v > it->second) it->second = v;
    }
    for (const auto& [counter, list] : other.samples_) {
        auto& mine = samples_[counter];
        for (const auto& s : list) insert_sample(mine, s);
    }
}

std::uint64_t Tally::count(std::string_view counter, std::string_view scope) const {
    auto it = counts_.find(Key(std::string(counter), std::string(scope)));
    return it == counts_.end() ? 0 : it->second;
}

std::uint64_t Tally::total(std::string_view counter) const {
    std::uint64_t sum = 0;
    for (const auto& [k, v] : counts_)
        if (k.first == counter && !is_sub_scope(k.second)) sum += v;
    return sum;
}

}  // namespace meshproof
