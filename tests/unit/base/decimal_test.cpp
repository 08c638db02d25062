#include "base/decimal.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace bytebench {
namespace {

const double kNan = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

TEST(Decimal, TextIsTheShortestThatReadsBack) {
    EXPECT_EQ(decimal_text(0.001), "0.001");
    EXPECT_EQ(decimal_text(86400), "86400");
    EXPECT_EQ(decimal_text(0.1), "0.1");
    EXPECT_EQ(decimal_text(1e300), "1e300");
    EXPECT_EQ(decimal_text(1e-300), "1e-300");
    EXPECT_EQ(decimal_text(-2.5e-7), "-2.5e-7");
    EXPECT_EQ(decimal_text(0), "0");
    EXPECT_EQ(decimal_text(kNan), "nan");
    EXPECT_EQ(decimal_text(kInf), "inf");
    EXPECT_EQ(decimal_text(-kInf), "-inf");
}

TEST(Decimal, RangesRefuseNanAndInfinityWhateverTheirBounds) {
    for (const DecimalRange &r : {DecimalRange::from_to(0, 100), DecimalRange::at_least(0),
                                  DecimalRange::positive(), DecimalRange::any_finite()}) {
        EXPECT_FALSE(r.contains(kNan));
        EXPECT_FALSE(r.contains(kInf));
        EXPECT_FALSE(r.contains(-kInf));
    }
    EXPECT_TRUE(DecimalRange::any_finite().contains(-1e308));
    EXPECT_TRUE(DecimalRange::any_finite().contains(std::numeric_limits<double>::max()));
}

TEST(Decimal, RangesIncludeTheirEndsExceptPositivesZero) {
    const DecimalRange r = DecimalRange::from_to(0.001, 86400, "seconds");
    EXPECT_TRUE(r.contains(0.001));
    EXPECT_TRUE(r.contains(86400));
    EXPECT_FALSE(r.contains(0.000999));
    EXPECT_FALSE(r.contains(86400.001));
    EXPECT_TRUE(DecimalRange::at_least(0).contains(0));
    EXPECT_FALSE(DecimalRange::at_least(0).contains(-1e-300));
    EXPECT_FALSE(DecimalRange::positive().contains(0));
    EXPECT_TRUE(DecimalRange::positive().contains(1e-300));
}

TEST(Decimal, DescriptionsSayTheRangeInWords) {
    EXPECT_EQ(DecimalRange::from_to(0.001, 86400, "seconds").describe(),
              "from 0.001 to 86400 seconds");
    EXPECT_EQ(DecimalRange::from_to(0, 100).describe(), "from 0 to 100");
    EXPECT_EQ(DecimalRange::at_least(0).describe(), "at least 0");
    EXPECT_EQ(DecimalRange::positive().describe(), "greater than 0");
    EXPECT_EQ(DecimalRange::any_finite().describe(), "a finite number");
}

TEST(Decimal, ProblemsNameTheValueAndHowItWasWritten) {
    const DecimalRange r = DecimalRange::from_to(0.001, 86400, "seconds");
    EXPECT_EQ(decimal_problem(1, r, "duration"), "");
    EXPECT_EQ(decimal_problem(kNan, r, "--duration", "nan"),
              "--duration: nan is not a finite number");
    EXPECT_EQ(decimal_problem(kInf, r, "duration"), "duration: inf is not a finite number");
    EXPECT_EQ(decimal_problem(1e300, r, "duration"),
              "duration must be from 0.001 to 86400 seconds, not 1e300");
    EXPECT_EQ(decimal_problem(-1, r, "", "-1"), "must be from 0.001 to 86400 seconds, not -1");
    EXPECT_EQ(decimal_problem(-kInf, r, ""), "-inf is not a finite number");
}

TEST(Decimal, ReadsWholeDecimalNumbers) {
    const DecimalRange any = DecimalRange::any_finite();
    EXPECT_EQ(read_decimal("2", any, "x").value, 2);
    EXPECT_EQ(read_decimal("0.5", any, "x").value, 0.5);
    EXPECT_EQ(read_decimal("+0.5", any, "x").value, 0.5);
    EXPECT_EQ(read_decimal("-1e-3", any, "x").value, -0.001);
    EXPECT_EQ(read_decimal(".5", any, "x").value, 0.5);
    EXPECT_TRUE(read_decimal("1E3", any, "x"));
    EXPECT_EQ(read_decimal("1E3", any, "x").value, 1000);
}

TEST(Decimal, RefusesWhatIsNotANumber) {
    const DecimalRange any = DecimalRange::any_finite();
    for (const char *text :
         {"", "abc", "1.5x", " 1", "1 ", "0x10", "+-1", "++1", "1,5", "--1", "1e", "e5", "."}) {
        const Decimal d = read_decimal(text, any, "--alpha");
        EXPECT_FALSE(d) << text;
        EXPECT_EQ(d.error, std::string("--alpha: '") + text + "' is not a number") << text;
    }
    EXPECT_EQ(read_decimal("x", any, "").error, "'x' is not a number");
}

TEST(Decimal, RefusesNanInfinityAndOverflowAsNotFinite) {
    const DecimalRange r = DecimalRange::from_to(0.001, 86400, "seconds");
    for (const char *text : {"nan", "NaN", "-nan", "inf", "-inf", "infinity", "INF", "1e999",
                             "-1e999", "1e309", "+1e400"}) {
        const Decimal d = read_decimal(text, r, "--duration");
        EXPECT_FALSE(d) << text;
        EXPECT_EQ(d.error, std::string("--duration: ") + text + " is not a finite number") << text;
    }
    // So many digits that they overflow without an exponent.
    const std::string digits(400, '9');
    EXPECT_EQ(read_decimal(digits, DecimalRange::any_finite(), "").error,
              digits + " is not a finite number");
}

TEST(Decimal, UnderflowReadsAsZero) {
    const Decimal tiny = read_decimal("1e-999", DecimalRange::any_finite(), "x");
    ASSERT_TRUE(tiny) << tiny.error;
    EXPECT_EQ(tiny.value, 0);
    const std::string small = "0." + std::string(400, '0') + "1";
    EXPECT_EQ(read_decimal(small, DecimalRange::any_finite(), "x").value, 0);
    EXPECT_EQ(read_decimal("123e-400", DecimalRange::any_finite(), "x").value, 0);
    // Out of a range that excludes 0, as written.
    EXPECT_EQ(
        read_decimal("1e-999", DecimalRange::from_to(0.001, 86400, "seconds"), "--duration").error,
        "--duration must be from 0.001 to 86400 seconds, not 1e-999");
}

TEST(Decimal, RefusesFiniteNumbersOutOfRange) {
    const DecimalRange r = DecimalRange::from_to(0, 100, "percent");
    EXPECT_EQ(read_decimal("-1", r, "--fail-if-slower").error,
              "--fail-if-slower must be from 0 to 100 percent, not -1");
    EXPECT_EQ(read_decimal("100.5", r, "").error, "must be from 0 to 100 percent, not 100.5");
    EXPECT_TRUE(read_decimal("100", r, ""));
    EXPECT_TRUE(read_decimal("0", r, ""));
    EXPECT_TRUE(read_decimal("-0", r, ""));
}

}  // namespace
}  // namespace bytebench
