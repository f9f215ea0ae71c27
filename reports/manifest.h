// A corpus manifest (corpus-manifests/FORMAT.md): the figures a run is expected to reproduce,
// either a reference document's (corpus-manifests/*.json) or a synthetic install's built and
// injected counts (<install>/manifest.json, written by `meshproof synth`). Loading is strict —
// an unknown pass or counter, a duplicate id, a missing required field or a value of the wrong
// type is an error naming the entry — because a figure silently dropped would make the report
// claim a coverage it does not have.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/error.h"
#include "engine/core/manifest_figure.h"
#include "engine/pipeline/pass.h"

namespace meshproof {

// Counts of collision inputs (corpus-manifests/FORMAT.md `install`): binders and files, each
// nullopt where the document states none.
struct InputCounts {
    std::optional<std::uint64_t> binders;
    std::optional<std::uint64_t> files;
};

// What the document's whole install of one game holds, as the document counts it: the files over
// every set of the game but character (the named collision binders; Freelancer's .sur files),
// and per set what it states ("f": 9 binders, 1,145 files). A run that holds fewer is a partial
// install (reports/install_completeness.h).
struct ManifestInstall {
    std::string game;                                       // the manifest's game
    std::optional<std::uint64_t> files;                     // over every set but character
    std::vector<std::pair<std::string, InputCounts>> sets;  // in the manifest's order
    std::vector<std::string> from;                          // the figure ids the counts are read from
};

struct Manifest {
    std::string name;
    std::string document;
    std::string game;
    std::vector<ManifestFigure> figures;  // in file order
    // A document manifest's install (at most one per game; several when `verify` merges the
    // manifests of several roots); empty for a synthetic install's manifest.
    std::vector<ManifestInstall> install;
};

// Parses manifest text. `registry` decides which passes and counters exist. Errors carry
// ErrorCode::kBadHeader and a message naming the entry ("figures[3] (id): ...").
Result<Manifest> parse_manifest(std::string_view json, const PassRegistry& registry);
Result<Manifest> load_manifest(const std::filesystem::path& path, const PassRegistry& registry);

}  // namespace meshproof
