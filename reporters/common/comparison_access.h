// Reading a comparison document (`bytebench.comparison/2`, docs/comparison-schema.md): the
// few rules every renderer must apply the same way. Header-only, nlohmann-json only.
#pragma once

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "base/direction.h"
#include "base/json_read.h"
#include "common/number_text.h"
#include "common/time_text.h"
#include "common/verdict.h"

namespace bytebench::reporters {

// The inputs' column names; "A", "B", ... where a label is missing.
inline std::vector<std::string> input_labels(const nlohmann::json &doc) {
    std::vector<std::string> labels;
    for (const nlohmann::json &input : elements(member(doc, "inputs"))) {
        std::string label = string_member(input, "label");
        if (label.empty()) label = std::string(1, static_cast<char>('A' + labels.size() % 26));
        labels.push_back(label);
    }
    return labels;
}

// The position of the input the deltas are taken against; 0 when absent or out of range.
inline size_t baseline_input(const nlohmann::json &doc) {
    const std::optional<double> baseline = number_member(doc, "baseline");
    const size_t count = elements(member(doc, "inputs")).size();
    if (!baseline || *baseline < 0 || *baseline >= static_cast<double>(count)) return 0;
    return static_cast<size_t>(*baseline);
}

// What the tables of a comparison are laid out by: a group of columns per input, named by its
// label; the baseline's group has no delta.
struct ComparisonInputs {
    std::vector<std::string> labels;
    size_t baseline;
};

inline ComparisonInputs comparison_inputs(const nlohmann::json &doc) {
    return {input_labels(doc), baseline_input(doc)};
}

// A row's or index's cell for input `i`; a cell the writer left out reads as missing.
inline const nlohmann::json &cell_at(const nlohmann::json &row, size_t i) {
    return element(member(row, "cells"), i);
}

inline std::string cell_status(const nlohmann::json &cell) {
    const std::string status = string_member(cell, "status");
    return status.empty() ? "missing" : status;
}

inline bool cell_is_ok(const nlohmann::json &cell) { return cell_status(cell) == "ok"; }

inline Verdict cell_verdict(const nlohmann::json &cell) {
    return parse_verdict(string_member(member(cell, "significance"), "verdict"));
}

inline std::optional<double> cell_p(const nlohmann::json &cell) {
    return number_member(member(cell, "significance"), "p");
}

// A test cell's index, when it has one to show: it ran ok and the test has a baseline.
inline std::optional<double> cell_index(const nlohmann::json &cell) {
    return cell_is_ok(cell) ? number_member(cell, "index") : std::nullopt;
}

// Whether some input of a row has an index for its test.
inline bool row_has_index(const nlohmann::json &row) {
    for (const nlohmann::json &cell : elements(member(row, "cells")))
        if (cell_index(cell)) return true;
    return false;
}

// Whether some test of a section has an index; tables leave their index columns out otherwise.
inline bool section_has_index(const nlohmann::json &section) {
    for (const nlohmann::json &row : elements(member(section, "rows")))
        if (row_has_index(row)) return true;
    return false;
}

// Whether some test or index cell of a section has a run-to-run spread from the history
// (`cells[].run_to_run`, comparison-schema.md): tables then have a CoV column per input.
inline bool section_has_run_to_run(const nlohmann::json &section) {
    for (const char *group : {"rows", "indexes"})
        for (const nlohmann::json &row : elements(member(section, group)))
            for (const nlohmann::json &cell : elements(member(row, "cells")))
                if (member(cell, "run_to_run").is_object()) return true;
    return false;
}

// A cell's run-to-run CoV, "2.10%"; `none` when it has a spread without a CoV (too few runs of
// the test) or none at all.
inline std::string run_to_run_cov_text(const nlohmann::json &cell, const std::string &none) {
    const std::optional<double> cov = number_member(member(cell, "run_to_run"), "cov");
    return cov ? format("%.2f%%", *cov) : none;
}

// What an input's run-to-run CoV is over ("run-to-run CoV over 5 runs of suite index on host vm
// (AMD EPYC, 2 CPUs) in the history"), or why it has none; "" without `inputs[].run_to_run`.
inline std::string input_run_to_run_text(const nlohmann::json &input) {
    const nlohmann::json &spread = member(input, "run_to_run");
    if (!spread.is_object()) return "";
    const std::string why = string_member(spread, "why");
    if (!why.empty()) return "no run-to-run CoV: " + why;
    const std::string matched = string_member(spread, "matched");
    return "run-to-run CoV over " +
           counted(integer_member(spread, "runs").value_or(0), "run", "runs") +
           (matched.empty() ? "" : " of " + matched) + " in the history";
}

// A section's table: with a column for each input's index, unless no test has one, and for
// each input's run-to-run CoV when some cell has one.
struct SectionLayout {
    const ComparisonInputs &inputs;
    bool with_index;
    bool with_run_to_run = false;
};

inline SectionLayout section_layout(const ComparisonInputs &inputs, const nlohmann::json &section) {
    return {inputs, section_has_index(section), section_has_run_to_run(section)};
}

// An index cell is missing when it says so or has no score.
inline bool index_cell_missing(const nlohmann::json &cell) {
    return string_member(cell, "status") == "missing" || !number_member(cell, "score");
}

// "ok", "partial" or "missing": an index cell's state in one word.
inline std::string index_cell_status(const nlohmann::json &cell) {
    if (index_cell_missing(cell)) return "missing";
    return flag_member(cell, "partial") ? "partial" : "ok";
}

// A row is comparable unless it says otherwise.
inline bool row_comparable(const nlohmann::json &row) {
    const nlohmann::json &comparable = member(row, "comparable");
    return !comparable.is_boolean() || comparable.get<bool>();
}

// A row of a metric of the test before it (it has a "metric" key), not of a test.
inline bool is_metric_row(const nlohmann::json &row) {
    return !string_member(row, "metric").empty();
}

// A metric row's display name: its metric_name, else its key.
inline std::string metric_display_name(const nlohmann::json &row) {
    const std::string name = string_member(row, "metric_name");
    return name.empty() ? string_member(row, "metric") : name;
}

// What a row's unit column says: the unit, and the direction when it is not what a reader
// assumes (lower is better) or for a metric, whose direction is always worth saying:
// "us, lower is better", "lower is better", "lps". Unescaped.
inline std::string unit_and_direction(const nlohmann::json &row) {
    const std::string unit = string_member(row, "unit");
    const Direction better = direction_member(row);
    if (!is_metric_row(row) && better == Direction::higher_is_better) return unit;
    return (unit.empty() ? "" : unit + ", ") + direction_text(better);
}

// "p99 latency (us, lower is better)": a metric row's name with its unit and direction.
// Unescaped.
inline std::string metric_row_label(const nlohmann::json &row) {
    return metric_display_name(row) + " (" + unit_and_direction(row) + ")";
}

// What a gate failure names: the test id, and the metric's key for a metric
// ("tcp_rr p99_us"). Unescaped.
inline std::string gate_failure_subject(const nlohmann::json &failure) {
    const std::string id = string_member(failure, "id");
    const std::string metric = string_member(failure, "metric");
    return metric.empty() ? id : id + " " + metric;
}

// The gate's outcome: "passed", "failed" or "inconclusive" (`status`; a document from before
// it had only `failed`).
inline std::string gate_status(const nlohmann::json &gate) {
    const std::string status = string_member(gate, "status");
    if (!status.empty()) return status;
    return flag_member(gate, "failed") ? "failed" : "passed";
}

// What the gate's thresholds were: "more than 5.0%"; with per-number thresholds "more than
// 5.0% (lat_max_us: off; tcp_rr.p99_us: 20.0%)", or without a threshold for every number
// "more than its threshold (p99_us: 20.0%)". Unescaped.
inline std::string gate_threshold_text(const nlohmann::json &gate) {
    const std::optional<double> every = number_member(gate, "threshold_pct");
    std::string named;
    const nlohmann::json &thresholds = member(gate, "thresholds");
    if (thresholds.is_object())
        for (const auto &[name, pct] : thresholds.items())
            named += (named.empty() ? "" : "; ") + name + ": " +
                     (pct.is_number() ? format("%.1f%%", pct.get<double>()) : text_of(pct));
    std::string text = every ? format("more than %.1f%%", *every) : "more than its threshold";
    return named.empty() ? text : text + " (" + named + ")";
}

// A note and the rows (or index scores) that carry it: each note of a section once, in order
// of first appearance, so that a method every test ran differently by is one line.
struct GroupedNote {
    std::string note;
    std::vector<const nlohmann::json *> rows;
};

inline std::vector<GroupedNote> grouped_notes(const nlohmann::json &rows) {
    std::vector<GroupedNote> groups;
    for (const nlohmann::json &row : elements(rows))
        for (const nlohmann::json &note : elements(member(row, "notes"))) {
            const std::string text = text_of(note);
            auto it = std::find_if(groups.begin(), groups.end(),
                                   [&](const GroupedNote &g) { return g.note == text; });
            if (it == groups.end()) {
                groups.push_back({text, {}});
                it = groups.end() - 1;
            }
            if (it->rows.empty() || it->rows.back() != &row) it->rows.push_back(&row);
        }
    return groups;
}

// A section's own notes (`notes`): why a column has no copy-pass there ("B ran 1 copy only:
// the host has 1 CPU"), said under its table by every report.
inline std::vector<std::string> section_notes(const nlohmann::json &section) {
    std::vector<std::string> notes;
    for (const nlohmann::json &note : elements(member(section, "notes")))
        if (!text_of(note).empty()) notes.push_back(text_of(note));
    return notes;
}

// How reports describe an input, in parts that are empty when unknown (the caller escapes
// and joins them): where it came from ("(history 4)": "#4" would be an issue link on GitHub) ...
inline std::vector<std::string> input_source_parts(const nlohmann::json &input) {
    const auto id = number_member(input, "history_id");
    return {string_member(input, "source"),
            id ? format("(history %lld)", to_integer(*id)) : std::string()};
}

// ... the machine it ran on ...
inline std::vector<std::string> input_machine_parts(const nlohmann::json &input) {
    const long long cpus = integer_or_zero(input, "cpus");
    const std::string kernel = string_member(input, "kernel");
    return {string_member(input, "hostname"), string_member(input, "cpu_model"),
            cpus > 0 ? counted(cpus, "CPU", "CPUs") : "", kernel.empty() ? "" : "kernel " + kernel};
}

// How the input's workloads were built, unless natively (UnixBench's
// method): "portable x86-64-v3 build".
inline std::string input_build_text(const nlohmann::json &input) {
    const std::string build = string_member(input, "build");
    return build.empty() || build == "native" ? "" : build + " build";
}

// ... and the run: when, by what, which suite, how built, and its status
// unless complete.
inline std::vector<std::string> input_run_parts(const nlohmann::json &input) {
    std::string tool = string_member(input, "tool");
    if (flag_member(input, "imported")) tool += " (imported)";
    const std::string suite = string_member(member(input, "suite"), "name");
    const std::string status = string_member(input, "status");
    return {display_time(string_member(input, "start")), tool,
            suite.empty() ? "" : "suite " + suite, input_build_text(input),
            status == "complete" ? "" : status};
}

// What differs between the compared machines and runs (the comparison's
// `environment_differences`), for the block every report puts before its tables: a head
// ("kernel differs", "mitigations: spectre_v2 differs") and each input's value, inputs that
// share one named together ("A, C: 6.1.0"). More than kNamedMitigations differing
// vulnerabilities are only named, their texts being in the JSON. Unescaped.
constexpr size_t kNamedMitigations = 3;

struct EnvironmentDifferenceText {
    std::string head;
    std::vector<std::string> values;  // "A: 6.1.0", "B, C: 6.18.4"
    // "kernel differs (A: 6.1.0; B: 6.18.4)": one line, unless a value has separators of its
    // own (a mitigation's text has "; ") or the line would be long, when each value is best
    // on a line of its own.
    bool fits_one_line() const {
        size_t length = head.size();
        for (const std::string &value : values) {
            if (value.find(';') != std::string::npos || value.find(" | ") != std::string::npos)
                return false;
            length += value.size() + 2;
        }
        return length <= 96;
    }
    std::string one_line() const {
        std::string text;
        for (const std::string &value : values) text += (text.empty() ? "" : "; ") + value;
        return values.empty() ? head : head + " (" + text + ")";
    }
};

inline std::vector<std::string> environment_values(const nlohmann::json &values,
                                                   const std::vector<std::string> &labels) {
    std::vector<std::string> order;  // the values, as the inputs first give them
    std::vector<std::string> holders;
    for (const std::string &label : labels) {
        const nlohmann::json &value = member(values, label.c_str());
        if (!value.is_string()) continue;
        const auto at = std::find(order.begin(), order.end(), value.get<std::string>());
        if (at == order.end()) {
            order.push_back(value.get<std::string>());
            holders.push_back(label);
        } else {
            holders[static_cast<size_t>(at - order.begin())] += ", " + label;
        }
    }
    for (size_t k = 0; k < order.size(); ++k) order[k] = holders[k] + ": " + order[k];
    return order;
}

inline EnvironmentDifferenceText environment_difference_text(
    const nlohmann::json &difference, const std::vector<std::string> &labels) {
    const std::string what = string_member(difference, "what");
    std::vector<std::string> differing;
    for (const nlohmann::json &name : elements(member(difference, "differing")))
        if (name.is_string()) differing.push_back(name.get<std::string>());
    std::vector<std::string> values = environment_values(member(difference, "values"), labels);
    // "mitigations" is the one plural among the members.
    if (differing.empty()) return {what + (what == "mitigations" ? " differ" : " differs"), values};
    std::string names;
    for (size_t k = 0; k < differing.size(); ++k)
        names += (k == 0 ? "" : k + 1 == differing.size() ? " and " : ", ") + differing[k];
    if (differing.size() > kNamedMitigations)
        return {what + ": " + std::to_string(differing.size()) + " differ: " + names +
                    " (their texts are in the comparison's JSON, environment_differences)",
                {}};
    return {what + ": " + names + (differing.size() == 1 ? " differs" : " differ"), values};
}

inline std::vector<EnvironmentDifferenceText> environment_difference_texts(
    const nlohmann::json &doc) {
    const std::vector<std::string> labels = input_labels(doc);
    std::vector<EnvironmentDifferenceText> texts;
    for (const nlohmann::json &difference : elements(member(doc, "environment_differences")))
        if (difference.is_object())
            texts.push_back(environment_difference_text(difference, labels));
    return texts;
}

}  // namespace bytebench::reporters
