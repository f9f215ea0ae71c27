#include "engine/pipeline/distinct_counts.h"

namespace meshproof {
namespace {

bool before(const DistinctCounts::Entry& a, const DistinctCounts::Entry& b) {
    return std::tie(a.ordinal, a.scope, a.n) < std::tie(b.ordinal, b.scope, b.n);
}

}  // namespace

void DistinctCounts::add(std::string_view counter, const TallyScope& scope, std::uint64_t ordinal, std::uint64_t key,
                         std::uint64_t n, std::vector<Change>* journal) {
    auto [it, inserted] = entries_.try_emplace(Key(std::string(counter), scope.game, key), Entry{ordinal, scope, 0});
    if (!inserted && ordinal > it->second.ordinal) return;  // an earlier unit holds the key
    if (journal) journal->push_back(Change{it, inserted, inserted ? Entry{} : it->second});
    if (!inserted && ordinal < it->second.ordinal) it->second = Entry{ordinal, scope, 0};
    it->second.n += n;
}

void DistinctCounts::undo(std::vector<Change>& journal) {
    for (auto it = journal.rbegin(); it != journal.rend(); ++it) {
        if (it->inserted) entries_.erase(it->at);
        else it->at->second = std::move(it->before);
    }
    journal.clear();
}

void DistinctCounts::merge(const DistinctCounts& other) {
    for (const auto& [key, entry] : other.entries_) {
        auto [it, inserted] = entries_.try_emplace(key, entry);
        if (!inserted && before(entry, it->second)) it->second = entry;
    }
}

std::map<std::pair<std::string, TallyScope>, std::uint64_t> DistinctCounts::fold() const {
    std::map<std::pair<std::string, TallyScope>, std::uint64_t> out;
    for (const auto& [key, entry] : entries_) out[{std::get<0>(key), entry.scope}] += entry.n;
    return out;
}

}  // namespace meshproof
