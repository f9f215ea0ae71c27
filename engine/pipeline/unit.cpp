#include "engine/pipeline/unit.h"

#include <xxhash.h>

namespace meshproof {

std::uint64_t Unit::content_key() const {
    if (!content_key_known_) {
        content_key_ = XXH3_64bits(bytes.data(), bytes.size());
        content_key_known_ = true;
    }
    return content_key_;
}

}  // namespace meshproof
