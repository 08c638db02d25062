// A suite: the tests (a workload with parameters, duration, pass count and
// index baseline), the categories they are indexed in, the default test list
// and named groups. The scorer takes baselines from here, never from code.
// plan/suite_file.h reads it from a TOML file (docs/suites.md).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bytebench {

struct TestDef {
    std::string id;
    std::string workload;  // defaults to id
    std::string name;      // "" = the workload's name
    std::string category;  // "" = the workload's category
    std::optional<double> baseline;
    std::optional<double> duration_s;
    std::optional<bool> repeat_long;
    std::optional<int> passes;                                // overrides the repeat class
    std::vector<std::pair<std::string, std::string>> params;  // as written
    // Under --quick, these replace the values of `params` (and the workload's
    // defaults): a test's set-up can be made to fit --quick's short passes
    // without the core knowing the workload.
    std::vector<std::pair<std::string, std::string>> quick_params;  // as written
    // Where each key of params and quick_params was written ("s.toml:7:12"),
    // for the messages of the checks against the workload; empty for a
    // suite made in code.
    std::map<std::string, std::string> param_places, quick_param_places;
};

struct CategoryDef {
    std::string id;
    std::string title;
};

struct Suite {
    std::string name;
    std::string description;
    std::string path;
    std::string sha256;  // of the file's bytes
    std::vector<std::string> default_tests;
    std::optional<double> settle_s;  // sync-and-sleep before each pass (CLI --settle wins)
    std::vector<CategoryDef> categories;
    std::vector<TestDef> tests;  // in file order
    std::vector<std::pair<std::string, std::vector<std::string>>> groups;

    const TestDef *find_test(const std::string &id) const;
    const std::vector<std::string> *find_group(const std::string &name) const;
    // The category's title, or the id itself when the suite gives none.
    std::string category_title(const std::string &category) const;
};

}  // namespace bytebench
