// See atomic_outputs.h.
#include "cli/atomic_outputs.h"

#include <fstream>

#include "cli/file_replacement.h"

namespace meshproof::cli {

namespace fs = std::filesystem;

namespace {

// A target that exists and is not a regular file or a folder (a device such as /dev/null, a FIFO,
// /dev/stdout through its link): written in place as a stream, since a rename would replace the
// device node itself (`export --obj /dev/null --force` did, run as root).
bool is_stream(const fs::path& p) {
    std::error_code ec;
    const fs::file_status st = fs::status(p, ec);
    return !ec && fs::exists(st) && !fs::is_regular_file(st) && !fs::is_directory(st);
}

bool write_file(const fs::path& p, const std::vector<std::uint8_t>& bytes) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.close();
    return static_cast<bool>(out);
}

}  // namespace

OutputRefusal write_outputs_atomically(const std::vector<OutputFile>& files, bool force) {
    std::error_code ec;
    for (const OutputFile& f : files) {
        if (fs::is_directory(f.path, ec)) return {true, f.path.string() + " is a folder"};
        if (!force && fs::exists(f.path, ec) && !is_stream(f.path))
            return {true, f.path.string() + " exists (use --force to overwrite)"};
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
    std::vector<fs::path> temporaries(files.size());  // empty for a stream target
    const auto discard = [&] {
        for (const fs::path& t : temporaries)
            if (!t.empty()) fs::remove(t, ec);
    };
    for (std::size_t i = 0; i < files.size(); ++i) {
        const OutputFile& f = files[i];
        if (is_stream(f.path)) continue;
        const fs::path tmp = temporary_beside(f.path);
        temporaries[i] = tmp;
        if (!write_file(tmp, f.bytes)) {
            discard();
            return {false, "cannot write " + tmp.string()};
        }
    }
    for (std::size_t i = 0; i < files.size(); ++i)
        if (temporaries[i].empty() && !write_file(files[i].path, files[i].bytes)) {
            discard();
            return {false, "cannot write " + files[i].path.string()};
        }
    for (std::size_t i = 0; i < files.size(); ++i) {
        if (temporaries[i].empty()) continue;
        ec = replace_file(temporaries[i], files[i].path);
        if (ec) {
            const std::string message =
                "cannot rename " + temporaries[i].string() + " to " + files[i].path.string() + ": " + ec.message();
            for (std::size_t j = i; j < temporaries.size(); ++j)
                if (!temporaries[j].empty()) fs::remove(temporaries[j], ec);
            return {false, message};
        }
    }
    return {};
}

}  // namespace meshproof::cli
