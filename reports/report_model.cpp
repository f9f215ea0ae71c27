#include "reports/report_model.h"

namespace meshproof {

std::string_view manifest_source_name(ManifestSource s) {
    switch (s) {
        case ManifestSource::kExplicit: return "explicit";
        case ManifestSource::kInstall: return "install";
        case ManifestSource::kDocument: return "document";
    }
    return "document";
}

std::string figures_whose(const FigureSection& f) {
    switch (f.source) {
        case ManifestSource::kDocument: return "the document's (" + f.document + ", " + f.manifest_path + ")";
        case ManifestSource::kInstall: return "the install's own (" + f.manifest_path + ": what synth built)";
        case ManifestSource::kExplicit: return f.manifest_path + " (--manifest)";
    }
    return f.manifest_path;
}

std::string figures_meaning(const FigureSection& f) {
    if (f.decides_exit) return "a figure that differs fails the run, as a broken rule does";
    if (f.partial_install)
        return "informational: this is part of an install, so the document's whole-game counts are not comparable; "
               "they never change the verdict";
    return "informational: this install against the document's whole-game figures; they never change the verdict";
}

FigureSection make_figure_section(const Manifest& manifest, const RunResult& run, std::string path,
                                  ManifestSource source) {
    FigureSection s;
    s.manifest_name = manifest.name;
    s.manifest_path = std::move(path);
    s.document = manifest.document;
    s.source = source;
    s.decides_exit = source != ManifestSource::kDocument;
    s.results = evaluate_figures(manifest, run);
    // Only a document manifest is judged against a partial install: an explicit or install
    // manifest states what this install holds, so a figure that differs is a mismatch. One that
    // states its install's counts is partial when the run holds fewer, whatever the figures read.
    if (source == ManifestSource::kDocument) {
        s.install = judge_install(manifest.install, run);
        if (!s.install) {
            s.partial_install = judge_partial_install(s.results);
        } else if (!s.install->complete) {
            s.partial_install = true;
            judge_as_partial_install(s.results);
        }
    }
    s.totals = count_figures(s.results);
    return s;
}

std::vector<const PassResult*> passes_with_units(const RunResult& run) {
    std::vector<const PassResult*> out;
    for (const auto& p : run.passes)
        if (p.tally.units() > 0) out.push_back(&p);
    return out;
}

std::string idle_pass_names(const RunResult& run) {
    std::string out;
    for (const auto& p : run.passes)
        if (p.tally.units() == 0) out += (out.empty() ? "" : ", ") + p.pass->info().name;
    return out;
}

}  // namespace meshproof
