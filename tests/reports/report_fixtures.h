// Hand-built runs and manifests for the report tests: a RunResult with chosen counters in chosen
// scopes, so each figure's arithmetic is checked against numbers the test states.
#pragma once

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "engine/pipeline/pass.h"
#include "engine/pipeline/run.h"
#include "reports/figures.h"
#include "reports/manifest.h"

namespace meshproof::test {

struct CounterValue {
    std::string pass, counter;
    TallyScope scope;
    std::uint64_t value;
};

// A run of `game` whose ok members lie in `sets`, with the given counters (passes in name order).
inline RunResult make_run(Game game, const std::vector<std::string>& sets, const std::vector<CounterValue>& counters,
                          std::vector<std::string> passes = {}) {
    RunResult run;
    run.scan.game = game;
    for (const auto& s : sets) {
        MemberStatus m;
        m.path = "member_in_" + s;
        m.set = s;
        m.game = game;
        run.members.push_back(m);
    }
    for (const auto& c : counters) passes.push_back(c.pass);
    std::sort(passes.begin(), passes.end());
    passes.erase(std::unique(passes.begin(), passes.end()), passes.end());
    for (const auto& name : passes) {
        PassResult p;
        p.pass = PassRegistry::global().find(name);
        EXPECT_NE(p.pass, nullptr) << name;
        p.tally.begin_unit({"eldenring", "test", {}}, 0);  // the pass saw a unit: the reports describe it
        for (const auto& c : counters)
            if (c.pass == name) p.tally.add_in(c.counter, c.scope, c.value);
        run.passes.push_back(std::move(p));
    }
    return run;
}

// A run of two roots, Sekiro and Elden Ring, whose ok members lie in `sets` in each game, with
// the given counters (scopes "sekiro/…" and "eldenring/…").
inline RunResult make_two_game_run(const std::vector<std::string>& sets, const std::vector<CounterValue>& counters) {
    RunResult run = make_run(Game::kUnknown, {}, counters);
    for (Game g : {Game::kSekiro, Game::kEldenRing}) {
        run.roots.push_back(RootRun{std::string(game_name(g)), g, "test"});
        for (const auto& s : sets) {
            MemberStatus m;
            m.path = std::string(game_name(g)) + "/member_in_" + s;
            m.set = s;
            m.game = g;
            run.members.push_back(m);
        }
    }
    return run;
}

// A one-figure manifest around the given figure object text.
inline std::string manifest_with(const std::string& figure_json, const std::string& game = "eldenring") {
    return R"({"manifest_format": 1, "name": "test", "document": "unit test", "game": ")" + game +
           R"(", "figures": [)" + figure_json + "]}";
}

// That manifest parsed (a parse error fails the test).
inline Manifest manifest(const std::string& figure_json, const std::string& game = "eldenring") {
    auto m = parse_manifest(manifest_with(figure_json, game), PassRegistry::global());
    EXPECT_TRUE(m.ok()) << m.error().message;
    return m.ok() ? *m : Manifest{};
}

// The one figure a one-figure manifest gives on `run`.
inline FigureResult only(const Manifest& m, const RunResult& run) {
    auto results = evaluate_figures(m, run);
    EXPECT_EQ(results.size(), 1u);
    return results.empty() ? FigureResult{} : results[0];
}

// The tally of a pass of a hand-built run, to add counts to.
inline Tally& tally_of(RunResult& run, std::string_view pass) {
    for (auto& p : run.passes)
        if (p.pass->info().name == pass) return p.tally;
    ADD_FAILURE() << "no pass " << pass;
    return run.passes.front().tally;
}

}  // namespace meshproof::test
