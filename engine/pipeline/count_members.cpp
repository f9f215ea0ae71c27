#include "engine/pipeline/count_members.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_reduce.h>

namespace meshproof {

std::uint64_t count_group_members(const Group& group, const DecompressorRegistry& codecs) {
    const std::unique_ptr<OpenedGroup> listed = list_group(group, codecs);
    return listed->jobs.size() + listed->failures.size();
}

std::uint64_t count_members(const std::vector<Group>& groups, const DecompressorRegistry& codecs) {
    return tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, groups.size()), std::uint64_t{0},
        [&](const tbb::blocked_range<std::size_t>& r, std::uint64_t n) {
            for (std::size_t g = r.begin(); g != r.end(); ++g) n += count_group_members(groups[g], codecs);
            return n;
        },
        [](std::uint64_t a, std::uint64_t b) { return a + b; });
}

}  // namespace meshproof
