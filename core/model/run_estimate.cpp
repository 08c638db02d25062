#include "model/run_estimate.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace bytebench {
namespace {

constexpr double kUnknown = std::numeric_limits<double>::quiet_NaN();

double mean_of(const std::vector<double> &values) {
    return std::accumulate(values.begin(), values.end(), 0.0) / double(values.size());
}

// What the steps started so far say, per test: the latest step's mean pass
// overhead and the latest finished step's fixed cost.
struct Measured {
    std::map<std::string, double> overhead_s;
    std::map<std::string, double> fixed_s;
    std::optional<double> least_overhead_s;
};

Measured gather(const std::vector<EtaStep> &plan, const std::vector<EtaStepTimes> &measured) {
    Measured m;
    for (size_t i = 0; i < measured.size() && i < plan.size(); ++i) {
        const EtaStep &step = plan[i];
        const EtaStepTimes &times = measured[i];
        if (!times.passes_s.empty())
            m.overhead_s[step.test] = mean_of(times.passes_s) - step.settle_s - step.duration_s;
        if (times.fixed_s) m.fixed_s[step.test] = *times.fixed_s;
    }
    for (const auto &[test, overhead] : m.overhead_s)
        if (!m.least_overhead_s || overhead < *m.least_overhead_s) m.least_overhead_s = overhead;
    return m;
}

// A pass of `step`: its settle, its duration and its overhead, best known
// first (run_estimate.h). A pass cut short (a failure) can make a measured
// overhead negative: never below 0.
double pass_seconds(const EtaStep &step, const Measured &m, const EtaPriors &priors) {
    double overhead = priors.pass_overhead_s;
    if (const auto own = m.overhead_s.find(step.test); own != m.overhead_s.end())
        overhead = own->second;
    else if (const auto past = priors.remembered_overhead_s.find(step.test);
             past != priors.remembered_overhead_s.end())
        overhead = past->second;
    else if (m.least_overhead_s)
        overhead = *m.least_overhead_s;
    return step.settle_s + step.duration_s + std::max(0.0, overhead);
}

// The passes `step` is expected to make: with --quick, as many as fit its
// budget (at least its minimum), never more than planned.
double expected_passes(const EtaStep &step, double pass_s) {
    if (!step.quick || !(pass_s > 0)) return step.passes;
    const double within_budget = std::ceil(step.quick->budget_s / pass_s);
    return std::min(double(step.passes), std::max(double(step.quick->min_passes), within_budget));
}

double phases_seconds(const EtaStep &step, const EtaPriors &priors) {
    return priors.phase_s * (int(step.has_setup) + int(step.has_teardown));
}

// A step not started yet: its passes and what surrounds them.
double whole_step_seconds(const EtaStep &step, const Measured &m, const EtaPriors &priors) {
    if (step.passes <= 0) return 0;
    const double pass_s = pass_seconds(step, m, priors);
    const auto fixed = m.fixed_s.find(step.test);
    const double fixed_s =
        fixed != m.fixed_s.end() ? std::max(0.0, fixed->second) : phases_seconds(step, priors);
    return expected_passes(step, pass_s) * pass_s + fixed_s;
}

// The step running now: its passes still to come and its teardown.
double rest_of_step_seconds(const EtaStep &step, const EtaStepTimes &times, const Measured &m,
                            const EtaPriors &priors) {
    if (times.fixed_s) return 0;  // it ended
    const double pass_s = pass_seconds(step, m, priors);
    const double left =
        std::max(0.0, expected_passes(step, pass_s) - double(times.passes_s.size()));
    return left * pass_s + (step.has_teardown ? priors.phase_s : 0);
}

}  // namespace

double eta_seconds(const std::vector<EtaStep> &plan, const std::vector<EtaStepTimes> &measured,
                   const EtaPriors &priors) {
    if (measured.size() > plan.size()) return kUnknown;
    const Measured m = gather(plan, measured);
    double left = 0;
    if (!measured.empty())
        left += rest_of_step_seconds(plan[measured.size() - 1], measured.back(), m, priors);
    for (size_t i = measured.size(); i < plan.size(); ++i)
        left += whole_step_seconds(plan[i], m, priors);
    return std::isfinite(left) ? left : kUnknown;
}

PlanShares plan_shares(const std::vector<EtaStep> &plan) {
    PlanShares shares;
    for (const EtaStep &step : plan) {
        shares.settle_s += step.passes * step.settle_s;
        shares.timed_s += step.passes * step.duration_s;
    }
    return shares;
}

}  // namespace bytebench
