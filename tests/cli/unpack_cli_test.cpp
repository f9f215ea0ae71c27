// `unpack` of binders whose member names do not map to distinct files: every member is still
// written, to a file of its own; nothing is written over the input, and a refused or failed
// unpack leaves the output folder as it was.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <map>
#include <set>

#include "engine/containers/binder_writer.h"
#include "tests/cli/run_cli.h"
#include "tests/support/corpus.h"
#include "tests/support/split_binder_install.h"

namespace meshproof {
namespace {
namespace fs = std::filesystem;
using test::run_cli_all;

BinderFile member(std::string name, std::int32_t id, std::string_view content) {
    BinderFile f;
    f.name = std::move(name);
    f.id = id;
    f.data.assign(content.begin(), content.end());
    return f;
}

class UnpackCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("meshproof-unpack-cli-" + std::to_string(::getpid()) + "-" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    // Every regular file under `root`, relative, with its content.
    static std::map<std::string, std::string> files_under(const fs::path& root) {
        std::map<std::string, std::string> out;
        for (const auto& e : fs::recursive_directory_iterator(root))
            if (e.is_regular_file()) {
                const auto b = test::read_file(e.path());
                out[e.path().lexically_relative(root).generic_string()] = std::string(b.begin(), b.end());
            }
        return out;
    }
    fs::path dir_;
};

// Names that collide once made safe (a ".." and a ".dcx" dropped, the same name twice) or
// where one member's file would be another's folder: before, a later member silently replaced an
// earlier one, or the run stopped half-written at "cannot write".
TEST_F(UnpackCli, MembersWhoseNamesCollideAreEachWrittenToAFileOfTheirOwn) {
    const std::vector<BinderFile> files = {
        member("a.hkx", 0, "first"),
        member("..\\a.hkx.dcx", 1, "second"),
        member("a.hkx", 2, "third"),
        member("b", 3, "a file named b"),
        member("b\\c.hkx", 4, "under a folder named b"),
    };
    const fs::path bnd = dir_ / "dups.bnd";
    test::write_test_file(bnd, write_bnd4(files));
    const fs::path out = dir_ / "out";
    const auto r = run_cli_all("unpack " + bnd.string() + " -o " + out.string());
    ASSERT_EQ(r.code, 0) << r.text;
    const auto written = files_under(out);
    std::multiset<std::string> contents;
    for (const auto& [name, content] : written) contents.insert(content);
    EXPECT_EQ(contents,
              (std::multiset<std::string>{"first", "second", "third", "a file named b", "under a folder named b"}))
        << r.text;
    // The first of each name keeps it; a later one is member_NNNNN_ and its name, flattened.
    EXPECT_EQ(written, (std::map<std::string, std::string>{{"a.hkx", "first"},
                                                           {"member_00001_a.hkx", "second"},
                                                           {"member_00002_a.hkx", "third"},
                                                           {"b", "a file named b"},
                                                           {"member_00004_b_c.hkx", "under a folder named b"}}));
    // Unpacked again over it: refused without --force, and nothing changed.
    const auto again = run_cli_all("unpack " + bnd.string() + " -o " + out.string());
    EXPECT_EQ(again.code, 2) << again.text;
    EXPECT_EQ(files_under(out), written);
    EXPECT_EQ(run_cli_all("unpack " + bnd.string() + " -o " + out.string() + " --force").code, 0);
    EXPECT_EQ(files_under(out), written);
}

// A member named like the binder itself, unpacked into the binder's own folder with --force:
// refused (the input is never written over), the binder unchanged.
TEST_F(UnpackCli, NeverWritesOverItsInputEvenWithForce) {
    const fs::path bnd = dir_ / "self.bnd";
    test::write_test_file(bnd, write_bnd4(std::vector<BinderFile>{member("self.bnd", 0, "not the binder"),
                                                                  member("other.hkx", 1, "other")}));
    const auto before = test::read_file(bnd);
    const auto r = run_cli_all("unpack " + bnd.string() + " -o " + dir_.string() + " --force");
    EXPECT_EQ(r.code, 2) << r.text;
    EXPECT_NE(r.text.find("self.bnd"), std::string::npos) << r.text;
    EXPECT_EQ(test::read_file(bnd), before);
    EXPECT_FALSE(fs::exists(dir_ / "other.hkx")) << "nothing is written when one output is refused";
}

}  // namespace
}  // namespace meshproof
