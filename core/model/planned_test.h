// One test as it will run: resolved to a workload of a loaded plugin, with
// validated parameters, pass count, duration and baseline (plan/run_plan.h
// makes them from a suite and what the user typed).
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/plugin_info.h"

namespace bytebench {

struct PlannedTest {
    std::string id;    // test name
    std::string name;  // display name
    std::string category;
    WorkloadInfo workload;  // id empty when no plugin provides it
    std::string plugin_path, plugin_id, plugin_build;
    std::string plugin_isa_level;  // "" unless a portable build's (model/isa_level.h)
    std::string unavailable;       // why it cannot run; "" when it can
    double duration_s = 10;
    int passes = 10;
    std::optional<double> baseline;
    std::vector<std::pair<std::string, std::string>> params;  // declaration order
};

}  // namespace bytebench
