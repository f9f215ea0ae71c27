// Synthetic installs written for a test: a per-process temporary root (other developers run these
// tests on the same machine at the same time), and the write-then-verify step several tests share.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <unistd.h>

#include "engine/core/error.h"
#include "engine/pipeline/run.h"
#include "engine/synth/install_writer.h"

namespace meshproof::synth::test {

// An empty directory path under the system's temp folder, unique to this process.
inline std::filesystem::path temp_install_root(const std::string& name) {
    std::filesystem::path p =
        std::filesystem::temp_directory_path() / ("meshproof-synth-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(p);
    return p;
}

struct VerifiedInstall {
    SynthResult written;
    RunResult run;
};

// Writes a demo-scale install of `game` (seed, `defects`, none by default) at a temporary root,
// runs `passes` over it on two threads, and removes it again.
inline Result<VerifiedInstall> write_and_verify(SynthGame game, std::uint64_t seed, std::vector<std::string> passes,
                                                const std::string& name, const DefectCounts& defects = {}) {
    const std::filesystem::path root = temp_install_root(name + "-" + std::string(synth_game_name(game)));
    SynthOptions o;
    o.game = game;
    o.seed = seed;
    o.write_json = false;
    o.defects = defects;
    auto written = write_synthetic_install(root, o);
    if (!written.ok()) return written.error();
    RunOptions ro;
    ro.threads = 2;
    ro.passes = std::move(passes);
    auto run = run_verify(root, ro);
    std::filesystem::remove_all(root);
    if (!run.ok()) return run.error();
    return VerifiedInstall{std::move(*written), std::move(*run)};
}

}  // namespace meshproof::synth::test
