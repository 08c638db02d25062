#include "plan/suite_file.h"

#include <openssl/evp.h>
#include <toml++/toml.h>

#include <cmath>
#include <cstdint>
#include <set>
#include <sstream>

#include "base/file_io.h"

namespace bytebench {
namespace {

// The standard suite is 7.5 KiB; a suite of thousands of tests is still far
// below this, and a file that is not one (--suite /dev/zero is refused
// before, as is any non-file) costs no more than this to find out.
constexpr std::size_t kMaxSuiteFileBytes = std::size_t(4) << 20;

// A bound an int holds: a million passes of a 10 s test take four months.
constexpr int64_t kMaxPasses = 1000000;

std::string where(const std::string &path, const toml::source_region &at) {
    return path + ":" + std::to_string(at.begin.line) + ":" + std::to_string(at.begin.column);
}

[[noreturn]] void fail(const std::string &path, const toml::node &node, const std::string &msg) {
    throw SuiteError(where(path, node.source()) + ": " + msg);
}

std::string require_string(const std::string &path, const toml::node &node,
                           const std::string &what) {
    if (!node.is_string()) fail(path, node, what + " must be a string");
    return std::string(*node.as_string());
}

double require_number(const std::string &path, const toml::node &node, const std::string &what) {
    double v = 0;
    if (node.is_integer())
        v = double(node.as_integer()->get());
    else if (node.is_floating_point())
        v = node.as_floating_point()->get();
    else
        fail(path, node, what + " must be a number");
    if (!std::isfinite(v)) fail(path, node, what + " must be finite");
    return v;
}

std::vector<std::string> require_names(const std::string &path, const toml::node &node,
                                       const std::string &what) {
    const toml::array *arr = node.as_array();
    if (arr == nullptr) fail(path, node, what + " must be an array of test names");
    std::vector<std::string> names;
    for (const toml::node &item : *arr)
        names.push_back(require_string(path, item, what + " entry"));
    return names;
}

std::string param_value(const std::string &path, const toml::node &node, const std::string &key) {
    if (node.is_string()) return std::string(*node.as_string());
    if (node.is_integer()) return std::to_string(node.as_integer()->get());
    if (node.is_boolean()) return node.as_boolean()->get() ? "true" : "false";
    if (node.is_floating_point()) {
        std::ostringstream out;
        out << node.as_floating_point()->get();
        return out.str();
    }
    fail(path, node, "parameter '" + key + "' must be a string, number or boolean");
}

std::vector<std::pair<std::string, std::string>> parse_params(const std::string &path,
                                                              const toml::node &node,
                                                              const std::string &what) {
    const toml::table *p = node.as_table();
    if (p == nullptr) fail(path, node, what + " must be a table");
    std::vector<std::pair<std::string, std::string>> params;
    for (const auto &[pk, pv] : *p)
        params.emplace_back(std::string(pk.str()), param_value(path, pv, std::string(pk.str())));
    return params;
}

TestDef parse_test(const std::string &path, const std::string &id, const toml::node &node) {
    const toml::table *t = node.as_table();
    if (t == nullptr) fail(path, node, "test '" + id + "' must be a table");
    TestDef def;
    def.id = id;
    def.workload = id;
    const std::string in = "test '" + id + "': ";
    for (const auto &[k, v] : *t) {
        const std::string key(k.str());
        if (key == "workload")
            def.workload = require_string(path, v, in + "workload");
        else if (key == "name")
            def.name = require_string(path, v, in + "name");
        else if (key == "category")
            def.category = require_string(path, v, in + "category");
        else if (key == "baseline") {
            def.baseline = require_number(path, v, in + "baseline");
            if (*def.baseline <= 0) fail(path, v, in + "baseline must be positive");
        } else if (key == "duration") {
            def.duration_s = require_number(path, v, in + "duration");
            if (*def.duration_s <= 0) fail(path, v, in + "duration must be positive");
        } else if (key == "repeat") {
            const std::string r = require_string(path, v, in + "repeat");
            if (r != "long" && r != "short")
                fail(path, v, in + "repeat must be \"long\" or \"short\"");
            def.repeat_long = r == "long";
        } else if (key == "passes") {
            if (!v.is_integer() || v.as_integer()->get() < 1 || v.as_integer()->get() > kMaxPasses)
                fail(path, v,
                     in + "passes must be an integer from 1 to " + std::to_string(kMaxPasses));
            def.passes = int(v.as_integer()->get());
        } else if (key == "params") {
            def.params = parse_params(path, v, in + "params");
        } else if (key == "quick_params") {
            def.quick_params = parse_params(path, v, in + "quick_params");
        } else {
            fail(path, v, in + "unknown key '" + key + "'");
        }
    }
    return def;
}

}  // namespace

Suite parse_suite(const std::string &text, const std::string &path) {
    toml::table root;
    try {
        root = toml::parse(text, path);
    } catch (const toml::parse_error &e) {
        throw SuiteError(where(path, e.source()) + ": " + std::string(e.description()));
    }
    Suite suite;
    suite.path = path;
    suite.sha256 = sha256_hex(text);
    for (const auto &[k, v] : root) {
        const std::string key(k.str());
        if (key == "schema") {
            const std::string schema = require_string(path, v, "schema");
            if (schema.rfind("bytebench.suite/1", 0) != 0)
                fail(path, v, "unsupported schema '" + schema + "' (expected bytebench.suite/1)");
        } else if (key == "name") {
            suite.name = require_string(path, v, "name");
        } else if (key == "description") {
            suite.description = require_string(path, v, "description");
        } else if (key == "settle") {
            suite.settle_s = require_number(path, v, "settle");
            if (*suite.settle_s < 0 || *suite.settle_s > 600)
                fail(path, v, "settle must be between 0 and 600 seconds");
        } else if (key == "tests") {
            suite.default_tests = require_names(path, v, "tests");
        } else if (key == "categories") {
            const toml::table *cats = v.as_table();
            if (cats == nullptr) fail(path, v, "categories must be a table");
            for (const auto &[ck, cv] : *cats) {
                const toml::table *c = cv.as_table();
                if (c == nullptr || !c->contains("title"))
                    fail(path, cv, "category '" + std::string(ck.str()) + "' needs a title");
                suite.categories.push_back(
                    {std::string(ck.str()), require_string(path, *c->get("title"), "title")});
            }
        } else if (key == "test") {
            const toml::table *tests = v.as_table();
            if (tests == nullptr) fail(path, v, "test must be a table of tests");
            for (const auto &[tk, tv] : *tests)
                suite.tests.push_back(parse_test(path, std::string(tk.str()), tv));
        } else if (key == "groups") {
            const toml::table *groups = v.as_table();
            if (groups == nullptr) fail(path, v, "groups must be a table");
            for (const auto &[gk, gv] : *groups)
                suite.groups.emplace_back(
                    std::string(gk.str()),
                    require_names(path, gv, "group '" + std::string(gk.str()) + "'"));
        } else {
            fail(path, v, "unknown key '" + key + "'");
        }
    }
    if (suite.name.empty()) throw SuiteError(path + ": the suite has no name");
    return suite;
}

Suite load_suite(const std::string &path) {
    std::string text;
    try {
        text = read_whole_file(path, kMaxSuiteFileBytes);
    } catch (const FileError &e) {
        throw SuiteError(e.what());  // "PATH: cannot read: REASON"
    }
    return parse_suite(text, path);
}

std::string sha256_hex(const std::string &bytes) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    EVP_Digest(bytes.data(), bytes.size(), digest, &size, EVP_sha256(), nullptr);
    static const char *hex = "0123456789abcdef";
    std::string out;
    for (unsigned i = 0; i < size; ++i) {
        out += hex[digest[i] >> 4];
        out += hex[digest[i] & 0xf];
    }
    return out;
}

}  // namespace bytebench
