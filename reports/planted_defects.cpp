#include "reports/planted_defects.h"

#include <simdjson.h>

#include "engine/core/path_text.h"

namespace meshproof {

Result<std::optional<PlantedDefects>> load_planted_defects(const std::filesystem::path& root) {
    std::error_code ec;
    const std::filesystem::path path = root / "defects.json";
    if (!std::filesystem::is_directory(root, ec) || !std::filesystem::is_regular_file(path, ec))
        return std::optional<PlantedDefects>();
    auto bad = [&](const std::string& why) {
        return make_error(ErrorCode::kUsage, 0, path_text(path) + ": not a synth defects list (" + why + ")");
    };
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.load(path_text(path)).get(doc) != simdjson::SUCCESS) return bad("not JSON");
    std::int64_t format = 0;
    if (doc["synth_format"].get_int64().get(format) != simdjson::SUCCESS) return bad("no synth_format");
    simdjson::dom::array locations;
    if (doc["locations"].get_array().get(locations) != simdjson::SUCCESS) return bad("no locations");
    PlantedDefects out;
    out.path = path_text(path);  // report text: '/' on Windows too
    for (simdjson::dom::element l : locations) {
        std::string_view member;
        if (l["path"].get_string().get(member) != simdjson::SUCCESS) return bad("a location without a path");
        out.member_paths.emplace(member);
        ++out.planted;
    }
    return std::optional<PlantedDefects>(std::move(out));
}

}  // namespace meshproof
