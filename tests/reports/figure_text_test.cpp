// The reports print a figure to the document's own digits, and more only where the two differ.
#include <gtest/gtest.h>

#include "reports/figure_text.h"

namespace meshproof {
namespace {

ManifestFigure figure(double expected, double tolerance, bool percent = false) {
    ManifestFigure f;
    f.id = "t.figure";
    f.expected = expected;
    f.tolerance = tolerance;
    f.percent = percent;
    return f;
}

TEST(FigureText, DecimalsAreTheDocumentsOwn) {
    EXPECT_EQ(document_decimals(figure(122.5, 0.005)), 2);   // "122.50"
    EXPECT_EQ(document_decimals(figure(0.137, 0.0005)), 3);  // "0.137"
    EXPECT_EQ(document_decimals(figure(46, 0.5)), 0);        // "46%"
    EXPECT_EQ(document_decimals(figure(80, 10)), 0);         // "four cases of five"
    EXPECT_EQ(document_decimals(figure(781, 0)), 0);         // an exact count
    EXPECT_EQ(document_decimals(figure(72.27, 0)), 2);       // an exact value, its own digits
}

TEST(FigureText, MeasuredValuesAreRoundedToThoseDecimals) {
    EXPECT_EQ(figure_number(figure(122.5, 0.005), 72.27123), "72.27");
    EXPECT_EQ(figure_value(figure(25, 0.5, true), 23.4612), "23 %");
    EXPECT_EQ(figure_value(figure(94, 0.5, true), 93.93128067826864), "93.9 %");  // a digit more than "94"
    EXPECT_EQ(figure_number(figure(781, 0), 781), "781");
    EXPECT_EQ(document_value(figure(122.5, 0.005)), "122.50 ± 0.005");
}

TEST(FigureText, ADifferenceTheRoundingWouldHideGetsMoreDigits) {
    EXPECT_EQ(figure_number(figure(69, 0), 69.4), "69.4");
    EXPECT_EQ(figure_number(figure(0.137, 0.0005), 0.13712), "0.1371");
    EXPECT_EQ(figure_number(figure(0, 0), 0.004), "0.004");
    EXPECT_EQ(figure_number(figure(69, 0), 57.28125), "57");
}

TEST(FigureText, APowerOfTenKeepsItsSignificantDigits) {
    EXPECT_EQ(document_value(figure(1e-7, 5e-8)), "1e-07 ± 5e-08");
    EXPECT_EQ(figure_number(figure(6e-9, 5e-10), 6e-9), "6e-09");
    EXPECT_EQ(figure_number(figure(6e-9, 5e-10), 6.2e-9), "6.2e-09");
    EXPECT_EQ(figure_number(figure(1e-7, 5e-8), 0), "0");
}

TEST(FigureText, AMedianSaysHowManyValuesItIsOfNotEachOne) {
    FigureResult r;
    r.figure = figure(46, 0.5, true);
    r.figure.kind = FigureKind::kMedian;
    r.status = FigureStatus::kMismatch;
    r.measured = 53.2;
    r.values = {{{-96.9}, 2}, {{53.2}, 3}, {{4329292.3}, 1}};
    EXPECT_EQ(measured_value(r), "53 % (median of 6 values)");
}

}  // namespace
}  // namespace meshproof
