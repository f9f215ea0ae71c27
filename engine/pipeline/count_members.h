// The number of members a run will process, counted before the fan-out so that progress shows
// the true total (and a true ETA) from the first second instead of a total that grows as
// binders open. A binder is counted by listing it (list_group, the code open_group runs, so the
// count cannot drift from the run): a split binder's header file is parsed and its data file
// only mapped; a DCX-wrapped binder (object and asset binders) is decompressed to reach its
// entry table. A folder's loose files are counted from the scan, none of them opened: each is a
// member or the failure that stands for it. No member is decompressed.
//
// The listings of DCX-wrapped binders are kept for the run (MemberCount::listed), so the run
// inflates each binder once: up to kKeptInflatedBinderBytes of inflated bodies at once, their
// files unmapped (the listing points into the body); a binder past it is listed again by the run.
// A split binder is listed again by the run: its listing is a header parse, and keeping its two
// mappings from the count to its run would hold their touched file pages (the kernel maps a
// fault's neighbours too) for every binder at once, which the peak memory cannot afford.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/containers/decompressor.h"
#include "engine/pipeline/member_group.h"

namespace meshproof {

// The most inflated binder bodies the count keeps for the run: they stay in memory from the
// count until their group runs, so this is added to the run's own peak at worst.
inline constexpr std::uint64_t kKeptInflatedBinderBytes = std::uint64_t{64} << 20;

struct MemberCount {
    std::uint64_t members = 0;
    // listed[g]: group g's listing (list_group) when the count kept it, else null (a loose group,
    // a split binder, or a DCX-wrapped one past the budget): open_group takes it instead of
    // listing the binder again.
    std::vector<std::unique_ptr<OpenedGroup>> listed;
};

// The statuses the run of `group` yields: its members (tagfiles and compendiums), and the
// failures that stand for what cannot be reached (an unreadable binder counts as one). `keep`
// (may be null) receives a binder's listing.
std::uint64_t count_group_members(const Group& group, const DecompressorRegistry& codecs,
                                  std::unique_ptr<OpenedGroup>* keep = nullptr);

// Over every group, in parallel (oneTBB), keeping DCX-wrapped binders' listings within
// `inflated_bytes` of their bodies.
MemberCount count_and_keep_members(const std::vector<Group>& groups, const DecompressorRegistry& codecs,
                                   std::uint64_t inflated_bytes = kKeptInflatedBinderBytes);

// The count alone, nothing kept.
std::uint64_t count_members(const std::vector<Group>& groups, const DecompressorRegistry& codecs);

}  // namespace meshproof
