#include "cli/input_bytes.h"

#include "engine/containers/dcx.h"
#include "engine/containers/default_decompressors.h"
#include "engine/io/shrink_guard.h"

namespace meshproof::cli {

Result<OpenedInput> open_input(const std::filesystem::path& path) {
    OpenedInput in;
    in.codecs = default_decompressors();
    MP_TRY_ASSIGN(in.file, MappedFile::open(path));
    in.content = in.file.bytes();
    if (is_dcx(in.content)) {
        MP_TRY_ASSIGN(in.owned, dcx_decompress(in.content, in.codecs));
        in.was_dcx = true;
        in.content = in.owned;
    }
    if (has_prefix(in.content, "BND4")) {
        MP_TRY_ASSIGN(Binder b, parse_bnd4(in.content));
        in.binder = std::move(b);
        in.container = in.content;
    } else if (has_prefix(in.content, "BHF4")) {
        MP_TRY_ASSIGN(Binder b, parse_bhf4(in.content));
        std::filesystem::path bdt = path;
        bdt.replace_extension(path.extension() == ".HKXBHD" ? ".HKXBDT" : ".hkxbdt");
        if (path.extension() != ".hkxbhd" && path.extension() != ".HKXBHD") {
            std::string s = path.string();
            if (s.size() > 3 && s.substr(s.size() - 3) == "bhd") bdt = s.substr(0, s.size() - 3) + "bdt";
        }
        MP_TRY_ASSIGN(in.data_file, MappedFile::open(bdt));
        in.data_path = bdt;
        MP_TRY(check_bdf4(in.data_file.bytes()));
        in.binder = std::move(b);
        in.container = in.data_file.bytes();
    }
    MP_TRY(input_unchanged(in));
    return in;
}

Status input_unchanged(const OpenedInput& in) {
    MP_TRY(shrank_error(in.file.bytes()));
    return shrank_error(in.data_file.bytes());
}

}  // namespace meshproof::cli
