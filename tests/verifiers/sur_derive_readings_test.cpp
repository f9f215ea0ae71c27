// The comparisons behind sur_derive's inertia and deviation figures, each threshold from both
// sides (verifiers/sur_derive_readings.h).
#include <gtest/gtest.h>

#include <cmath>

#include "verifiers/sur_derive_readings.h"

namespace meshproof::verifiers {
namespace {

TEST(SurDeriveReadings, MaxLancerIsOneFifthOfTheRadiusSquared) {
    EXPECT_DOUBLE_EQ(maxlancer_inertia(10.0f), 20.0);
    // Within 0.1 % of the stored value and not: the stored 20 / 1.0009 and 20 / 1.0011.
    EXPECT_LE(relative_miss(maxlancer_inertia(10.0f), 20.0f / 1.0009f), 1e-3);
    EXPECT_GT(relative_miss(maxlancer_inertia(10.0f), 20.0f / 1.0011f), 1e-3);
    // Within 25 % and not.
    EXPECT_LE(relative_miss(maxlancer_inertia(10.0f), 20.0f / 1.24f), 0.25);
    EXPECT_GT(relative_miss(maxlancer_inertia(10.0f), 20.0f / 1.26f), 0.25);
    EXPECT_TRUE(std::isinf(relative_miss(1.0, 0.0f)));
}

TEST(SurDeriveReadings, DerivedCloserIsStrict) {
    // MAXLancer gives 20 for the radius 10; stored 15.
    EXPECT_TRUE(derived_closer(14.0f, 15.0f, 10.0f));   // 1 against 5
    EXPECT_TRUE(derived_closer(19.0f, 15.0f, 10.0f));   // 4 against 5
    EXPECT_FALSE(derived_closer(10.0f, 15.0f, 10.0f));  // a tie is no win
    EXPECT_FALSE(derived_closer(21.0f, 15.0f, 10.0f));
}

TEST(SurDeriveReadings, DeviationMissOnAStepIsWithinOneFloatSpacing) {
    // The float32 spacing at 251 is 2⁻¹⁶ (about 1.53e-5); the retail misses sit 1.19e-5 below.
    EXPECT_TRUE(deviation_on_step(251.0 - 1.19e-5, 250, 251));
    EXPECT_TRUE(deviation_on_step(251.0 - 0x1p-16, 250, 251));
    EXPECT_FALSE(deviation_on_step(251.0 - 0x1p-16 * 1.01, 250, 251));
    EXPECT_TRUE(deviation_on_step(251.0 + 1e-6, 251, 250));  // above the step, stored below it
    // Two bytes off is no step; nor is one off far from the integer between them.
    EXPECT_FALSE(deviation_on_step(251.0 - 1e-6, 250, 252));
    EXPECT_FALSE(deviation_on_step(250.5, 250, 251));
    // The step is the integer between the bytes: 250 for 249 / 250, whatever the quotient's.
    EXPECT_FALSE(deviation_on_step(251.0 - 1e-6, 250, 249));
}

TEST(SurDeriveReadings, CrateFilesAreNamedCrate) {
    EXPECT_TRUE(crate_file("equipment/models/commodities/crates/crate_blue.sur"));
    EXPECT_TRUE(crate_file("equipment__models__commodities__crates__CRATE_green.sur"));
    EXPECT_TRUE(crate_file("C:\\fl\\crates\\crate_grey.sur"));
    EXPECT_FALSE(crate_file("equipment/models/commodities/crates/pod_drab.sur"));
    EXPECT_FALSE(crate_file("crates/cargo_crate.sur"));
    EXPECT_FALSE(crate_file("crates/crat.sur"));
}

}  // namespace
}  // namespace meshproof::verifiers
