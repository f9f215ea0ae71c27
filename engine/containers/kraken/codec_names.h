// Oodle codec ids of the block header (spec kraken.md §2.2, §11): only 6 (Kraken) is decoded;
// the others are named in the kUnsupported error.
#pragma once

#include <string_view>

namespace meshproof::kraken {

inline constexpr unsigned kKrakenCodecId = 6;

inline std::string_view oodle_codec_name(unsigned id) {
    switch (id) {
        case 5: return "LZNA";
        case 6: return "Kraken";
        case 10: return "Mermaid/Selkie";
        case 11: return "BitKnit";
        case 12: return "Leviathan";
        default: return "unknown Oodle codec";
    }
}

}  // namespace meshproof::kraken
