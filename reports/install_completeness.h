// Whether a run read a whole install (issue 41): an install that holds every collision input its
// document counts — the manifest's `install` counts (corpus-manifests/FORMAT.md) — is complete,
// and its figures are the document's whole-install figures; one that holds fewer is partial, and
// says what it lacks ("196 of 798 .sur files"). Decided by what the install holds, never by the
// figures' denominators: a complete install whose figures differ from the document's differs.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/pipeline/run.h"
#include "reports/manifest.h"

namespace meshproof {

// What a run holds of one game's collision inputs.
struct HeldInputs {
    struct Set {
        std::uint64_t binders = 0;  // binder inputs of the set (split binders and BND4 binders)
        std::uint64_t files = 0;    // tagfiles in them and loose, or .sur files; read or not
    };
    std::uint64_t files = 0;  // over every set but character
    std::map<std::string, Set> sets;
};

struct InstallCompleteness {
    bool complete = true;
    // What a partial install lacks, each count the document states that the run falls short of:
    // "196 of 798 .sur files; 196 of 781 vers .sur files; 0 of 17 legacy .sur files"; "" when complete.
    std::string lacks;
};

// The run's inputs of `game` ("sekiro", "freelancer"): binders from the scan, files from the
// members (a member that failed to decode or was skipped is still a file the install holds;
// compendiums and the sibling models of .sur files are not counted).
HeldInputs held_inputs(const RunResult& run, std::string_view game);

// "complete install" / "partial install: 196 of 798 .sur files; 0 of 17 legacy .sur files": what
// the reports' figures sections and the summary's figures line say of the install.
std::string install_text(const InstallCompleteness& c);

// One game: complete when the run holds at least every count the document states.
InstallCompleteness install_completeness(const ManifestInstall& expected, const HeldInputs& held);

// Every install of a manifest (several when verify merged the manifests of several roots; then
// each game's lacks start with "GAME: "); nullopt when the manifest states none.
std::optional<InstallCompleteness> judge_install(const std::vector<ManifestInstall>& install, const RunResult& run);

}  // namespace meshproof
