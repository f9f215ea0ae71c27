// A group of members read together: one binder (split .hkxbhd + .hkxbdt, or a BND4 that may be
// DCX-wrapped), or the loose tagfiles of one folder, whose compendiums are siblings the way a
// binder's compendium member is. Opening a group reads its container once (a binder's data file
// mapped, or its body inflated), binds the binder's listing (binder_listing.h) to those bytes, and
// registers its compendiums; the members are then processed independently.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/containers/decompressor.h"
#include "engine/io/install_scan.h"
#include "engine/io/mapped_file.h"
#include "engine/pipeline/binder_listing.h"
#include "engine/pipeline/member_status.h"
#include "engine/tagfile/compendium.h"

namespace meshproof {

struct Group {
    std::string path;                     // binder rel_path, or the folder of loose files
    const InputFile* binder = nullptr;    // null for a loose group
    std::vector<const InputFile*> loose;  // loose tagfiles and compendiums
    // A later chunk of a large folder (plan_groups): the folder's compendiums, read to resolve
    // this chunk's tagfiles but not members of it (the folder's first chunk lists them).
    std::vector<const InputFile*> compendium_context;
};

// A loose group maps all its files while it runs, and several groups run at once: a folder of
// more tagfiles than this is planned as consecutive chunks of at most this many, so a folder of
// any size keeps the process's mappings bounded (the kernel's map count, 65,530 by default, and
// shrink_guard's table) instead of ending the run when mmap, or the allocator, finds none left.
inline constexpr std::size_t kLooseTagfilesPerGroup = 256;

// Binders by their path and loose files by their folder, in scan (path) order; .sur inputs are
// not grouped. A folder of more than kLooseTagfilesPerGroup tagfiles becomes consecutive groups
// (same path), its tagfiles in scan order, the first with the folder's compendiums as members
// and the others with them as compendium_context. `binders` counts the binder groups.
std::vector<Group> plan_groups(const InstallScan& scan, std::uint64_t& binders);

struct MemberJob {
    std::string path;  // game terms
    std::string set;
    Bytes stored;  // the bytes as stored (DCX or raw), into a mapping or the group's buffer
    bool entry_compressed = false;
    std::uint64_t uncompressed_size = 0;
    bool is_compendium = false;
};

// A member's content. When the member's DCX codec has no decompressor, returns an empty vector
// and sets `skip` to "unsupported compression KRAK".
Result<std::vector<std::uint8_t>> member_bytes(const MemberJob& job, const DecompressorRegistry& codecs,
                                               std::string& skip);

// The same content as a span into `buffer` (grown, never shrunk, so one buffer per thread serves
// member after member without allocating; engine/containers/dcx.h), or into the stored bytes of an
// uncompressed member. Valid until `buffer` is next used.
Result<Bytes> member_content(const MemberJob& job, const DecompressorRegistry& codecs, std::string& skip,
                             std::vector<std::uint8_t>& buffer);

struct OpenedGroup {
    std::vector<MappedFile> maps;          // keep the mapped files alive
    std::vector<std::uint8_t> owned;       // a DCX-wrapped binder, decompressed
    std::vector<MemberJob> jobs;           // tagfiles and compendiums, path order
    std::vector<MemberStatus> job_status;  // one per job; compendiums are settled at open
    std::vector<MemberStatus> failures;    // the group itself, or members that could not be located
    tagfile::CompendiumRegistry compendiums;
    std::string compendium_skip;   // why a compendium of the group was skipped, if one was
    std::uint64_t file_bytes = 0;  // sizes of the group's files, for progress
};

// Never fails: problems become statuses in `failures` (the binder) or `job_status` (a member).
// `listed`: a binder group's listing made by the count (count_members.h), bound to the bytes the
// run reads instead of listing the binder again; when there is none, when the count could not read
// the binder's table, or when the container is no longer the size the count measured, the binder
// is listed from what the run read. The statuses are always what the run finds.
std::unique_ptr<OpenedGroup> open_group(const Group& group, const DecompressorRegistry& codecs,
                                        std::optional<BinderListing> listed = std::nullopt);

// open_group's first half: the container read (a DCX-wrapped binder inflated) and the members bound
// to it as jobs (path order) or failures; compendiums not yet parsed and job_status left empty.
std::unique_ptr<OpenedGroup> bind_group(const Group& group, const DecompressorRegistry& codecs,
                                        std::optional<BinderListing> listed = std::nullopt);

}  // namespace meshproof
