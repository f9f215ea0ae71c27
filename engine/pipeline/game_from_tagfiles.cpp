#include "engine/pipeline/game_from_tagfiles.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/containers/dcx.h"
#include "engine/io/mapped_file.h"
#include "engine/tagfile/sdk_version_peek.h"

namespace meshproof {

namespace {

bool is_dcx(const InputFile& in) {
    const std::string lower = ascii_lower(in.rel_path);
    return lower.size() >= 4 && lower.compare(lower.size() - 4, 4, ".dcx") == 0;
}

void count_version(Bytes head, SdkVersionCounts& counts) {
    auto v = tagfile::peek_sdk_version(head);
    if (!v.ok()) return;
    if (*v == "20160200") ++counts.v20160200;
    else if (*v == "20180100") ++counts.v20180100;
    else ++counts.other;
}

}  // namespace

Game game_from_sdk_versions(const SdkVersionCounts& counts) {
    if (counts.v20180100 > 0) return Game::kEldenRing;
    if (counts.v20160200 > 0) return Game::kSekiro;
    return Game::kUnknown;
}

void detect_game_from_tagfiles(InstallScan& scan, const DecompressorRegistry& codecs) {
    if (scan.game != Game::kUnknown || scan.game_overridden) return;
    SdkVersionCounts counts;
    for (const InputFile& in : scan.inputs) {
        if (in.kind != InputKind::kTagfile || is_dcx(in)) continue;
        auto map = MappedFile::open(in.path);
        if (map.ok()) count_version(map->bytes().first(std::min(map->size(), tagfile::kSdkVersionPeekSize)), counts);
    }
    if (counts.read() == 0) {
        std::size_t peeked = 0;
        for (const InputFile& in : scan.inputs) {
            if (in.kind != InputKind::kTagfile || !is_dcx(in) || peeked == kMaxDcxTagfilesPeeked) continue;
            ++peeked;
            auto map = MappedFile::open(in.path);
            if (!map.ok()) continue;
            auto bytes = dcx_decompress(map->bytes(), codecs);
            if (bytes.ok()) count_version(*bytes, counts);
            if (counts.v20180100 > 0) break;   // the rule's answer cannot change
        }
    }
    const Game game = game_from_sdk_versions(counts);
    if (game == Game::kUnknown) return;
    const std::uint64_t agreeing = game == Game::kEldenRing ? counts.v20180100 : counts.v20160200;
    scan.game = game;
    scan.detection = fmt::format("SDK version of the loose tagfiles (no install layout): {} of {} read are {}: {}", agreeing,
                                 counts.read(), game == Game::kEldenRing ? "20180100" : "20160200",
                                 game == Game::kEldenRing ? "Elden Ring" : "Sekiro");
}

}  // namespace meshproof
