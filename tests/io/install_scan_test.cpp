#include <gtest/gtest.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <future>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/io/install_scan.h"
#include "engine/io/mapped_file.h"
#include "tests/support/corpus.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;

class TempTree : public ::testing::Test {
protected:
    void SetUp() override {
        root_ = fs::temp_directory_path() /
                ("meshproof-scan-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
                 ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(root_);
        fs::create_directories(root_);
    }
    void TearDown() override { fs::remove_all(root_); }
    void touch(const std::string& rel, std::string_view content = "x") {
        fs::path p = root_ / rel;
        fs::create_directories(p.parent_path());
        std::ofstream(p, std::ios::binary) << content;
    }
    fs::path root_;
};

TEST_F(TempTree, DetectsSekiroLayoutAndPairsSplitBinders) {
    touch("map/m10_00_00_00/h10_00_00_00.hkxbhd");
    touch("map/m10_00_00_00/h10_00_00_00.hkxbdt");
    touch("map/m10_00_00_00/l10_00_00_00.hkxbhd");  // no data half: stray
    touch("map/m10_00_00_00/f10_00_00_00.hkxbdt");  // no header: stray
    touch("obj/o000100.objbnd.dcx");
    touch("map/m10_00_00_00/m10_00_00_00.msb.dcx");  // not collision
    auto scan = scan_install(root_);
    ASSERT_TRUE(scan.ok()) << scan.error().message;
    EXPECT_EQ(scan->game, Game::kSekiro);
    ASSERT_EQ(scan->inputs.size(), 2u);
    EXPECT_EQ(scan->inputs[0].rel_path, "map/m10_00_00_00/h10_00_00_00.hkxbhd");
    EXPECT_EQ(scan->inputs[0].set, "h");
    EXPECT_EQ(scan->inputs[0].kind, InputKind::kSplitBinder);
    EXPECT_EQ(scan->inputs[0].data_path.filename(), "h10_00_00_00.hkxbdt");
    EXPECT_EQ(scan->inputs[1].set, "object");
    ASSERT_EQ(scan->strays.size(), 2u);
    EXPECT_EQ(scan->strays[0].rel_path, "map/m10_00_00_00/f10_00_00_00.hkxbdt");
    EXPECT_EQ(scan->strays[1].rel_path, "map/m10_00_00_00/l10_00_00_00.hkxbhd");
    EXPECT_EQ(scan->files_ignored, 1u);
    EXPECT_EQ(scan->files_seen, 6u);
}

TEST_F(TempTree, DetectsEldenRingLayoutAndAssets) {
    touch("map/m60/m60_44_36_00/h60_44_36_00.hkxbhd");
    touch("map/m60/m60_44_36_00/h60_44_36_00.hkxbdt");
    touch("asset/aeg/aeg257/aeg257_001_l.geomhkxbnd.dcx");
    auto scan = scan_install(root_);
    ASSERT_TRUE(scan.ok());
    EXPECT_EQ(scan->game, Game::kEldenRing);
    ASSERT_EQ(scan->inputs.size(), 2u);
    EXPECT_EQ(scan->inputs[0].set, "asset");
    EXPECT_EQ(scan->inputs[1].set, "h");
}

// Character binders (containers-and-tagfiles.md §1.3) are read, in a set of their own; their
// other files (models, textures, animations) are not collision inputs.
TEST_F(TempTree, CharacterBindersAreSetCharacter) {
    touch("map/m60/m60_44_36_00/h60_44_36_00.hkxbhd");
    touch("map/m60/m60_44_36_00/h60_44_36_00.hkxbdt");
    touch("chr/c2010.chrbnd.dcx");
    touch("chr/C4370.CHRBND");  // any case, unwrapped too
    touch("chr/c2010.anibnd.dcx");
    touch("chr/c2010.texbnd.dcx");
    auto scan = scan_install(root_);
    ASSERT_TRUE(scan.ok()) << scan.error().message;
    ASSERT_EQ(scan->inputs.size(), 3u);
    EXPECT_EQ(scan->inputs[0].rel_path, "chr/C4370.CHRBND");
    EXPECT_EQ(scan->inputs[1].rel_path, "chr/c2010.chrbnd.dcx");
    for (int i : {0, 1}) {
        EXPECT_EQ(scan->inputs[i].set, kCharacterSet);
        EXPECT_EQ(scan->inputs[i].kind, InputKind::kBinder);
        EXPECT_TRUE(is_fixed_set(scan->inputs[i].set));
    }
    EXPECT_EQ(scan->inputs[2].set, "h");
    EXPECT_EQ(scan->files_ignored, 2u);
}

TEST_F(TempTree, GameOverrideWinsAndSaysSo) {
    touch("map/m10_00_00_00/h10_00_00_00.hkxbhd");
    touch("map/m10_00_00_00/h10_00_00_00.hkxbdt");
    auto scan = scan_install(root_, Game::kEldenRing);
    ASSERT_TRUE(scan.ok());
    EXPECT_EQ(scan->game, Game::kEldenRing);
    EXPECT_TRUE(scan->game_overridden);
    EXPECT_NE(scan->detection.find("Sekiro"), std::string::npos);
}

TEST_F(TempTree, FreelancerByDataFolderOrLooseSurFiles) {
    touch("DATA/SHIPS/x.sur");
    auto scan = scan_install(root_);
    ASSERT_TRUE(scan.ok());
    EXPECT_EQ(scan->game, Game::kFreelancer);
    auto loose = scan_install(root_ / "DATA");
    ASSERT_TRUE(loose.ok());
    EXPECT_EQ(loose->game, Game::kFreelancer);
    EXPECT_EQ(loose->inputs.at(0).rel_path, "SHIPS/x.sur");
}

// A single loose tagfile brings the compendiums of its folder (its TCRF resolves against them);
// nothing else of the folder, and a single compendium or .sur brings nothing.
TEST_F(TempTree, ASingleTagfileBringsItsFoldersCompendiums) {
    touch("m/h.hkx");
    touch("m/l.hkx");
    touch("m/h.compendium");
    touch("m/b.compendium.dcx");
    touch("m/x.sur");
    touch("other/c.compendium");
    auto scan = scan_install(root_ / "m" / "h.hkx");
    ASSERT_TRUE(scan.ok());
    ASSERT_EQ(scan->inputs.size(), 3u);
    EXPECT_EQ(scan->inputs[0].rel_path, "b.compendium.dcx");
    EXPECT_EQ(scan->inputs[0].kind, InputKind::kCompendium);
    EXPECT_EQ(scan->inputs[1].rel_path, "h.compendium");
    EXPECT_EQ(scan->inputs[2].rel_path, "h.hkx");
    EXPECT_EQ(scan->inputs[2].kind, InputKind::kTagfile);
    auto alone = scan_install(root_ / "m" / "x.sur");
    ASSERT_TRUE(alone.ok());
    EXPECT_EQ(alone->inputs.size(), 1u);
    auto compendium = scan_install(root_ / "m" / "h.compendium");
    ASSERT_TRUE(compendium.ok());
    EXPECT_EQ(compendium->inputs.size(), 1u);
}

// A file reached through a symbolic link is named where the link is, not where its target is: a
// linked binder keeps its map path (so its place and set), a linked tagfile its folder (so its
// folder's compendiums). The root given through a relative path or with "./" names them alike.
TEST_F(TempTree, LinkedFilesAreNamedWhereTheLinkIs) {
    touch("elsewhere/h10_00_00_00.hkxbhd");
    touch("elsewhere/h10_00_00_00.hkxbdt");
    touch("elsewhere/l.hkx");
    fs::create_directories(root_ / "install/map/m10_00_00_00");
    fs::create_symlink(root_ / "elsewhere/h10_00_00_00.hkxbhd", root_ / "install/map/m10_00_00_00/h10_00_00_00.hkxbhd");
    fs::create_symlink(root_ / "elsewhere/h10_00_00_00.hkxbdt", root_ / "install/map/m10_00_00_00/h10_00_00_00.hkxbdt");
    fs::create_symlink("../../../elsewhere/l.hkx", root_ / "install/map/m10_00_00_00/l.hkx");
    for (const fs::path& root :
         {root_ / "install", root_ / "install" / "", root_ / "install" / ".", root_ / "elsewhere" / ".." / "install"}) {
        auto scan = scan_install(root);
        ASSERT_TRUE(scan.ok()) << root;
        ASSERT_EQ(scan->inputs.size(), 2u) << root;
        EXPECT_EQ(scan->inputs[0].rel_path, "map/m10_00_00_00/h10_00_00_00.hkxbhd") << root;
        EXPECT_EQ(scan->inputs[0].kind, InputKind::kSplitBinder);
        EXPECT_EQ(scan->inputs[1].rel_path, "map/m10_00_00_00/l.hkx") << root;
    }
    // A link to a folder is not followed, and is said to be (a linked map/ read as nothing).
    fs::create_directories(root_ / "linked");
    fs::create_directory_symlink(root_ / "install" / "map", root_ / "linked" / "map");
    auto linked = scan_install(root_ / "linked");
    ASSERT_TRUE(linked.ok());
    EXPECT_TRUE(linked->inputs.empty());
    ASSERT_EQ(linked->strays.size(), 1u);
    EXPECT_EQ(linked->strays[0].rel_path, "map");
    EXPECT_EQ(linked->strays[0].reason, "a link to a folder, not followed: give the folder itself as a root");
    // The linked folder given as the root is read.
    auto direct = scan_install(root_ / "linked" / "map");
    ASSERT_TRUE(direct.ok());
    EXPECT_EQ(direct->inputs.size(), 2u);
}

// A file whose path is longer than the system takes (PATH_MAX) cannot be opened by its name: it is
// a stray that says so, not "permission denied" as before.
TEST_F(TempTree, AFileBeyondThePathLimitIsAStrayThatSaysWhy) {
    int dir = ::open(root_.c_str(), O_RDONLY | O_DIRECTORY);
    ASSERT_GE(dir, 0);
    std::string rel;
    for (int depth = 0; depth < 200; ++depth) {  // 200 × 31 bytes: past 4,096
        const std::string name = "a_folder_name_thirty_bytes_" + std::to_string(1000 + depth);
        ASSERT_EQ(::mkdirat(dir, name.c_str(), 0755), 0);
        const int inner = ::openat(dir, name.c_str(), O_RDONLY | O_DIRECTORY);
        ::close(dir);
        ASSERT_GE(inner, 0);
        dir = inner;
        rel += name + "/";
    }
    const int file = ::openat(dir, "h.hkx", O_WRONLY | O_CREAT, 0644);
    ASSERT_GE(file, 0);
    ASSERT_EQ(::write(file, "x", 1), 1);
    ::close(file);
    ::close(dir);
    auto scan = scan_install(root_);
    ASSERT_TRUE(scan.ok());
    EXPECT_TRUE(scan->inputs.empty());
    ASSERT_EQ(scan->strays.size(), 1u);
    EXPECT_EQ(scan->strays[0].rel_path, rel + "h.hkx");
    EXPECT_EQ(scan->strays[0].reason, "unreadable: " + std::string(std::strerror(ENAMETOOLONG)));
    // fs::remove_all names each file by its whole path; rm walks by handles.
    ASSERT_EQ(std::system(("rm -rf '" + root_.string() + "'").c_str()), 0);
}

// An install never unpacked: its archives are listed (verify says to unpack them first), the
// map collision binders' own halves are not archives.
TEST_F(TempTree, PackedArchivesAreListedNotRead) {
    touch("Data0.bhd");
    touch("Data0.bdt");
    touch("sd/sd.bhd");
    touch("eldenring.exe");
    touch("map/m10_00_00_00/h10_00_00_00.hkxbhd");
    touch("map/m10_00_00_00/h10_00_00_00.hkxbdt");
    auto scan = scan_install(root_);
    ASSERT_TRUE(scan.ok());
    EXPECT_EQ(scan->packed_archives, (std::vector<std::string>{"Data0.bdt", "Data0.bhd", "sd/sd.bhd"}));
    EXPECT_EQ(scan->files_ignored, 4u);
    EXPECT_EQ(scan->inputs.size(), 1u);
    EXPECT_FALSE(is_packed_archive_name("h10_00_00_00.hkxbhd"));
    EXPECT_TRUE(is_packed_archive_name("dlc.bdt5"));
}

TEST(InstallScan, MissingRootIsAnError) {
    auto scan = scan_install("/nonexistent/meshproof/root");
    ASSERT_FALSE(scan.ok());
    EXPECT_EQ(scan.error().code, ErrorCode::kIo);
}

// A FIFO (here one named like a binder) as the root: an error that says what it is, at once.
TEST_F(TempTree, AFifoRootIsAnErrorNotADirectoryListing) {
    const fs::path fifo = root_ / "h10_00_00_00.hkxbhd";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    auto scan = scan_install(fifo);
    ASSERT_FALSE(scan.ok());
    EXPECT_EQ(scan.error().code, ErrorCode::kIo);
    EXPECT_NE(scan.error().message.find("neither a file nor a folder"), std::string::npos) << scan.error().message;
}

TEST(InstallScan, SetFromName) {
    EXPECT_EQ(set_from_name("h10_00_00_00_000123.hkx.dcx", "loose"), "h");
    EXPECT_EQ(set_from_name("l.hkx", "loose"), "l");
    EXPECT_EQ(set_from_name("hello.hkx", "loose"), "loose");
}

TEST(InstallScan, RealCorpusFolder) {
    MP_REQUIRE_CORPUS();
    auto scan = scan_install(test::corpus_path("havok"));
    ASSERT_TRUE(scan.ok());
    EXPECT_EQ(scan->game, Game::kUnknown);
    int tagfiles = 0, compendiums = 0;
    for (const auto& in : scan->inputs) {
        tagfiles += in.kind == InputKind::kTagfile;
        compendiums += in.kind == InputKind::kCompendium;
    }
    EXPECT_EQ(tagfiles, 4);     // h.hkx, l.hkx and their .dcx forms
    EXPECT_EQ(compendiums, 2);  // h.compendium and its .dcx form
}

TEST(MappedFile, MapsReadOnlyAndReportsMissingFiles) {
    MP_REQUIRE_CORPUS();
    auto f = MappedFile::open(test::corpus_path("havok/h.hkx"));
    ASSERT_TRUE(f.ok());
    EXPECT_EQ(f->size(), 3696u);
    EXPECT_TRUE(has_prefix(f->bytes().subspan(4), "TAG0"));
    auto missing = MappedFile::open("/nonexistent/file");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code, ErrorCode::kIo);
}

// Opening a FIFO for reading waits for a writer unless told not to: `dump` and `unpack` of one
// hung for ever. The open must refuse it at once. Should it block, the test opens the writing end
// itself (which releases the reader) and fails, rather than hanging the suite.
TEST_F(TempTree, MappedFileRefusesAFifoWithoutWaitingForAWriter) {
    const fs::path fifo = root_ / "m.hkxbhd";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    auto opening = std::async(std::launch::async, [&] { return MappedFile::open(fifo); });
    if (opening.wait_for(std::chrono::seconds(10)) != std::future_status::ready) {
        const int writer = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
        opening.wait();
        if (writer >= 0) ::close(writer);
        FAIL() << "MappedFile::open waited for a writer on a FIFO";
    }
    auto f = opening.get();
    ASSERT_FALSE(f.ok());
    EXPECT_EQ(f.error().code, ErrorCode::kIo);
    EXPECT_NE(f.error().message.find("a FIFO"), std::string::npos) << f.error().message;
    auto folder = MappedFile::open(root_);
    ASSERT_FALSE(folder.ok());
    EXPECT_NE(folder.error().message.find("a folder"), std::string::npos) << folder.error().message;
}

}  // namespace
}  // namespace meshproof
