#include "cli/version.h"

#include "reports/document_manifests.h"

#include <absl/base/config.h>
#include <fmt/format.h>
#include <libdeflate.h>
#include <oneapi/tbb/version.h>
#include <simdjson.h>
#include <zstd.h>
#ifdef MESHPROOF_WITH_MIMALLOC
#include <mimalloc.h>
#endif

namespace meshproof::cli {

std::string version_text() {
    std::string out = fmt::format("meshproof {}\n", MESHPROOF_VERSION);
    std::string names;
    for (const EmbeddedManifest& m : embedded_manifests()) names += (names.empty() ? "" : ", ") + std::string(m.name);
    out += fmt::format("  document manifests {} ({}; built in)\n", embedded_manifests_version(), names);
    out += fmt::format("  oneTBB     {} (runtime {})\n", TBB_VERSION_STRING, TBB_runtime_version());
    out += fmt::format("  simdjson   {}\n", SIMDJSON_STRINGIFY(SIMDJSON_VERSION));
    out += fmt::format("  Abseil     {}\n", ABSL_LTS_RELEASE_VERSION);
#ifdef MESHPROOF_WITH_MIMALLOC
    int mi = mi_version();  // also keeps the mimalloc link when linking --as-needed
    out += fmt::format("  mimalloc   {}.{}.{} (allocator)\n", mi / 100, (mi / 10) % 10, mi % 10);
#else
    out += "  mimalloc   not linked (sanitizer build)\n";
#endif
    out += fmt::format("  libdeflate {}\n", LIBDEFLATE_VERSION_STRING);
    out += fmt::format("  zstd       {}\n", ZSTD_versionString());
    return out;
}

}  // namespace meshproof::cli
