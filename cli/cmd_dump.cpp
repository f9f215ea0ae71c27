// meshproof dump FILE: (filled in below once engine/tagfile/dump lands)
#include "cli/commands.h"
#include "cli/exit_codes.h"
namespace meshproof::cli {
Command add_dump(CLI::App& app) {
    CLI::App* sub = app.add_subcommand("dump", "Show a tagfile through its own type table, or list a binder");
    return {sub, [] { return kExitUsage; }};
}
Command add_unpack(CLI::App& app) {
    CLI::App* sub = app.add_subcommand("unpack", "Decompress a DCX, or a binder's members, into a folder");
    return {sub, [] { return kExitUsage; }};
}
}  // namespace meshproof::cli
