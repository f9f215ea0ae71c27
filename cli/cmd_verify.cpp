// meshproof verify ROOT: the full-install validation run.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/nothing_to_check.h"
#include "cli/progress_display.h"
#include "cli/summary.h"
#include "engine/pipeline/run.h"
#include "reports/figures.h"
#include "reports/html_report.h"
#include "reports/manifest.h"
#include "reports/markdown_report.h"
#include "reports/report_model.h"
#include "reports/run_report.h"

namespace meshproof::cli {

namespace {

struct VerifyOptions {
    std::string root;
    std::string game;
    int threads = 0;
    std::string json;
    std::string md;
    std::string html;
    std::string manifest;
    std::vector<std::string> passes;
    bool quiet = false;
    double member_timeout = RunOptions::kDefaultMemberTimeout;
};

bool write_output(const std::string& target, const std::string& text) {
    if (target == "-") {
        std::fwrite(text.data(), 1, text.size(), stdout);
        return true;
    }
    std::ofstream out(target, std::ios::binary | std::ios::trunc);
    out << text;
    return static_cast<bool>(out);
}

struct ChosenManifest {
    Manifest manifest;
    std::string path;
    ManifestSource source = ManifestSource::kDocument;
};

// The folder of the document manifests: $MESHPROOF_MANIFESTS, else the source tree's.
std::filesystem::path manifest_dir() {
    if (const char* env = std::getenv("MESHPROOF_MANIFESTS"); env != nullptr && *env != '\0') return env;
#ifdef MESHPROOF_MANIFEST_DIR
    return MESHPROOF_MANIFEST_DIR;
#else
    return "corpus-manifests";
#endif
}

// Before the run: --manifest FILE, else the install's own manifest.json (a synthetic install's
// built counts). nullopt with no error: choose by game after the run.
Result<std::optional<ChosenManifest>> manifest_before_run(const VerifyOptions& o) {
    std::filesystem::path path;
    ManifestSource source = ManifestSource::kExplicit;
    std::error_code ec;
    if (!o.manifest.empty()) {
        path = o.manifest;
    } else if (std::filesystem::is_directory(o.root, ec) && std::filesystem::is_regular_file(std::filesystem::path(o.root) / "manifest.json", ec)) {
        path = std::filesystem::path(o.root) / "manifest.json";
        source = ManifestSource::kInstall;
    } else {
        return std::optional<ChosenManifest>();
    }
    MP_TRY_ASSIGN(Manifest m, load_manifest(path, PassRegistry::global()));
    return std::optional<ChosenManifest>(ChosenManifest{std::move(m), path.string(), source});
}

// After the run: the document manifest of the detected (or given) game, where there is one.
Result<std::optional<ChosenManifest>> document_manifest(Game game) {
    if (game == Game::kUnknown) return std::optional<ChosenManifest>();
    const std::filesystem::path path = manifest_dir() / (std::string(game_name(game)) + ".json");
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) return std::optional<ChosenManifest>();
    MP_TRY_ASSIGN(Manifest m, load_manifest(path, PassRegistry::global()));
    return std::optional<ChosenManifest>(ChosenManifest{std::move(m), path.string(), ManifestSource::kDocument});
}

int run_verify_command(const VerifyOptions& o) {
    RunOptions options;
    options.threads = o.threads;
    options.passes = o.passes;
    options.member_timeout = o.member_timeout;
    if (!o.game.empty()) {
        auto g = parse_game(o.game);
        if (!g) {
            std::fprintf(stderr, "meshproof verify: unknown game '%s' (sekiro, eldenring, freelancer)\n", o.game.c_str());
            return kExitUsage;
        }
        options.game = *g;
    }
    auto chosen = manifest_before_run(o);
    if (!chosen.ok()) {
        std::fprintf(stderr, "meshproof verify: %s\n", chosen.error().message.c_str());
        return kExitUsage;
    }
    // Figures of one named file are measured in file scopes the run must keep: those of the
    // chosen manifest, or — the document manifest being chosen by the detected game, after the
    // run — those of every document manifest (a handful of names; unmatched ones cost nothing).
    if (chosen->has_value()) {
        options.file_scopes = file_scopes_of((*chosen)->manifest);
    } else {
        for (Game g : {Game::kSekiro, Game::kEldenRing, Game::kFreelancer}) {
            auto doc = document_manifest(g);
            if (doc.ok() && doc->has_value())
                for (std::string& name : file_scopes_of((*doc)->manifest))
                    if (std::find(options.file_scopes.begin(), options.file_scopes.end(), name) == options.file_scopes.end())
                        options.file_scopes.push_back(std::move(name));
        }
    }
    Progress progress;
    options.progress = &progress;
    Result<RunResult> run = [&] {
        ProgressDisplay display(progress, !o.quiet);
        return run_verify(o.root, options);
    }();
    if (!run.ok()) {
        std::fprintf(stderr, "meshproof verify: %s\n", run.error().message.c_str());
        return kExitUsage;
    }
    if (nothing_to_check(*run)) {
        std::fputs(nothing_to_check_message(*run, o.root).c_str(), stderr);
        return kExitUsage;
    }
    if (!chosen->has_value()) {
        chosen = document_manifest(run->scan.game);
        if (!chosen.ok()) {
            std::fprintf(stderr, "meshproof verify: %s\n", chosen.error().message.c_str());
            return kExitUsage;
        }
    }
    ReportModel model{&*run, ReportContext{o.root, o.threads}, std::nullopt};
    if (chosen->has_value()) {
        const ChosenManifest& c = **chosen;
        model.figures = make_figure_section(c.manifest, *run, c.path, c.source);
    }
    if (!o.json.empty() && !write_output(o.json, render_json(model))) {
        std::fprintf(stderr, "meshproof verify: cannot write %s\n", o.json.c_str());
        return kExitUsage;
    }
    if (!o.md.empty() && !write_output(o.md, render_markdown(model))) {
        std::fprintf(stderr, "meshproof verify: cannot write %s\n", o.md.c_str());
        return kExitUsage;
    }
    if (!o.html.empty() && !write_output(o.html, render_html(model))) {
        std::fprintf(stderr, "meshproof verify: cannot write %s\n", o.html.c_str());
        return kExitUsage;
    }
    print_summary(model);
    return exit_code_for(model);
}

}  // namespace

