#include "compare/gate.h"

#include <stdexcept>

#include "base/decimal.h"
#include "base/direction.h"
#include "base/failure_state.h"
#include "base/json_read.h"

namespace bytebench {
namespace {

using nlohmann::json;

constexpr const char *kOption = "--fail-if-worse";

// A NAME as a test id or metric key can spell it: printable ASCII, no
// white space, no '='.
bool valid_name(const std::string &name) {
    if (name.empty()) return false;
    for (const char c : name)
        if (c <= ' ' || c > '~' || c == '=') return false;
    return true;
}

// The percentage of a bare PCT (`name` "") or of NAME=PCT.
double read_pct(const std::string &text, const std::string &name) {
    const Decimal pct = read_decimal(text, DecimalRange::at_least(0, "percent"), name);
    if (!pct) throw std::invalid_argument(pct.error);
    return pct.value;
}

// One value: a bare PCT (`name` left empty) or NAME=PCT|off. Throws
// std::invalid_argument with the problem, without the option's name.
NumberThreshold parse_value(const std::string &value) {
    const size_t equals = value.find('=');
    if (equals == std::string::npos) return {"", read_pct(value, "")};
    NumberThreshold number{value.substr(0, equals), std::nullopt};
    if (!valid_name(number.name))
        throw std::invalid_argument("'" + number.name +
                                    "' is not a test id, a metric key or TEST.METRIC");
    const std::string threshold = value.substr(equals + 1);
    if (threshold != "off") number.pct = read_pct(threshold, number.name);
    return number;
}

// How specifically `name` names `row`'s number: 3 TEST.METRIC, 2 a metric
// key, 1 a test id (its value, or one of its metrics); 0 not at all.
int match_rank(const std::string &name, const json &row) {
    const std::string id = string_member(row, "id");
    const std::string metric = string_member(row, "metric");
    if (!metric.empty()) {
        if (name == id + "." + metric) return 3;
        if (name == metric) return 2;
    }
    return name == id ? 1 : 0;
}

// A row's threshold: the most specific NAME's, else the bare PCT; unset:
// not gated. `used` marks the NAMEs that matched some row.
std::optional<double> threshold_of(const json &row, const GateSpec &spec, std::vector<bool> &used) {
    int best = 0;
    std::optional<double> threshold = spec.pct;
    for (size_t n = 0; n < spec.numbers.size(); ++n) {
        const int rank = match_rank(spec.numbers[n].name, row);
        if (rank == 0) continue;
        used[n] = true;
        if (rank > best) {
            best = rank;
            threshold = spec.numbers[n].pct;
        }
    }
    return threshold;
}

bool judged(const json &cell) {
    const std::string verdict = string_member(member(cell, "significance"), "verdict");
    return verdict == "better" || verdict == "worse" || verdict == "noise";
}

// What one input other than the baseline came to.
struct InputTally {
    size_t judged = 0;      // gated cells with a verdict
    size_t with_delta = 0;  // gated cells with a change (both sides ok)
    size_t ungated = 0;     // cells with a change whose number is not gated
};

std::string label_of(const json &inputs, size_t i) {
    return string_member(element(inputs, i), "label");
}

// Why input `i` has no number judged against the baseline.
std::string undecided_reason(const json &inputs, size_t i, size_t baseline,
                             const InputTally &tally) {
    const json &input = element(inputs, i);
    const std::string label = label_of(inputs, i), base = label_of(inputs, baseline);
    std::string why;
    if (string_member(input, "status") == "failed")
        why = label + " " +
              failed_text(string_member(input, "state"), string_member(input, "reason"));
    else if (string_member(element(inputs, baseline), "status") == "failed")
        why = "the baseline " + base + " failed";
    else if (tally.with_delta == 0 && tally.ungated > 0)
        why = "none of the numbers " + label + " shares with " + base + " is gated";
    else if (tally.with_delta == 0)
        why = "no test or metric ran ok in both " + base + " and " + label;
    else
        why = "too few passes to tell on every number " + label + " shares with " + base;
    return "nothing of " + label + " could be judged against " + base + ": " + why;
}

json failure_json(const json &section, const json &row, const json &cell, const std::string &input,
                  double threshold) {
    json failure = {{"section", section["title"]}, {"id", row["id"]}};
    if (row.contains("metric")) failure["metric"] = row["metric"];
    failure["input"] = input;
    failure["delta_pct"] = cell["delta_pct"];
    failure["p"] = member(member(cell, "significance"), "p");
    failure["threshold_pct"] = threshold;
    return failure;
}

json thresholds_json(const GateSpec &spec) {
    json thresholds = json::object();
    for (const NumberThreshold &n : spec.numbers)
        thresholds[n.name] = n.pct ? json(*n.pct) : json("off");
    return thresholds;
}

}  // namespace

std::string gate_value_problem(const std::string &value) {
    try {
        parse_value(value);
        return "";
    } catch (const std::invalid_argument &e) {
        return e.what();
    }
}

GateSpec parse_gate(const std::vector<std::string> &values) {
    GateSpec spec;
    for (const std::string &value : values) {
        NumberThreshold number;
        try {
            number = parse_value(value);
        } catch (const std::invalid_argument &e) {
            throw std::invalid_argument(std::string(kOption) + ": " + e.what());
        }
        if (number.name.empty()) {
            if (spec.pct)
                throw std::invalid_argument(std::string(kOption) + " " + value +
                                            ": a threshold for every number is given already (" +
                                            decimal_text(*spec.pct) + ")");
            spec.pct = number.pct;
            continue;
        }
        for (const NumberThreshold &earlier : spec.numbers)
            if (earlier.name == number.name)
                throw std::invalid_argument(std::string(kOption) + " " + value + ": " +
                                            number.name + " is given twice");
        spec.numbers.push_back(std::move(number));
    }
    return spec;
}

json gate_outcome(const json &sections, const json &inputs, size_t baseline, const GateSpec &spec) {
    std::vector<bool> used(spec.numbers.size(), false);
    std::vector<InputTally> tallies(elements(inputs).size());
    json failures = json::array();
    size_t compared = 0;
    for (const json &section : elements(sections))
        for (const json &row : elements(member(section, "rows"))) {
            const std::optional<double> threshold = threshold_of(row, spec, used);
            const json &cells = elements(member(row, "cells"));
            for (size_t i = 0; i < cells.size() && i < tallies.size(); ++i) {
                const json &cell = cells[i];
                const std::optional<double> delta = number_member(cell, "delta_pct");
                if (i == baseline || !delta) continue;
                if (!threshold) {
                    ++tallies[i].ungated;
                    continue;
                }
                ++tallies[i].with_delta;
                if (!judged(cell)) continue;
                ++tallies[i].judged;
                ++compared;
                if (string_member(member(cell, "significance"), "verdict") == "worse" &&
                    worse_by_pct(*delta, direction_member(row)) > *threshold)
                    failures.push_back(
                        failure_json(section, row, cell, label_of(inputs, i), *threshold));
            }
        }
    for (size_t n = 0; n < spec.numbers.size(); ++n)
        if (!used[n])
            throw std::invalid_argument(std::string(kOption) + " " + spec.numbers[n].name +
                                        "=...: no test or metric of the compared results is "
                                        "called " +
                                        spec.numbers[n].name);
    std::string reason;
    for (size_t i = 0; i < tallies.size(); ++i)
        if (i != baseline && tallies[i].judged == 0)
            reason +=
                (reason.empty() ? "" : "; ") + undecided_reason(inputs, i, baseline, tallies[i]);
    json gate = json::object();
    if (spec.pct) gate["threshold_pct"] = *spec.pct;
    if (!spec.numbers.empty()) gate["thresholds"] = thresholds_json(spec);
    const bool failed = !failures.empty();
    gate["status"] = failed ? "failed" : reason.empty() ? "passed" : "inconclusive";
    gate["failed"] = failed;
    gate["compared"] = compared;
    if (!failed && !reason.empty()) gate["reason"] = reason;
    gate["failures"] = std::move(failures);
    return gate;
}

}  // namespace bytebench
