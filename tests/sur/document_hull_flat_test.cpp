// engine/sur/document_hull_flat: the document generator's flat and rebuilt tests
// (sur-document-readings.md §2) on hand-built points on both sides of each threshold: the
// absolute 1e-5 tie of the axis scan, eps at a power-of-two boundary of M, the seed line and
// the seed plane within and beyond eps; the input's duplicate rule and the tie order.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "engine/sur/document_hull_flat.h"

namespace meshproof::sur {
namespace {

using Pts = std::vector<DocPoint>;
const double kEps1 = std::ldexp(1.0, -23);  // eps for M in [1, 2)

TEST(DocumentHullFlat, InputDropsExactDuplicatesKeepingTheFirstInOrder) {
    const std::vector<HullPoint> in = {{1, 2, 3}, {0, 0, 0}, {1, 2, 3}, {-0.0f, 0, 0}, {1, 2, 3.0000002f}};
    const Pts out = document_hull_input(in);
    ASSERT_EQ(out.size(), 3u);  // -0 equals 0, as the generator's numbers compare
    EXPECT_EQ(out[0], (DocPoint{1, 2, 3}));
    EXPECT_EQ(out[1], (DocPoint{0, 0, 0}));
    EXPECT_EQ(out[2][2], double(3.0000002f));  // widened, not rounded
}

TEST(DocumentHullFlat, EpsIsThePowerOfTwoBelowTheLargestAbsoluteCoordinate) {
    EXPECT_EQ(document_hull_eps(Pts{{1, 0, 0}}), kEps1);
    EXPECT_EQ(document_hull_eps(Pts{{0, 0, 2}}), 2 * kEps1);
    EXPECT_EQ(document_hull_eps(Pts{{0, double(std::nextafter(2.0f, 0.0f)), 0}}), kEps1);  // just below a power of two
    EXPECT_EQ(document_hull_eps(Pts{{0, -4, 1}}), 4 * kEps1);                              // absolute value
    // The largest coordinate, not the distance from the origin (3.46 would give 2 · eps1).
    EXPECT_EQ(document_hull_eps(Pts{{1.99, 1.99, -1.99}}), kEps1);
    EXPECT_EQ(document_hull_eps(Pts{{0, 0, 0}}), 1e-5);
    EXPECT_EQ(document_hull_eps(Pts{}), 1e-5);
}

// A unit square in x, y whose fourth corner rises by dz.
Pts square_with_rise(double dz) { return {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, dz}}; }

TEST(DocumentHullFlat, AxisScanTiesAtAnAbsoluteTenMicrons) {
    // A rise of 0.9e-5 never passes the running maximum by more than 1e-5: the axis reads flat,
    // though the rise is far above eps; 1.1e-5 passes it.
    EXPECT_TRUE(document_axis_flat(square_with_rise(0.9e-5), kEps1));
    EXPECT_FALSE(document_axis_flat(square_with_rise(1.1e-5), kEps1));
    EXPECT_EQ(document_hull_class(square_with_rise(0.9e-5)), DocumentHullClass::kFlatAxis);
    EXPECT_EQ(document_hull_class(square_with_rise(1.1e-5)), DocumentHullClass::kRebuilt);
    // The scan moves in steps: 0.6e-5 then 1.2e-5 ends at 1.2e-5.
    Pts steps = {{0, 0, 0}, {1, 0, 0.6e-5}, {0, 1, 1.2e-5}, {1, 1, 0}};
    EXPECT_FALSE(document_axis_flat(steps, kEps1));
}

TEST(DocumentHullFlat, AxisExtentAgainstEpsAtAPowerOfTwoBoundaryOfM) {
    // M = 256: eps = 2^-15, above the 1e-5 tie, so an extent of 2^-15 moves the maximum and is
    // then compared with eps. Just below 256 eps halves and the same extent is not flat.
    const double extent = std::ldexp(1.0, -15);
    const double below = double(std::nextafter(256.0f, 0.0f));
    const Pts at = {{0, 0, 0}, {256, 0, 0}, {0, 1, 0}, {1, 1, extent}};
    const Pts under = {{0, 0, 0}, {below, 0, 0}, {0, 1, 0}, {1, 1, extent}};
    EXPECT_EQ(document_hull_eps(at), extent);
    EXPECT_EQ(document_hull_eps(under), extent / 2);
    EXPECT_TRUE(document_axis_flat(at, document_hull_eps(at)));
    EXPECT_FALSE(document_axis_flat(under, document_hull_eps(under)));
}

// A diagonal line from the origin to (1, 1, 1) and two points near its middle, lifted off it by
// d (along (1, -1, 0) / √2) and 0.9 d (along (1, 1, -2) / √6): no axis test sees them.
Pts near_line(double d) {
    const double s2 = std::sqrt(2.0), s6 = std::sqrt(6.0);
    const double e = 0.9 * d;
    return {{0, 0, 0}, {1, 1, 1}, {0.5 + d / s2, 0.5 - d / s2, 0.5}, {0.25 + e / s6, 0.25 + e / s6, 0.25 - 2 * e / s6}};
}

TEST(DocumentHullFlat, SeedLineWithinAndBeyondEps) {
    const DocumentSeed within = document_seed(near_line(0.5 * kEps1), kEps1);
    EXPECT_EQ(within.stage, DocumentSeed::Stage::kLine);
    const DocumentSeed beyond = document_seed(near_line(4 * kEps1), kEps1);
    EXPECT_EQ(beyond.stage, DocumentSeed::Stage::kFound);  // the 0.9 d point is off the seed plane
    EXPECT_EQ(beyond.a, 0u);
    EXPECT_EQ(beyond.b, 1u);
    EXPECT_EQ(beyond.c, 2u);
    EXPECT_FALSE(document_axis_flat(near_line(0.5 * kEps1), kEps1));
    EXPECT_EQ(document_hull_class(near_line(0.5 * kEps1)), DocumentHullClass::kFlatSeed);
}

// A tilted square (no axis extent is small) and one more point off its plane by h.
Pts near_plane(double h) {
    const double s3 = std::sqrt(3.0);
    const DocPoint n{1 / s3, 1 / s3, 1 / s3};
    return {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0.3 + h * n[0], 0.3 + h * n[1], 0.4 + h * n[2]}};
}

