#include "comparison.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "significance.h"

namespace bytebench {
namespace {

using nlohmann::json;

const json kEmptyObject = json::object();
const json kEmptyArray = json::array();
const json kNull;

const json &member(const json &object, const char *name, const json &fallback) {
    if (!object.is_object()) return fallback;
    const auto it = object.find(name);
    return it == object.end() ? fallback : *it;
}

std::string text(const json &object, const char *name) {
    const json &value = member(object, name, kEmptyObject);
    return value.is_string() ? value.get<std::string>() : "";
}

// Documents are only schema-checked (result_reader.h): anything else may be
// missing or of another type, and reads as missing.
const json &array_at(const json &object, const char *name) {
    const json &value = member(object, name, kEmptyArray);
    return value.is_array() ? value : kEmptyArray;
}

const json &runs_of(const json &document) { return array_at(document, "runs"); }

// A copy-pass's copies: 1 when missing, not a whole number or out of range.
int copies_of(const json &run) {
    const json &copies = member(run, "copies", kNull);
    if (copies.is_number_unsigned())
        return copies.get<uint64_t>() <= uint64_t(std::numeric_limits<int>::max())
                   ? copies.get<int>()
                   : 1;
    if (copies.is_number_integer()) {
        const int64_t n = copies.get<int64_t>();
        return n >= 0 && n <= std::numeric_limits<int>::max() ? int(n) : 1;
    }
    return 1;
}

// The first `bytes` of a UTF-8 string, without cutting a character.
std::string utf8_prefix(const std::string &text, size_t bytes) {
    if (text.size() <= bytes) return text;
    while (bytes > 0 && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80) --bytes;
    return text.substr(0, bytes);
}

bool is_imported(const json &document) { return member(document, "imported", json()).is_object(); }

std::string tool_text(const json &document) {
    if (is_imported(document)) {
        const json &imported = document["imported"];
        const std::string version = text(imported, "version");
        const std::string from =
            text(imported, "from").empty() ? "UnixBench" : text(imported, "from");
        return version.empty() ? from : from + " " + version;
    }
    const json &tool = member(document, "tool", kEmptyObject);
    return text(tool, "name") + " " + text(tool, "version");
}

// "index (sha256 5f0c2b8e)" or "UnixBench 5.1.3": how a suite is named in warnings.
std::string suite_text(const json &document) {
    const json &suite = member(document, "suite", kEmptyObject);
    const std::string sha = text(suite, "sha256");
    return text(suite, "name") + (sha.empty() ? "" : " (sha256 " + utf8_prefix(sha, 8) + ")");
}

std::string copies_text(int copies) {
    return std::to_string(copies) + (copies == 1 ? " copy" : " copies");
}

// "A and B", "A, B and C".
std::string joined_labels(const std::vector<std::string> &labels) {
    std::string out;
    for (size_t i = 0; i < labels.size(); ++i)
        out += (i == 0 ? "" : i + 1 == labels.size() ? " and " : ", ") + labels[i];
    return out;
}

json describe_input(const ComparisonInput &input, const std::string &label) {
    const json &document = input.document;
    const json &system = member(document, "system", kEmptyObject);
    json out = {{"label", label}, {"source", input.source}};
    if (input.history_id) out["history_id"] = *input.history_id;
    for (const auto &[from, to] :
         {std::pair{"hostname", "hostname"}, std::pair{"cpu_model", "cpu_model"},
          std::pair{"kernel", "kernel"}})
        if (!text(system, from).empty()) out[to] = text(system, from);
    if (member(system, "cpus_online", json()).is_number_integer())
        out["cpus"] = system["cpus_online"];
    const json &runs = runs_of(document);
    if (!runs.empty() && !text(runs[0], "start").empty()) out["start"] = text(runs[0], "start");
    out["tool"] = tool_text(document);
    out["imported"] = is_imported(document);
    json suite = {{"name", text(member(document, "suite", kEmptyObject), "name")}};
    const std::string sha = text(member(document, "suite", kEmptyObject), "sha256");
    if (!sha.empty()) suite["sha256"] = sha;
    out["suite"] = suite;
    out["status"] = text(document, "status");
    return out;
}

const json *find_test(const json &run, const std::string &id) {
    for (const json &test : array_at(run, "tests"))
        if (text(test, "id") == id) return &test;
    return nullptr;
}

const json *find_index(const json &run, const std::string &category) {
    for (const json &index : array_at(run, "indexes"))
        if (text(index, "category") == category) return &index;
    return nullptr;
}

bool is_ok_with_value(const json *test) {
    return test != nullptr && text(*test, "status") == "ok" &&
           member(*test, "value", json()).is_number();
}

std::vector<double> kept_pass_values(const json &test) {
    std::vector<double> values;
    for (const json &pass : array_at(test, "passes"))
        if (member(pass, "kept", false) == true && text(pass, "status") == "ok" &&
            member(pass, "value", json()).is_number())
            values.push_back(pass["value"].get<double>());
    return values;
}

// The workloads behind the inputs, for the comparability checks: test id ->
// per input its version and build ("" when unknown).
struct WorkloadIdentity {
    std::map<std::string, std::vector<std::string>> versions, builds;
};

WorkloadIdentity workload_identity(const std::vector<ComparisonInput> &inputs) {
    WorkloadIdentity identity;
    for (size_t i = 0; i < inputs.size(); ++i)
        for (const json &run : runs_of(inputs[i].document))
            for (const json &test : array_at(run, "tests")) {
                auto &versions = identity.versions[text(test, "id")];
                auto &builds = identity.builds[text(test, "id")];
                versions.resize(inputs.size());
                builds.resize(inputs.size());
                if (versions[i].empty()) versions[i] = text(test, "version");
                if (builds[i].empty()) builds[i] = text(test, "build");
            }
    return identity;
}

// "1 in A, 2 in B" when the known values differ; "" when they agree.
std::string difference_text(const std::vector<std::string> &values,
                            const std::vector<std::string> &labels) {
    std::map<std::string, std::vector<std::string>> holders;
    for (size_t i = 0; i < values.size(); ++i)
        if (!values[i].empty()) holders[values[i]].push_back(labels[i]);
    if (holders.size() < 2) return "";
    std::string out;
    for (const auto &[value, who] : holders)
        out += (out.empty() ? "" : ", ") + value + " in " + joined_labels(who);
    return out;
}

std::vector<std::string> suite_warnings(const std::vector<ComparisonInput> &inputs,
                                        const std::vector<std::string> &labels) {
    std::vector<std::string> order;
    std::map<std::string, std::vector<std::string>> holders;
    for (size_t i = 0; i < inputs.size(); ++i) {
        const std::string suite = suite_text(inputs[i].document);
        if (holders[suite].empty()) order.push_back(suite);
        holders[suite].push_back(labels[i]);
    }
    if (order.size() < 2) return {};
    std::string out = "different suites: ";
    for (size_t k = 0; k < order.size(); ++k)
        out += (k == 0 ? "" : ", ") + joined_labels(holders[order[k]]) + " ran " + order[k];
    return {out + "; the same test name may not mean the same test"};
}

std::vector<std::string> comparability_warnings(const std::vector<ComparisonInput> &inputs,
                                                const std::vector<std::string> &labels,
                                                const WorkloadIdentity &identity) {
    std::vector<std::string> warnings;
    for (size_t i = 0; i < inputs.size(); ++i) {
        const json &document = inputs[i].document;
        if (is_imported(document))
            warnings.push_back(labels[i] + " is imported from a " + tool_text(document) +
                               " report: its workloads are UnixBench's own builds, and it has no "
                               "passes to test significance with");
        if (text(document, "status") != "complete")
            warnings.push_back(labels[i] +
                               " is incomplete (interrupted, still running or "
                               "truncated): tests it did not finish show as missing");
    }
    for (const std::string &warning : suite_warnings(inputs, labels)) warnings.push_back(warning);
    for (const auto &[id, versions] : identity.versions) {
        const std::string differs = difference_text(versions, labels);
        if (!differs.empty()) warnings.push_back(id + ": workload version differs: " + differs);
    }
    for (const auto &[id, builds] : identity.builds) {
        const std::string differs = difference_text(builds, labels);
        if (!differs.empty()) warnings.push_back(id + ": built differently: " + differs);
    }
    return warnings;
}

json cell_for(const json *test, const json *baseline_test, bool is_baseline,
              const ComparisonOptions &options, const std::vector<std::string> &labels,
              size_t input) {
    if (test == nullptr) return {{"status", "missing"}};
    json cell = {{"status", text(*test, "status")}};
    if (cell["status"] != "ok") {
        if (!text(*test, "error").empty()) cell["error"] = text(*test, "error");
        return cell;
    }
    for (const char *name : {"value", "index", "samples"})
        if (member(*test, name, json()).is_number()) cell[name] = (*test)[name];
    if (!text(*test, "version").empty()) cell["version"] = text(*test, "version");
    if (is_baseline || !is_ok_with_value(test) || !is_ok_with_value(baseline_test)) return cell;
    const double base = (*baseline_test)["value"].get<double>();
    if (base <= 0) return cell;
    const double delta = ((*test)["value"].get<double>() / base - 1) * 100;
    if (!std::isfinite(delta)) return cell;  // a base so near 0 that the ratio overflows
    cell["delta_pct"] = delta;
    const Significance s =
        assess_difference(kept_pass_values(*baseline_test), kept_pass_values(*test), delta,
                          options.alpha, labels[options.baseline], labels[input]);
    json significance = {{"verdict", to_string(s.verdict)}, {"method", to_string(s.method)}};
    if (s.p) significance["p"] = *s.p;
    if (!s.reason.empty()) significance["reason"] = s.reason;
    significance["passes"] = {s.baseline_passes, s.other_passes};
    cell["significance"] = significance;
    return cell;
}

// The tests of copy-pass `position`, in order of first appearance.
std::vector<const json *> tests_in_order(const std::vector<const json *> &runs) {
    std::vector<const json *> order;
    std::set<std::string> seen;
    for (const json *run : runs) {
        if (run == nullptr) continue;
        for (const json &test : array_at(*run, "tests"))
            if (seen.insert(text(test, "id")).second) order.push_back(&test);
    }
    return order;
}

json row_for(const json &first, const std::vector<const json *> &runs,
             const ComparisonOptions &options, const std::vector<std::string> &labels,
             const WorkloadIdentity &identity) {
    const std::string id = text(first, "id");
    json row = {{"id", id},
                {"name", text(first, "name")},
                {"category", text(first, "category")},
                {"unit", text(first, "unit")}};
    const auto versions = identity.versions.find(id);
    const std::string differs =
        versions == identity.versions.end() ? "" : difference_text(versions->second, labels);
    row["comparable"] = differs.empty();
    if (!differs.empty()) row["notes"] = {"workload version differs: " + differs};
    const json *baseline_run = runs[options.baseline];
    const json *baseline_test = baseline_run == nullptr ? nullptr : find_test(*baseline_run, id);
    json cells = json::array();
    for (size_t i = 0; i < runs.size(); ++i) {
        const json *test = runs[i] == nullptr ? nullptr : find_test(*runs[i], id);
        cells.push_back(cell_for(test, baseline_test, i == options.baseline, options, labels, i));
    }
    row["cells"] = cells;
    return row;
}

json index_rows(const std::vector<const json *> &runs, size_t baseline) {
    std::vector<std::pair<std::string, std::string>> categories;  // id, title
    for (const json *run : runs) {
        if (run == nullptr) continue;
        for (const json &index : array_at(*run, "indexes"))
            if (std::none_of(categories.begin(), categories.end(),
                             [&](const auto &c) { return c.first == text(index, "category"); }))
                categories.emplace_back(text(index, "category"), text(index, "title"));
    }
    json rows = json::array();
    for (const auto &[category, title] : categories) {
        const json *base =
            runs[baseline] == nullptr ? nullptr : find_index(*runs[baseline], category);
        json cells = json::array();
        for (size_t i = 0; i < runs.size(); ++i) {
            const json *index = runs[i] == nullptr ? nullptr : find_index(*runs[i], category);
            if (index == nullptr || !member(*index, "score", json()).is_number()) {
                cells.push_back({{"status", "missing"}});
                continue;
            }
            json cell = {{"score", (*index)["score"]},
                         {"partial", member(*index, "partial", false) == true}};
            if (i != baseline && base != nullptr && member(*base, "score", json()).is_number() &&
                (*base)["score"].get<double>() > 0) {
                const double delta =
                    ((*index)["score"].get<double>() / (*base)["score"].get<double>() - 1) * 100;
                if (std::isfinite(delta)) cell["delta_pct"] = delta;
            }
            cells.push_back(cell);
        }
        rows.push_back({{"category", category}, {"title", title}, {"cells", cells}});
    }
    return rows;
}

std::string section_title(const std::vector<const json *> &runs) {
    std::vector<int> copies;
    for (const json *run : runs)
        if (run != nullptr) copies.push_back(copies_of(*run));
    if (std::all_of(copies.begin(), copies.end(), [&](int c) { return c == copies.front(); }))
        return copies_text(copies.front());
    std::string title;
    for (int c : copies) title += (title.empty() ? "" : " / ") + copies_text(c);
    return title;
}

json section_at(size_t position, const std::vector<ComparisonInput> &inputs,
                const ComparisonOptions &options, const std::vector<std::string> &labels,
                const WorkloadIdentity &identity) {
    std::vector<const json *> runs;
    json copies = json::array();
    for (const ComparisonInput &input : inputs) {
        const json &all = runs_of(input.document);
        runs.push_back(position < all.size() ? &all[position] : nullptr);
        copies.push_back(runs.back() ? json(copies_of(*runs.back())) : json());
    }
    json rows = json::array();
    for (const json *test : tests_in_order(runs))
        rows.push_back(row_for(*test, runs, options, labels, identity));
    return {{"title", section_title(runs)},
            {"copies", copies},
            {"rows", rows},
            {"indexes", index_rows(runs, options.baseline)}};
}

json gate_for(const json &sections, const std::vector<std::string> &labels, double threshold) {
    json failures = json::array();
    for (const json &section : sections)
        for (const json &row : section["rows"])
            for (size_t i = 0; i < row["cells"].size(); ++i) {
                const json &cell = row["cells"][i];
                const json &s = member(cell, "significance", kEmptyObject);
                if (text(s, "verdict") != "slower" || cell["delta_pct"].get<double>() >= -threshold)
                    continue;
                failures.push_back({{"section", section["title"]},
                                    {"id", row["id"]},
                                    {"input", labels[i]},
                                    {"delta_pct", cell["delta_pct"]},
                                    {"p", s["p"]}});
            }
    return {{"threshold_pct", threshold}, {"failed", !failures.empty()}, {"failures", failures}};
}

}  // namespace

std::string input_label(size_t index) {
    std::string label;
    for (size_t n = index + 1; n > 0; n = (n - 1) / 26)
        label.insert(label.begin(), static_cast<char>('A' + (n - 1) % 26));
    return label;
}

json compare_results(const std::vector<ComparisonInput> &inputs, const ComparisonOptions &options) {
    std::vector<std::string> labels;
    json described = json::array();
    size_t positions = 0;
    for (size_t i = 0; i < inputs.size(); ++i) {
        labels.push_back(input_label(i));
        described.push_back(describe_input(inputs[i], labels.back()));
        positions = std::max(positions, runs_of(inputs[i].document).size());
    }
    const WorkloadIdentity identity = workload_identity(inputs);
    json sections = json::array();
    for (size_t position = 0; position < positions; ++position)
        sections.push_back(section_at(position, inputs, options, labels, identity));
    json out = {
        {"schema", kComparisonSchema},
        {"tool", {{"name", "bytebench"}, {"version", BYTEBENCH_VERSION}, {"abi", BYTEBENCH_ABI}}},
        {"baseline", options.baseline},
        {"alpha", options.alpha},
        {"inputs", described},
        {"warnings", comparability_warnings(inputs, labels, identity)},
        {"sections", sections}};
    if (options.fail_if_slower_pct)
        out["gate"] = gate_for(sections, labels, *options.fail_if_slower_pct);
    return out;
}

}  // namespace bytebench
