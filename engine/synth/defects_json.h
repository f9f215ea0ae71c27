// defects.json beside a synthetic install: the options it was written with, the defects
// requested and injected (each with its unit), the built counts, and every injected defect's
// location. `verify` reads it back (reports/planted_defects.h) to tell planted failures.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "engine/synth/compressed_mesh.h"
#include "engine/synth/install_writer.h"

namespace meshproof::synth {

// An injected defect and the unit path it lies in ("binder :: member", or a loose file).
struct DefectLocation {
    std::string path;
    InjectedDefect d;
};

std::string defects_json(const SynthOptions& options, const SynthResult& result, std::string_view sdk_version,
                         std::span<const DefectLocation> locations);

}  // namespace meshproof::synth
