#include "results/pass_costs.h"

#include <algorithm>
#include <cmath>

#include "base/json_read.h"
#include "results/result_reader.h"

namespace bytebench {
namespace {

// The parameters a run recorded are the planned test's, every one a string.
bool same_params(const nlohmann::json &recorded, const PlannedTest &test) {
    if (!recorded.is_object() || recorded.size() != test.params.size()) return false;
    for (const auto &[key, value] : test.params) {
        const nlohmann::json &given = member(recorded, key.c_str());
        if (!given.is_string() || given.get<std::string>() != value) return false;
    }
    return true;
}

// The same test: id, workload and parameters (fstime's warm-ups depend on its mode).
bool is_wanted(const TestView &test, const std::vector<PlannedTest> &wanted) {
    const std::string id = test.id();
    for (const PlannedTest &w : wanted)
        if (w.id == id && text_of(test.raw("workload")) == w.workload.id &&
            same_params(test.raw("params"), w))
            return true;
    return false;
}

}  // namespace

std::map<std::string, double> pass_overheads(const nlohmann::json &document,
                                             const std::vector<PlannedTest> &wanted) {
    struct Sum {
        double seconds = 0;
        int passes = 0;
    };
    std::map<std::string, Sum> sums;
    for (const CopyPassView &copy_pass : ResultView(document).copy_passes())
        for (const TestView &test : copy_pass.tests()) {
            if (!is_wanted(test, wanted)) continue;
            const std::optional<double> duration = number_of(test.raw("duration_s"));
            if (!duration) continue;
            for (const nlohmann::json &pass : elements(test.raw("passes"))) {
                const std::optional<double> wall =
                    number_member(member(pass, "environment"), "wall_s");
                if (string_member(pass, "status") != "ok" || !wall) continue;
                Sum &sum = sums[test.id()];
                sum.seconds += *wall - *duration;
                ++sum.passes;
            }
        }
    std::map<std::string, double> overheads;
    for (const auto &[id, sum] : sums)
        if (const double mean = sum.seconds / sum.passes; std::isfinite(mean))
            overheads[id] = std::max(0.0, mean);
    return overheads;
}

}  // namespace bytebench
