#include "engine/tagfile/sdk_version_peek.h"

#include <cstring>

#include "engine/tagfile/sections.h"

namespace meshproof::tagfile {

Result<std::string_view> peek_sdk_version(Bytes head) {
    if (head.size() < kSectionHeaderSize) return make_error(ErrorCode::kTruncated, 0, "truncated TAG0 header");
    // Only the root's tag: its size runs past the head, which read_section would reject.
    if (std::memcmp(head.data() + 4, "TAG0", 4) != 0) return make_error(ErrorCode::kBadMagic, 4, "not a TAG0 tagfile");
    MP_TRY_ASSIGN(Section sdkv, read_section(head, kSectionHeaderSize, head.size()));
    if (sdkv.tag() != "SDKV") return make_error(ErrorCode::kBadHeader, sdkv.offset, "TAG0 does not start with SDKV");
    if (sdkv.body.size() != 8) return make_error(ErrorCode::kBadHeader, sdkv.offset, "SDKV body is not 8 digits");
    for (std::uint8_t c : sdkv.body)
        if (c < '0' || c > '9')
            return make_error(ErrorCode::kBadHeader, sdkv.body_offset(), "SDKV body is not 8 digits");
    return std::string_view(reinterpret_cast<const char*>(sdkv.body.data()), sdkv.body.size());
}

}  // namespace meshproof::tagfile
