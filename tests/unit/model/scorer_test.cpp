#include "model/scorer.h"

#include <gtest/gtest.h>

#include <cmath>

namespace bytebench {
namespace {

TEST(Scorer, PassValueDividesByTimeBase) {
    EXPECT_DOUBLE_EQ(pass_value({1000, 10}, 1), 100);
    EXPECT_DOUBLE_EQ(pass_value({100, 60}, 60), 100);         // lpm: 100 loops in 60 s
    EXPECT_DOUBLE_EQ(pass_value({7066.4, 10.2}, 0), 7066.4);  // already a rate
}

TEST(Scorer, TenPassesDropTheWorstThreeByCount) {
    // Counts 1..10 over 1 s each: the three lowest (1, 2, 3) are dropped.
    std::vector<PassSample> passes;
    for (int i = 10; i >= 1; --i) passes.push_back({double(i), 1.0});
    const auto s = score_test(passes, 1);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->samples, 7);
    double log_sum = 0;
    for (int i = 4; i <= 10; ++i) log_sum += std::log(double(i));
    EXPECT_NEAR(s->value, std::exp(log_sum / 7), 1e-9);
    EXPECT_FALSE(s->kept[7]);  // count 3
    EXPECT_FALSE(s->kept[9]);  // count 1
    EXPECT_TRUE(s->kept[0]);   // count 10
    EXPECT_DOUBLE_EQ(s->stats.min, 4);
    EXPECT_DOUBLE_EQ(s->stats.max, 10);
    EXPECT_DOUBLE_EQ(s->stats.median, 7);
}

TEST(Scorer, RanksByRawCountNotByRate) {
    // Pass 0 has the lower count but the higher rate; UnixBench drops it.
    const auto s = score_test({{90, 0.5}, {100, 2.0}, {110, 2.0}}, 1);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->samples, 2);
    EXPECT_FALSE(s->kept[0]);
    EXPECT_NEAR(s->value, std::sqrt(50.0 * 55.0), 1e-9);
    EXPECT_DOUBLE_EQ(s->time_s, 2.0);
}

TEST(Scorer, ThreeShortPassesKeepTwoAndOneKeepsOne) {
    EXPECT_EQ(score_test({{3, 1}, {1, 1}, {2, 1}}, 1)->samples, 2);
    EXPECT_EQ(score_test({{3, 1}}, 1)->samples, 1);
    EXPECT_FALSE(score_test({}, 1));
}

TEST(Scorer, IndexMatchesTheReferenceWorkedExample) {
    // unixbench.md 2.3: Dhrystone at 49,623,972.7 lps gives 4252.3.
    EXPECT_NEAR(index_of(49623972.7, 116700), 4252.3, 0.05);
}

TEST(Scorer, CategoryScoreReproducesTheReferenceReport) {
    // The 2-core VM report in shared/reference: 12 results -> 699.4.
    const std::vector<IndexEntry> entries = {
        {116700, 32693548.2}, {55, 7066.4},      {43, 1246.1},       {3960, 564406.0},
        {1655, 122840.0},     {5800, 1611918.0}, {12440, 1089099.9}, {4000, 9383.6},
        {126, 2452.9},        {42.4, 4484.6},    {6, 1144.5},        {15000, 830110.7}};
    const CategoryScore c = score_category(entries, 12);
    EXPECT_NEAR(c.score, 699.4, 0.05);
    EXPECT_EQ(c.tests_indexed, 12);
    EXPECT_FALSE(c.partial);
}

TEST(Scorer, MissingTestsMakeAPartialIndex) {
    const CategoryScore c = score_category({{15000, 830110.7}, {12440, std::nullopt}}, 12);
    EXPECT_EQ(c.tests_indexed, 1);
    EXPECT_TRUE(c.partial);
    EXPECT_NEAR(c.score, 553.4, 0.05);
}

TEST(Scorer, StatsOfOneValueHaveNoSpread) {
    const Stats s = describe({5});
    EXPECT_DOUBLE_EQ(s.stddev, 0);
    EXPECT_DOUBLE_EQ(s.median, 5);
    const Stats t = describe({1, 2, 3, 4});
    EXPECT_DOUBLE_EQ(t.median, 2.5);
    EXPECT_NEAR(t.stddev, 1.2909944, 1e-6);
}

TEST(Scorer, ALowerIsBetterValueHasTheInverseIndexAndDropsItsHighestThird) {
    EXPECT_DOUBLE_EQ(index_of(200, 1000, Direction::lower_is_better), 50);
    EXPECT_DOUBLE_EQ(index_of(200, 1000, Direction::higher_is_better), 2);
    EXPECT_EQ(index_of(49623972.7, 116700),
              index_of(49623972.7, 116700, Direction::higher_is_better));
    const auto s = score_test({{3, 1}, {1, 1}, {2, 1}}, 1, Direction::lower_is_better);
    ASSERT_TRUE(s);
    EXPECT_EQ(s->kept, (std::vector<bool>{false, true, true}));  // 3 is the worst
}

}  // namespace
}  // namespace bytebench
