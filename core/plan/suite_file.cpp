#include "plan/suite_file.h"

#include <openssl/evp.h>
#include <toml++/toml.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "base/decimal.h"
#include "base/file_io.h"
#include "base/names.h"
#include "plan/run_plan.h"

namespace bytebench {
namespace {

// The standard suite is 7.5 KiB; a suite of thousands of tests is still far
// below this, and a file that is not one (--suite /dev/zero is refused
// before, as is any non-file) costs no more than this to find out.
constexpr std::size_t kMaxSuiteFileBytes = std::size_t(4) << 20;

// A bound an int holds: a million passes of a 10 s test take four months.
constexpr int64_t kMaxPasses = 1000000;

// A pass from a millisecond to a day, as --duration allows.
const DecimalRange kDurations = DecimalRange::from_to(0.001, 86400, "seconds");

std::string where(const std::string &path, const toml::source_region &at) {
    return path + ":" + std::to_string(at.begin.line) + ":" + std::to_string(at.begin.column);
}

[[noreturn]] void fail(const std::string &path, const toml::node &node, const std::string &msg) {
    throw SuiteError(where(path, node.source()) + ": " + msg);
}

// Test ids, group names and the workloads and tests a suite names become
// folder names and are typed on the command line: each is a name
// (base/names.h), refused where it is written.
void require_name(const std::string &path, const toml::source_region &at, const std::string &what,
                  const std::string &name) {
    if (const std::string problem = name_problem(what, name); !problem.empty())
        throw SuiteError(where(path, at) + ": " + problem);
}

std::string require_string(const std::string &path, const toml::node &node,
                           const std::string &what) {
    if (!node.is_string()) fail(path, node, what + " must be a string");
    return std::string(*node.as_string());
}

// The number at `node`, finite and in `range`: "test 'a': duration must be
// from 0.001 to 86400 seconds, not 1e300".
double require_number(const std::string &path, const toml::node &node, const std::string &what,
                      const DecimalRange &range) {
    double v = 0;
    if (node.is_integer())
        v = double(node.as_integer()->get());
    else if (node.is_floating_point())
        v = node.as_floating_point()->get();
    else
        fail(path, node, what + " must be a number");
    if (const std::string problem = decimal_problem(v, range, what); !problem.empty())
        fail(path, node, problem);
    return v;
}

std::vector<std::string> require_names(const std::string &path, const toml::node &node,
                                       const std::string &what) {
    const toml::array *arr = node.as_array();
    if (arr == nullptr) fail(path, node, what + " must be an array of test names");
    std::vector<std::string> names;
    for (const toml::node &item : *arr) {
        names.push_back(require_string(path, item, what + " entry"));
        require_name(path, item.source(), what + " entry", names.back());
    }
    return names;
}

// A TOML float as a person would type it for --param, and still a float:
// 5.0 is "5.0", not "5", so an int parameter refuses it here as it refuses
// --param i=5.0 (one rule; docs/suites.md).
std::string float_text(double v) {
    std::string text = decimal_text(v);
    if (text.find_first_of(".e") == std::string::npos) text += ".0";
    return text;
}

std::string param_value(const std::string &path, const toml::node &node, const std::string &key) {
    if (node.is_string()) return std::string(*node.as_string());
    if (node.is_integer()) return std::to_string(node.as_integer()->get());
    if (node.is_boolean()) return node.as_boolean()->get() ? "true" : "false";
    if (node.is_floating_point()) {
        const double v = node.as_floating_point()->get();
        // A workload reads it back from text: nan and inf are not numbers
        // there, and the shortest form that reads back loses no digits.
        const std::string what = "parameter '" + key + "'";
        if (const std::string problem = decimal_problem(v, DecimalRange::any_finite(), what);
            !problem.empty())
            fail(path, node, problem);
        return float_text(v);
    }
    fail(path, node, "parameter '" + key + "' must be a string, number or boolean");
}

// The table's values, and where each was written (for the plan's checks of
// them against the workload, which it cannot make before the plugins load).
std::vector<std::pair<std::string, std::string>> parse_params(
    const std::string &path, const toml::node &node, const std::string &what,
    std::map<std::string, std::string> &places) {
    const toml::table *p = node.as_table();
    if (p == nullptr) fail(path, node, what + " must be a table");
    std::vector<std::pair<std::string, std::string>> params;
    for (const auto &[pk, pv] : *p) {
        params.emplace_back(std::string(pk.str()), param_value(path, pv, std::string(pk.str())));
        places[std::string(pk.str())] = where(path, pv.source());
    }
    return params;
}

TestDef parse_test(const std::string &path, const toml::key &id_key, const toml::node &node) {
    const std::string id(id_key.str());
    require_name(path, id_key.source(), "test", id);
    const toml::table *t = node.as_table();
    if (t == nullptr) fail(path, node, "test '" + id + "' must be a table");
    TestDef def;
    def.id = id;
    def.workload = id;
    const std::string in = "test '" + id + "': ";
    for (const auto &[k, v] : *t) {
        const std::string key(k.str());
        if (key == "workload") {
            def.workload = require_string(path, v, in + "workload");
            require_name(path, v.source(), in + "workload", def.workload);
        } else if (key == "name")
            def.name = require_string(path, v, in + "name");
        else if (key == "category")
            def.category = require_string(path, v, in + "category");
        else if (key == "baseline")
            def.baseline = require_number(path, v, in + "baseline", DecimalRange::positive());
        else if (key == "duration")
            def.duration_s = require_number(path, v, in + "duration", kDurations);
        else if (key == "repeat") {
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
            def.params = parse_params(path, v, in + "params", def.param_places);
        } else if (key == "quick_params") {
            def.quick_params = parse_params(path, v, in + "quick_params", def.quick_param_places);
        } else {
            fail(path, v, in + "unknown key '" + key + "'");
        }
    }
    return def;
}

// Where a group's members were written ("s.toml:9:8"), member by member.
using MemberPlaces = std::vector<std::vector<std::string>>;

// "a -> b -> a"; a long cycle by its ends, on one line.
std::string cycle_text(const std::vector<std::string> &cycle) {
    constexpr size_t kHead = 4, kTail = 3;
    std::string text;
    for (size_t i = 0; i < cycle.size(); ++i) {
        if (cycle.size() > kHead + kTail + 1 && i >= kHead && i + kTail < cycle.size()) {
            if (i == kHead) text += " -> ...";
            continue;
        }
        text += (i == 0 ? "" : " -> ") + cycle[i];
    }
    if (cycle.size() > kHead + kTail + 1)
        text += " (" + std::to_string(cycle.size() - 1) + " groups)";
    return text;
}

// Every member of a group names a test of the suite or another group, and no
// group contains itself, directly or through others: either would otherwise
// be noticed only when the group runs (a member that is no test is skipped).
void check_groups(const Suite &suite, const MemberPlaces &places) {
    std::map<std::string, size_t> group_at;  // name -> position in suite.groups
    for (size_t g = 0; g < suite.groups.size(); ++g) group_at.emplace(suite.groups[g].first, g);
    std::set<std::string> tests;
    for (const TestDef &t : suite.tests) tests.insert(t.id);
    for (size_t g = 0; g < suite.groups.size(); ++g) {
        const auto &[name, members] = suite.groups[g];
        for (size_t m = 0; m < members.size(); ++m) {
            if (group_at.count(members[m]) != 0 || tests.count(members[m]) != 0) continue;
            std::vector<std::string> known(tests.begin(), tests.end());
            for (const auto &group : suite.groups) known.push_back(group.first);
            const std::string near = nearest_name(members[m], known);
            throw SuiteError(places[g][m] + ": group '" + name + "': '" + members[m] +
                             "' is neither a test nor a group of this suite" +
                             (near.empty() ? "" : "; did you mean '" + near + "'?"));
        }
    }
    // Depth first, without recursion (a crafted file may chain thousands of groups).
    enum class Seen { no, on_path, done };
    std::vector<Seen> seen(suite.groups.size(), Seen::no);
    struct Step {
        size_t group, next_member;
    };
    for (size_t start = 0; start < suite.groups.size(); ++start) {
        if (seen[start] != Seen::no) continue;
        std::vector<Step> path = {{start, 0}};
        seen[start] = Seen::on_path;
        while (!path.empty()) {
            const size_t g = path.back().group;
            const std::vector<std::string> &members = suite.groups[g].second;
            if (path.back().next_member == members.size()) {
                seen[g] = Seen::done;
                path.pop_back();
                continue;
            }
            const size_t m = path.back().next_member++;
            const auto inner = group_at.find(members[m]);
            if (inner == group_at.end()) continue;
            const size_t h = inner->second;
            if (seen[h] == Seen::on_path) {
                std::vector<std::string> cycle;
                for (const Step &step : path)
                    if (!cycle.empty() || step.group == h)
                        cycle.push_back(suite.groups[step.group].first);
                cycle.push_back(suite.groups[h].first);
                throw SuiteError(places[g][m] + ": group '" + suite.groups[g].first +
                                 "' contains itself: " + cycle_text(cycle));
            }
            if (seen[h] == Seen::no) {
                seen[h] = Seen::on_path;
                path.push_back({h, 0});
            }
        }
    }
}

// toml++ keeps a table's keys sorted; reports show the categories' index
// blocks in the order the suite lists them ("2d" after "system").
void in_file_order(std::vector<CategoryDef> &categories, const toml::table &table) {
    const auto line = [&](const CategoryDef &c) {
        const toml::node *node = table.get(c.id);
        return node != nullptr ? node->source().begin.line : 0;
    };
    std::stable_sort(categories.begin(), categories.end(),
                     [&](const CategoryDef &a, const CategoryDef &b) { return line(a) < line(b); });
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
    MemberPlaces member_places;  // of suite.groups
    for (const auto &[k, v] : root) {
        const std::string key(k.str());
        if (key == "schema") {
            const std::string schema = require_string(path, v, "schema");
            if (schema.rfind("bytebench.suite/1", 0) != 0)
                fail(path, v, "unsupported schema '" + schema + "' (expected bytebench.suite/1)");
        } else if (key == "name") {
            suite.name = require_string(path, v, "name");
            if (const std::string problem = text_problem("name", suite.name); !problem.empty())
                fail(path, v, problem);
        } else if (key == "description") {
            suite.description = require_string(path, v, "description");
        } else if (key == "settle") {
            suite.settle_s =
                require_number(path, v, "settle", DecimalRange::from_to(0, 600, "seconds"));
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
            in_file_order(suite.categories, *cats);
        } else if (key == "test") {
            const toml::table *tests = v.as_table();
            if (tests == nullptr) fail(path, v, "test must be a table of tests");
            for (const auto &[tk, tv] : *tests) suite.tests.push_back(parse_test(path, tk, tv));
        } else if (key == "groups") {
            const toml::table *groups = v.as_table();
            if (groups == nullptr) fail(path, v, "groups must be a table");
            for (const auto &[gk, gv] : *groups) {
                const std::string group(gk.str());
                require_name(path, gk.source(), "group", group);
                suite.groups.emplace_back(group, require_names(path, gv, "group '" + group + "'"));
                std::vector<std::string> places;
                for (const toml::node &member : *gv.as_array())
                    places.push_back(where(path, member.source()));
                member_places.push_back(std::move(places));
            }
        } else {
            fail(path, v, "unknown key '" + key + "'");
        }
    }
    if (suite.name.empty()) throw SuiteError(path + ": the suite has no name");
    check_groups(suite, member_places);
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
