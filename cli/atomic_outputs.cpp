// See atomic_outputs.h.
#include "cli/atomic_outputs.h"

#include <fstream>

#include <unistd.h>
#include <fmt/format.h>

namespace meshproof::cli {

namespace fs = std::filesystem;

OutputRefusal write_outputs_atomically(const std::vector<OutputFile>& files, bool force) {
    std::error_code ec;
    for (const OutputFile& f : files) {
        if (fs::is_directory(f.path, ec)) return {true, f.path.string() + " is a folder"};
        if (!force && fs::exists(f.path, ec)) return {true, f.path.string() + " exists (use --force to overwrite)"};
        const fs::path dir = f.path.parent_path().empty() ? fs::path(".") : f.path.parent_path();
        if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) return {true, dir.string() + " is not a folder"};
    }
    // Missing folders are made (as `-o out/x.hkx` asks), once nothing else refuses the outputs.
    for (const OutputFile& f : files) {
        const fs::path dir = f.path.parent_path();
        if (dir.empty() || fs::is_directory(dir, ec)) continue;
        fs::create_directories(dir, ec);
        if (ec) return {false, "cannot make the folder " + dir.string() + ": " + ec.message()};
    }
    std::vector<fs::path> temporaries;
    const auto discard = [&] {
        for (const fs::path& t : temporaries) fs::remove(t, ec);
    };
    for (const OutputFile& f : files) {
        fs::path tmp = f.path;
        tmp.replace_filename(fmt::format(".{}.meshproof-tmp.{}", f.path.filename().string(), ::getpid()));
        temporaries.push_back(tmp);
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(f.bytes.data()), static_cast<std::streamsize>(f.bytes.size()));
        out.close();
        if (!out) {
            discard();
            return {false, "cannot write " + tmp.string()};
        }
    }
    for (std::size_t i = 0; i < files.size(); ++i) {
        fs::rename(temporaries[i], files[i].path, ec);
        if (ec) {
            const std::string message = "cannot rename " + temporaries[i].string() + " to " + files[i].path.string() + ": " + ec.message();
            for (std::size_t j = i; j < temporaries.size(); ++j) fs::remove(temporaries[j], ec);
            return {false, message};
        }
    }
    return {};
}

}  // namespace meshproof::cli
