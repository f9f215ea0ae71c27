#include "engine/core/cpu_path.h"

#include <cstdlib>

namespace meshproof {

std::string_view cpu_path_name(CpuPath path) {
    switch (path) {
        case CpuPath::kBaseline: return "baseline";
        case CpuPath::kAvx2: return "avx2";
    }
    return "?";
}

bool cpu_supports(CpuPath path) {
    if (path == CpuPath::kBaseline) return true;
#if MESHPROOF_AVX2_KERNELS
    __builtin_cpu_init();  // a static initialiser may ask before libgcc's own constructor has run
    return __builtin_cpu_supports("avx2");
#else
    return false;
#endif
}

std::optional<CpuPath> cpu_path_named(std::string_view name) {
    if (name == "baseline") return CpuPath::kBaseline;
    if (name == "avx2") return CpuPath::kAvx2;
    return std::nullopt;
}

CpuPath choose_cpu_path(bool avx2_supported, std::string_view override_name) {
    const CpuPath widest = avx2_supported ? CpuPath::kAvx2 : CpuPath::kBaseline;
    const std::optional<CpuPath> named = cpu_path_named(override_name);
    if (!named) return widest;
    // An override can only narrow: a path the processor lacks would fault at the first instruction.
    return *named == CpuPath::kAvx2 && !avx2_supported ? CpuPath::kBaseline : *named;
}

CpuPath active_cpu_path() {
    static const CpuPath path = [] {
        const char* name = std::getenv("MESHPROOF_CPU");
        return choose_cpu_path(cpu_supports(CpuPath::kAvx2), name != nullptr ? name : "");
    }();
    return path;
}

}  // namespace meshproof
