// What earlier runs measured of each test's passes beyond their duration:
// the workers' start and stop and the workload's untimed create() (fstime's
// warm-ups take 4 to 15 s a pass). The next run's ETA starts from it
// (model/run_estimate.h, EtaPriors::remembered_overhead_s), so that it
// includes them before its own first pass of the test.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "model/planned_test.h"

namespace bytebench {

// Per test of `wanted` that `document` (a bytebench.result) ran with the
// same id, workload and parameters, at any copy count: the mean over its
// passes with status ok of environment.wall_s (the pass as the CLI
// supervised it, create() included, the settle not) less the test's
// duration_s. Tests it lacks, or has no such pass of, are left out; the
// document is read leniently (a damaged one gives nothing).
std::map<std::string, double> pass_overheads(const nlohmann::json &document,
                                             const std::vector<PlannedTest> &wanted);

}  // namespace bytebench
