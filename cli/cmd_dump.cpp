// meshproof dump FILE: (filled in below once engine/tagfile/dump lands)
#include "cli/commands.h"
#include "cli/exit_codes.h"
namespace meshproof::cli {
Command add_dump(CLI::App& app) {
    CLI::App* sub = app.add_subcommand("dump", "Show a tagfile through its own type table, or list a binder");
    return {sub, [] { return kExitUsage; }};
}
}  // namespace meshproof::cli
