// A binder's members listed without their bytes: where each lies in its container (the data file
// of a split binder, the body of a BND4, DCX-wrapped or not) and the failures that stand for what
// cannot be reached. The count (count_members.h) lists every binder so and keeps the listing for
// the run, which then reads the container once and binds the listing's members to its bytes
// (member_group.h); a run without the count lists the binder through the same code, so the two
// cannot drift.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/containers/binder.h"
#include "engine/containers/decompressor.h"
#include "engine/io/install_scan.h"
#include "engine/pipeline/member_status.h"

namespace meshproof {

struct ListedMember {
    std::string path;  // game terms: "<binder> :: <name>"
    std::string set;
    std::uint64_t offset = 0;  // the stored bytes, in the container
    std::uint64_t size = 0;
    bool entry_compressed = false;
    std::uint64_t uncompressed_size = 0;
    bool is_compendium = false;
};

struct BinderListing {
    // True when the binder's table was read; else `failures` holds the one status that stands for
    // the binder (it could not be opened, decoded or parsed), and the run reads it again itself.
    bool table_read = false;
    std::vector<ListedMember> members;   // tagfiles and compendiums, path order
    std::vector<MemberStatus> failures;  // members whose data lies outside the container, or the binder
    std::uint64_t container_size = 0;    // what every member's range was checked against
    std::uint64_t file_bytes = 0;        // a split binder's files, as far as they opened (progress)

    std::uint64_t statuses() const { return members.size() + failures.size(); }
};

// The listing of a binder that failed as a whole.
BinderListing binder_failure(MemberStatus status);

// A table's tagfile and compendium entries as members, each range checked against a container of
// `container_size` bytes (a member outside it is a failure). Every listing of a binder ends here.
BinderListing list_entries(const InputFile& in, const Binder& binder, std::uint64_t container_size);

// A split binder from its header file (mapped, parsed and unmapped), against a data file of
// `data_size` bytes (or the error its opening gave); the header's own failures come first, as
// its data file is reached only through it.
BinderListing list_split_binder(const InputFile& in, const Result<std::uint64_t>& data_size);

// A BND4 from its whole bytes (a DCX-wrapped binder's inflated body).
BinderListing list_bnd4(const InputFile& in, Bytes bnd4);

// The count's listing of any binder, keeping no bytes: a split binder's data file is measured,
// not mapped; a DCX-wrapped binder's body is decoded only as far as its table reaches (a head of
// kFirstTableHead bytes, or the whole body when smaller, then twice as long while the table reaches
// past it: parse_bnd4_table), each range checked against the size its DCX header states. So the
// run finds more only when the body's stream is corrupt past the table, or a file changed.
inline constexpr std::size_t kFirstTableHead = std::size_t{64} << 10;
BinderListing list_binder(const InputFile& in, const DecompressorRegistry& codecs);

}  // namespace meshproof
