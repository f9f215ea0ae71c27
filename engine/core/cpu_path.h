// Which build of the hot kernels runs on this processor. The binary targets the x86-64 baseline
// (no -m flag), so it runs on any x86-64; a kernel that pays for wider vectors has a second build,
// a function with __attribute__((target("avx2"))) in a translation unit of its own, chosen once
// through a function pointer from the path below. (Not GCC's target_clones or ifunc: mingw-w64
// has neither.) Every path gives bit-identical results: the same IEEE operations in the same
// order, lane by lane, and no FMA (target "avx2" only, never "fma"); tests run both on the same
// inputs. A report never says which path ran; `verify --timings` does.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

// Whether this compiler can build the AVX2 kernels (x86-64, GCC or Clang); elsewhere only the
// baseline is built and every path is the baseline.
#if (defined(__x86_64__) || defined(_M_X64)) && (defined(__GNUC__) || defined(__clang__))
#define MESHPROOF_AVX2_KERNELS 1
#define MESHPROOF_TARGET_AVX2 __attribute__((target("avx2")))
#else
#define MESHPROOF_AVX2_KERNELS 0
#endif

namespace meshproof {

enum class CpuPath : std::uint8_t { kBaseline, kAvx2 };

std::string_view cpu_path_name(CpuPath path);  // "baseline", "avx2"

// Whether this build and this processor can run the path (the baseline always).
bool cpu_supports(CpuPath path);

// The path an override names, as MESHPROOF_CPU reads it ("baseline" or "avx2"); nothing when the
// text names no path.
std::optional<CpuPath> cpu_path_named(std::string_view name);

// The path for a processor with or without AVX2 and an override (empty: none): the overridden one
// when it names a path the processor can run, the baseline when it names one it cannot, else the
// widest the processor runs.
CpuPath choose_cpu_path(bool avx2_supported, std::string_view override_name);

// The path the kernels take in this process: choose_cpu_path with this processor and the
// environment variable MESHPROOF_CPU, decided on the first call and fixed thereafter.
CpuPath active_cpu_path();

}  // namespace meshproof
