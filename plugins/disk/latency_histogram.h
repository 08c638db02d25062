// Latencies of single I/Os, for the disk plugin's p50, p99 and max metrics.
//
// A log-linear histogram of fixed size: values below 2^kSubBits ns are
// counted exactly, larger ones in 2^kSubBits buckets per power of two, so a
// quantile is off by less than 1/2^(kSubBits+1) (0.4 %) of its value and the
// maximum is exact. Each I/O thread owns one, allocated in create(); add()
// is a few integer instructions and never allocates, so the timed loop pays
// for the two clock reads around the I/O and this, nothing else. The
// quantiles are read after the timed loop. Pure: tests check it directly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bytebench::plugins::disk {

class LatencyHistogram {
  public:
    static constexpr unsigned kSubBits = 7;
    static constexpr uint64_t kSub = uint64_t(1) << kSubBits;
    static constexpr size_t kBuckets = (64 - kSubBits + 1) * kSub;

    LatencyHistogram() : buckets_(kBuckets, 0) {}

    void add(uint64_t ns) {
        ++buckets_[bucket_of(ns)];
        ++count_;
        if (ns > max_) max_ = ns;
    }

    void merge(const LatencyHistogram &other) {
        for (size_t i = 0; i < kBuckets; ++i) buckets_[i] += other.buckets_[i];
        count_ += other.count_;
        if (other.max_ > max_) max_ = other.max_;
    }

    uint64_t count() const { return count_; }
    uint64_t max_ns() const { return max_; }

    // The smallest recorded latency that at least a fraction q (0 < q <= 1)
    // of the I/Os did not exceed, to the bucket's precision (the middle of
    // its bucket, never above the maximum); 0 when nothing was recorded.
    double quantile_ns(double q) const {
        if (count_ == 0) return 0;
        const double wanted = q * double(count_);
        uint64_t rank = uint64_t(wanted);
        if (double(rank) < wanted || rank == 0) ++rank;  // ceil, at least the first
        uint64_t seen = 0;
        for (size_t i = 0; i < kBuckets; ++i) {
            seen += buckets_[i];
            if (seen >= rank) {
                const double middle = middle_of(i);
                return middle < double(max_) ? middle : double(max_);
            }
        }
        return double(max_);
    }

    static size_t bucket_of(uint64_t ns) {
        if (ns < kSub) return size_t(ns);
        const unsigned top = 63u - unsigned(__builtin_clzll(ns));  // >= kSubBits
        const unsigned shift = top - kSubBits;
        return size_t((uint64_t(shift) + 1) * kSub + ((ns >> shift) & (kSub - 1)));
    }

    // The middle of bucket i's range of values.
    static double middle_of(size_t i) {
        if (i < kSub) return double(i);
        const unsigned shift = unsigned(i / kSub) - 1;
        const uint64_t low = (kSub + i % kSub) << shift;
        return double(low) + double((uint64_t(1) << shift) - 1) / 2;
    }

  private:
    std::vector<uint64_t> buckets_;
    uint64_t count_ = 0;
    uint64_t max_ = 0;
};

}  // namespace bytebench::plugins::disk