TEST(DocumentHullFlat, SeedPlaneWithinAndBeyondEps) {
    EXPECT_EQ(document_seed(near_plane(0.5 * kEps1), kEps1).stage, DocumentSeed::Stage::kPlane);
    EXPECT_EQ(document_seed(near_plane(2 * kEps1), kEps1).stage, DocumentSeed::Stage::kFound);
    EXPECT_EQ(document_hull_class(near_plane(0.5 * kEps1)), DocumentHullClass::kFlatSeed);
    EXPECT_EQ(document_hull_class(near_plane(2 * kEps1)), DocumentHullClass::kRebuilt);
}

TEST(DocumentHullFlat, SeedPairAndSpotAtEps) {
    // Every pair within eps: the pair step fails.
    const Pts spot = {{1, 1, 1}, {1 + 0.5 * kEps1, 1, 1}, {1, 1 + 0.5 * kEps1, 1}, {1, 1, 1 + 0.5 * kEps1}};
    EXPECT_EQ(document_seed(spot, kEps1).stage, DocumentSeed::Stage::kPair);
    // Ties go to the first pair in index order: the square's two diagonals are equally long.
    const Pts square = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0.5, 0.5, 1}};
    const DocumentSeed s = document_seed(square, kEps1);
    EXPECT_EQ(s.a, 0u);
    EXPECT_EQ(s.b, 2u);
    EXPECT_TRUE(s.found());
}

TEST(DocumentHullFlat, FewerThanFourDistinctPointsAreNotRebuildable) {
    EXPECT_EQ(document_hull_class(Pts{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}), DocumentHullClass::kTooFewPoints);
    EXPECT_EQ(document_hull_class(Pts{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}), DocumentHullClass::kRebuilt);
}

}  // namespace
}  // namespace meshproof::sur
