#include "engine/pipeline/count_members.h"

#include <atomic>

#include <oneapi/tbb/parallel_for.h>

namespace meshproof {

std::uint64_t count_group_members(const Group& group, const DecompressorRegistry& codecs,
                                  std::optional<BinderListing>* keep) {
    // open_loose makes each file a job or a failure: the count is the file list's.
    if (group.binder == nullptr) return group.loose.size();
    BinderListing listed = list_binder(*group.binder, codecs);
    const std::uint64_t n = listed.statuses();
    if (keep != nullptr) *keep = std::move(listed);
    return n;
}

namespace {

MemberCount count_over(const std::vector<Group>& groups, const DecompressorRegistry& codecs, bool keep) {
    MemberCount out;
    if (keep) out.listed.resize(groups.size());
    std::atomic<std::uint64_t> members{0};
    tbb::parallel_for(std::size_t{0}, groups.size(), [&](std::size_t g) {
        members += count_group_members(groups[g], codecs, keep ? &out.listed[g] : nullptr);
    });
    out.members = members.load();
    return out;
}

}  // namespace

MemberCount count_and_keep_members(const std::vector<Group>& groups, const DecompressorRegistry& codecs) {
    return count_over(groups, codecs, true);
}

std::uint64_t count_members(const std::vector<Group>& groups, const DecompressorRegistry& codecs) {
    return count_over(groups, codecs, false).members;
}

}  // namespace meshproof
