#include "engine/pipeline/unit_runner.h"

#include <fmt/format.h>

#include "engine/pipeline/file_scope.h"
#include "engine/pipeline/place_scope.h"

namespace meshproof {

UnitRunner::UnitRunner(const RunOptions& options, const DecompressorRegistry& codecs, std::vector<const Pass*> passes)
    : options_(options),
      codecs_(codecs),
      passes_(std::move(passes)),
      timing_(passes_.size(), options.timings ? options.timings->slowest_wanted : 0, options.timings != nullptr),
      join_tallies_(sample_capped(passes_.size())) {
    for (std::size_t p = 0; p < passes_.size(); ++p) {
        (passes_[p]->info().family == kSurFamily ? sur_passes_ : havok_passes_).push_back(p);
        if (passes_[p]->info().joins && passes_[p]->info().family != kSurFamily) joining_.push_back(p);
    }
}

std::vector<const Pass*> UnitRunner::joining_passes() const {
    std::vector<const Pass*> out;
    for (std::size_t p : joining_) out.push_back(passes_[p]);
    return out;
}

void UnitRunner::charge_join(std::size_t j, double thread_seconds) {
    auto& local = timing_.local();
    local.pass[joining_[j]] += thread_seconds;
    local.stage[static_cast<std::size_t>(Stage::kPasses)] += thread_seconds;
}

Tally UnitRunner::merged(std::size_t pass) {
    Tally out;
    for (const auto& local : tallies_) out.merge(local[pass]);
    out.merge(join_tallies_[pass]);
    out.fold_distinct();
    return out;
}

std::vector<Tally> UnitRunner::sample_capped(std::size_t n) const {
    std::vector<Tally> out(n);
    for (Tally& t : out) t.set_sample_cap(options_.samples_per_counter);
    return out;
}

void UnitRunner::collect_findings(const std::vector<Tally>& tallies, const std::vector<std::size_t>& order,
                                  MemberStatus& status) const {
    for (std::size_t p : order) {
        const PassInfo& info = passes_[p]->info();
        const Tally& t = tallies[p];
        auto is_violation = [&](std::string_view name) {
            for (const CounterInfo& c : info.counters)
                if (c.violation && c.name == name) return true;
            return false;
        };
        if (!t.unit_added_any(is_violation)) continue;  // the common case: every rule held
        for (const CounterInfo& c : info.counters) {
            if (!c.violation) continue;
            const std::uint64_t n = t.unit_count(c.name);
            if (n == 0) continue;
            MemberFinding f{info.name, c.name, n, {}, {}};
            if (const Sample* s = t.unit_first_sample(c.name)) {
                f.location = s->location;
                f.detail = s->detail;
            }
            status.findings.push_back(std::move(f));
        }
    }
}

std::vector<TallyScope> UnitRunner::file_sub_scopes(const TallyScope& scope, std::string_view path) const {
    std::vector<TallyScope> out;
    for (const std::string& name : options_.file_scopes)
        if (path_names_file(path, name)) out.push_back(scope.with(SubScopeKind::kFile, name));
    if (options_.map_scopes.empty()) return out;
    const std::string map = map_of_path(path);
    for (const std::string& key : options_.map_scopes)
        if (map_in_place(map, key)) out.push_back(scope.with(SubScopeKind::kMap, key));
    return out;
}

void discard_unit_through(std::vector<Tally>& tallies, const std::vector<std::size_t>& order, std::size_t last) {
    for (std::size_t j = 0; j <= last; ++j) tallies[order[j]].discard_unit();
}

Error timeout_error(double seconds, std::string_view stage) {
    return make_error(ErrorCode::kTimeout, 0,
                      fmt::format("abandoned {}: the member ran past its time budget of {} s", stage, seconds));
}

}  // namespace meshproof
