#include "engine/pipeline/tally.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace meshproof {

void Tally::add(std::string_view counter, std::uint64_t n) {
    add_in(counter, scope_, n);
    if (keep_unit_) {
        auto it = unit_counts_.find(counter);
        if (it == unit_counts_.end()) it = unit_counts_.emplace(std::string(counter), 0).first;
        it->second += n;
    }
}

Tally::Counts::iterator Tally::count_slot(std::string_view counter, const TallyScope& scope, bool& inserted) {
    auto it = counts_.find(KeyLess::View{counter, &scope});
    inserted = it == counts_.end();
    if (inserted) it = counts_.emplace_hint(it, Key(std::string(counter), scope), 0);
    return it;
}

void Tally::add_in(std::string_view counter, const TallyScope& scope, std::uint64_t n) {
    bool inserted = false;
    const auto it = count_slot(counter, scope, inserted);
    it->second += n;
    if (journal_.on) journal_.counts.push_back(CountChange{it, inserted, n});
}

Tally::BatchSlots& Tally::batch_slots(const void* list, NameAt name, std::size_t size, const TallyScope& scope) {
    for (BatchSlots& e : batch_cache_.entries)
        if (e.list == list && e.at.size() == size && e.scope == scope) {
            std::fill(e.inserted.begin(), e.inserted.end(), 0);
            return e;
        }
    BatchSlots* e = nullptr;
    if (batch_cache_.entries.size() < BatchCache::kMaxEntries) {
        e = &batch_cache_.entries.emplace_back();
    } else {
        e = &batch_cache_.entries[batch_cache_.next_replaced];
        batch_cache_.next_replaced = (batch_cache_.next_replaced + 1) % BatchCache::kMaxEntries;
    }
    e->list = list;
    e->scope = scope;
    e->at.resize(size);
    e->inserted.resize(size);
    for (std::size_t i = 0; i < size; ++i) {
        bool inserted = false;
        e->at[i] = count_slot(name(list, i), scope, inserted);
        e->inserted[i] = inserted;
    }
    return *e;
}

void Tally::add_batch(const void* list, NameAt name, std::span<const std::uint64_t> n) {
    BatchSlots& slots = batch_slots(list, name, n.size(), scope_);
    for (std::size_t i = 0; i < n.size(); ++i) {
        slots.at[i]->second += n[i];
        if (journal_.on) journal_.counts.push_back(CountChange{slots.at[i], slots.inserted[i] != 0, n[i]});
    }
    if (!keep_unit_) return;
    UnitBatch* mine = nullptr;
    for (std::size_t b = 0; b < unit_batches_used_ && mine == nullptr; ++b)
        if (unit_batches_[b].list == list && unit_batches_[b].n.size() == n.size()) mine = &unit_batches_[b];
    if (mine != nullptr) {
        for (std::size_t i = 0; i < n.size(); ++i) mine->n[i] += n[i];
        return;
    }
    if (unit_batches_used_ == unit_batches_.size()) unit_batches_.emplace_back();
    mine = &unit_batches_[unit_batches_used_++];
    mine->list = list;
    mine->name = name;
    mine->n.assign(n.begin(), n.end());
}

namespace {

// Maxima and minima are merged in whatever order the threads finish, so whether a value replaces
// the one kept must not depend on which came first: a NaN replaces any number and is kept (a NaN
// anywhere shows, as one quiet NaN), +0 replaces −0 in a maximum and −0 replaces +0 in a minimum,
// otherwise the larger (the smaller) value wins.
double canonical_nan(double v) { return v != v ? std::numeric_limits<double>::quiet_NaN() : v; }

bool raises_max(double v, double kept) {
    if (kept != kept) return false;
    if (v != v) return true;
    return v > kept || (v == kept && std::signbit(kept) && !std::signbit(v));
}

bool lowers_min(double v, double kept) {
    if (kept != kept) return false;
    if (v != v) return true;
    return v < kept || (v == kept && !std::signbit(kept) && std::signbit(v));
}

// A number as a value set keeps it: −0 as +0 (−0 + 0 is +0), every NaN as one quiet NaN.
double canonical_number(double v) { return canonical_nan(v + 0.0); }
bool is_canonical_number(double v) {
    return std::bit_cast<std::uint64_t>(v) == std::bit_cast<std::uint64_t>(canonical_number(v));
}

// NaN above every number and equal to itself.
bool number_less(double a, double b) {
    if (a != a) return false;
    if (b != b) return true;
    return a < b;
}

}  // namespace

bool ValueOrder::operator()(const std::vector<double>& a, const std::vector<double>& b) const {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), number_less);
}

