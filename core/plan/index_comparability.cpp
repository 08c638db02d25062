#include "plan/index_comparability.h"

#include <algorithm>
#include <map>
#include <sstream>

namespace bytebench {
namespace {

// What of an indexed test moves its index. Names and descriptions do not.
std::string method_of(const TestDef &t) {
    std::vector<std::pair<std::string, std::string>> params = t.params;
    std::sort(params.begin(), params.end());
    std::ostringstream s;
    s.precision(17);
    s << "workload " << (t.workload.empty() ? t.id : t.workload);
    s << ", baseline " << *t.baseline;
    s << ", category " << (t.category.empty() ? "(the workload's)" : t.category);
    s << ", duration "
      << (t.duration_s ? std::to_string(*t.duration_s) + " s" : "(the workload's)");
    if (t.passes)
        s << ", " << *t.passes << " passes";
    else
        s << ", repeat "
          << (!t.repeat_long   ? "(the workload's)"
              : *t.repeat_long ? "long"
                               : "short");
    s << ", params {";
    for (const auto &[k, v] : params) s << " " << k << "=" << v;
    s << " }";
    return s.str();
}

std::map<std::string, std::string> indexed_tests(const Suite &suite) {
    std::map<std::string, std::string> out;
    for (const TestDef &t : suite.tests)
        if (t.baseline) out[t.id] = method_of(t);
    return out;
}

}  // namespace

IndexComparability compare_with_standard_index(const Suite &suite, const Suite *standard,
                                               std::optional<double> duration_override,
                                               const std::string &method_change) {
    if (!method_change.empty()) return {false, method_change};
    if (duration_override) {
        std::ostringstream s;
        s << "--duration " << *duration_override << " replaces the suite's pass lengths";
        return {false, s.str()};
    }
    if (standard == nullptr)
        return {false, "the standard index suite was not found to compare with"};
    const auto mine = indexed_tests(suite);
    const auto theirs = indexed_tests(*standard);
    for (const auto &[id, method] : theirs) {
        const auto it = mine.find(id);
        if (it == mine.end())
            return {false, "suite '" + suite.name + "' does not index '" + id + "' (" +
                               std::to_string(mine.size()) + " of the standard index's " +
                               std::to_string(theirs.size()) + " tests have a baseline here)"};
        if (it->second != method)
            return {false, "'" + id + "' differs from the standard suite's: " + it->second +
                               " instead of " + method};
    }
    for (const auto &[id, method] : mine)
        if (theirs.count(id) == 0)
            return {false, "suite '" + suite.name + "' indexes '" + id +
                               "', which is not in the standard index"};
    return {true, ""};
}

}  // namespace bytebench
