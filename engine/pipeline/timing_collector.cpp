#include "engine/pipeline/timing_collector.h"

#include <algorithm>

namespace meshproof {

namespace {

// Slowest first; equal times in path order, so the list does not depend on which thread kept what.
bool slower(const MemberTime& a, const MemberTime& b) {
    return a.seconds != b.seconds ? a.seconds > b.seconds : a.path < b.path;
}

}  // namespace

TimingCollector::TimingCollector(std::size_t passes, std::size_t slowest_wanted, bool cpu)
    : passes_(passes), slowest_wanted_(slowest_wanted), cpu_(cpu), locals_([passes] {
          Local l;
          l.pass.assign(passes, 0.0);
          return l;
      }) {}

void TimingCollector::offer(Local& local, std::string_view path, const std::array<double, kStageCount>& stages,
                            std::uint64_t bytes, std::uint64_t triangles) {
    if (slowest_wanted_ == 0) return;
    double seconds = 0;
    for (double s : stages) seconds += s;
    auto& heap = local.slowest;  // std heap under `slower`: its front is the fastest kept
    if (heap.size() == slowest_wanted_) {
        const MemberTime& fastest = heap.front();
        if (seconds < fastest.seconds || (seconds == fastest.seconds && path >= fastest.path)) return;
        std::pop_heap(heap.begin(), heap.end(), slower);
        heap.pop_back();
    }
    heap.push_back(MemberTime{std::string(path), seconds, stages, bytes, triangles});
    std::push_heap(heap.begin(), heap.end(), slower);
}

void TimingCollector::merge_into(RunTimings& out, const std::vector<const Pass*>& passes) const {
    std::vector<double> pass(passes_, 0.0);
    for (const Local& l : locals_) {
        for (std::size_t s = 0; s < kStageCount; ++s) out.stage_seconds[s] += l.stage[s];
        for (std::size_t p = 0; p < l.pass.size() && p < pass.size(); ++p) pass[p] += l.pass[p];
        out.members_decoded += l.members;
        out.bytes_decoded += l.bytes;
        out.triangles += l.triangles;
        out.slowest.insert(out.slowest.end(), l.slowest.begin(), l.slowest.end());
    }
    for (std::size_t p = 0; p < passes.size() && p < pass.size(); ++p)
        out.pass_seconds.emplace_back(passes[p]->info().name, pass[p]);
    std::sort(out.slowest.begin(), out.slowest.end(), slower);
    if (out.slowest.size() > slowest_wanted_) out.slowest.resize(slowest_wanted_);
}

}  // namespace meshproof
