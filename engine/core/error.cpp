#include "engine/core/error.h"

namespace meshproof {

std::string_view error_code_name(ErrorCode code) {
    switch (code) {
        case ErrorCode::kTruncated: return "truncated";
        case ErrorCode::kBadMagic: return "bad-magic";
        case ErrorCode::kBadHeader: return "bad-header";
        case ErrorCode::kOutOfBounds: return "out-of-bounds";
        case ErrorCode::kUnsupported: return "unsupported";
        case ErrorCode::kDecompress: return "decompress";
        case ErrorCode::kSizeMismatch: return "size-mismatch";
        case ErrorCode::kBadType: return "bad-type";
        case ErrorCode::kBadObject: return "bad-object";
        case ErrorCode::kMissingField: return "missing-field";
        case ErrorCode::kIo: return "io";
        case ErrorCode::kInternal: return "internal";
        case ErrorCode::kUnknownChunk: return "unknown-chunk";
        case ErrorCode::kLimit: return "limit";
        case ErrorCode::kTimeout: return "timeout";
        case ErrorCode::kUsage: return "usage";
    }
    return "internal";
}

}  // namespace meshproof