void Tally::max(std::string_view counter, double value) {
    value = canonical_nan(value);
    auto [it, inserted] = maxima_.try_emplace(Key(std::string(counter), scope_), value);
    if (journal_.on) journal_.maxima.push_back(MaxChange{it, inserted, inserted ? 0.0 : it->second});
    if (!inserted && raises_max(value, it->second)) it->second = value;
    if (keep_unit_) {
        auto [u, fresh] = unit_maxima_.try_emplace(std::string(counter), value);
        if (!fresh && raises_max(value, u->second)) u->second = value;
    }
}

void Tally::min(std::string_view counter, double value) {
    value = canonical_nan(value);
    auto [it, inserted] = minima_.try_emplace(Key(std::string(counter), scope_), value);
    if (journal_.on) journal_.minima.push_back(MaxChange{it, inserted, inserted ? 0.0 : it->second});
    if (!inserted && lowers_min(value, it->second)) it->second = value;
    if (keep_unit_) {
        auto [u, fresh] = unit_minima_.try_emplace(std::string(counter), value);
        if (!fresh && lowers_min(value, u->second)) u->second = value;
    }
}

void ValueSet::add(const std::vector<double>& value, std::uint64_t n) {
    if (overflowed) return;
    if (std::all_of(value.begin(), value.end(), is_canonical_number)) {
        seen[value] += n;  // no copy made unless a number needs rewriting
    } else {
        std::vector<double> canonical(value);
        for (double& v : canonical) v = canonical_number(v);
        seen[canonical] += n;
    }
    if (seen.size() > kMaxDistinctValues) {
        seen.clear();
        overflowed = true;
    }
}

void ValueSet::merge(const ValueSet& other) {
    if (other.overflowed) {
        seen.clear();
        overflowed = true;
    }
    for (const auto& [value, n] : other.seen) add(value, n);
}

void Tally::values(std::string_view counter, std::vector<double> value, std::uint64_t n) {
    for (double& v : value) v = canonical_number(v);              // as the set keeps it, so the journal finds it again
    auto it = value_sets_.find(KeyLess::View{counter, &scope_});  // no key made for a set that exists
    const bool inserted = it == value_sets_.end();
    if (inserted) it = value_sets_.try_emplace(Key(std::string(counter), scope_)).first;
    ValueSet& set = it->second;
    const std::vector<double>* kept = &value;
    if (journal_.on && !set.overflowed) {  // an overflowed set takes nothing: nothing to undo
        ValueChange& change = journal_.values.emplace_back();
        change.at = it, change.set_inserted = inserted, change.n = n;
        const std::size_t distinct = set.seen.size();
        if (distinct >= kMaxDistinctValues && !set.seen.contains(value)) change.whole = true, change.before = set;
        set.add(value, n);
        change.value_inserted = !set.overflowed && set.seen.size() > distinct;
        change.value = std::move(value);
        kept = &change.value;
    } else {
        set.add(value, n);
    }
    if (keep_unit_) {
        auto u = unit_values_.find(counter);
        if (u == unit_values_.end()) u = unit_values_.emplace(std::string(counter), ValueSet{}).first;
        u->second.add(*kept, n);
    }
}

void Tally::end_unit(const std::vector<TallyScope>& sub_scopes) {
    for (const TallyScope& sub : sub_scopes) {
        bool inserted = false;
        for (const auto& [counter, n] : unit_counts_) count_slot(counter, sub, inserted)->second += n;
        for (std::size_t b = 0; b < unit_batches_used_; ++b) {
            const UnitBatch& batch = unit_batches_[b];
            BatchSlots& slots = batch_slots(batch.list, batch.name, batch.n.size(), sub);
            for (std::size_t i = 0; i < batch.n.size(); ++i) slots.at[i]->second += batch.n[i];
        }
        for (const auto& [counter, v] : unit_maxima_) {
            auto [it, inserted] = maxima_.try_emplace(Key(counter, sub), v);
            if (!inserted && raises_max(v, it->second)) it->second = v;
        }
        for (const auto& [counter, v] : unit_minima_) {
            auto [it, inserted] = minima_.try_emplace(Key(counter, sub), v);
            if (!inserted && lowers_min(v, it->second)) it->second = v;
        }
        for (const auto& [counter, set] : unit_values_) value_sets_[Key(counter, sub)].merge(set);
    }
    unit_counts_.clear();
    unit_maxima_.clear();
    unit_minima_.clear();
    unit_values_.clear();
    unit_batches_used_ = 0;
}

bool Tally::insert_sample(std::vector<Sample>& list, Sample s, Sample* pushed_out) {
    if (list.size() >= sample_cap_ && (list.empty() || !(s < list.back()))) return false;
    list.insert(std::upper_bound(list.begin(), list.end(), s), std::move(s));
    if (list.size() <= sample_cap_) return false;
    if (pushed_out) *pushed_out = std::move(list.back());
    list.pop_back();
    return pushed_out != nullptr;
}

