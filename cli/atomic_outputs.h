// Writing a command's output files all or nothing: every target is checked first (an existing one
// is refused without `force`), each file is written to a temporary beside its target and only
// when all are written are they renamed over their targets. A failed or refused run leaves every
// target as it was (a crash between the renames of two files, e.g. the halves of a split binder,
// is the one window that is not covered). Temporaries are named `.NAME.meshproof-tmp.PID`. A
// target that exists and is neither a regular file nor a folder (/dev/null, a FIFO, /dev/stdout)
// is written in place, after the temporaries: renaming over it would replace the device itself.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace meshproof::cli {

struct OutputFile {
    std::filesystem::path path;
    std::vector<std::uint8_t> bytes;
};

struct OutputRefusal {
    bool refused = false;  // an existing target without force (a usage error), else an I/O error
    std::string message;   // names the file
};

// Empty message: everything written.
OutputRefusal write_outputs_atomically(const std::vector<OutputFile>& files, bool force);

}  // namespace meshproof::cli
