// meshproof verify ROOT: the full-install validation run.
#include <cstdio>
#include <fstream>
#include <memory>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/progress_display.h"
#include "cli/summary.h"
#include "engine/pipeline/run.h"
#include "reports/run_report.h"

namespace meshproof::cli {

namespace {

struct VerifyOptions {
    std::string root;
    std::string game;
    int threads = 0;
    std::string json;
    std::vector<std::string> passes;
    bool quiet = false;
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

int run_verify_command(const VerifyOptions& o) {
    RunOptions options;
    options.threads = o.threads;
    options.passes = o.passes;
    if (!o.game.empty()) {
        auto g = parse_game(o.game);
        if (!g) {
            std::fprintf(stderr, "meshproof verify: unknown game '%s' (sekiro, eldenring, freelancer)\n", o.game.c_str());
            return kExitUsage;
        }
        options.game = *g;
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
    if (!o.json.empty() && !write_output(o.json, render_json(*run, ReportContext{o.root}))) {
        std::fprintf(stderr, "meshproof verify: cannot write %s\n", o.json.c_str());
        return kExitUsage;
    }
    print_summary(*run, o.threads);
    return exit_code_for(*run);
}

}  // namespace

Command add_verify(CLI::App& app) {
    auto o = std::make_shared<VerifyOptions>();
    CLI::App* sub = app.add_subcommand("verify", "Verify every collision member under ROOT (an install, a folder or a file)");
    sub->add_option("ROOT", o->root, "Install root, folder or file")->required();
    sub->add_option("--game", o->game, "Override game detection: sekiro, eldenring, freelancer");
    sub->add_option("--threads", o->threads, "Worker threads (default: every core)")->check(CLI::NonNegativeNumber);
    sub->add_option("--json", o->json, "Write the JSON report to FILE ('-' for stdout)");
    sub->add_option("--passes", o->passes, "Comma-separated passes to run (default: all)")->delimiter(',');
    sub->add_flag("--quiet", o->quiet, "No progress display");
    sub->footer(kExitCodesHelp);
    return {sub, [o] { return run_verify_command(*o); }};
}

}  // namespace meshproof::cli
