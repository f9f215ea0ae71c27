// The mapped pages of a group's members, brought in and let go a block at a time
// (engine/pipeline/member_pages.h): a block is let go once every member reading it has ended,
// whatever order they end in, and the members' bytes read the same afterwards.
#include "engine/pipeline/member_pages.h"

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>

#include "engine/containers/dcx_writer.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

constexpr std::size_t kBlock = MemberPages::kBlockBytes;

// A tagfile-shaped member of `size` bytes: its root section's size word, "TAG0", then filler.
std::string tagfile_bytes(std::size_t size, char fill) {
    std::string b(size, fill);
    const auto word = static_cast<std::uint32_t>(size) | 0x40000000u;
    for (int k = 0; k < 4; ++k) b[static_cast<std::size_t>(k)] = static_cast<char>(word >> (24 - 8 * k));
    b.replace(4, 4, "TAG0");
    return b;
}

class MemberPagesTest : public ::testing::Test {
protected:
    void TearDown() override { fs::remove(path_); }

    // One mapped file of the members `sizes`, back to back; a job per member.
    void map_members(const std::vector<std::size_t>& sizes) {
        path_ = fs::temp_directory_path() / ("meshproof-member-pages-" + std::to_string(::getpid()) + "-" +
                                             ::testing::UnitTest::GetInstance()->current_test_info()->name());
        for (std::size_t i = 0; i < sizes.size(); ++i) file_ += tagfile_bytes(sizes[i], static_cast<char>('a' + i));
        std::ofstream(path_, std::ios::binary) << file_;
        auto map = MappedFile::open(path_);
        ASSERT_TRUE(map.ok()) << map.error().message;
        group_.maps.push_back(std::move(*map));
        std::size_t at = 0;
        for (std::size_t size : sizes) {
            MemberJob job;
            job.stored = group_.maps[0].bytes().subspan(at, size);
            group_.jobs.push_back(job);
            at += size;
        }
    }
    bool reads_as_written() const {
        const Bytes b = group_.maps[0].bytes();
        return std::string(reinterpret_cast<const char*>(b.data()), b.size()) == file_;
    }

    fs::path path_;
    std::string file_;
    OpenedGroup group_;
};

TEST_F(MemberPagesTest, ABlockIsLetGoOnceEveryMemberInItHasEnded) {
    // Blocks: 0 holds a and b, 1 holds b and c, 2 holds c alone.
    map_members({700 << 10, 800 << 10, 600 << 10});
    MemberPages pages(group_);
    ASSERT_EQ(pages.blocks(), 3u);
    for (std::size_t i = 0; i < 3; ++i) pages.begin(i);
    pages.end(0);
    EXPECT_EQ(pages.released(), 0u);  // b still reads block 0
    pages.end(2);
    EXPECT_EQ(pages.released(), 1u);  // block 2: c was its only member
    EXPECT_TRUE(reads_as_written());  // b's bytes, and the let-go pages, read again as written
    pages.end(1);
    EXPECT_EQ(pages.released(), 3u);
    EXPECT_TRUE(reads_as_written());
}

TEST_F(MemberPagesTest, MembersEndingInAnyOrderLetEveryBlockGoOnce) {
    map_members({300 << 10, 300 << 10, 300 << 10, 300 << 10, 2 * kBlock + 5, 100 << 10});
    MemberPages pages(group_);
    const std::size_t blocks = pages.blocks();
    EXPECT_EQ(blocks, (file_.size() + kBlock - 1) / kBlock);
    for (std::size_t i : {5u, 1u, 3u, 0u, 4u, 2u}) {
        pages.begin(i);
        pages.end(i);
    }
    EXPECT_EQ(pages.released(), blocks);
    EXPECT_TRUE(reads_as_written());
}

TEST_F(MemberPagesTest, AMemberNoDecoderReadsOrThatIsNotMappedHasNoBlock) {
    map_members({4096, 4096});
    std::vector<std::uint8_t> owned(4096, 0);  // an inflated binder body's member: not mapped
    MemberJob inflated;
    inflated.stored = Bytes(owned.data(), owned.size());
    group_.jobs.push_back(inflated);
    group_.jobs[0].stored = group_.jobs[0].stored.subspan(8);  // no size word and magic: nothing to read
    MemberPages pages(group_);
    EXPECT_EQ(pages.blocks(), 1u);  // the second member's
    for (std::size_t i = 0; i < group_.jobs.size(); ++i) pages.begin(i), pages.end(i);
    EXPECT_EQ(pages.released(), 1u);
}

TEST(ReadablePart, IsADcxsStatedPayloadOrATagfilesRootSectionElseNothing) {
    const std::vector<std::uint8_t> content(5000, 7);
    std::vector<std::uint8_t> dcx = dcx_write_dflt(content);
    const std::size_t stated = dcx.size();
    dcx.resize(stated + 100, 0);  // padding past the payload
    EXPECT_EQ(readable_part(Bytes(dcx.data(), dcx.size())).size(), stated);

    const std::string tag = tagfile_bytes(64, 'x') + std::string(32, 'y');  // a root section of 64 bytes
    const Bytes tag_bytes(reinterpret_cast<const std::uint8_t*>(tag.data()), tag.size());
    EXPECT_EQ(readable_part(tag_bytes).size(), 64u);
    EXPECT_TRUE(readable_part(tag_bytes.subspan(1)).empty());
    EXPECT_TRUE(readable_part(Bytes{}).empty());
}

}  // namespace
}  // namespace meshproof
