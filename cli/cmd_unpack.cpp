// meshproof unpack FILE -o DIR: a DCX's decompressed bytes (with --members, the members of the
// binder inside it), or a binder's members decompressed, names kept (a member's trailing ".dcx" is dropped, since the bytes written are
// the decompressed ones). Every member gets a file of its own (a name another member already took
// is written as member_NNNNN_NAME). Never writes over an existing file without --force, never over
// its input, never outside DIR; all or nothing (cli/atomic_outputs.h).
#include <algorithm>
#include <cstdio>
#include <memory>
#include <set>

#include <fmt/format.h>

#include "cli/atomic_outputs.h"
#include "cli/commands.h"
#include "cli/exit_codes.h"
#include "cli/same_file.h"
#include "cli/input_bytes.h"
#include "engine/containers/binder.h"
#include "engine/containers/binder_entry_data.h"
#include "engine/containers/dcx.h"
#include "engine/core/plural.h"
#include "engine/io/install_scan.h"
#include "engine/io/mapped_file.h"

namespace meshproof::cli {
namespace {
namespace fs = std::filesystem;

struct UnpackOptions {
    std::string file;
    std::string out;
    bool force = false;
    bool members = false;  // a DCX-wrapped binder: its members rather than the binder
};

struct Output {
    std::string name;  // relative, '/' separated
    Result<std::vector<std::uint8_t>> bytes;
};

// A member name as a safe relative path: no absolute root, drive letter or "..".
std::string safe_relative(std::string_view name) {
    std::string out;
    std::size_t start = 0;
    std::string n(name);
    for (char& c : n)
        if (c == '\\') c = '/';
    while (start <= n.size()) {
        std::size_t end = n.find('/', start);
        if (end == std::string::npos) end = n.size();
        std::string part = n.substr(start, end - start);
        if (!part.empty() && part != "." && part != ".." && part.find(':') == std::string::npos) {
            if (!out.empty()) out += '/';
            out += part;
        }
        start = end + 1;
    }
    return out.empty() ? "unnamed" : out;
}

std::string drop_dcx(std::string name) {
    if (ascii_lower(name).ends_with(".dcx")) name.resize(name.size() - 4);
    return name;
}

// The paths taken so far, as files and as the folders above them: a name is free when it is
// neither, and no folder above it is a file.
class TakenNames {
public:
    bool free(const std::string& name) const {
        if (files_.count(name) || folders_.count(name)) return false;
        for (std::size_t slash = name.find('/'); slash != std::string::npos; slash = name.find('/', slash + 1))
            if (files_.count(name.substr(0, slash))) return false;
        return true;
    }
    void take(const std::string& name) {
        files_.insert(name);
        for (std::size_t slash = name.find('/'); slash != std::string::npos; slash = name.find('/', slash + 1))
            folders_.insert(name.substr(0, slash));
    }

private:
    std::set<std::string> files_, folders_;
};

// Member `index`'s name, or, when an earlier member took it (the same name, one made the same by
// safe_relative or drop_dcx, or a file where this name needs a folder), member_NNNNN_ and the name
// flattened, at the top of DIR.
std::string distinct_name(std::string name, std::size_t index, TakenNames& taken) {
    if (!taken.free(name)) {
        std::string flat = name;
        std::replace(flat.begin(), flat.end(), '/', '_');
        name = fmt::format("member_{:05}_{}", index, flat);
        for (int k = 2; !taken.free(name); ++k) name = fmt::format("member_{:05}_{}_{}", index, k, flat);
    }
    taken.take(name);
    return name;
}

int run_unpack(const UnpackOptions& o) {
    const fs::path path(o.file);
    auto input = open_input(path);
    if (!input.ok()) {
        std::fprintf(stderr, "meshproof unpack: %s: %s\n", o.file.c_str(), input.error().message.c_str());
        return kExitUsage;
    }
    const DecompressorRegistry& codecs = input->codecs;
    std::vector<Output> outputs;
    if (input->was_dcx && !(o.members && input->binder)) {
        outputs.push_back({drop_dcx(path.filename().string()), std::move(input->owned)});
    } else if (input->binder) {
        TakenNames taken;
        for (std::size_t i = 0; i < input->binder->entries.size(); ++i) {
            const BinderEntry& e = input->binder->entries[i];
            std::string name = e.name.empty() ? fmt::format("member_{:05}", i) : e.name;
            outputs.push_back({distinct_name(drop_dcx(safe_relative(name)), i, taken),
                               entry_decompressed_bytes(e, input->container, codecs)});
        }
    } else {
        std::fprintf(stderr, "meshproof unpack: %s is neither a DCX file nor a binder\n", o.file.c_str());
        return kExitUsage;
    }

    // Refuse before writing anything, so a refused run leaves DIR as it was.
    if (const Status st = input_unchanged(*input); !st.ok()) {
        std::fprintf(stderr, "meshproof unpack: %s: %s at byte %llu: %s\n", o.file.c_str(),
                     std::string(error_code_name(st.error().code)).c_str(),
                     static_cast<unsigned long long>(st.error().offset), st.error().message.c_str());
        return kExitPartial;
    }
    const fs::path out_dir(o.out);
    // --force overwrites an earlier unpack, never what this one reads.
    for (const auto& out : outputs)
        for (const fs::path& read : {path, input->data_path})
            if (same_file(out_dir / out.name, read)) {
                std::fprintf(stderr, "meshproof unpack: %s is %s, the input: unpack never writes over its input\n",
                             (out_dir / out.name).string().c_str(), read.string().c_str());
                return kExitUsage;
            }
    int failures = 0;
    std::vector<OutputFile> files;
    for (auto& out : outputs) {
        if (!out.bytes.ok()) {
            ++failures;
            std::fprintf(stderr, "ERROR %s :: %s: %s at byte %llu: %s\n", o.file.c_str(), out.name.c_str(),
                         std::string(error_code_name(out.bytes.error().code)).c_str(),
                         static_cast<unsigned long long>(out.bytes.error().offset), out.bytes.error().message.c_str());
            continue;
        }
        files.push_back({out_dir / out.name, std::move(*out.bytes)});
    }
    if (const OutputRefusal r = write_outputs_atomically(files, o.force); !r.message.empty()) {
        std::fprintf(stderr, "meshproof unpack: %s\n", r.message.c_str());
        return kExitUsage;
    }
    for (const OutputFile& f : files)
        std::printf("%s  %s\n", f.path.string().c_str(), plural(f.bytes.size(), "byte", "bytes").c_str());
    return failures ? kExitPartial : kExitOk;
}

}  // namespace

Command add_unpack(CLI::App& app) {
    auto o = std::make_shared<UnpackOptions>();
    CLI::App* sub = app.add_subcommand("unpack", "Decompress a DCX file, or every member of a binder, into a folder");
    sub->add_option("FILE", o->file, "A .dcx file, a BND4 binder (.dcx or not) or a split binder's .hkxbhd")
        ->required();
    sub->add_option("-o,--output", o->out, "Output folder")->required();
    sub->add_flag("--force", o->force, "Overwrite existing files");
    sub->add_flag("--members", o->members, "For a DCX-wrapped binder, write its members instead of the binder");
    sub->footer(kUnpackExitCodesHelp);
    return {sub, [o] { return run_unpack(*o); }};
}

}  // namespace meshproof::cli
