// Issue 19: a watchdog per member. A pass made to run past the member's time budget (a test
// pass that sleeps on one named member) is abandoned at the next check point: the member is a
// decode error "timeout", every pass's counts of it are discarded, and the run goes on. This
// binary registers the sleeping pass beside the real ones, so it lives apart from the others.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <thread>

#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx_writer.h"
#include "engine/core/deadline.h"
#include "engine/pipeline/run.h"
#include "tests/support/corpus.h"
#include "tests/support/pass_tally.h"
#include "tests/support/split_binder_install.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

constexpr std::string_view kSlowMember = "_000001.hkx.dcx";

// Counts every unit, samples it, then (on the slow member only) waits until the deadline has
// passed: the stand-in for a pass that runs away on a hostile member.
class SleeperPass final : public Pass {
public:
    SleeperPass() {
        info_.name = "test_sleeper";
        info_.family = "havok-structure";
        info_.counters = {{"units", "units seen", false}, {"slow_units", "units it slept on", true}};
        info_.maxima = {{"largest_ordinal", "the largest unit ordinal seen", false}};
    }
    const PassInfo& info() const override { return info_; }
    void run(const Unit& unit, Tally& tally) const override {
        tally.add("units");
        tally.max("largest_ordinal", double(unit.ordinal & 0xFFFF));
        tally.sample("units", std::string(unit.path));
        if (!unit.path.ends_with(kSlowMember)) return;
        tally.add("slow_units");
        const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (!deadline_passed() && std::chrono::steady_clock::now() < give_up)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }

private:
    PassInfo info_;
};
MESHPROOF_REGISTER_PASS(SleeperPass);

// One h binder of three copies of the real ER sample, member 1 the slow one.
fs::path write_install(const std::string& name) {
    const fs::path root = fs::temp_directory_path() / name;
    const auto hkx = test::read_file(test::corpus_path("havok/h.hkx"));
    const auto compendium = test::read_file(test::corpus_path("havok/h.compendium"));
    std::vector<test::SplitBinderMember> members = {{"h10_00_00_00.compendium.dcx", dcx_write_dflt(compendium)}};
    for (int i = 0; i < 3; ++i)
        members.push_back({"h10_00_00_00_00000" + std::to_string(i) + ".hkx.dcx", dcx_write_dflt(hkx)});
    test::write_split_binder_install(root, "h10_00_00_00", std::move(members));
    return root;
}

TEST(MemberTimeout, AbandonsTheSlowMemberAndDiscardsItsCounts) {
    MP_REQUIRE_CORPUS();
    const fs::path root = write_install("meshproof-member-timeout");
    for (int threads : {1, 2}) {
        RunOptions o;
        o.threads = threads;
        o.passes = {"tagfile", "numbering", "test_sleeper"};
        o.member_timeout = 0.25;
        auto r = run_verify(root, o);
        ASSERT_TRUE(r.ok()) << r.error().message;
        ASSERT_EQ(r->members.size(), 4u);
        EXPECT_EQ(r->count(MemberState::kOk), 3u);  // the compendium and two tagfiles
        ASSERT_EQ(r->count(MemberState::kDecodeError), 1u);
        for (const MemberStatus& m : r->members) {
            if (m.state != MemberState::kDecodeError) continue;
            EXPECT_TRUE(m.path.ends_with(kSlowMember)) << m.path;
            EXPECT_EQ(m.error.code, ErrorCode::kTimeout);
            EXPECT_EQ(error_code_name(m.error.code), "timeout");
            EXPECT_NE(m.error.message.find("in pass test_sleeper"), std::string::npos) << m.error.message;
        }
        // Nothing of the abandoned member stays in any pass, the one that slept included.
        const Tally& sleeper = test::tally_of(*r, "test_sleeper");
        EXPECT_EQ(sleeper.total("units"), 2u);
        EXPECT_EQ(sleeper.total("slow_units"), 0u);
        ASSERT_TRUE(sleeper.samples().contains("units"));
        EXPECT_EQ(sleeper.samples().at("units").size(), 2u);
        EXPECT_EQ(test::tally_of(*r, "tagfile").total("tagfiles"), 2u);
    }
}

TEST(MemberTimeout, TinyBudgetAbandonsEveryMemberAndTheRunCompletes) {
    MP_REQUIRE_CORPUS();
    const fs::path root = write_install("meshproof-member-timeout-tiny");
    RunOptions o;
    o.passes = {"tagfile", "numbering"};
    o.member_timeout = 1e-9;
    auto r = run_verify(root, o);
    ASSERT_TRUE(r.ok()) << r.error().message;
    EXPECT_EQ(r->count(MemberState::kDecodeError), 3u);
    for (const auto& p : r->passes)
        for (const auto& [key, n] : p.tally.counts()) EXPECT_EQ(n, 0u) << key.first;
}

TEST(MemberTimeout, GenerousBudgetChangesNothing) {
    MP_REQUIRE_CORPUS();
    const fs::path root = write_install("meshproof-member-timeout-generous");
    RunOptions none, generous;
    none.passes = generous.passes = {"tagfile", "numbering", "keys"};
    none.member_timeout = 0;
    generous.member_timeout = 600;
    auto a = run_verify(root, none);
    auto b = run_verify(root, generous);
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(a->count(MemberState::kOk), b->count(MemberState::kOk));
    ASSERT_EQ(a->passes.size(), b->passes.size());
    for (std::size_t i = 0; i < a->passes.size(); ++i) {
        EXPECT_EQ(a->passes[i].tally.counts(), b->passes[i].tally.counts());
        EXPECT_EQ(a->passes[i].tally.maxima(), b->passes[i].tally.maxima());
    }
}

// A budget past what the clock counts is none: 1e12 s overflowed the deadline into the past, so
// every member "ran past its time budget of 1000000000000 s" at once. NaN and non-positive
// budgets are none too.
TEST(MemberTimeout, ABudgetBeyondTheClockIsNoBudget) {
    for (double seconds : {1e9, 1e10, 1e12, 1e308, 0.0, -1.0, std::nan("")}) {
        SCOPED_TRACE(seconds);
        const ScopedDeadline deadline(seconds);
        EXPECT_FALSE(deadline_passed());
    }
    {
        const ScopedDeadline tiny(1e-9);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
        EXPECT_TRUE(deadline_passed());
    }
    EXPECT_FALSE(deadline_passed());  // disarmed with its scope
}

}  // namespace
}  // namespace meshproof
