#include "model/scorer.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "model/statistics.h"

namespace bytebench {

double pass_value(const PassSample &pass, uint32_t time_base_s) {
    if (time_base_s > 0 && pass.seconds > 0) return pass.count / (pass.seconds / time_base_s);
    return pass.count;
}

Stats describe(const std::vector<double> &values) {
    Stats s;
    if (values.empty()) return s;
    std::vector<double> sorted = values;
    std::sort(sorted.begin(), sorted.end());
    const size_t n = sorted.size();
    s.min = sorted.front();
    s.max = sorted.back();
    s.median = n % 2 == 1 ? sorted[n / 2] : midpoint_of(sorted[n / 2 - 1], sorted[n / 2]);
    // Over the sorted values, as before: the same bits.
    s.mean = mean_of(sorted);
    s.stddev = sample_stddev(sorted, s.mean);
    return s;
}

std::optional<TestScore> score_test(const std::vector<PassSample> &passes, uint32_t time_base_s,
                                    Direction better) {
    if (passes.empty()) return std::nullopt;
    // Rank by raw count (UnixBench sorts COUNT0, not the rate), worst first,
    // and drop the worst third. A stable sort keeps ties in pass order.
    std::vector<size_t> order(passes.size());
    std::iota(order.begin(), order.end(), 0);
    const bool lower_is_better = better == Direction::lower_is_better;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return lower_is_better ? passes[a].count > passes[b].count
                               : passes[a].count < passes[b].count;
    });
    const size_t dropped = passes.size() / 3;

    TestScore score;
    score.kept.assign(passes.size(), true);
    for (size_t i = 0; i < dropped; ++i) score.kept[order[i]] = false;

    double log_sum = 0, time_sum = 0;
    std::vector<double> kept_values;
    for (size_t i = 0; i < passes.size(); ++i) {
        const double v = pass_value(passes[i], time_base_s);
        score.pass_values.push_back(v);
        if (!score.kept[i]) continue;
        // As in UnixBench, a non-positive value adds nothing to the log sum
        // but still counts as a sample.
        if (v > 0) log_sum += std::log(v);
        time_sum += passes[i].seconds;
        kept_values.push_back(v);
    }
    score.samples = int(kept_values.size());
    score.value = std::exp(log_sum / score.samples);
    score.time_s = time_sum / score.samples;
    score.stats = describe(kept_values);
    return score;
}

CategoryScore score_category(const std::vector<IndexEntry> &entries, int tests_total) {
    CategoryScore c;
    c.tests_total = tests_total;
    double log_sum = 0;
    for (const IndexEntry &e : entries) {
        if (!e.value) continue;
        const double ratio = *e.value / e.baseline;
        // UnixBench 6.0 leaves ratios <= 1e-6 out of the sum but counts them.
        if (ratio > 1e-6) log_sum += std::log(ratio);
        ++c.tests_indexed;
    }
    if (c.tests_indexed > 0) c.score = 10.0 * std::exp(log_sum / c.tests_indexed);
    c.partial = c.tests_indexed < tests_total;
    return c;
}

}  // namespace bytebench
