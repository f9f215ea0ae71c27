// meshproof verify ROOT: the full-install validation run.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <chrono>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "cli/atomic_outputs.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/nothing_to_check.h"
#include "cli/number_options.h"
#include "cli/progress_display.h"
#include "cli/report_targets.h"
#include "cli/summary.h"
#include "cli/terminal.h"
#include "cli/timings_file.h"
#include "engine/core/path_text.h"
#include "engine/pipeline/inflate_floor.h"
#include "engine/pipeline/run.h"
#include "reports/document_manifests.h"
#include "reports/figures.h"
#include "reports/html_report.h"
#include "reports/manifest.h"
#include "reports/markdown_report.h"
#include "reports/member_results.h"
#include "reports/planted_defects.h"
#include "reports/report_model.h"
#include "reports/run_report.h"
#include "reports/verdict.h"

namespace meshproof::cli {

// The verdict's exit codes are verify's.
static_assert(kExitOk == kVerdictExitPass && kExitMismatch == kVerdictExitFail && kExitPartial == kVerdictExitPartial);

namespace {

struct VerifyOptions {
    std::vector<std::string> roots;  // one, or one per game (a Sekiro and an Elden Ring install)
    std::string game;
    int threads = 0;
    std::string json;
    std::string md;
    std::string html;
    std::string manifest;
    std::vector<std::string> passes;  // "none": decode only
    std::string timings;
    std::string failures;  // one line per (failing member, rule): reports/member_results.h
    std::size_t samples = kSamplesPerCounter;
    bool inflate_only = false;  // hidden: the floor of bench/full-install.sh
    bool quiet = false;         // the verdict line only
    bool verbose = false;       // every failing counter with its samples
    double member_timeout = RunOptions::kDefaultMemberTimeout;
};

// Reports to files all or nothing (cli/atomic_outputs.h: an earlier report stays whole until the
// new one is written; a device such as /dev/null is written, not replaced), '-' to stdout.
// The targets were checked before the run (report_targets.h); an error names the file.
Status write_outputs(const std::vector<std::pair<std::string, std::string>>& target_text) {
    std::vector<OutputFile> files;
    for (const auto& [target, text] : target_text) {
        if (target.empty()) continue;
        if (target == "-") std::fwrite(text.data(), 1, text.size(), stdout);
        else files.push_back({target, std::vector<std::uint8_t>(text.begin(), text.end())});
    }
    if (const OutputRefusal r = write_outputs_atomically(files, /*force=*/true); !r.message.empty())
        return make_error(ErrorCode::kIo, 0, r.message);
    return ok_status();
}

struct ChosenManifest {
    Manifest manifest;
    std::string path;
    ManifestSource source = ManifestSource::kDocument;
};

// ROOT/manifest.json (a synthetic install's built counts), where there is one.
Result<std::optional<ChosenManifest>> install_manifest(const std::string& root) {
    std::error_code ec;
    const std::filesystem::path path = std::filesystem::path(root) / "manifest.json";
    if (!std::filesystem::is_directory(root, ec) || !std::filesystem::is_regular_file(path, ec))
        return std::optional<ChosenManifest>();
    MP_TRY_ASSIGN(Manifest m, load_manifest(path, PassRegistry::global()));
    return std::optional<ChosenManifest>(ChosenManifest{std::move(m), path_text(path), ManifestSource::kInstall});
}

// Before the run: --manifest FILE, else the one root's own manifest.json. nullopt with no
// error: choose by game after the run (several roots always do).
Result<std::optional<ChosenManifest>> manifest_before_run(const VerifyOptions& o) {
    if (!o.manifest.empty()) {
        MP_TRY_ASSIGN(Manifest m, load_manifest(o.manifest, PassRegistry::global()));
        return std::optional<ChosenManifest>(ChosenManifest{std::move(m), o.manifest, ManifestSource::kExplicit});
    }
    if (o.roots.size() == 1) return install_manifest(o.roots.front());
    return std::optional<ChosenManifest>();
}

// After the run: the document manifest of the detected (or given) game, where there is one: from
// the folder $MESHPROOF_MANIFESTS names, else the one compiled in (reports/document_manifests.h).
Result<std::optional<ChosenManifest>> document_manifest(Game game) {
    if (game == Game::kUnknown) return std::optional<ChosenManifest>();
    const std::string file = std::string(game_name(game)) + ".json";
    if (const char* env = std::getenv("MESHPROOF_MANIFESTS"); env != nullptr && *env != '\0') {
        const std::filesystem::path path = std::filesystem::path(env) / file;
        std::error_code ec;
        if (!std::filesystem::is_regular_file(path, ec)) return std::optional<ChosenManifest>();
        MP_TRY_ASSIGN(Manifest m, load_manifest(path, PassRegistry::global()));
        return std::optional<ChosenManifest>(ChosenManifest{std::move(m), path_text(path), ManifestSource::kDocument});
    }
    const std::optional<std::string_view> json = embedded_manifest(game_name(game));
    if (!json) return std::optional<ChosenManifest>();
    MP_TRY_ASSIGN(Manifest m, parse_manifest(*json, PassRegistry::global()));
    return std::optional<ChosenManifest>(ChosenManifest{std::move(m), "built-in " + file, ManifestSource::kDocument});
}

// Several roots without --manifest: each root's own manifest.json, else its game's document
// manifest, as one (FORMAT.md "Several roots"): the figures of every manifest, each id once (a
// figure of both games is in the Sekiro and the Elden Ring manifest alike), names and paths
// joined by '+'. Its figures decide the exit code only when every part is an install's own.
Result<std::optional<ChosenManifest>> merged_root_manifests(const VerifyOptions& o, const RunResult& run) {
    std::optional<ChosenManifest> out;
    for (std::size_t r = 0; r < o.roots.size() && r < run.roots.size(); ++r) {
        MP_TRY_ASSIGN(std::optional<ChosenManifest> part, install_manifest(o.roots[r]));
        if (!part) {
            MP_TRY_ASSIGN(part, document_manifest(run.roots[r].game));
        }
        if (!part) continue;
        if (!out) {
            out = std::move(part);
            continue;
        }
        for (ManifestFigure& f : part->manifest.figures)
            if (std::none_of(out->manifest.figures.begin(), out->manifest.figures.end(),
                             [&](const ManifestFigure& g) { return g.id == f.id; }))
                out->manifest.figures.push_back(std::move(f));
        for (ManifestInstall& i : part->manifest.install) out->manifest.install.push_back(std::move(i));
        out->manifest.name += "+" + part->manifest.name;
        out->manifest.game += "+" + part->manifest.game;
        if (out->manifest.document != part->manifest.document)
            out->manifest.document += " + " + part->manifest.document;
        out->path += " + " + part->path;
        if (part->source == ManifestSource::kDocument) out->source = ManifestSource::kDocument;
    }
    return out;
}

// The word of --passes that selects no pass. No pass is named so (select_passes would reject it).
constexpr std::string_view kNoPasses = "none";

// `--passes none` alone runs the decode without a pass; "none" beside pass names is a usage error.
Result<bool> decode_only(const std::vector<std::string>& passes) {
    if (std::find(passes.begin(), passes.end(), kNoPasses) == passes.end()) return false;
    if (passes.size() > 1) return make_error(ErrorCode::kUsage, 0, "--passes none runs no pass: give it alone");
    return true;
}

std::string passes_text(const VerifyOptions& o, bool no_passes) {
    if (no_passes) return "none (decode only)";
    std::string out;
    for (const auto& p : o.passes) out += (out.empty() ? "" : ",") + p;
    return out.empty() ? "every pass" : out;
}

std::string render_failures_of(const ReportModel& model) { return render_failures(*model.run); }

// The reports the user asked for, with the targets written, in order; an error names the file
// that could not be written.
Result<std::vector<std::string>> write_reports(const VerifyOptions& o, const ReportModel& model) {
    const struct {
        const std::string& target;
        std::string (*render)(const ReportModel&);
    } outputs[] = {
        {o.json, render_json}, {o.md, render_markdown}, {o.html, render_html}, {o.failures, render_failures_of}};
    std::vector<std::pair<std::string, std::string>> target_text;
    std::vector<std::string> written;
    for (const auto& out : outputs)
        if (!out.target.empty()) {
            target_text.emplace_back(out.target, out.render(model));
            written.push_back(out.target);
        }
    MP_TRY(write_outputs(target_text));
    return written;
}

// Where the summary goes: stdout, unless a report is written there.
bool report_on_stdout(const VerifyOptions& o) {
    for (const std::string* t : {&o.json, &o.md, &o.html, &o.failures, &o.timings})
        if (*t == "-") return true;
    return false;
}

// `verify ROOT --inflate-only`: the floor under every run (inflate_floor.h), for
// bench/full-install.sh. No report; one line on stderr; exit 3 when something failed to inflate.
int run_inflate_only(const VerifyOptions& o) {
    if (!o.passes.empty() || !o.json.empty() || !o.md.empty() || !o.html.empty() || !o.timings.empty() ||
        !o.manifest.empty()) {
        std::fputs("meshproof verify: --inflate-only reads no pass and writes no report\n", stderr);
        return kExitUsage;
    }
    RunOptions options;
    options.threads = o.threads;
    if (!o.game.empty()) options.game = parse_game(o.game);
    const auto start = std::chrono::steady_clock::now();
    if (o.roots.size() != 1) {
        std::fputs("meshproof verify: --inflate-only reads one root\n", stderr);
        return kExitUsage;
    }
    auto floor = inflate_every_member(o.roots.front(), options);
    if (!floor.ok()) {
        std::fprintf(stderr, "meshproof verify: %s\n", floor.error().message.c_str());
        return kExitUsage;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fputs(
        fmt::format(
            "inflate only: {} members, {} decompressed bytes ({:.1f} MB/s), {} failures, checksum {:016x}, {:.3f} s\n",
            floor->members, floor->bytes, seconds > 0 ? double(floor->bytes) / 1e6 / seconds : 0.0, floor->failures,
            floor->checksum, seconds)
            .c_str(),
        stderr);
    return floor->failures ? kExitPartial : kExitOk;
}

// The roots as the user gave them, separated by spaces (the report's config.root).
std::string roots_text(const VerifyOptions& o) {
    std::string out;
    for (const std::string& r : o.roots) out += (out.empty() ? "" : " ") + r;
    return out;
}

int run_verify_command(const VerifyOptions& o) {
    if (o.inflate_only) return run_inflate_only(o);
    const auto started = std::chrono::steady_clock::now();
    if (o.quiet && o.verbose) {
        std::fputs("meshproof verify: --quiet and -v ask for opposite summaries: give one\n", stderr);
        return kExitUsage;
    }
    RunOptions options;
    options.threads = o.threads;
    options.samples_per_counter = o.samples;
    options.member_timeout = o.member_timeout;
    auto no_passes = decode_only(o.passes);
    if (!no_passes.ok()) {
        std::fprintf(stderr, "meshproof verify: %s\n", no_passes.error().message.c_str());
        return kExitUsage;
    }
    options.no_passes = *no_passes;
    if (!options.no_passes) options.passes = o.passes;
    if (!o.game.empty()) {
        auto g = parse_game(o.game);
        if (!g) {
            std::fprintf(stderr, "meshproof verify: unknown game '%s' (sekiro, eldenring, freelancer)\n",
                         o.game.c_str());
            return kExitUsage;
        }
        options.game = *g;
    }
    if (const Status targets = check_report_targets({{"--json", o.json},
                                                     {"--md", o.md},
                                                     {"--html", o.html},
                                                     {"--failures", o.failures},
                                                     {"--timings", o.timings}},
                                                    std::vector<std::filesystem::path>(o.roots.begin(), o.roots.end()),
                                                    {std::filesystem::path(o.manifest)});
        !targets.ok()) {
        std::fprintf(stderr, "meshproof verify: %s\n", targets.error().message.c_str());
        return kExitUsage;
    }
    auto chosen = manifest_before_run(o);
    if (!chosen.ok()) {
        std::fprintf(stderr, "meshproof verify: %s\n", chosen.error().message.c_str());
        return kExitUsage;
    }
    // A synthetic install's defects.json: its failures are reported as planted.
    std::optional<PlantedDefects> planted;
    if (o.roots.size() == 1) {
        auto loaded = load_planted_defects(o.roots.front());
        if (!loaded.ok()) {
            std::fprintf(stderr, "meshproof verify: %s\n", loaded.error().message.c_str());
            return kExitUsage;
        }
        planted = std::move(*loaded);
    }
    // Figures of one named file are measured in file scopes the run must keep: those of the
    // chosen manifest, or — the document manifest being chosen by the detected game, after the
    // run — those of every document manifest (a handful of names; unmatched ones cost nothing).
    // Places likewise (scope.map). Several roots: each root's own manifest.json too.
    auto add_scopes = [&](const Manifest& m) {
        for (std::string& name : file_scopes_of(m))
            if (std::find(options.file_scopes.begin(), options.file_scopes.end(), name) == options.file_scopes.end())
                options.file_scopes.push_back(std::move(name));
        for (std::string& key : map_scopes_of(m))
            if (std::find(options.map_scopes.begin(), options.map_scopes.end(), key) == options.map_scopes.end())
                options.map_scopes.push_back(std::move(key));
    };
    if (chosen->has_value()) {
        add_scopes((*chosen)->manifest);
    } else {
        for (Game g : {Game::kSekiro, Game::kEldenRing, Game::kFreelancer}) {
            auto doc = document_manifest(g);
            if (doc.ok() && doc->has_value()) add_scopes((*doc)->manifest);
        }
        for (const std::string& root : o.roots) {
            auto own = install_manifest(root);
            if (own.ok() && own->has_value()) add_scopes((*own)->manifest);
        }
    }
    // Progress only for a display (the member count before the fan-out is for its total).
    Progress progress;
    if (!o.quiet) options.progress = &progress;
    RunTimings timings;
    if (!o.timings.empty()) options.timings = &timings;
    std::optional<ProgressDisplay> display;
    display.emplace(progress, !o.quiet);
    auto usage_error = [&](const std::string& message) {
        display.reset();  // the bar is cleared before the message
        std::fprintf(stderr, "meshproof verify: %s\n", message.c_str());
        return kExitUsage;
    };

    const std::vector<std::filesystem::path> roots(o.roots.begin(), o.roots.end());
    const std::string root_text = roots_text(o);
    Result<RunResult> run = run_verify(roots, options);
    if (!run.ok()) return usage_error(run.error().message);
    if (nothing_to_check(*run)) {
        display.reset();
        std::fputs(nothing_to_check_message(*run, root_text).c_str(), stderr);
        return kExitUsage;
    }
    progress.phase = RunPhase::kWritingReport;
    const auto report_start = std::chrono::steady_clock::now();
    if (!chosen->has_value()) {
        chosen = o.roots.size() == 1 ? document_manifest(run->scan.game) : merged_root_manifests(o, *run);
        if (!chosen.ok()) return usage_error(chosen.error().message);
    }
    ReportModel model{&*run, ReportContext{root_text, o.threads}, std::nullopt, std::move(planted)};
    if (chosen->has_value()) {
        const ChosenManifest& c = **chosen;
        model.figures = make_figure_section(c.manifest, *run, c.path, c.source);
    }
    auto written = write_reports(o, model);
    if (!written.ok()) return usage_error(written.error().message);
    if (!o.timings.empty()) {
        timings.phases.push_back(PhaseTime{
            "report", std::chrono::duration<double>(std::chrono::steady_clock::now() - report_start).count()});
        const TimingsContext context{root_text, o.threads, passes_text(o, options.no_passes)};
        if (const Status st = write_outputs({{o.timings, render_timings(timings, context)}}); !st.ok())
            return usage_error(st.error().message);
        written->push_back(o.timings);
    }
    display.reset();
    const Verdict verdict = make_verdict(model);
    std::FILE* summary_stream = report_on_stdout(o) ? stderr : stdout;
    SummaryOptions summary;
    summary.detail = o.quiet     ? SummaryDetail::kVerdictOnly
                     : o.verbose ? SummaryDetail::kVerbose
                                 : SummaryDetail::kNormal;
    summary.colour = use_colour(summary_stream);
    summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    summary.reports_written = std::move(*written);
    const std::string text = render_summary(model, verdict, summary);
    std::fwrite(text.data(), 1, text.size(), summary_stream);
    return verdict.exit_code;
}

}  // namespace

Command add_verify(CLI::App& app) {
    auto o = std::make_shared<VerifyOptions>();
    CLI::App* sub =
        app.add_subcommand("verify", "Verify every collision member under ROOT (an install, a folder or a file)");
    sub->add_option("ROOT", o->roots,
                    "Install root, folder or file; several roots, one per game (a Sekiro and an Elden Ring install), "
                    "measure the figures of both games together")
        ->required();
    sub->add_option("--game", o->game, "Override game detection: sekiro, eldenring, freelancer");
    sub->add_option("--threads", o->threads, "Worker threads (default: every core)")->check(thread_count());
    sub->add_option("--json", o->json, "Write the JSON report to FILE ('-' for stdout)");
    sub->add_option("--md", o->md, "Write the Markdown report to FILE ('-' for stdout)");
    sub->add_option("--html", o->html, "Write the HTML report (one self-contained file) to FILE ('-' for stdout)");
    sub->add_option(
        "--manifest", o->manifest,
        "Figures to check (corpus-manifests/FORMAT.md); a mismatch then exits 1. Default: ROOT/manifest.json "
        "if present (same), else the detected game's document manifest (reported, informational)");
    sub->add_option("--passes", o->passes,
                    "Comma-separated passes to run (default: all); 'none' decodes every member and runs no pass")
        ->delimiter(',')
        ->allow_extra_args(false)  // one list per --passes (repeatable): a ROOT after it is not read as a pass
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    sub->add_option("--timings", o->timings,
                    "Write what the run spent (phases, stages, passes, decode throughput, slowest members) as JSON "
                    "to FILE; never part of the report");
    sub->add_option("--failures", o->failures,
                    "Write every failing member, one line per (member, rule), tab-separated, to FILE ('-' for stdout)");
    sub->add_option("--samples", o->samples, "Failing locations kept per counter in the reports (default 20)")
        ->check(CLI::Range(std::size_t{0}, std::size_t{1000000}));
    sub->add_flag("--quiet,-q", o->quiet, "Print the verdict line only (no progress display)");
    sub->add_flag("--verbose,-v", o->verbose,
                  "Print the full summary: every failing counter with its samples, every failing file");
    // Hidden: the floor of bench/full-install.sh (README, "Performance").
    sub->add_flag("--inflate-only", o->inflate_only, "Decompress every member, read each byte once, nothing else")
        ->group("");
    sub->add_option("--member-timeout", o->member_timeout,
                    "Seconds one member may take before it is abandoned and counted as a 'timeout' error (0: no limit)")
        ->check(real_number(0, std::numeric_limits<double>::max(), "a number of seconds, 0 (no limit) or more"))
        ->default_val(RunOptions::kDefaultMemberTimeout);
    sub->footer(kVerifyExitCodesHelp);
    return {sub, [o] { return run_verify_command(*o); }};
}

}  // namespace meshproof::cli
