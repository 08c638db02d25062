#include "compare/environment_differences.h"

#include <cstdio>
#include <optional>
#include <set>
#include <utility>

#include "base/json_read.h"
#include "base/text.h"
#include "results/result_reader.h"

namespace bytebench {
namespace {

using nlohmann::json;

constexpr const char *kUnknownValue = "unknown";

// One input's value of a member: what is compared, and what is shown (more
// words: the effective CPUs' reason, which names a cgroup path that differs
// from run to run while the count stays).
struct Value {
    std::string compared, shown;
};

Value same(const std::string &value) { return {value, value}; }

// The inputs to compare: a failure record has nothing to compare.
struct Inputs {
    const std::vector<const json *> &documents;
    std::vector<bool> skipped;
};

Inputs inputs_of(const std::vector<const json *> &documents) {
    Inputs in{documents, {}};
    for (const json *doc : documents) in.skipped.push_back(ResultView(*doc).status() == "failed");
    return in;
}

std::string number_text(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.15g", value);
    return text;
}

// A member as text: a string as it is, a number or boolean written out,
// anything else (missing, "") "unknown".
std::string text_at(const json &object, const char *key) {
    const json &v = member(object, key);
    if (v.is_string()) return v.get<std::string>().empty() ? kUnknownValue : v.get<std::string>();
    if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
    if (v.is_number()) return number_text(v.get<double>());
    return kUnknownValue;
}

const json &system_of(const json &doc) { return member(doc, "system"); }

// system.effective_cpus (the cgroup quota and cpuset): compared by count.
Value effective_cpus(const json &doc) {
    const json &cpus = member(system_of(doc), "effective_cpus");
    const std::string count = text_at(cpus, "count");
    const std::string reason = string_member(cpus, "reason");
    return {count, reason.empty() || count == kUnknownValue ? count : count + " (" + reason + ")"};
}

Value memory(const json &doc) {
    const std::optional<double> bytes =
        number_member(member(system_of(doc), "memory"), "total_bytes");
    if (!bytes) return same(kUnknownValue);
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GiB", *bytes / (1024.0 * 1024 * 1024));
    return same(text);
}

// "on, 2 threads per core", "off (control forceoff)".
Value smt(const json &doc) {
    const json &topology = member(system_of(doc), "topology");
    const json &on = member(topology, "smt");
    std::string text = on.is_boolean() ? (on.get<bool>() ? "on" : "off") : kUnknownValue;
    const std::optional<long long> threads = integer_member(topology, "threads_per_core");
    if (on.is_boolean() && on.get<bool>() && threads)
        text += ", " + std::to_string(*threads) + " threads per core";
    const std::string control = string_member(topology, "smt_control");
    if (!control.empty() && control != kUnknownValue && control != "on")
        text += " (control " + control + ")";
    return same(text);
}

// "vm (KVM)", "container (docker on KVM)", "none", with WSL said.
Value virtualization(const json &doc) {
    const json &v = member(system_of(doc), "virtualization");
    const std::string type = text_at(v, "type");
    const std::string hypervisor = string_member(v, "hypervisor");
    const std::string engine = string_member(v, "engine");
    const auto known = [](const std::string &s) {
        return !s.empty() && s != kUnknownValue && s != "none";
    };
    std::string text = type;
    if (type == "vm" && known(hypervisor)) text += " (" + hypervisor + ")";
    if (type == "container")
        text += " (" + (known(engine) ? engine : std::string("engine unknown")) +
                (known(hypervisor) ? " on " + hypervisor : "") + ")";
    if (const std::string wsl = string_member(v, "wsl"); known(wsl)) text += ", " + wsl;
    return same(text);
}

Value build_method(const json &doc) {
    const std::string build = ResultView(doc).workload_build();
    return same(build.empty() ? kUnknownValue : build);
}

// The compilers and flags of the workload plugins (system.workload_builds),
// else of the tests; the distinct ones, "; " between them.
Value workload_compilers(const json &doc) {
    std::vector<std::string> builds;
    const auto add = [&](const std::string &build) {
        if (build.empty() || build == kUnknownValue) return;
        for (const std::string &b : builds)
            if (b == build) return;
        builds.push_back(build);
    };
    for (const json &entry : elements(member(system_of(doc), "workload_builds")))
        add(string_member(entry, "build"));
    if (builds.empty())
        for (const CopyPassView &run : ResultView(doc).copy_passes())
            for (const TestView &test : run.tests()) add(test.build());
    return same(builds.empty() ? kUnknownValue : joined(builds, "; "));
}

// "index (sha256 5f0c2b8e)", as the suite warning names it.
Value suite(const json &doc) {
    const ResultView result(doc);
    if (result.suite_name().empty()) return same(kUnknownValue);
    const std::string sha = result.suite_sha256();
    return same(result.suite_name() + (sha.empty() ? "" : " (sha256 " + utf8_prefix(sha, 8) + ")"));
}

// A member of the comparison: its name, and how to read it from a result:
// `read`, or the string at `path` under system.
struct Member {
    const char *what;
    std::vector<const char *> path;
    Value (*read)(const json &doc) = nullptr;
};

Value value_of(const Member &m, const json &doc) {
    if (m.read != nullptr) return m.read(doc);
    const json *object = &system_of(doc);
    for (size_t i = 0; i + 1 < m.path.size(); ++i) object = &member(*object, m.path[i]);
    return same(text_at(*object, m.path.back()));
}

// The members before the mitigations, and after them; the labels come last.
const std::vector<Member> &machine_members() {
    static const std::vector<Member> members = {{"cpu model", {"cpu_model"}},
                                                {"online CPU count", {"cpus_online"}},
                                                {"effective CPU count", {}, effective_cpus},
                                                {"memory", {}, memory},
                                                {"kernel", {"kernel"}},
                                                {"microcode", {"cpu", "microcode"}}};
    return members;
}

const std::vector<Member> &run_members() {
    static const std::vector<Member> members = {{"governor", {"frequency", "governor"}},
                                                {"boost", {"frequency", "boost"}},
                                                {"SMT", {}, smt},
                                                {"virtualization", {}, virtualization},
                                                {"distribution", {"distribution"}},
                                                {"libc", {"libc"}},
                                                {"bytebench compiler", {"bytebench_compiler"}},
                                                {"build method", {}, build_method},
                                                {"workload build flags", {}, workload_compilers},
                                                {"suite", {}, suite}};
    return members;
}

// Whether the compared values of the measured inputs are not all the same.
bool values_differ(const Inputs &in, const std::vector<Value> &values) {
    const std::string *first = nullptr;
    for (size_t i = 0; i < values.size(); ++i) {
        if (in.skipped[i]) continue;
        if (first == nullptr)
            first = &values[i].compared;
        else if (values[i].compared != *first)
            return true;
    }
    return false;
}

void add_if_different(const Inputs &in, const std::string &what, const std::vector<Value> &values,
                      std::vector<EnvironmentDifference> &found) {
    if (!values_differ(in, values)) return;
    EnvironmentDifference difference{what, {}, {}};
    for (size_t i = 0; i < values.size(); ++i)
        difference.values.push_back(in.skipped[i] ? "" : values[i].shown);
    found.push_back(std::move(difference));
}

void add_member(const Inputs &in, const Member &m, std::vector<EnvironmentDifference> &found) {
    std::vector<Value> values;
    for (const json *doc : in.documents) values.push_back(value_of(m, *doc));
    add_if_different(in, m.what, values, found);
}

// A vulnerability's text in one input's system.vulnerabilities; "not
// listed" when its kernel has no file for it (an older kernel).
std::string vulnerability_text(const json &vulnerabilities, const std::string &name) {
    if (!vulnerabilities.contains(name)) return "not listed";
    const json &text = member(vulnerabilities, name.c_str());
    return text.is_string() && !text.get<std::string>().empty() ? text.get<std::string>()
                                                                : kUnknownValue;
}

// The keys of an object; none for anything else (items() of a string would
// yield it, and its key() throws).
std::vector<std::string> keys_of(const json &object) {
    std::vector<std::string> keys;
    if (object.is_object())
        for (const auto &item : object.items()) keys.push_back(item.key());
    return keys;
}

// The vulnerabilities whose texts differ between the inputs that recorded
// them, by name.
std::vector<std::string> differing_vulnerabilities(const Inputs &in) {
    std::set<std::string> names;
    for (size_t i = 0; i < in.documents.size(); ++i)
        if (!in.skipped[i])
            for (const std::string &name :
                 keys_of(member(system_of(*in.documents[i]), "vulnerabilities")))
                names.insert(name);
    std::vector<std::string> differing;
    for (const std::string &name : names) {
        std::set<std::string> texts;
        for (size_t i = 0; i < in.documents.size(); ++i) {
            const json &v = member(system_of(*in.documents[i]), "vulnerabilities");
            if (!in.skipped[i] && v.is_object()) texts.insert(vulnerability_text(v, name));
        }
        if (texts.size() > 1) differing.push_back(name);
    }
    return differing;
}

// The mitigations: only the vulnerabilities whose texts differ, each
// input's text of them ("name: text | name: text" for several); an input
// that recorded none is "unknown".
void add_mitigations(const Inputs &in, std::vector<EnvironmentDifference> &found) {
    const std::vector<std::string> differing = differing_vulnerabilities(in);
    std::vector<Value> values;
    for (const json *doc : in.documents) {
        const json &v = member(system_of(*doc), "vulnerabilities");
        if (!v.is_object()) {
            values.push_back(same(kUnknownValue));
        } else if (differing.empty()) {
            values.push_back(same("recorded (" + std::to_string(v.size()) + ")"));
        } else if (differing.size() == 1) {
            values.push_back(same(vulnerability_text(v, differing[0])));
        } else {
            std::vector<std::string> parts;
            for (const std::string &name : differing)
                parts.push_back(name + ": " + vulnerability_text(v, name));
            values.push_back(same(joined(parts, " | ")));
        }
    }
    // Inputs that all recorded the same texts say the same, whatever the count.
    if (differing.empty())
        for (Value &value : values)
            if (value.compared != kUnknownValue) value.compared = "recorded";
    const size_t before = found.size();
    add_if_different(in, "mitigations", values, found);
    if (found.size() > before) found.back().differing = differing;
}

// One difference per label key that not every input gives the same value.
void add_labels(const Inputs &in, std::vector<EnvironmentDifference> &found) {
    std::set<std::string> keys;
    for (size_t i = 0; i < in.documents.size(); ++i)
        if (!in.skipped[i])
            for (const std::string &key : keys_of(member(*in.documents[i], "labels")))
                keys.insert(key);
    for (const std::string &key : keys) {
        std::vector<Value> values;
        for (const json *doc : in.documents) {
            const json &value = member(member(*doc, "labels"), key.c_str());
            values.push_back(same(value.is_string() ? value.get<std::string>() : "not set"));
        }
        add_if_different(in, "label " + key, values, found);
    }
}

}  // namespace

std::vector<EnvironmentDifference> find_environment_differences(
    const std::vector<const json *> &documents) {
    const Inputs in = inputs_of(documents);
    size_t measured = 0;
    for (const bool skipped : in.skipped) measured += skipped ? 0 : 1;
    if (measured < 2) return {};
    std::vector<EnvironmentDifference> found;
    for (const Member &m : machine_members()) add_member(in, m, found);
    add_mitigations(in, found);
    for (const Member &m : run_members()) add_member(in, m, found);
    add_labels(in, found);
    return found;
}

json environment_differences_json(const std::vector<EnvironmentDifference> &found,
                                  const std::vector<std::string> &labels) {
    json out = json::array();
    for (const EnvironmentDifference &difference : found) {
        json values = json::object();
        for (size_t i = 0; i < difference.values.size() && i < labels.size(); ++i)
            if (!difference.values[i].empty()) values[labels[i]] = difference.values[i];
        json entry = {{"what", difference.what}, {"values", std::move(values)}};
        if (!difference.differing.empty()) entry["differing"] = difference.differing;
        out.push_back(std::move(entry));
    }
    return out;
}

}  // namespace bytebench
