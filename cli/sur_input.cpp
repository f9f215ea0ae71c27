#include "cli/sur_input.h"

#include <charconv>

#include "engine/core/path_text.h"
#include "engine/io/install_scan.h"
#include "engine/io/mapped_file.h"
#include "engine/io/shrink_guard.h"
#include "engine/io/sibling_model.h"
#include "engine/sur/sur_file.h"
#include "engine/utf/sur_ids.h"

namespace meshproof::cli {
namespace fs = std::filesystem;

bool is_sur_input(const fs::path& path) {
    if (ascii_lower(path_text(path.extension())) == ".sur") return true;
    auto map = MappedFile::open(path);
    return map.ok() && sur::is_sur_vers(map->bytes());
}

namespace {

// Decodes one mapped file; a file that shrank while read is that error instead of what was read.
template <class T, class Decode>
std::optional<T> decode_file(const fs::path& path, Decode decode, std::optional<SurInputError>& failed) {
    auto map = MappedFile::open(path);
    if (!map.ok()) {
        failed = SurInputError{path_text(path), map.error(), false};
        return std::nullopt;
    }
    auto decoded = decode(map->bytes());
    const Status shrank = shrank_error(map->bytes());
    if (!shrank.ok() || !decoded.ok()) {
        failed = SurInputError{path_text(path), shrank.ok() ? decoded.error() : shrank.error(), true};
        return std::nullopt;
    }
    return std::move(*decoded);
}

}  // namespace

std::variant<SurInput, SurInputError> open_sur(const fs::path& path, bool with_model) {
    std::optional<SurInputError> failed;
    SurInput in;
    auto sur_model = decode_file<sur::SurModel>(
        path, [](Bytes b) { return sur::decode_sur(b); }, failed);
    if (!sur_model) return *failed;
    in.sur = std::move(*sur_model);
    if (with_model) in.model_path = sibling_model(path);
    if (in.model_path) {
        in.model = decode_file<utf::Model>(
            *in.model_path, [](Bytes b) { return utf::decode_model(b); }, failed);
        if (!in.model) {
            failed->decode = true;  // a model that cannot be read fails as one that does not decode
            return *failed;
        }
    }
    in.model_part.assign(in.sur.parts.size(), -1);
    in.part_names.assign(in.sur.parts.size(), std::string());
    if (!in.model) return in;
    for (std::size_t p = 0; p < in.sur.parts.size(); ++p) {
        const utf::SurPartOf of = utf::model_part_of_sur_part(*in.model, in.sur.parts[p].id);
        in.model_part[p] = of.part;
        if (of.part < 0) continue;
        const std::string& name = in.model->parts[std::size_t(of.part)].object_name;
        in.part_names[p] = name.empty() ? "(the model's single part)" : name;
    }
    return in;
}

std::optional<std::size_t> find_part(const SurInput& in, const std::string& wanted) {
    const std::string lower = ascii_lower(wanted);
    if (in.sur.format == sur::SurFormat::kLegacy) {
        for (std::size_t r = 0; r < in.sur.legacy_records.size(); ++r)
            if (ascii_lower(in.sur.legacy_records[r].name) == lower) return r;
        return std::nullopt;
    }
    std::uint32_t id = 0;
    const bool hex = lower.starts_with("0x");
    const char* first = lower.data() + (hex ? 2 : 0);
    const char* last = lower.data() + lower.size();
    const auto [end, ec] = std::from_chars(first, last, id, hex ? 16 : 10);
    const bool is_id = ec == std::errc() && end == last && first != last;
    for (std::size_t p = 0; p < in.sur.parts.size(); ++p) {
        if (is_id && in.sur.parts[p].id == id) return p;
        if (in.model_part[p] >= 0 && ascii_lower(in.model->parts[std::size_t(in.model_part[p])].object_name) == lower)
            return p;
    }
    return std::nullopt;
}

}  // namespace meshproof::cli
