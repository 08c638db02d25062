#include "compare/pivot.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>

#include "base/failure_state.h"
#include "base/json_read.h"
#include "base/text.h"
#include "compare/pooled_result.h"
#include "model/labels.h"
#include "results/result_reader.h"

namespace bytebench {
namespace {

using nlohmann::json;

// A column's value of a key that a result lacks.
std::string absent_value(const std::string &key) { return "(no " + key + ")"; }

// What must agree for results to be pooled, each part named as a column's
// suffix names it when it does not.
struct PoolingKey {
    std::string tool;      // "imported" or "measured"
    std::string suite;     // "index 5f0c2b8e"
    std::string method;    // "full", "quick", "duration 0.2 s"
    std::string copies;    // "1,2"
    std::string versions;  // "dhry2reg:1 syscall:2 ..."
    std::string build;     // "native", "portable x86-64-v3" (ResultView::workload_build)
    // Each test's parameters: "fsdisk.io=direct", one per test and key, in
    // order (a test without any: "fsdisk.(none)"). Different values are
    // never pooled: io=direct and io=buffered measure different things.
    std::set<std::string> params;
    bool operator<(const PoolingKey &o) const {
        return std::tie(tool, suite, method, copies, versions, build, params) <
               std::tie(o.tool, o.suite, o.method, o.copies, o.versions, o.build, o.params);
    }
};

// Adds `test`'s parameters to `params` as "TEST.KEY=VALUE".
void add_params(const TestView &test, std::set<std::string> &params) {
    const json &given = test.raw("params");
    if (!given.is_object()) return;
    if (given.empty()) params.insert(test.id() + ".(none)");
    for (const auto &[key, value] : given.items())
        params.insert(test.id() + "." + key + "=" +
                      (value.is_string() ? value.get<std::string>() : value.dump()));
}

// The parameters of `key` that some other key lacks, for a column's
// suffix: "parameters fsdisk.io=direct" (the first 3, then "and N more").
// `holders`: how many of the `count` keys hold each parameter.
std::string params_difference(const PoolingKey &key, const std::map<std::string, size_t> &holders,
                              size_t count) {
    std::vector<std::string> own;
    for (const std::string &p : key.params)
        if (holders.at(p) < count) own.push_back(p);
    if (own.empty()) return "other parameters";
    const size_t shown = std::min<size_t>(own.size(), 3);
    std::string out = "parameters " + joined({own.begin(), own.begin() + shown}, " ");
    if (own.size() > shown) out += " and " + std::to_string(own.size() - shown) + " more";
    return out;
}

std::string method_of(const json &doc) {
    const json &options = member(doc, "options");
    if (member(options, "quick").is_object()) return "quick";
    if (const std::optional<double> d = number_member(options, "duration_s")) {
        char text[64];
        std::snprintf(text, sizeof text, "duration %g s", *d);
        return text;
    }
    return "full";
}

PoolingKey pooling_key(const json &doc) {
    const ResultView result(doc);
    PoolingKey key;
    key.tool = result.imported() ? "imported" : "measured";
    key.suite = result.suite_name();
    if (!result.suite_sha256().empty()) key.suite += " " + utf8_prefix(result.suite_sha256(), 8);
    key.method = method_of(doc);
    key.build = result.workload_build();
    std::set<std::string> versions;
    for (const CopyPassView &run : result.copy_passes()) {
        key.copies += (key.copies.empty() ? "" : ",") + std::to_string(run.copies().value_or(1));
        for (const TestView &test : run.tests()) {
            versions.insert(test.id() + ":" + test.version());
            add_params(test, key.params);
        }
    }
    for (const std::string &v : versions) key.versions += (key.versions.empty() ? "" : " ") + v;
    return key;
}

// The parts in which each key differs from any of the others, as a suffix:
// "quick", "copies 1,4", "suite index 5f0c2b8e", "imported", "portable
// x86-64-v3", "versions". Linear in the keys: a key's part differs from
// some other's when fewer keys than all hold its value.
std::vector<std::string> distinguishing(const std::vector<PoolingKey> &keys) {
    using Part = std::string PoolingKey::*;
    const Part parts_in_order[] = {&PoolingKey::tool,   &PoolingKey::suite, &PoolingKey::method,
                                   &PoolingKey::copies, &PoolingKey::build, &PoolingKey::versions};
    std::map<std::string, size_t> holders[std::size(parts_in_order)];
    for (size_t p = 0; p < std::size(parts_in_order); ++p)
        for (const PoolingKey &key : keys) ++holders[p][key.*parts_in_order[p]];
    // The parameters, as a set and each one: a key lacks some others have,
    // or has some others lack, when its set is not every key's.
    std::map<std::set<std::string>, size_t> param_sets;
    std::map<std::string, size_t> param_holders;
    for (const PoolingKey &key : keys) {
        ++param_sets[key.params];
        for (const std::string &p : key.params) ++param_holders[p];
    }
    std::vector<std::string> suffixes;
    for (const PoolingKey &key : keys) {
        const auto differs = [&](Part part) {
            const size_t p =
                size_t(std::find(std::begin(parts_in_order), std::end(parts_in_order), part) -
                       std::begin(parts_in_order));
            return holders[p][key.*part] < keys.size();
        };
        std::vector<std::string> parts;
        if (differs(&PoolingKey::tool)) parts.push_back(key.tool);
        if (differs(&PoolingKey::suite)) parts.push_back("suite " + key.suite);
        if (differs(&PoolingKey::method)) parts.push_back(key.method);
        if (differs(&PoolingKey::copies)) parts.push_back("copies " + key.copies);
        if (differs(&PoolingKey::build))
            parts.push_back(key.build.empty() ? "build unknown" : key.build);
        if (param_sets[key.params] < keys.size())
            parts.push_back(params_difference(key, param_holders, keys.size()));
        if (parts.empty() && differs(&PoolingKey::versions)) parts.push_back("other versions");
        suffixes.push_back(joined(parts, ", "));
    }
    // Keys that differ only in what the suffix does not spell out (two sets
    // of other versions) would share a name: numbered, so that every column
    // has its own.
    std::map<std::string, size_t> uses, seen;
    for (const std::string &suffix : suffixes) ++uses[suffix];
    for (std::string &suffix : suffixes)
        if (uses[suffix] > 1) suffix += " #" + std::to_string(++seen[suffix]);
    return suffixes;
}

// One column while it is being formed.
struct Column {
    std::string name;                 // "3.16,on", "3.16,on [quick]"
    std::string values_name;          // the name before a split's suffix: "3.16,on"
    std::vector<std::string> values;  // per key, "(no KEY)" for a result without it
    std::vector<size_t> inputs;       // positions in the inputs
    std::string split;                // why it is apart from others of its name
};

// A result's value of each key; nullopt where it has none (never the same
// as a value, whatever the value reads).
using KeyValues = std::vector<std::optional<std::string>>;

KeyValues values_of(const json &doc, const std::vector<std::string> &keys) {
    const Labels labels = labels_of(doc);
    KeyValues values;
    for (const std::string &key : keys) {
        const auto it = labels.find(key);
        values.push_back(it == labels.end() ? std::nullopt : std::optional(it->second));
    }
    return values;
}

void check_keys_exist(const std::vector<ComparisonInput> &inputs, const PivotSpec &spec) {
    std::set<std::string> found;
    for (const ComparisonInput &input : inputs)
        for (const auto &[key, value] : labels_of(input.document)) found.insert(key);
    for (const std::string &key : spec.keys)
        if (!found.count(key))
            throw std::invalid_argument(
                "--by " + spec.by + ": no result has the label " + key + " (labels found: " +
                (found.empty() ? std::string("none") : joined({found.begin(), found.end()}, ", ")) +
                ")");
}

// The results of one name split by what must agree to pool them. A failed
// result (a failure record) has nothing to disagree with: it joins the
// first group.
std::vector<Column> split_by_pooling_key(const Column &named,
                                         const std::vector<ComparisonInput> &inputs) {
    std::vector<PoolingKey> keys;
    std::map<PoolingKey, size_t> group_of;  // key -> position in keys and groups
    std::vector<Column> groups;
    std::vector<size_t> failed;
    for (const size_t i : named.inputs) {
        if (ResultView(inputs[i].document).status() == "failed") {
            failed.push_back(i);
            continue;
        }
        PoolingKey key = pooling_key(inputs[i].document);
        const auto [it, added] = group_of.emplace(key, keys.size());
        if (added) {
            keys.push_back(std::move(key));
            groups.push_back({named.name, named.values_name, named.values, {}, ""});
        }
        groups[it->second].inputs.push_back(i);
    }
    if (groups.empty()) groups.push_back({named.name, named.values_name, named.values, {}, ""});
    groups.front().inputs.insert(groups.front().inputs.end(), failed.begin(), failed.end());
    if (groups.size() == 1) return groups;
    const std::vector<std::string> suffixes = distinguishing(keys);
    for (size_t g = 0; g < groups.size(); ++g) {
        groups[g].name += " [" + suffixes[g] + "]";
        groups[g].split = "not pooled with the other " + named.name + " results, which differ in " +
                          "what they ran (" + suffixes[g] + " here)";
    }
    return groups;
}

// Every column's name names its values alone. A value is written as is,
// or in double quotes (an inner one doubled, as in CSV) when it holds what
// the name is built with: the ',' between values, the '[' of a split
// column's suffix, the '(' of "(no KEY)", a quote, or blanks at an end. So
// 3,16 + on is "3,16",on and 3 + 16,on is 3,"16,on".
std::string column_value(const std::string &value) {
    const bool plain = value.find_first_of(",\"[]()") == std::string::npos && !value.empty() &&
                       value.front() != ' ' && value.back() != ' ';
    if (plain) return value;
    std::string quoted = "\"";
    for (const char c : value) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

Column column_of(const KeyValues &values, const PivotSpec &spec) {
    Column column;
    std::vector<std::string> parts;
    for (size_t k = 0; k < values.size(); ++k) {
        column.values.push_back(values[k] ? *values[k] : absent_value(spec.keys[k]));
        parts.push_back(values[k] ? column_value(*values[k]) : absent_value(spec.keys[k]));
    }
    column.name = column.values_name = joined(parts, ",");
    return column;
}

// Two columns of one name would be one in every report and to --baseline:
// never expected of the names above, and an error rather than a silent pick.
void check_names_unique(const std::vector<Column> &columns, const PivotSpec &spec) {
    std::set<std::string> names;
    for (const Column &column : columns)
        if (!names.insert(column.name).second)
            throw std::invalid_argument("--by " + spec.by + ": two columns are named '" +
                                        column.name + "'");
}

std::vector<Column> columns_of(const std::vector<ComparisonInput> &inputs, const PivotSpec &spec) {
    std::map<KeyValues, Column> named;
    for (size_t i = 0; i < inputs.size(); ++i) {
        const KeyValues values = values_of(inputs[i].document, spec.keys);
        Column &column = named[values];
        if (column.inputs.empty()) column = column_of(values, spec);
        column.inputs.push_back(i);
    }
    std::vector<Column> sorted;
    for (auto &[values, column] : named) sorted.push_back(std::move(column));
    std::stable_sort(sorted.begin(), sorted.end(), [](const Column &a, const Column &b) {
        return std::lexicographical_compare(a.values.begin(), a.values.end(), b.values.begin(),
                                            b.values.end(), natural_less);
    });
    std::vector<Column> columns;
    for (const Column &column : sorted)
        for (Column &split : split_by_pooling_key(column, inputs))
            columns.push_back(std::move(split));
    check_names_unique(columns, spec);
    return columns;
}

// --baseline: a column's name, else the name without a split column's
// suffix, else its values joined as typed (3.16,on), when either names one
// column only. None: the first column with a complete result
// (first_with_results: a failed host has nothing to compare with, and a
// stopped one lacks what it did not finish); either only when named.
size_t baseline_column(const std::vector<Column> &columns, const std::string &wanted,
                       const std::vector<ComparisonInput> &inputs) {
    if (wanted.empty()) {
        std::vector<std::vector<std::string>> statuses(columns.size());
        for (size_t i = 0; i < columns.size(); ++i)
            for (const size_t member : columns[i].inputs)
                statuses[i].push_back(ResultView(inputs[member].document).status());
        return first_with_results(statuses);
    }
    for (size_t i = 0; i < columns.size(); ++i)
        if (columns[i].name == wanted) return i;
    std::string names;
    for (size_t i = 0; i < columns.size() && i < 10; ++i)
        names += (i == 0 ? "" : ", ") + columns[i].name;
    if (columns.size() > 10) names += ", ...";
    const std::vector<std::function<std::string(const Column &)>> readings = {
        [](const Column &c) { return c.values_name; },
        [](const Column &c) { return joined(c.values, ","); }};
    for (const auto &reading : readings) {
        std::vector<size_t> matches;
        for (size_t i = 0; i < columns.size(); ++i)
            if (reading(columns[i]) == wanted) matches.push_back(i);
        if (matches.size() == 1) return matches[0];
        if (matches.size() > 1)
            throw std::invalid_argument("--baseline " + wanted + ": " +
                                        std::to_string(matches.size()) +
                                        " columns match; name one (columns: " + names + ")");
    }
    throw std::invalid_argument("--baseline " + wanted + ": no such column (columns: " + names +
                                ")");
}

json member_description(const ComparisonInput &input) {
    const ResultView result(input.document);
    json out = {{"source", input.source}, {"status", result.status()}};
    if (input.history_id) out["history_id"] = *input.history_id;
    if (!result.system_text("hostname").empty()) out["hostname"] = result.system_text("hostname");
    const std::vector<CopyPassView> runs = result.copy_passes();
    if (!runs.empty() && !runs[0].start().empty()) out["start"] = runs[0].start();
    if (!result.error().empty()) out["reason"] = result.error();
    if (!result.state().empty()) out["state"] = result.state();
    return out;
}

// What a comparison of pooled columns needs to say about their members.
std::vector<std::string> member_warnings(const Column &column, const json &members) {
    std::vector<std::string> warnings;
    if (members.size() < 2) return warnings;  // the column's own status says it
    for (const json &m : members) {
        const std::string status = string_member(m, "status");
        const std::string who =
            string_member(m, "hostname").empty()
                ? string_member(m, "source")
                : string_member(m, "hostname") + " (" + string_member(m, "source") + ")";
        if (status == "failed")
            warnings.push_back(column.name + ": " + who + " " +
                               failed_text(string_member(m, "state"), string_member(m, "reason")));
        else if (status != "complete")
            warnings.push_back(column.name + ": " + who +
                               " is incomplete: the tests it did not finish are pooled from "
                               "the others");
    }
    return warnings;
}

}  // namespace

bool natural_less(const std::string &a, const std::string &b) {
    size_t i = 0, j = 0;
    auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
    while (i < a.size() && j < b.size()) {
        if (digit(a[i]) && digit(b[j])) {
            size_t ei = i, ej = j;
            while (ei < a.size() && digit(a[ei])) ++ei;
            while (ej < b.size() && digit(b[ej])) ++ej;
            std::string x = a.substr(i, ei - i), y = b.substr(j, ej - j);
            x.erase(0, std::min(x.find_first_not_of('0'), x.size()));
            y.erase(0, std::min(y.find_first_not_of('0'), y.size()));
            if (x.size() != y.size()) return x.size() < y.size();
            if (x != y) return x < y;
            i = ei;
            j = ej;
        } else {
            if (a[i] != b[j])
                return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[j]);
            ++i;
            ++j;
        }
    }
    if (a.size() - i != b.size() - j) return a.size() - i < b.size() - j;
    return a < b;
}

PivotSpec parse_pivot(const std::string &by, const std::string &baseline) {
    PivotSpec spec{by, {}, baseline};
    size_t start = 0;
    while (start <= by.size()) {
        const size_t comma = std::min(by.find(',', start), by.size());
        const std::string item = by.substr(start, comma - start);
        std::string key;
        if (item == kHostLabel)
            key = kHostLabel;
        else if (item.rfind("label:", 0) == 0)
            key = item.substr(6);
        else
            throw std::invalid_argument("--by " + by + ": '" + item +
                                        "' is neither host nor label:KEY");
        try {
            parse_label(key + "=x");  // the rules of a label's key
        } catch (const std::invalid_argument &) {
            throw std::invalid_argument("--by " + by + ": '" + key +
                                        "' is not a label key (letters, digits, '_', '-', '.')");
        }
        if (std::find(spec.keys.begin(), spec.keys.end(), key) != spec.keys.end())
            throw std::invalid_argument("--by " + by + ": " + key + " is given twice");
        spec.keys.push_back(key);
        start = comma + 1;
    }
    return spec;
}

json compare_pivoted(std::vector<ComparisonInput> inputs, const PivotSpec &spec,
                     ComparisonOptions options) {
    check_keys_exist(inputs, spec);
    const std::vector<Column> columns = columns_of(inputs, spec);
    options.baseline = baseline_column(columns, spec.baseline, inputs);
    std::vector<json> members(columns.size(), json::array());
    std::vector<ComparisonInput> pooled;
    for (size_t c = 0; c < columns.size(); ++c) {
        std::vector<json> documents;
        for (const size_t i : columns[c].inputs) {
            members[c].push_back(member_description(inputs[i]));
            documents.push_back(std::move(inputs[i].document));
        }
        json column = pooled_result(std::move(documents));
        // The labels make the columns; what differs between columns is
        // erased below. Left in, each of a column's labels would cost an
        // environment difference keyed by every column's name.
        column.erase("labels");
        pooled.push_back({columns[c].name, std::nullopt, std::move(column), columns[c].name});
    }
    json out = compare_results(pooled, options);
    // A column pools results, and its pooled system is its first member's:
    // the differences between columns would speak for one member each.
    out.erase("environment_differences");
    std::vector<std::string> warnings;
    for (size_t c = 0; c < columns.size(); ++c) {
        json &input = out["inputs"][c];
        input["source"] = columns[c].inputs.size() == 1 ? members[c][0]["source"] : json();
        if (input["source"].is_null()) input.erase("source");
        json values = json::object();
        for (size_t k = 0; k < spec.keys.size(); ++k) values[spec.keys[k]] = columns[c].values[k];
        input["values"] = std::move(values);
        input["results"] = columns[c].inputs.size();
        if (!columns[c].split.empty()) {
            input["split"] = columns[c].split;
            warnings.push_back(columns[c].name + ": " + columns[c].split);
        }
        for (const std::string &w : member_warnings(columns[c], members[c])) warnings.push_back(w);
        input["members"] = std::move(members[c]);
    }
    for (const std::string &w : warnings) out["warnings"].push_back(w);
    json keys = json::array(), items = json::array();
    for (const std::string &k : spec.keys) {
        keys.push_back(k);
        items.push_back(k == kHostLabel ? k : "label:" + k);
    }
    out["pivot"] = {{"by", std::move(items)},
                    {"keys", std::move(keys)},
                    {"baseline", columns[options.baseline].name}};
    return out;
}

}  // namespace bytebench
