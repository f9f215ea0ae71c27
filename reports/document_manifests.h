// The document manifests (corpus-manifests/*.json) compiled into the binary: the build writes
// them into a generated source (cmake/embed-manifests.cmake), so a meshproof copied anywhere, or
// installed with its checkout deleted, still measures the documents' figures. The JSON files stay
// the source of truth; $MESHPROOF_MANIFESTS (a folder) and `verify --manifest FILE` override.
#pragma once

#include <optional>
#include <span>
#include <string_view>

namespace meshproof {

struct EmbeddedManifest {
    std::string_view name;  // the file's stem: "eldenring", "eldenring-dlc", "freelancer", "sekiro"
    std::string_view json;
};

// Every embedded manifest, in name order.
std::span<const EmbeddedManifest> embedded_manifests();
// The manifests' version: the first 12 hex digits of the SHA-256 of their names and contents.
std::string_view embedded_manifests_version();
// The JSON of the embedded manifest named `name`, if there is one.
std::optional<std::string_view> embedded_manifest(std::string_view name);

}  // namespace meshproof
