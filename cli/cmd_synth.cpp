// meshproof synth OUT --game sekiro|eldenring [--scale demo|small|full] [--seed N] [--defects SPEC]
// Writes a synthetic unpacked install (engine/synth/install_writer.h) and defects.json and
// manifest.json (the figures every registered pass must reproduce) beside it.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <string>

#include <fmt/format.h>

#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/number_options.h"
#include "engine/core/plural.h"
#include "engine/pipeline/pass.h"
#include "engine/synth/install_writer.h"

namespace meshproof::cli {

Command add_synth(CLI::App& app) {
    struct Args {
        std::string out, game, scale = "demo", defects;
        std::uint64_t seed = 1;
        int threads = 0;
        int level = 1;
        bool force = false;
    };
    auto args = std::make_shared<Args>();
    CLI::App* sub = app.add_subcommand("synth", "Write a synthetic install (with defects injected in known numbers)");
    sub->add_option("OUT", args->out, "Output folder (the install root)")->required();
    sub->add_option("--game", args->game, "sekiro or eldenring")->required();
    sub->add_option("--scale", args->scale, "demo, small or full (default demo)");
    sub->add_option("--seed", args->seed, "Seed (same seed, same bytes; default 1)")
        ->check(whole_number(0, std::numeric_limits<std::uint64_t>::max()));
    sub->add_option("--defects", args->defects,
                    "kind:count,... of page0, leafbox, nibble, interior, run_gap, key_width, truncated, dcx_header, "
                    "extern_missing, extern_twice, extern_outside (Elden Ring assets); or all");
    sub->add_option("--threads", args->threads, "Worker threads (default: every core)")->check(thread_count());
    sub->add_option("--level", args->level, "DEFLATE level of the DCX members, 0 to 12 (libdeflate's; default 1)")
        ->check(whole_number(0, 12));
    sub->add_flag("--force", args->force, "Write into an existing non-empty folder");
    sub->footer(kSynthExitCodesHelp);

    return {
        sub, [args]() -> int {
            synth::SynthOptions o;
            if (args->game == "eldenring" || args->game == "er") o.game = synth::SynthGame::kEldenRing;
            else if (args->game == "sekiro") o.game = synth::SynthGame::kSekiro;
            else {
                std::fprintf(stderr, "meshproof synth: unknown game \"%s\" (sekiro, eldenring)\n", args->game.c_str());
                return kExitUsage;
            }
            if (args->scale == "demo") o.scale = synth::SynthScale::kDemo;
            else if (args->scale == "small") o.scale = synth::SynthScale::kSmall;
            else if (args->scale == "full") o.scale = synth::SynthScale::kFull;
            else {
                std::fprintf(stderr, "meshproof synth: unknown scale \"%s\" (demo, small, full)\n",
                             args->scale.c_str());
                return kExitUsage;
            }
            auto defects = synth::parse_defect_spec(args->defects);
            if (!defects.ok()) {
                std::fprintf(stderr, "meshproof synth: %s\n", defects.error().message.c_str());
                return kExitUsage;
            }
            o.defects = *defects;
            o.seed = args->seed;
            o.threads = args->threads;
            o.dcx_level = args->level;
            // manifest.json names only registered counters, and every violation counter.
            for (const Pass* pass : PassRegistry::global().all())
                for (const CounterInfo& counter : pass->info().counters)
                    o.counters.push_back({pass->info().name, counter.name, counter.description, counter.violation});
            std::error_code ec;
            const std::filesystem::path out(args->out);
            if (std::filesystem::exists(out, ec) && !std::filesystem::is_empty(out, ec) && !args->force) {
                std::fprintf(stderr, "meshproof synth: %s exists and is not empty (use --force)\n", args->out.c_str());
                return kExitUsage;
            }
            const auto start = std::chrono::steady_clock::now();
            auto r = synth::write_synthetic_install(out, o);
            if (!r.ok()) {
                std::fprintf(stderr, "meshproof synth: %s\n", r.error().message.c_str());
                // A defect list it cannot place, or an output it cannot write (not a folder, no
                // room, no permission), is the user's to fix: 2, as for every command's output.
                const ErrorCode code = r.error().code;
                return code == ErrorCode::kUsage || code == ErrorCode::kIo ? kExitUsage : kExitInternal;
            }
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            const auto& c = r->counts;
            std::fputs(fmt::format("meshproof synth: {} {} seed {}: {}, {}, {}, {} ({}), {}, {:.1f} MB in {:.2f} s "
                                   "({:.2f} M triangles/s); defects.json and manifest.json written\n",
                                   synth::synth_game_name(o.game), synth::synth_scale_name(o.scale), o.seed,
                                   plural(c.binders, "binder", "binders"), plural(c.members, "member", "members"),
                                   plural(c.sections, "section", "sections"),
                                   plural(c.triangles, "triangle", "triangles"), plural(c.quads, "quad", "quads"),
                                   plural(c.paged_sections, "paged section", "paged sections"),
                                   static_cast<double>(c.bytes_written) / 1e6, s,
                                   s > 0 ? static_cast<double>(c.triangles) / s / 1e6 : 0.0)
                           .c_str(),
                       stderr);
            return kExitOk;
        }};
}

}  // namespace meshproof::cli
