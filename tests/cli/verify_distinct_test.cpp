// Counts over distinct tagfiles and character binders end to end through the executable (issue
// 15): a demo Elden Ring install whose character binders hold copies and members that are not
// collision, verified at 1 and 3 threads against its own manifest. The run exits 0 (no member is
// an error or a skip: nothing partial), the reports are the same bytes but config.threads, the
// distinct figures match the counts synth wrote, and they are the plain counts less the copies.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <fstream>
#include <sstream>
#include <string>

#include <simdjson.h>
#include <unistd.h>

#include "tests/cli/run_cli.h"
#include "tests/support/file_text.h"

namespace {
namespace fs = std::filesystem;
using meshproof::test::run_cli_code;

using meshproof::test::read_text;

std::string drop_threads(std::string s) {
    const auto pos = s.find("\"threads\": ");
    return pos == std::string::npos ? s : s.erase(pos, s.find('\n', pos) - pos);
}

TEST(VerifyDistinct, CharacterBindersCountCopiesOnceAtAnyThreadCount) {
    const fs::path dir = fs::temp_directory_path() / ("mp_verify_distinct_" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string install = (dir / "install").string();
    ASSERT_EQ(run_cli_code("synth " + install + " --game eldenring --scale demo --seed 4"), 0);
    for (const char* t : {"1", "3"})
        ASSERT_EQ(run_cli_code("verify " + install + " --quiet --threads " + t + " --json " +
                               (dir / (std::string(t) + ".json")).string()),
                  0)
            << "exit 0: no mismatch, nothing partial";
    const std::string one = read_text(dir / "1.json"), three = read_text(dir / "3.json");
    EXPECT_NE(one, three);  // config.threads differs
    EXPECT_EQ(drop_threads(one), drop_threads(three));

    simdjson::dom::parser parser, defects_parser;
    const simdjson::dom::element report = parser.parse(one);
    // The install's own manifest.json states this install: no completeness is judged against it.
    EXPECT_EQ(std::string_view(report["manifest"]["source"]), "install");
    EXPECT_EQ(report["manifest"]["install"].error(), simdjson::NO_SUCH_FIELD);
    EXPECT_EQ(uint64_t(report["inputs"]["not_collision"]), 6u);
    EXPECT_EQ(uint64_t(report["inputs"]["skipped"]), 0u);
    EXPECT_EQ(uint64_t(report["inputs"]["decode_error"]), 0u);
    const simdjson::dom::element built = defects_parser.load((fs::path(install) / "defects.json").string())["built"];
    const std::uint64_t duplicate_sections = uint64_t(built["duplicate_sections"]);
    const std::uint64_t duplicate_flagged = uint64_t(built["duplicate_flagged_sections"]);
    EXPECT_GT(duplicate_sections, 0u);
    EXPECT_EQ(duplicate_flagged, 2u);
    // The figures of the character set: every one matches, the distinct ones below the plain ones
    // by the copies.
    std::map<std::string, double> character;
    for (simdjson::dom::element f : report["figures"].get_array()) {
        const std::string id{std::string_view(f["id"])};
        if (id.find(".eldenring.character.") == std::string::npos) continue;
        EXPECT_EQ(std::string_view(f["status"]), "match") << id;
        character[id] = double(f["measured"]);
    }
    const std::string s = "synthetic.structure.eldenring.character.";
    ASSERT_TRUE(character.count(s + "distinct_sections") && character.count(s + "sections"));
    EXPECT_EQ(character[s + "sections"] - character[s + "distinct_sections"], double(duplicate_sections));
    EXPECT_EQ(character[s + "flagged_sections"] - character[s + "distinct_flagged_sections"],
              double(duplicate_flagged));
    fs::remove_all(dir);
}

}  // namespace
