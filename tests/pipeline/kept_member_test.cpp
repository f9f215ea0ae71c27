// What a thread keeps from member to member (kept_member.h): its decoded member, leased unit by
// unit and handed back after a large unit or a failed decode, and its decompression buffer,
// handed back after a large member.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "engine/pipeline/kept_member.h"

namespace meshproof {
namespace {

TEST(KeptMember, LeasedMemberKeepsItsRoom) {
    KeptMember kept;
    {
        MemberLease lease(kept);
        EXPECT_TRUE(kept.in_use);
        EXPECT_EQ(&lease.member(), &kept.member);
        lease.member().bodies.mass.resize(100);
        lease.hand_back_if_large(kLargeUnitTriangles);  // not large: kept
    }
    EXPECT_FALSE(kept.in_use);
    EXPECT_GE(kept.member.bodies.mass.capacity(), 100u);
}

TEST(KeptMember, HandedBackAfterALargeUnitOrAFailedDecode) {
    KeptMember kept;
    {
        MemberLease lease(kept);
        lease.member().bodies.mass.resize(100);
        lease.hand_back_if_large(kLargeUnitTriangles + 1);
    }
    EXPECT_EQ(kept.member.bodies.mass.capacity(), 0u);
    {
        MemberLease lease(kept);
        lease.member().bodies.mass.resize(100);
        lease.hand_back();
    }
    EXPECT_EQ(kept.member.bodies.mass.capacity(), 0u);
    EXPECT_FALSE(kept.in_use);
}

// A thread back in the runner while its member is leased (a pass that waited on other tasks)
// decodes into a member of its own and leaves the leased one alone.
TEST(KeptMember, SecondLeaseGetsAMemberOfItsOwn) {
    KeptMember kept;
    MemberLease outer(kept);
    outer.member().bodies.mass.assign(3, 1.0f);
    {
        MemberLease inner(kept);
        EXPECT_NE(&inner.member(), &kept.member);
        inner.member().bodies.mass.assign(5, 2.0f);
        inner.hand_back();
    }
    EXPECT_TRUE(kept.in_use);
    EXPECT_EQ(kept.member.bodies.mass, std::vector<float>(3, 1.0f));
}

TEST(KeptMember, BufferHandedBackAfterALargeMember) {
    std::vector<std::uint8_t> buffer(1000);
    hand_back_if_large(buffer);
    EXPECT_GE(buffer.capacity(), 1000u);
    buffer.resize(kLargeMemberBytes + 1);
    hand_back_if_large(buffer);
    EXPECT_EQ(buffer.capacity(), 0u);
}

// A run of many threads keeps less per thread (scratch_release.h): the member and the buffer are
// handed back after smaller units than at a few threads.
TEST(KeptMember, ManyThreadsHandBackAfterSmallerUnits) {
    const std::uint64_t between = kLargeUnitTriangles / 2;
    std::vector<std::uint8_t> buffer(kLargeMemberBytes / 2);
    KeptMember kept;
    {
        const ScratchBoundForThreads run(16);
        {
            MemberLease lease(kept);
            lease.member().bodies.mass.resize(100);
            lease.hand_back_if_large(between);
        }
        EXPECT_EQ(kept.member.bodies.mass.capacity(), 0u);
        hand_back_if_large(buffer);
        EXPECT_EQ(buffer.capacity(), 0u);
    }
    buffer.resize(kLargeMemberBytes / 2);
    hand_back_if_large(buffer);  // the run over: kept again
    EXPECT_GE(buffer.capacity(), kLargeMemberBytes / 2);
}

}  // namespace
}  // namespace meshproof
