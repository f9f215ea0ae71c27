// The manifest of a synthetic install (OUT/manifest.json, corpus-manifests/FORMAT.md, label
// "Synthetic"): per scope game/set, the built counts mapped to the pass counters that measure
// them, and every violation counter of every pass the writer knows with its expected value (the
// effects of the injected defects, compressed_mesh.h MeshEffects, or 0). The passes are named as
// data: this floor does not know them. Tests compare the struct with the pipeline's tallies.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/core/manifest_figure.h"
#include "engine/synth/install_writer.h"

namespace meshproof::synth {

// Each figure's id is "synthetic.<pass>.<game>.<set>.<counter>", its scope the game and set,
// its expected value a count, its label "Synthetic".
struct SynthManifest {
    std::string name, game;
    std::vector<ManifestFigure> figures;  // id order
};

// The passes whose every counter the writer can state. A pass outside this list (one added
// later) gets no figures until its effects are stated here.
std::span<const std::string_view> stated_passes();

// `counters`: every counter the registry declares. A built figure is written when its counter is
// among them; every violation counter of a pass in stated_passes() gets a figure.
SynthManifest make_synth_manifest(const SynthOptions& options, const SynthResult& result,
                                  std::span<const PassCounter> counters);

std::string synth_manifest_json(const SynthManifest& manifest);

}  // namespace meshproof::synth
