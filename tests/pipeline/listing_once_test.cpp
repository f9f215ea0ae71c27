// Binders listed once per run (count_members.h): with progress on, the count decodes only the head
// of a DCX-wrapped binder's body, as far as its entry table reaches, and the run inflates the body
// in full exactly once; a table longer than the first head is read from longer heads; a body whose
// stream fails past the head is the run's failure, and the progress total follows the run. DFLT is
// counted (counting_deflate.h) in place of the default one.
#include <gtest/gtest.h>

#include <unistd.h>

#include "engine/containers/binder_writer.h"
#include "engine/containers/dcx.h"
#include "engine/containers/dcx_writer.h"
#include "engine/containers/default_decompressors.h"
#include "engine/pipeline/count_members.h"
#include "engine/pipeline/run.h"
#include "tests/pipeline/counting_deflate.h"
#include "tests/support/corpus.h"
#include "tests/support/split_binder_install.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

const std::vector<std::uint8_t> kTiny = {'n', 'o', 't', ' ', 'a', ' ', 't', 'a', 'g'};

fs::path temp_root(const std::string& name) {
    return fs::temp_directory_path() / ("meshproof-listing-once-" + name + "-" + std::to_string(::getpid()));
}

// Bytes that deflate hardly shrinks, so that the body's stream is long too.
std::vector<std::uint8_t> noise(std::size_t n) {
    std::vector<std::uint8_t> out(n);
    std::uint32_t x = 2463534242u;
    for (auto& b : out) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        b = static_cast<std::uint8_t>(x);
    }
    return out;
}

BinderFile member(std::string name, int id, std::vector<std::uint8_t> data) {
    BinderFile f;
    f.name = std::move(name);
    f.id = id;
    f.data = std::move(data);
    return f;
}

// An asset binder (DCX_DFLT-wrapped BND4) of `files` under `root`, which is emptied first.
std::vector<std::uint8_t> write_asset_binder(const fs::path& root, const std::vector<BinderFile>& files) {
    fs::remove_all(root);
    const std::vector<std::uint8_t> body = write_bnd4(files);
    test::write_test_file(root / "asset" / "aeg" / "aeg100" / "aeg100_000_h.geomhkxbnd.dcx", dcx_write_dflt(body));
    return body;
}

struct Counted {
    std::uint64_t total = 0, done = 0;
    std::vector<MemberStatus> members;
};

Counted run_counted(const fs::path& root, const test::CountingDeflate* dflt, bool with_progress) {
    DecompressorRegistry codecs = default_decompressors();
    codecs.add(std::shared_ptr<const Decompressor>(dflt, [](const Decompressor*) {}));
    Progress progress;
    RunOptions o;
    o.threads = 2;
    o.game = Game::kEldenRing;  // no member read to tell the game
    o.decompressors = &codecs;
    if (with_progress) o.progress = &progress;
    auto run = run_verify(root, o);
    EXPECT_TRUE(run.ok()) << (run.ok() ? "" : run.error().message);
    Counted out{progress.members_total.load(), progress.members_done.load(), {}};
    if (run.ok()) out.members = std::move(run->members);
    return out;
}

TEST(ListingOnce, ADcxBinderIsInflatedOnceAndTheCountDecodesAHead) {
    const fs::path root = temp_root("once");
    const BinderFile large = member("aeg100_000.hkx", 0, noise(std::size_t{256} << 10));
    const BinderFile small = member("aeg100_001.hkx", 1, kTiny);
    const std::vector<std::uint8_t> body = write_asset_binder(root, {large, small});
    for (const bool with_progress : {true, false}) {
        test::CountingDeflate dflt;
        const Counted c = run_counted(root, &dflt, with_progress);
        EXPECT_EQ(c.members.size(), 2u);
        EXPECT_EQ(dflt.whole_decodes.load(), 1u) << with_progress;
        EXPECT_EQ(dflt.whole_bytes.load(), body.size()) << with_progress;
        if (with_progress) {
            EXPECT_EQ(dflt.head_decodes.load(), 1u);
            EXPECT_EQ(dflt.head_bytes.load(), kFirstTableHead);
            EXPECT_EQ(c.total, 2u);
            EXPECT_EQ(c.done, 2u);
        } else {
            EXPECT_EQ(dflt.head_decodes.load(), 0u);
        }
    }
    fs::remove_all(root);
}

