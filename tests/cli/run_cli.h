// Running the `meshproof` executable (MESHPROOF_BINARY, set by CMake for cli_tests) from the
// CLI tests, through the shell so that the arguments are written as on a command line
// (header-only: only *_test.cpp files are built). One runner for every tests/cli file, so that
// how the output is captured and the exit status read is the same everywhere.
#pragma once

#include <array>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <sys/wait.h>

namespace meshproof::test {

struct CliOutput {
    int code = -1;     // the exit code; -1 when the process did not exit normally or did not start
    std::string text;  // what the run wrote: stdout, or stdout and stderr (run_cli_all)
};

// A shell command line, capturing what reaches stdout (a script of scripts/, run as a user would).
inline CliOutput run_shell(const std::string& cmd) {
    CliOutput out;
    FILE* p = ::popen(cmd.c_str(), "r");
    if (p == nullptr) return out;
    std::array<char, 4096> buf{};
    std::size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) out.text.append(buf.data(), n);
    const int status = ::pclose(p);
    out.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return out;
}

// `meshproof ARGS REDIRECT`, capturing what reaches stdout; REDIRECT says where stderr goes.
inline CliOutput run_cli_with(const std::string& args, const char* redirect) {
    return run_shell(std::string(MESHPROOF_BINARY) + " " + args + redirect);
}

// stdout only: for output a test parses (JSON, a diff), which stderr's messages would break.
inline CliOutput run_cli_stdout(const std::string& args) { return run_cli_with(args, " 2>/dev/null"); }

// stdout and stderr together, in the order written: for tests of the messages.
inline CliOutput run_cli_all(const std::string& args) { return run_cli_with(args, " 2>&1"); }

// The exit code alone, all output discarded.
inline int run_cli_code(const std::string& args) {
    const int status = std::system((std::string(MESHPROOF_BINARY) + " " + args + " >/dev/null 2>&1").c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace meshproof::test
