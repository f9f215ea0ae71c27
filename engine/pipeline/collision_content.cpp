#include "engine/pipeline/collision_content.h"

#include <algorithm>
#include <string_view>

#include "engine/io/install_scan.h"

namespace meshproof {

bool selects_by_content(std::string_view set) { return set == kCharacterSet; }

bool opens_as_tag0(Bytes bytes) {
    constexpr std::string_view kTag = "TAG0";
    constexpr std::size_t kTagAt = 4;  // after the section's u32 size and flags
    return bytes.size() >= kTagAt + kTag.size() && std::equal(kTag.begin(), kTag.end(), bytes.begin() + kTagAt);
}

bool declares_compressed_mesh(const tagfile::Tagfile& tf) {
    return tf.types().find_type("hknpCompressedMeshShape").has_value();
}

bool holds_compressed_mesh(const mesh::DecodedMember& member) { return !member.meshes.empty(); }

}  // namespace meshproof
