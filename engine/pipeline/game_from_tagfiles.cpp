#include "engine/pipeline/game_from_tagfiles.h"

#include <algorithm>

#include <fmt/format.h>

#include "engine/containers/binder.h"
#include "engine/containers/binder_entry_data.h"
#include "engine/containers/dcx.h"
#include "engine/core/plural.h"
#include "engine/io/mapped_file.h"
#include "engine/tagfile/sdk_version_peek.h"

namespace meshproof {

namespace {

bool is_dcx_name(const InputFile& in) {
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

bool is_tagfile_member(const BinderEntry& e) {
    const std::string name = ascii_lower(e.name_last_component());
    return name.ends_with(".hkx") || name.ends_with(".hkx.dcx");
}

// The tagfile members of one binder (a split binder's two halves, or a BND4, DCX or not), read
// until Elden Ring is seen or `budget` members were decompressed. A binder that cannot be read
// is left to the run, which reports it.
void count_binder_members(const InputFile& in, const DecompressorRegistry& codecs, SdkVersionCounts& counts,
                          std::size_t& budget) {
    auto file = MappedFile::open(in.path);
    if (!file.ok()) return;
    Result<MappedFile> data = make_error(ErrorCode::kIo, 0, "no data half");
    std::vector<std::uint8_t> inflated;
    Bytes container;
    Result<Binder> binder = make_error(ErrorCode::kBadHeader, 0, "not read");
    if (in.kind == InputKind::kSplitBinder) {
        data = MappedFile::open(in.data_path);
        if (!data.ok() || !check_bdf4(data->bytes()).ok()) return;
        container = data->bytes();
        binder = parse_bhf4(file->bytes());
    } else {
        container = file->bytes();
        if (is_dcx(container)) {
            if (budget == 0) return;
            --budget;
            auto body = dcx_decompress(container, codecs);
            if (!body.ok()) return;
            inflated = std::move(*body);
            container = inflated;
        }
        binder = parse_bnd4(container);
    }
    if (!binder.ok()) return;
    std::vector<std::uint8_t> head_buffer;
    for (const BinderEntry& e : binder->entries) {
        if (budget == 0 || counts.v20180100 > 0) return;
        if (!is_tagfile_member(e)) continue;
        --budget;
        // A DCX member's first block only: the run inflates it whole.
        const auto stored = entry_stored_bytes(e, container);
        if (stored.ok() && is_dcx(*stored)) {
            if (auto head = dcx_decompress_head(*stored, codecs, tagfile::kSdkVersionPeekSize, head_buffer); head.ok())
                count_version(*head, counts);
            continue;
        }
        auto content = entry_decompressed_bytes(e, container, codecs);
        if (content.ok()) count_version(*content, counts);
    }
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
        if (in.kind != InputKind::kTagfile || is_dcx_name(in)) continue;
        auto map = MappedFile::open(in.path);
        if (map.ok()) count_version(map->bytes().first(std::min(map->size(), tagfile::kSdkVersionPeekSize)), counts);
    }
    if (counts.read() == 0) {
        std::size_t peeked = 0;
        std::vector<std::uint8_t> head_buffer;
        for (const InputFile& in : scan.inputs) {
            if (in.kind != InputKind::kTagfile || !is_dcx_name(in) || peeked == kMaxDcxTagfilesPeeked) continue;
            ++peeked;
            auto map = MappedFile::open(in.path);
            if (!map.ok()) continue;
            // Its first block only (a Kraken stream's first 256 KiB): the run inflates it whole.
            auto head = dcx_decompress_head(map->bytes(), codecs, tagfile::kSdkVersionPeekSize, head_buffer);
            if (head.ok()) count_version(*head, counts);
            if (counts.v20180100 > 0) break;  // the rule's answer cannot change
        }
    }
    // No loose tagfile told: the members of the binders (a split binder given alone, a folder of
    // binders outside an install's layout), within the same budget of decompressions.
    const char* read_what = "loose tagfiles";
    if (counts.read() == 0) {
        read_what = "binders' members";
        std::size_t budget = kMaxDcxTagfilesPeeked;
        for (const InputFile& in : scan.inputs) {
            if (in.kind != InputKind::kSplitBinder && in.kind != InputKind::kBinder) continue;
            count_binder_members(in, codecs, counts, budget);
            if (budget == 0 || counts.v20180100 > 0) break;
        }
    }
    const Game game = game_from_sdk_versions(counts);
    if (game == Game::kUnknown) return;
    const std::uint64_t agreeing = game == Game::kEldenRing ? counts.v20180100 : counts.v20160200;
    scan.game = game;
    scan.detection = fmt::format("SDK version of the {} (no install layout): {} of {} read {} {}: {}", read_what,
                                 agreeing, counts.read(), plural_noun(agreeing, "is", "are"),
                                 game == Game::kEldenRing ? "20180100" : "20160200",
                                 game == Game::kEldenRing ? "Elden Ring" : "Sekiro");
}

}  // namespace meshproof