Command add_verify(CLI::App& app) {
    auto o = std::make_shared<VerifyOptions>();
    CLI::App* sub = app.add_subcommand("verify", "Verify every collision member under ROOT (an install, a folder or a file)");
    sub->add_option("ROOT", o->root, "Install root, folder or file")->required();
    sub->add_option("--game", o->game, "Override game detection: sekiro, eldenring, freelancer");
    sub->add_option("--threads", o->threads, "Worker threads (default: every core)")->check(CLI::NonNegativeNumber);
    sub->add_option("--json", o->json, "Write the JSON report to FILE ('-' for stdout)");
    sub->add_option("--md", o->md, "Write the Markdown report to FILE ('-' for stdout)");
    sub->add_option("--html", o->html, "Write the HTML report (one self-contained file) to FILE ('-' for stdout)");
    sub->add_option("--manifest", o->manifest,
                    "Figures to check (corpus-manifests/FORMAT.md); a mismatch then exits 1. Default: ROOT/manifest.json "
                    "if present (same), else the detected game's document manifest (reported, informational)");
    sub->add_option("--passes", o->passes, "Comma-separated passes to run (default: all)")->delimiter(',');
    sub->add_flag("--quiet", o->quiet, "No progress display");
    sub->add_option("--member-timeout", o->member_timeout,
                    "Seconds one member may take before it is abandoned and counted as a 'timeout' error (0: no limit)")
        ->check(CLI::NonNegativeNumber)
        ->default_val(RunOptions::kDefaultMemberTimeout);
    sub->footer(kExitCodesHelp);
    return {sub, [o] { return run_verify_command(*o); }};
}

}  // namespace meshproof::cli
