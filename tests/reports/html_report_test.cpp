// The HTML report (reports/html_report.h): self-contained, escaped, and showing the numbers of
// a hand-built run — configuration, per-pass match bars, the deviation histogram, violation
// counters and failure samples.
#include <gtest/gtest.h>

#include <string>

#include "reports/html_report.h"

namespace meshproof {
namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// A pass known only to this test (not registered), with one violation counter and one plain one.
class FakePass : public Pass {
public:
    const PassInfo& info() const override {
        static const PassInfo info = [] {
            PassInfo i;
            i.name = "fakepass";
            i.family = "havok-mesh";
            i.claims = {"Every fake is fine (Proven)"};
            i.counters = {{"broken_things", "things that break the claim", true}, {"things", "things seen", false}};
            return i;
        }();
        return info;
    }
    void run(const Unit&, Tally&) const override {}
};

FigureResult figure(std::string id, std::string counter, double expected, std::optional<double> measured,
                    FigureStatus status) {
    FigureResult r;
    r.figure.id = std::move(id);
    r.figure.figure = "figure " + r.figure.id;
    r.figure.pass = "fakepass";
    r.figure.counter = std::move(counter);
    r.figure.scope = {"eldenring", "l", false, "", ""};
    r.figure.expected = expected;
    r.figure.label = "Proven";
    r.measured = measured;
    r.status = status;
    return r;
}

struct Fixture {
    FakePass pass;
    RunResult run;
    ReportModel model;
    Fixture() {
        run.scan.game = Game::kEldenRing;
        run.scan.detection = "test layout";
        run.decompressors = {"DFLT (libdeflate 1.14)"};
        MemberStatus ok;
        ok.path = "map/m10 :: fine.hkx";
        MemberStatus bad;
        bad.path = "map/m10 :: a<b>&\"c\".hkx";
        bad.state = MemberState::kDecodeError;
        bad.error = make_error(ErrorCode::kTruncated, 77, "read past the end");
        run.members = {bad, ok};
        PassResult p;
        p.pass = &pass;
        p.tally.add_in("broken_things", TallyScope{"eldenring", "l", {}}, 3);
        p.tally.add_in("things", TallyScope{"eldenring", "l", {}}, 1200);
        p.tally.begin_unit(TallyScope{"eldenring", "l", {}}, 0);
        p.tally.sample("broken_things", "map/m10 :: fine.hkx / section 4", "vertex <outside> by 9 ulps");
        run.passes.push_back(std::move(p));

        model.run = &run;
        model.context = {"/installs/<er>", 1};
        FigureSection f;
        f.manifest_name = "test";
        f.manifest_path = "manifest.json";
        f.document = "unit test";
        f.results = {figure("a", "things", 1200, 1200, FigureStatus::kMatch),
                     figure("b", "things", 1200, 1200, FigureStatus::kMatch),
                     figure("c", "broken_things", 90, 95, FigureStatus::kMismatch)};
        f.totals = count_figures(f.results);
        model.figures = std::move(f);
    }
};

TEST(HtmlReport, IsOneSelfContainedFile) {
    Fixture fx;
    const std::string html = render_html(fx.model);
    EXPECT_TRUE(html.starts_with("<!DOCTYPE html>\n")) << html.substr(0, 100);
    EXPECT_TRUE(html.ends_with("</html>\n"));
    EXPECT_TRUE(contains(html, "<style>"));
    EXPECT_TRUE(contains(html, "<svg "));
    for (const char* external : {"<script", "src=", "http://", "https://", "@import", "url(", "<link"})
        EXPECT_FALSE(contains(html, external)) << external;
}

TEST(HtmlReport, EscapesWhatComesFromTheRun) {
    Fixture fx;
    const std::string html = render_html(fx.model);
    EXPECT_TRUE(contains(html, "map/m10 :: a&lt;b&gt;&amp;&quot;c&quot;.hkx")) << html;
    EXPECT_FALSE(contains(html, "a<b>"));
    EXPECT_TRUE(contains(html, "vertex &lt;outside&gt; by 9 ulps"));
    EXPECT_TRUE(contains(html, "<code>/installs/&lt;er&gt;</code>"));
    EXPECT_EQ(html_escape("<a href='x'>&</a>"), "&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;");
}

TEST(HtmlReport, ShowsTheConfigurationMembersAndVerdict) {
    Fixture fx;
    const std::string html = render_html(fx.model);
    EXPECT_TRUE(contains(html, "<tr><th>game</th><td>eldenring (test layout)</td></tr>")) << html;
    EXPECT_TRUE(contains(html, "<tr><th>threads</th><td>1</td></tr>"));
    EXPECT_TRUE(contains(html, "<tr><th>passes</th><td>fakepass</td></tr>"));
    EXPECT_TRUE(contains(html, "<tr><th>manifest</th><td>test (manifest.json, document; informational)</td></tr>"))
        << html;
    EXPECT_TRUE(contains(html, "aria-label=\"1 ok, 1 decode errors\"")) << html;
    // The one verdict (verdict.h): a broken rule fails the run; the document's figure that differs
    // is informational, so it is not in the verdict.
    EXPECT_TRUE(contains(html,
                         "<p class=\"verdict\"><span class=\"bad\">FAIL: 1 rule broken in 0 members (3 violations); "
                         "1 member did not decode</span>"))
        << html;
    EXPECT_TRUE(contains(html, "<td class=\"num\">77</td><td>read past the end</td>"));
}

TEST(HtmlReport, PassMatchBarsHistogramCountersAndSamples) {
    Fixture fx;
    const std::string html = render_html(fx.model);
    // The pass's figures bar: two matches, one that differs from the document (overview and pass
    // section), drawn as informational (a document manifest decides nothing).
    EXPECT_TRUE(contains(html, "aria-label=\"2 match, 1 differs\"")) << html;
    EXPECT_TRUE(contains(html, "<rect class=\"differs\"")) << html;
    EXPECT_TRUE(contains(html, "<title>match: 2</title>"));
    // 95 against 90 is 5.6 % off: the "≤ 10 %" bin.
    EXPECT_TRUE(contains(html, "<title>≤ 10 %: 1</title>")) << html;
    EXPECT_TRUE(contains(html, "<title>≤ 1 %: 0</title>"));
    // The violation counter above 0, with its bar in the violation colour; the plain counter too.
    EXPECT_TRUE(contains(html, "Violation counters above 0"));
    EXPECT_TRUE(contains(
        html,
        "<code>broken_things</code> <span class=\"muted\">eldenring/l</span></td><td class=\"num\">3</td><td><svg width=\"240\" height=\"12\"><rect class=\"violation\""))
        << html;
    EXPECT_TRUE(contains(
        html,
        "<code>things</code> <span class=\"muted\">eldenring/l</span></td><td class=\"num\">1200</td><td><svg width=\"240\" height=\"12\"><rect class=\"counter\" x=\"0\" y=\"1\" width=\"240.00\""))
        << html;
    EXPECT_TRUE(contains(
        html, "<details open><summary>Failure samples of <code>broken_things</code> (1, in path order)</summary>"));
    EXPECT_TRUE(contains(html, "Every fake is fine (Proven)"));
}

TEST(HtmlReport, ACleanRunWithoutManifestSaysSo) {
    Fixture fx;
    fx.run.members.erase(fx.run.members.begin());
    fx.run.passes[0].tally = Tally{};
    fx.model.figures.reset();
    const std::string html = render_html(fx.model);
    EXPECT_TRUE(contains(html, "<p class=\"verdict\"><span class=\"good\">PASS: every rule holds in 1 member</span>"))
        << html;
    EXPECT_TRUE(contains(html, "<tr><th>manifest</th><td>none</td></tr>"));
    EXPECT_FALSE(contains(html, "id=\"figures\""));
}

}  // namespace
}  // namespace meshproof
