// ctest-labels: hostile
// A file that another program shrinks while the run reads it: a read of a mapped page past the
// file's new end raised SIGBUS and the run died (exit 135, no report). A test pass stands in for
// the other program: on one member, a loose tagfile whose bytes are the file's own mapped pages,
// it truncates the file to nothing and then reads the member's bytes. The run must go on: that
// member is an io error "the file shrank", every pass's counts of it are discarded, the other
// members are read as before (engine/io/shrink_guard.h).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <numeric>

#include "engine/io/mapped_file.h"
#include "engine/io/shrink_guard.h"
#include "engine/pipeline/run.h"
#include "tests/support/corpus.h"
#include "tests/support/pass_tally.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

#ifndef _WIN32  // a mapped file cannot shrink on Windows: the test below says so

constexpr std::string_view kShrunkMember = "h10_00_00_00_000001.hkx";

fs::path g_root;  // the install the test pass truncates a file of

class ShrinkerPass final : public Pass {
public:
    ShrinkerPass() {
        info_.name = "test_shrinker";
        info_.family = "havok-structure";
        info_.counters = {{"units", "units seen", false}, {"byte_sum", "the sum of every byte of the units", false}};
    }
    const PassInfo& info() const override { return info_; }
    void run(const Unit& unit, Tally& tally) const override {
        tally.add("units");
        if (unit.path.ends_with(kShrunkMember)) fs::resize_file(g_root / unit.path, 0);  // its pages are gone now
        tally.add("byte_sum", std::accumulate(unit.bytes.begin(), unit.bytes.end(), std::uint64_t{0}));
    }

private:
    PassInfo info_;
};
MESHPROOF_REGISTER_PASS(ShrinkerPass);

TEST(HostileFileShrinks, TheMemberIsAnIoErrorAndTheRunGoesOn) {
    MP_REQUIRE_CORPUS();
    const auto hkx = test::read_file(test::corpus_path("havok/h.hkx"));
    const auto compendium = test::read_file(test::corpus_path("havok/h.compendium"));
    for (int threads : {1, 2}) {
        SCOPED_TRACE(threads);
        g_root = fs::temp_directory_path() / "meshproof-file-shrinks";
        fs::remove_all(g_root);
        fs::create_directories(g_root);
        auto write = [](const fs::path& p, const std::vector<std::uint8_t>& b) {
            std::ofstream(p, std::ios::binary)
                .write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
        };
        write(g_root / "h10_00_00_00.compendium", compendium);
        for (int i = 0; i < 3; ++i) write(g_root / ("h10_00_00_00_00000" + std::to_string(i) + ".hkx"), hkx);
        RunOptions o;
        o.threads = threads;
        o.passes = {"tagfile", "test_shrinker"};
        auto r = run_verify(g_root, o);
        ASSERT_TRUE(r.ok()) << r.error().message;
        ASSERT_EQ(r->members.size(), 4u);
        EXPECT_EQ(r->count(MemberState::kOk), 3u);  // the compendium and two tagfiles
        ASSERT_EQ(r->count(MemberState::kDecodeError), 1u);
        for (const MemberStatus& m : r->members) {
            if (m.state != MemberState::kDecodeError) continue;
            EXPECT_TRUE(m.path.ends_with(kShrunkMember)) << m.path;
            EXPECT_EQ(m.error.code, ErrorCode::kIo);
            EXPECT_EQ(m.error.offset, 0u);  // the pass read from the first byte on
            EXPECT_NE(m.error.message.find("shrank while it was read"), std::string::npos) << m.error.message;
        }
        const Tally& shrinker = test::tally_of(*r, "test_shrinker");
        EXPECT_EQ(shrinker.total("units"), 2u);
        const std::uint64_t sum = std::accumulate(hkx.begin(), hkx.end(), std::uint64_t{0});
        EXPECT_EQ(shrinker.total("byte_sum"), 2 * sum);
        EXPECT_EQ(test::tally_of(*r, "tagfile").total("tagfiles"), 2u);
        fs::remove_all(g_root);
    }
}

// The guard itself: a mapped file truncated under its reader reads as zeros past its new end
// and says where it was cut; bytes of no mapping, and a mapping that did not shrink, say nothing.
TEST(HostileFileShrinks, AMappingReadPastItsNewEndReadsZerosAndSaysWhere) {
    const fs::path path = fs::temp_directory_path() / "meshproof-shrink-guard.bin";
    const std::size_t page = 4096, size = 4 * page;
    {
        std::vector<char> bytes(size, 'x');
        std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    auto map = MappedFile::open(path);
    ASSERT_TRUE(map.ok());
    const std::filesystem::path other_path = path.string() + ".other";
    std::ofstream(other_path, std::ios::binary) << std::string(page, 'y');
    auto other = MappedFile::open(other_path);
    ASSERT_TRUE(other.ok());
    EXPECT_TRUE(shrank_error(map->bytes()).ok());

    fs::resize_file(path, page + 10);  // pages 2 and 3 gone; page 1 now ends after 10 bytes
    const Bytes b = map->bytes();
    EXPECT_EQ(b[page + 9], 'x');
    EXPECT_EQ(b[page + 10], 0);     // past the end of the last page's file bytes: zeros, no signal
    EXPECT_EQ(b[3 * page + 5], 0);  // a page past the end: the signal, handled
    EXPECT_EQ(b[2 * page], 0);
    const Status shrank = shrank_error(b.subspan(page));
    ASSERT_FALSE(shrank.ok());
    EXPECT_EQ(shrank.error().code, ErrorCode::kIo);
    EXPECT_EQ(shrank.error().offset, 3 * page + 5);  // the first byte the reader lost
    EXPECT_TRUE(shrank_error(other->bytes()).ok());
    const std::vector<std::uint8_t> buffer(16, 1);
    EXPECT_TRUE(shrank_error(Bytes(buffer.data(), buffer.size())).ok());
    fs::remove(path);
    fs::remove(other_path);
}

#else

// The premise of shrink_guard_windows.cpp: while a view of a file is mapped, Windows refuses to
// shrink it, so the reader keeps every byte and there is nothing to guard.
TEST(HostileFileShrinks, WindowsRefusesToShrinkAMappedFile) {
    const fs::path path = fs::temp_directory_path() / "meshproof-shrink-refused.bin";
    const std::size_t size = 4 * 4096;
    {
        std::vector<char> bytes(size, 'x');
        std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    std::error_code ec;
    {
        auto map = MappedFile::open(path);
        ASSERT_TRUE(map.ok());
        fs::resize_file(path, 10, ec);
        EXPECT_TRUE(ec) << "a mapped file was shrunk";
        EXPECT_EQ(fs::file_size(path), size);
        EXPECT_EQ(map->bytes()[size - 1], 'x');
        EXPECT_TRUE(shrank_error(map->bytes()).ok());
    }
    fs::resize_file(path, 10, ec);  // unmapped, it can
    EXPECT_FALSE(ec) << ec.message();
    fs::remove(path);
}

#endif  // _WIN32

}  // namespace
}  // namespace meshproof
