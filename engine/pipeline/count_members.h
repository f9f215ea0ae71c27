// The number of members a run will process, counted before the fan-out so that progress shows
// the true total (and a true ETA) from the first second instead of a total that grows as
// binders open. Counting reads what open_group reads up to its member list (list_group, the
// same code, so the count cannot drift from the run): a split binder's header file is parsed
// and its data file only mapped; a DCX-wrapped binder (object and asset binders) is
// decompressed to reach its entry table. No member is decompressed.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/containers/decompressor.h"
#include "engine/pipeline/member_group.h"

namespace meshproof {

// The statuses the run of `group` yields: its members (tagfiles and compendiums), and the
// failures that stand for what cannot be reached (an unreadable binder counts as one).
std::uint64_t count_group_members(const Group& group, const DecompressorRegistry& codecs);

// Over every group, in parallel (oneTBB).
std::uint64_t count_members(const std::vector<Group>& groups, const DecompressorRegistry& codecs);

}  // namespace meshproof
