#include "engine/pipeline/count_members.h"

#include <atomic>

#include <oneapi/tbb/parallel_for.h>

namespace meshproof {
namespace {

// Takes `want` from `left` when that much is left, atomically; false (nothing taken) otherwise.
bool take(std::atomic<std::uint64_t>& left, std::uint64_t want) {
    std::uint64_t have = left.load(std::memory_order_relaxed);
    while (have >= want)
        if (left.compare_exchange_weak(have, have - want, std::memory_order_relaxed)) return true;
    return false;
}

}  // namespace

std::uint64_t count_group_members(const Group& group, const DecompressorRegistry& codecs,
                                  std::unique_ptr<OpenedGroup>* keep) {
    // open_loose makes each file a job or a failure: the count is the file list's.
    if (group.binder == nullptr) return group.loose.size();
    std::unique_ptr<OpenedGroup> listed = list_group(group, codecs);
    const std::uint64_t n = listed->jobs.size() + listed->failures.size();
    if (keep != nullptr) *keep = std::move(listed);
    return n;
}

MemberCount count_and_keep_members(const std::vector<Group>& groups, const DecompressorRegistry& codecs,
                                   std::uint64_t inflated_bytes) {
    MemberCount out;
    out.listed.resize(groups.size());
    std::atomic<std::uint64_t> members{0};
    std::atomic<std::uint64_t> bytes_left{inflated_bytes};
    tbb::parallel_for(std::size_t{0}, groups.size(), [&](std::size_t g) {
        std::unique_ptr<OpenedGroup> listed;
        members += count_group_members(groups[g], codecs, &listed);
        // Only an inflated body is worth keeping (see the header); its jobs point into it, so
        // its file's mapping goes now.
        if (listed == nullptr || listed->owned.empty() || !take(bytes_left, listed->owned.size())) return;
        listed->maps.clear();
        out.listed[g] = std::move(listed);
    });
    out.members = members.load();
    return out;
}

std::uint64_t count_members(const std::vector<Group>& groups, const DecompressorRegistry& codecs) {
    return count_and_keep_members(groups, codecs, 0).members;
}

}  // namespace meshproof
