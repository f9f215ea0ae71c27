#include "engine/containers/decompressor.h"

#include <algorithm>

#include <fmt/format.h>

namespace meshproof {

Error unsupported_codec_error(std::string_view codec, std::uint64_t offset) {
    std::string printable;
    for (char c : codec) printable += (c >= 0x20 && c < 0x7f) ? c : '?';
    return make_error(ErrorCode::kUnsupported, offset,
                      fmt::format("unsupported compression {} (no decoder registered; build meshproof with a "
                                  "{} decompressor added to the registry, or decompress the file with an "
                                  "external tool first; the member is counted as skipped, not failed)",
                                  printable, printable));
}

void DecompressorRegistry::add(std::shared_ptr<const Decompressor> d) {
    if (!d) return;
    const auto it = std::lower_bound(decompressors_.begin(), decompressors_.end(), d->codec(),
                                     [](const auto& have, std::string_view c) { return have->codec() < c; });
    if (it != decompressors_.end() && (*it)->codec() == d->codec()) {
        *it = std::move(d);
    } else {
        decompressors_.insert(it, std::move(d));
    }
}

const Decompressor* DecompressorRegistry::find(std::string_view codec) const {
    for (const auto& d : decompressors_)
        if (d->codec() == codec) return d.get();
    return nullptr;
}

Result<const Decompressor*> DecompressorRegistry::require(std::string_view codec, std::uint64_t offset) const {
    if (const Decompressor* d = find(codec)) return d;
    return unsupported_codec_error(codec, offset);
}

std::vector<std::string> DecompressorRegistry::codecs() const {
    std::vector<std::string> out;
    for (const auto& d : decompressors_) out.emplace_back(d->codec());
    return out;
}

}  // namespace meshproof
