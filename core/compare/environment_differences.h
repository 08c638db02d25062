// What differs between the machines or runs a comparison lines up, beside
// its verdicts (docs/comparison-schema.md, `environment_differences`): the
// kernel, microcode, CPU vulnerability mitigations, governor and boost,
// SMT, virtualization, effective CPUs, how the workloads were built, the
// suite, the labels and a few more. A member a result cannot give (an older
// or imported result, a machine without the file) is "unknown", and counts
// as a value: "unknown" beside "6.1.0" is a difference, for the reader to
// weigh. Nothing here prints.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace bytebench {

// One member that differs: what it is, each input's value (by position, as
// `labels`), and for the mitigations which vulnerabilities' texts differ.
struct EnvironmentDifference {
    std::string what;
    std::vector<std::string> values;
    std::vector<std::string> differing;  // mitigations only
};

// The members that differ between `documents` (bytebench.result/1), in a
// fixed order (the machine, then the build, then the run): every member
// whose values are not all the same. Failure records (status "failed")
// have no system and are skipped: their value is "". None when there are
// fewer than two documents to compare.
std::vector<EnvironmentDifference> find_environment_differences(
    const std::vector<const nlohmann::json *> &documents);

// As the comparison's `environment_differences`: [{"what": "kernel",
// "values": {"A": "6.1.0", "B": "6.18.4"}}, ...], values by label (a
// skipped input left out), "differing" for the mitigations.
nlohmann::json environment_differences_json(const std::vector<EnvironmentDifference> &found,
                                            const std::vector<std::string> &labels);

}  // namespace bytebench