TEST(ListingOnce, ATableLongerThanTheFirstHeadIsListedFromLongerHeads) {
    const fs::path root = temp_root("long-table");
    std::vector<BinderFile> files;
    const std::string long_name(150, 'x');
    for (int i = 0; i < 800; ++i)
        files.push_back(member("aeg100_000_" + long_name + "_" + std::to_string(i) + ".hkx", i, kTiny));
    // Its data after the table, so that the table is still read from heads and not from the whole.
    files.push_back(member("aeg100_000_large.hkx", 800, noise(std::size_t{1} << 20)));
    const std::vector<std::uint8_t> body = write_asset_binder(root, files);
    ASSERT_GT(body.size(), 4 * kFirstTableHead);

    // The count's listing is the listing of the whole body.
    auto scan = scan_install(root, Game::kEldenRing);
    ASSERT_TRUE(scan.ok());
    ASSERT_EQ(scan->inputs.size(), 1u);
    const InputFile& in = scan->inputs[0];
    test::CountingDeflate dflt;
    DecompressorRegistry codecs = default_decompressors();
    codecs.add(std::shared_ptr<const Decompressor>(&dflt, [](const Decompressor*) {}));
    const BinderListing from_head = list_binder(in, codecs);
    EXPECT_GT(dflt.head_decodes.load(), 2u);
    EXPECT_EQ(dflt.whole_decodes.load(), 0u);
    const BinderListing whole = list_bnd4(in, body);
    ASSERT_TRUE(from_head.table_read);
    EXPECT_EQ(from_head.container_size, body.size());
    ASSERT_EQ(from_head.members.size(), files.size());
    ASSERT_EQ(whole.members.size(), files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        EXPECT_EQ(from_head.members[i].path, whole.members[i].path);
        EXPECT_EQ(from_head.members[i].offset, whole.members[i].offset);
        EXPECT_EQ(from_head.members[i].size, whole.members[i].size);
    }

    test::CountingDeflate in_run;
    const Counted c = run_counted(root, &in_run, true);
    EXPECT_EQ(c.members.size(), files.size());
    EXPECT_EQ(c.total, files.size());
    EXPECT_EQ(c.done, files.size());
    EXPECT_EQ(in_run.whole_decodes.load(), 1u);
    fs::remove_all(root);
}

TEST(ListingOnce, ABodyCutShortPastTheHeadIsTheRunsFailureAndTheTotalFollows) {
    const fs::path root = temp_root("cut-short");
    const BinderFile large = member("aeg100_000.hkx", 0, noise(std::size_t{256} << 10));
    const BinderFile small = member("aeg100_001.hkx", 1, kTiny);
    write_asset_binder(root, {large, small});
    // The DCX header states more than the stream holds: every head decodes, the whole does not.
    const fs::path file = root / "asset" / "aeg" / "aeg100" / "aeg100_000_h.geomhkxbnd.dcx";
    std::vector<std::uint8_t> dcx = test::read_file(file);
    auto header = parse_dcx_header(dcx);
    ASSERT_TRUE(header.ok());
    const std::uint32_t stated = header->uncompressed_size + 4096;
    for (int i = 0; i < 4; ++i)  // big-endian
        dcx[dcx_layout::kUncompressedSize + i] = static_cast<std::uint8_t>(stated >> (24 - 8 * i));
    test::write_test_file(file, dcx);

    test::CountingDeflate dflt;
    const Counted c = run_counted(root, &dflt, true);
    ASSERT_EQ(c.members.size(), 1u);  // the binder, as the run found it
    EXPECT_EQ(c.members[0].path, "asset/aeg/aeg100/aeg100_000_h.geomhkxbnd.dcx");
    EXPECT_EQ(c.members[0].state, MemberState::kDecodeError);
    EXPECT_EQ(c.members[0].error.code, ErrorCode::kSizeMismatch);
    EXPECT_EQ(dflt.head_decodes.load(), 1u);  // the count saw two members in the head
    EXPECT_EQ(c.total, 1u);
    EXPECT_EQ(c.done, 1u);
    fs::remove_all(root);
}

}  // namespace
}  // namespace meshproof
