#include "cli/parse_errors.h"

#include <cstdio>

#include "cli/exit_codes.h"
#include "cli/suggest.h"

namespace meshproof::cli {

namespace {

// The subcommand the arguments were given to, or nullptr (the arguments of meshproof itself).
CLI::App* command_read(CLI::App& app) {
    for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
        if (sub->parsed()) return sub;
    return nullptr;
}

bool is_option_like(const std::string& arg) {
    if (arg.size() < 2 || arg[0] != '-') return false;
    const char second = arg[1];
    return !(second >= '0' && second <= '9') && second != '.';  // -1, -.5: a negative number
}

// Every spelling of the options of `app` ("--json", "-o"), the help flag's too.
void add_option_names(const CLI::App& app, std::vector<std::string>& names) {
    for (const CLI::Option* opt : app.get_options()) {
        if (opt->get_group().empty()) continue;  // hidden
        for (const std::string& l : opt->get_lnames()) names.push_back("--" + l);
        for (const std::string& s : opt->get_snames()) names.push_back("-" + s);
    }
}

std::string unknown_option(const std::string& who, const std::string& arg, CLI::App& app, const CLI::App* command) {
    const std::string typed = arg.substr(0, arg.find('='));  // --jsn=r.json
    std::vector<std::string> names;
    if (command != nullptr) add_option_names(*command, names);
    add_option_names(app, names);  // the global ones (--color), read after a command too
    if (auto near = closest_word(typed, names))
        return who + ": unknown option '" + typed + "'; did you mean '" + *near + "'?\n";
    return who + ": unknown option '" + typed + "' (" + who + " --help lists them)\n";
}

std::string unknown_command(const std::string& arg, CLI::App& app) {
    std::vector<std::string> names;
    std::string listed;
    for (const CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) {
        names.push_back(sub->get_name());
        listed += (listed.empty() ? "" : ", ") + sub->get_name();
    }
    if (auto near = closest_word(arg, names))
        return "meshproof: unknown command '" + arg + "'; did you mean '" + *near + "'?\n";
    return "meshproof: unknown command '" + arg + "' (commands: " + listed + ")\n";
}

}  // namespace

std::string parse_error_message(CLI::App& app, const CLI::ParseError& error) {
    const CLI::App* command = command_read(app);
    const std::string who = command == nullptr ? "meshproof" : "meshproof " + command->get_name();
    if (dynamic_cast<const CLI::ExtrasError*>(&error) != nullptr) {
        const std::vector<std::string> extra = app.remaining(/*recurse=*/true);
        for (const std::string& arg : extra)
            if (is_option_like(arg)) return unknown_option(who, arg, app, command);
        if (!extra.empty()) {
            if (command == nullptr) return unknown_command(extra.front(), app);
            return who + ": unexpected argument '" + extra.front() + "' (" + who + " --help says what it reads)\n";
        }
    }
    std::string text = error.what();
    // CLI11 says "--threads: -1: expected …" (the option, then the validator's message, which
    // begins with the value): "--threads -1: expected …" reads as the command line was written.
    if (dynamic_cast<const CLI::ValidationError*>(&error) != nullptr && text.starts_with("--"))
        if (const std::size_t colon = text.find(": "); colon != std::string::npos) text.replace(colon, 2, " ");
    return who + ": " + text + "\n";
}

int report_parse_error(CLI::App& app, const CLI::ParseError& error) {
    if (error.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success))
        return app.exit(error) == 0 ? kExitOk : kExitUsage;
    std::fputs(parse_error_message(app, error).c_str(), stderr);
    return kExitUsage;
}

}  // namespace meshproof::cli
