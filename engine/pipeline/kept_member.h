// What a thread keeps from member to member besides its passes' scratch: its decoded member,
// decoded into (mesh::decode_member_into) member after member, so that the columns are allocated
// when a member outgrows the earlier ones and not for every member (fresh pages come zeroed from
// the kernel; freed ones go back to it). Bounded as a pass's scratch is (scratch_release.h): the
// decoded member after a large unit or a failed decode, and the decompression buffer after a
// large member, are handed back, so one large member does not hold its room to the end of the run.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/scratch_release.h"
#include "engine/mesh/decoded_member.h"

namespace meshproof {

struct KeptMember {
    mesh::DecodedMember member;
    bool in_use = false;
};

// One unit's use of its thread's kept member. process() never waits on other tasks
// (unit_runner.h), so a thread does not come back into the runner while its member is in use;
// should a pass ever wait, the unit that came back decodes into a member of its own instead of
// over the one in use.
class MemberLease {
public:
    explicit MemberLease(KeptMember& kept) : kept_(kept), leased_(!kept.in_use) {
        if (leased_) kept_.in_use = true;
        else own_.emplace();
    }
    ~MemberLease() {
        if (!leased_) return;
        if (hand_back_) kept_.member = mesh::DecodedMember{};
        kept_.in_use = false;
    }
    MemberLease(const MemberLease&) = delete;
    MemberLease& operator=(const MemberLease&) = delete;

    mesh::DecodedMember& member() { return leased_ ? kept_.member : *own_; }
    // The member is handed back (emptied, its room freed) when the unit ends: after a failed
    // decode, whose room is of no size the next member needs, or a large unit.
    void hand_back() { hand_back_ = true; }
    void hand_back_if_large(std::uint64_t triangles) {
        if (is_large_unit(triangles)) hand_back_ = true;
    }

private:
    KeptMember& kept_;
    bool leased_;
    bool hand_back_ = false;
    std::optional<mesh::DecodedMember> own_;
};

// Decompressed members larger than this are large: an ordinary one is a few hundred kilobytes.
// A run of many threads lowers it as it lowers the large unit's triangles (scratch_release.h).
inline constexpr std::size_t kLargeMemberBytes = std::size_t{4} << 20;

inline std::size_t large_member_bytes() noexcept {
    return static_cast<std::size_t>(std::uint64_t{kLargeMemberBytes} * large_unit_triangles() / kLargeUnitTriangles);
}

// The decompression buffer after a member: freed when a large member grew it.
inline void hand_back_if_large(std::vector<std::uint8_t>& buffer) {
    if (buffer.capacity() > large_member_bytes()) buffer = std::vector<std::uint8_t>{};
}

}  // namespace meshproof
