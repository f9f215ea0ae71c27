// The aggregated model of one verify run that every renderer reads: JSON (run_report.h),
// Markdown (markdown_report.h), HTML (later). It holds the run itself (inputs, pass tallies,
// errors, skips), what the user asked for (root, threads), and the manifest's figures measured
// against the run. Renderers only format it; they decide nothing.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/pipeline/run.h"
#include "reports/figures.h"
#include "reports/install_completeness.h"
#include "reports/planted_defects.h"

namespace meshproof {

struct ReportContext {
    std::string root;  // as the user gave it
    int threads = 0;   // as requested; 0 = every core. The one field that differs between
                       // reports of the same run at different thread counts (README).
};

// Where the run's manifest came from; decides whether its figures decide the exit code.
enum class ManifestSource {
    kExplicit,  // --manifest FILE: the user's expectation, a mismatch fails the run
    kInstall,   // <root>/manifest.json of a synthetic install: built counts, a mismatch fails the run
    kDocument,  // chosen by the detected game: reported, informational on a partial install
};
std::string_view manifest_source_name(ManifestSource s);  // "explicit", "install", "document"

struct FigureSection {
    std::string manifest_name;
    std::string manifest_path;  // as found or given
    std::string document;
    ManifestSource source = ManifestSource::kDocument;
    bool decides_exit = false;  // mismatches here make verify exit 1
    // A document manifest's figures against a partial install (judge_partial_install): some
    // figures hold on what was read, some are not comparable.
    bool partial_install = false;
    // A document manifest that states its install's counts: whether the run holds all of them,
    // or what it lacks (then partial_install). nullopt for other manifests.
    std::optional<InstallCompleteness> install;
    std::vector<FigureResult> results;  // id order
    FigureTotals totals;
};

struct ReportModel {
    const RunResult* run = nullptr;
    ReportContext context;
    std::optional<FigureSection> figures;  // nullopt: no manifest for this run
    // A synthetic install's defects.json (one root holding one): its failures are reported as planted.
    std::optional<PlantedDefects> planted = std::nullopt;
};

// The passes that were handed a unit of the run (Tally::units), in the run's name order: the
// passes a human report describes. A .sur run hands nothing to the Havok passes and a Havok run
// nothing to the sur passes; those are named in one line (idle_pass_names), never described.
std::vector<const PassResult*> passes_with_units(const RunResult& run);
std::string idle_pass_names(const RunResult& run);  // "custom_prims, degenerate, ..." ("" if none)

// Whose figures a section compares ("the document's (havok-compressed-mesh.txt, PATH)", "the
// install's own (PATH: what synth built)", "PATH (--manifest)") and what a match or a difference
// means there: every report and the terminal summary say it in these words.
std::string figures_whose(const FigureSection& f);
std::string figures_meaning(const FigureSection& f);

// Measures `manifest` against `run` and fills the section.
FigureSection make_figure_section(const Manifest& manifest, const RunResult& run, std::string path,
                                  ManifestSource source);

}  // namespace meshproof
