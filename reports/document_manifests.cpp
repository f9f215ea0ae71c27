#include "reports/document_manifests.h"

namespace meshproof {

std::optional<std::string_view> embedded_manifest(std::string_view name) {
    for (const EmbeddedManifest& m : embedded_manifests())
        if (m.name == name) return m.json;
    return std::nullopt;
}

}  // namespace meshproof
