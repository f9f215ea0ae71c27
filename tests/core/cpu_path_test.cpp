#include "engine/core/cpu_path.h"

#include <gtest/gtest.h>

namespace meshproof {
namespace {

TEST(CpuPath, NamesReadBack) {
    for (const CpuPath path : {CpuPath::kBaseline, CpuPath::kAvx2})
        EXPECT_EQ(cpu_path_named(cpu_path_name(path)), path);
    EXPECT_FALSE(cpu_path_named("").has_value());
    EXPECT_FALSE(cpu_path_named("AVX2").has_value());
    EXPECT_FALSE(cpu_path_named("sse").has_value());
}

TEST(CpuPath, TheWidestPathUnlessAnOverrideNarrowsIt) {
    EXPECT_EQ(choose_cpu_path(true, ""), CpuPath::kAvx2);
    EXPECT_EQ(choose_cpu_path(false, ""), CpuPath::kBaseline);
    EXPECT_EQ(choose_cpu_path(true, "baseline"), CpuPath::kBaseline);
    EXPECT_EQ(choose_cpu_path(true, "avx2"), CpuPath::kAvx2);
    // An override cannot ask for instructions the processor lacks, and one naming no path is ignored.
    EXPECT_EQ(choose_cpu_path(false, "avx2"), CpuPath::kBaseline);
    EXPECT_EQ(choose_cpu_path(true, "fast"), CpuPath::kAvx2);
    EXPECT_EQ(choose_cpu_path(false, "fast"), CpuPath::kBaseline);
}

TEST(CpuPath, TheActivePathRunsHereAndStays) {
    EXPECT_TRUE(cpu_supports(CpuPath::kBaseline));
    const CpuPath path = active_cpu_path();
    EXPECT_TRUE(cpu_supports(path));
    EXPECT_EQ(active_cpu_path(), path);
#if !MESHPROOF_AVX2_KERNELS
    EXPECT_EQ(path, CpuPath::kBaseline);
#endif
}

}  // namespace
}  // namespace meshproof
