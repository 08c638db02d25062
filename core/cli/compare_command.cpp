// `bytebench compare A B [C ...]`: side by side, with significance, and an
// optional gate for CI (--fail-if-worse PCT|NAME=PCT|NAME=off, alias
// --fail-if-slower; compare/gate.h): exit 1 when it failed, 4 when it could
// not decide.
#include <cmath>
#include <cstdio>
#include <stdexcept>

#include "base/json_read.h"
#include "base/last_resort.h"
#include "cli/terminal_output.h"
#include "commands.h"
#include "compare/comparison.h"
#include "compare/gate.h"
#include "compare/pivot.h"
#include "compare/run_to_run.h"

namespace bytebench::cli {
namespace {

// --baseline X: a label ("B"), an input exactly as given, or its 1-based
// position. None: the first input that is not a failure record
// (default_baseline()).
size_t baseline_index(const std::string &wanted, const std::vector<LoadedResult> &inputs) {
    if (wanted.empty()) {
        for (size_t i = 0; i < inputs.size(); ++i)
            if (string_member(inputs[i].document, "status") != "failed") return i;
        return 0;
    }
    for (size_t i = 0; i < inputs.size(); ++i)
        if (wanted == input_label(i) || wanted == inputs[i].source) return i;
    for (size_t i = 0; i < inputs.size(); ++i)
        if (wanted == std::to_string(i + 1)) return i;
    throw std::runtime_error("--baseline " + wanted + ": not one of the compared inputs (give " +
                             "its label A, B, ... or the input as written)");
}

// "dhry2reg", or "tcp_rr p99_us" for a metric of a test.
std::string failed_number(const nlohmann::json &failure) {
    const std::string id = failure["id"].get<std::string>();
    return failure.contains("metric") ? id + " " + failure["metric"].get<std::string>() : id;
}

// "bytebench: worse: 1 copy, dhry2reg: B is 8.0% lower (p=0.0006)": the
// number's change as it went, which is worse by the number's direction.
void print_gate_failures(const nlohmann::json &gate) {
    for (const nlohmann::json &f : gate["failures"]) {
        const double delta = f["delta_pct"].get<double>();
        print_err(text_format("bytebench: worse: %s, %s: %s is %.1f%% %s (p=%.3g)\n",
                              f["section"].get<std::string>().c_str(), failed_number(f).c_str(),
                              f["input"].get<std::string>().c_str(), std::fabs(delta),
                              delta < 0 ? "lower" : "higher", f.value("p", 0.0)));
    }
}

// The comparison of the inputs as they are (A, B, ...), or of their columns
// with --by. Throws std::exception with a one-line message for bad input.
nlohmann::json comparison_of(std::vector<LoadedResult> loaded, const CompareOptions &o,
                             std::vector<ComparisonInput> &inputs) {
    ComparisonOptions options;
    options.alpha = o.alpha;
    const GateSpec gate = parse_gate(o.fail_if_worse);
    options.fail_if_worse_pct = gate.pct;
    options.fail_if_worse_numbers = gate.numbers;
    if (o.by.empty()) {
        if (loaded.size() < 2)
            throw std::runtime_error("compare needs two or more results (found " +
                                     std::to_string(loaded.size()) +
                                     "), or --by to lay out the columns of one or more");
        options.baseline = baseline_index(o.baseline, loaded);
    }
    for (LoadedResult &r : loaded)
        inputs.push_back({r.source, r.history_id, std::move(r.document)});
    if (o.by.empty()) return compare_results(inputs, options);
    const PivotSpec spec = parse_pivot(o.by, o.baseline);
    return compare_pivoted(std::move(inputs), spec, options);
}

// Each input's run-to-run spread from the history, for the inputs that are
// in it or match runs there (null for the others): a pair of files compared
// beside an unrelated history gets no lines about it.
std::vector<nlohmann::json> run_to_run_of(const GlobalOptions &global,
                                          const std::vector<ComparisonInput> &inputs) {
    std::vector<nlohmann::json> spreads;
    const std::unique_ptr<History> history = history_for_run_to_run(global);
    if (!history) return spreads;
    for (const ComparisonInput &input : inputs) {
        nlohmann::json spread = run_to_run_for(history.get(), input.document, input.history_id);
        const bool matched = spread.is_object() && spread.value("runs", 0) >= 2;
        spreads.push_back(matched || (spread.is_object() && input.history_id) ? std::move(spread)
                                                                              : nlohmann::json());
    }
    return spreads;
}

}  // namespace

int compare_command(const GlobalOptions &global, const CompareOptions &o) {
    std::optional<Environment> env = load_environment(global);
    if (!env) return kExitBadInput;
    std::vector<ComparisonInput> inputs;
    nlohmann::json comparison;
    try {
        if (!o.by.empty()) parse_pivot(o.by, o.baseline);  // before reading any file
        parse_gate(o.fail_if_worse);
        set_activity("read the results to compare");
        std::vector<LoadedResult> loaded = load_results(o.inputs, global, env->suite, o.folders);
        set_activity("compare the results");
        comparison = comparison_of(std::move(loaded), o, inputs);
        if (o.by.empty()) attach_run_to_run(comparison, run_to_run_of(global, inputs));
    } catch (const std::exception &e) {
        print_error(e.what());
        return kExitBadInput;
    }
    const nlohmann::json gate = comparison.value("gate", nlohmann::json::object());
    // Not freed: the command ends the process, which gives their memory back
    // at once, while freeing the inputs' trees node by node takes as long as
    // parsing them did (a second for two results of 30,000 tests), as
    // compilers skip freeing their trees at exit. Reachable from a static
    // pointer, they are no leak to LeakSanitizer.
    static auto *const kept_until_exit = new std::vector<ComparisonInput>();
    *kept_until_exit = std::move(inputs);
    set_activity("render the comparison");
    const int rc = print_rendered(*env, o.format, std::move(comparison), false, o.output);
    if (rc != kExitOk) return rc;
    if (gate.value("failed", false)) {
        print_gate_failures(gate);
        return kExitTestFailed;
    }
    if (gate.value("status", "") == "inconclusive") {
        print_err("bytebench: gate inconclusive: " + gate.value("reason", std::string()) + "\n");
        return kExitInconclusive;
    }
    return kExitOk;
}

}  // namespace bytebench::cli
