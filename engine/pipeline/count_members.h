// The number of members a run will process, counted before the fan-out so that progress shows
// the true total (and a true ETA) from the first second instead of a total that grows as
// binders open. A binder is counted by listing it (list_binder, binder_listing.h: the parser and
// the entry listing a run without the count uses), and the listing is kept for the run without a
// byte of the binder: each member's path, set and place in its container, and the failures that
// stand for what cannot be reached. So each binder is listed once per run: a split binder's header
// file is mapped, parsed and let go (its data file only measured); a DCX-wrapped binder (object
// and asset binders) has only the head of its body decoded, as far as its entry table reaches (a
// codec that cannot stop early decodes it all, and lets it go), and is inflated in full once, by
// the run. A folder's loose files are counted from the scan, none of them opened: each is a member
// or the failure that stands for it. No member is decompressed.
//
// The run then reads each container once and finds the statuses itself (member_group.h): the
// count cannot see a body's stream corrupt past its table, or a file changed between the two.
// When the run finds a group's statuses more or fewer than counted, it corrects
// Progress::members_total by the difference as it opens the group, so total == done at the end.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/containers/decompressor.h"
#include "engine/pipeline/binder_listing.h"
#include "engine/pipeline/member_group.h"

namespace meshproof {

struct MemberCount {
    std::uint64_t members = 0;
    // listed[g]: binder group g's listing, for open_group; empty for a loose group.
    std::vector<std::optional<BinderListing>> listed;
};

// The statuses the run of `group` yields: its members (tagfiles and compendiums), and the
// failures that stand for what cannot be reached (an unreadable binder counts as one). `keep`
// (may be null) receives a binder's listing.
std::uint64_t count_group_members(const Group& group, const DecompressorRegistry& codecs,
                                  std::optional<BinderListing>* keep = nullptr);

// Over every group, in parallel (oneTBB), keeping every binder's listing.
MemberCount count_and_keep_members(const std::vector<Group>& groups, const DecompressorRegistry& codecs);

// The count alone, nothing kept.
std::uint64_t count_members(const std::vector<Group>& groups, const DecompressorRegistry& codecs);

}  // namespace meshproof
