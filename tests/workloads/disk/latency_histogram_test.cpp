// The disk plugin's latency histogram (plugins/disk/latency_histogram.h):
// exact below 128 ns, within 0.4 % above, an exact maximum, and quantiles by
// nearest rank.
#include "latency_histogram.h"

#include <gtest/gtest.h>

#include <cmath>

namespace bytebench::plugins::disk {
namespace {

TEST(LatencyHistogram, SmallValuesAreExact) {
    LatencyHistogram h;
    for (uint64_t ns = 1; ns <= 100; ++ns) h.add(ns);
    EXPECT_EQ(h.count(), 100u);
    EXPECT_EQ(h.quantile_ns(0.50), 50.0);
    EXPECT_EQ(h.quantile_ns(0.99), 99.0);
    EXPECT_EQ(h.quantile_ns(1.0), 100.0);
    EXPECT_EQ(h.max_ns(), 100u);
}

TEST(LatencyHistogram, LargeValuesAreWithinTheBucketPrecision) {
    for (uint64_t ns : {128ull, 129ull, 1000ull, 12345ull, 987654321ull, 1ull << 40, ~0ull}) {
        LatencyHistogram h;
        h.add(ns);
        h.add(ns / 2 + 1);  // below: the maximum caps nothing here
        const double q = h.quantile_ns(1.0);
        EXPECT_LE(q, double(ns)) << ns;  // never above the maximum
        EXPECT_NEAR(q, double(ns), double(ns) / 256) << ns;
        EXPECT_EQ(h.max_ns(), ns);
    }
}

TEST(LatencyHistogram, BucketsCoverEveryValueInOrder) {
    size_t last = 0;
    for (uint64_t ns = 0; ns < 1'000'000; ns += 7) {
        const size_t b = LatencyHistogram::bucket_of(ns);
        ASSERT_LT(b, LatencyHistogram::kBuckets);
        ASSERT_GE(b, last) << ns;
        last = b;
    }
    EXPECT_EQ(LatencyHistogram::bucket_of(~0ull), LatencyHistogram::kBuckets - 1);
}

TEST(LatencyHistogram, MergeAddsCountsAndKeepsTheLargerMaximum) {
    LatencyHistogram a, b;
    for (int i = 0; i < 99; ++i) a.add(10);
    b.add(5000);
    a.merge(b);
    EXPECT_EQ(a.count(), 100u);
    EXPECT_EQ(a.max_ns(), 5000u);
    EXPECT_EQ(a.quantile_ns(0.99), 10.0);  // the 99th of 100 is still 10
    EXPECT_NEAR(a.quantile_ns(1.0), 5000.0, 5000.0 / 256);
}

TEST(LatencyHistogram, EmptyIsZero) {
    const LatencyHistogram h;
    EXPECT_EQ(h.quantile_ns(0.5), 0.0);
    EXPECT_EQ(h.max_ns(), 0u);
}

}  // namespace
}  // namespace bytebench::plugins::disk
