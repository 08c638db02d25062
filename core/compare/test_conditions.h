// How a test ran, as far as it decides what its value means: the method
// (UnixBench's full passes or --quick's adaptive ones), the pass length, the
// passes planned, the parameters, and what the run warned about it. Two
// values of one test are comparable only when these agree: a 2-s pass is
// not a 10-s pass, one pass keeps no lowest third to drop, io=direct is not
// io=buffered. Read by the comparison's row notes (comparison.h), the
// run-to-run spread's choice of runs (run_to_run.h) and the pooling of a
// pivot's columns (pivot.h).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "results/result_reader.h"

namespace bytebench {

struct TestConditions {
    std::string method;                 // "full", "quick"; "" unknown (imported)
    std::string pass_length;            // "10 s"; "" unknown (the result does not say)
    std::string passes;                 // passes planned, "10"; "" unknown, or adaptive (quick)
    std::string params;                 // "io=direct mode=rr", "none"; "" unknown
    std::vector<std::string> warnings;  // the test's own (runs[].tests[].warnings)
};

// The conditions of `test` in the result `document`.
TestConditions test_conditions(const nlohmann::json &document, const TestView &test);

// One line per aspect and its value, in a fixed order: ("method", "full"),
// ("pass length", "10 s"), ("number of passes", "10"), ("parameters",
// "io=direct"). The warnings are not among them.
std::vector<std::pair<std::string, std::string>> condition_aspects(const TestConditions &c);

// How a run was asked for, as far as it decides what its numbers mean: the
// method (--quick), the pass length (--duration), the passes (-i), the
// parameters (--param) and the tests named (`options`). Equal for two runs
// of the same command line; two partial runs of the index and a full one
// differ.
std::string run_method_key(const nlohmann::json &document);

// The tests of a copy-pass with their conditions (not their warnings), in
// test id order: equal when two copy-passes' index scores are over the same
// tests run the same way.
std::string copy_pass_conditions_key(const nlohmann::json &document, const CopyPassView &pass);

// Whether two values of a test ran the same way (all of condition_aspects()).
bool same_conditions(const TestConditions &a, const TestConditions &b);

}  // namespace bytebench