void Tally::sample(std::string_view counter, std::string location, std::string detail) {
    Sample s{unit_ordinal_, sequence_++, std::move(location), std::move(detail)};
    if (unit_open_ && unit_first_sample(counter) == nullptr) unit_first_samples_.emplace_back(std::string(counter), s);
    auto [list, inserted] = samples_.try_emplace(std::string(counter));
    SampleChange change{list, inserted, false, {}};
    change.pushed_out = insert_sample(list->second, std::move(s), &change.out);
    if (journal_.on) journal_.samples.push_back(std::move(change));
}

std::uint64_t Tally::unit_count(std::string_view counter) const {
    std::uint64_t n = 0;
    for (const CountChange& c : journal_.counts)
        if (c.at->first.first == counter && !c.at->first.second.is_sub_scope()) n += c.n;
    return n;
}

const Sample* Tally::unit_first_sample(std::string_view counter) const {
    for (const auto& [name, s] : unit_first_samples_)
        if (name == counter) return &s;
    return nullptr;
}

void Tally::distinct(std::string_view counter, std::uint64_t content_key, std::uint64_t n) {
    distinct_.add(counter, scope_, unit_ordinal_, content_key, n, journal_.on ? &journal_.distinct : nullptr);
}

void Tally::fold_distinct() {
    for (const auto& [key, n] : distinct_.fold()) counts_[key] += n;
    distinct_.clear();
}

void Tally::discard_unit() {
    if (unit_open_) --units_;
    unit_open_ = false;
    // In reverse, so that a key the unit created is erased only after its later changes are undone
    // (a key that exists only because of the discarded unit would list a 0 the run without it lacks).
    for (auto it = journal_.counts.rbegin(); it != journal_.counts.rend(); ++it) {
        it->at->second -= it->n;
        if (it->inserted) counts_.erase(it->at);
    }
    for (auto it = journal_.maxima.rbegin(); it != journal_.maxima.rend(); ++it) {
        if (it->inserted) maxima_.erase(it->at);
        else it->at->second = it->before;
    }
    for (auto it = journal_.minima.rbegin(); it != journal_.minima.rend(); ++it) {
        if (it->inserted) minima_.erase(it->at);
        else it->at->second = it->before;
    }
    // Latest first: a whole set put back holds the unit's earlier values, which their own changes
    // then take off; a set the unit made is erased at its first change, the last undone.
    for (auto change = journal_.values.rbegin(); change != journal_.values.rend(); ++change) {
        ValueSet& set = change->at->second;
        if (change->whole) {
            set = std::move(change->before);
        } else {
            const auto v = set.seen.find(change->value);
            if (change->value_inserted) set.seen.erase(v);
            else v->second -= change->n;
        }
        if (change->set_inserted) value_sets_.erase(change->at);
    }
    for (auto it = journal_.samples.rbegin(); it != journal_.samples.rend(); ++it) {
        auto& list = it->list->second;
        list.erase(
            std::remove_if(list.begin(), list.end(), [&](const Sample& s) { return s.unit_ordinal == unit_ordinal_; }),
            list.end());
        if (it->pushed_out) insert_sample(list, std::move(it->out));
        if (it->inserted) samples_.erase(it->list);
    }
    distinct_.undo(journal_.distinct);
    journal_.clear();
    unit_first_samples_.clear();
    batch_cache_.clear();  // its iterators may name keys just erased
    unit_batches_used_ = 0;
    unit_counts_.clear();
    unit_maxima_.clear();
    unit_minima_.clear();
    unit_values_.clear();
}

void Tally::merge(const Tally& other) {
    sample_cap_ = std::max(sample_cap_, other.sample_cap_);
    units_ += other.units_;
    for (const auto& [k, v] : other.counts_) counts_[k] += v;
    for (const auto& [k, v] : other.maxima_) {
        auto [it, inserted] = maxima_.try_emplace(k, v);
        if (!inserted && raises_max(v, it->second)) it->second = v;
    }
    for (const auto& [k, v] : other.minima_) {
        auto [it, inserted] = minima_.try_emplace(k, v);
        if (!inserted && lowers_min(v, it->second)) it->second = v;
    }
    for (const auto& [k, set] : other.value_sets_) value_sets_[k].merge(set);
    distinct_.merge(other.distinct_);
    for (const auto& [counter, list] : other.samples_) {
        auto& mine = samples_[counter];
        for (const auto& s : list) insert_sample(mine, s);
    }
}

std::uint64_t Tally::count(std::string_view counter, const TallyScope& scope) const {
    auto it = counts_.find(KeyLess::View{counter, &scope});
    return it == counts_.end() ? 0 : it->second;
}

std::uint64_t Tally::total(std::string_view counter) const {
    std::uint64_t sum = 0;
    for (const auto& [k, v] : counts_)
        if (k.first == counter && !k.second.is_sub_scope()) sum += v;
    return sum;
}

}  // namespace meshproof
