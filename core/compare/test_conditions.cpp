#include "compare/test_conditions.h"

#include <algorithm>
#include <cstdio>

#include "base/decimal.h"
#include "base/json_read.h"

namespace bytebench {
namespace {

using nlohmann::json;

bool is_quick(const json &document, const TestView &test) {
    return test.raw("quick").is_object() ||
           member(member(document, "options"), "quick").is_object();
}

// "io=direct mode=rr" (keys in order), "none" for an empty object, "" when
// the result gives no parameters at all.
std::string params_text(const json &params) {
    if (!params.is_object()) return "";
    std::string out;
    for (const auto &[key, value] : params.items())
        out += (out.empty() ? "" : " ") + key + "=" +
               (value.is_string() ? value.get<std::string>() : value.dump());
    return out.empty() ? "none" : out;
}

}  // namespace

TestConditions test_conditions(const json &document, const TestView &test) {
    TestConditions c;
    const bool imported = ResultView(document).imported();
    if (!imported) c.method = is_quick(document, test) ? "quick" : "full";
    if (const std::optional<double> s = number_of(test.raw("duration_s")))
        c.pass_length = decimal_text(*s) + " s";
    if (const std::optional<double> n = number_of(test.raw("passes_planned"));
        n && c.method != "quick")
        c.passes = decimal_text(*n);
    c.params = params_text(test.raw("params"));
    for (const json &warning : elements(test.raw("warnings")))
        if (warning.is_string()) c.warnings.push_back(warning.get<std::string>());
    return c;
}

std::vector<std::pair<std::string, std::string>> condition_aspects(const TestConditions &c) {
    return {{"method", c.method},
            {"pass length", c.pass_length},
            {"number of passes", c.passes},
            {"parameters", c.params}};
}

std::string run_method_key(const json &document) {
    const json &options = member(document, "options");
    std::string key = member(options, "quick").is_object() ? "quick" : "full";
    for (const char *name : {"duration_s", "iterations", "params", "tests"})
        key += std::string("\x1f") + name + "=" + member(options, name).dump();
    return key;
}

std::string copy_pass_conditions_key(const json &document, const CopyPassView &pass) {
    std::vector<std::string> tests;
    for (const TestView &test : pass.tests()) {
        std::string entry = test.id();
        for (const auto &aspect : condition_aspects(test_conditions(document, test)))
            entry += "\x1f" + aspect.second;
        tests.push_back(std::move(entry));
    }
    std::sort(tests.begin(), tests.end());
    std::string key;
    for (const std::string &t : tests) key += t + "\x1e";
    return key;
}

bool same_conditions(const TestConditions &a, const TestConditions &b) {
    return condition_aspects(a) == condition_aspects(b);
}

}  // namespace bytebench
