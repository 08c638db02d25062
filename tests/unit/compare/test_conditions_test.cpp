// compare/test_conditions.h: how a test ran (method, pass length, passes
// planned, parameters, warnings), and the keys that tell runs and
// copy-passes run the same way.
#include "compare/test_conditions.h"

#include <gtest/gtest.h>

#include <string>

namespace bytebench {
namespace {

using nlohmann::json;

json test_of(double duration, int passes, const json &params) {
    return {{"id", "fsdisk"},         {"status", "ok"},           {"value", 1},
            {"duration_s", duration}, {"passes_planned", passes}, {"params", params}};
}

json document_of(const json &test, const json &options = json::object()) {
    return {{"schema", "bytebench.result/1"},
            {"status", "complete"},
            {"options", options},
            {"runs", {{{"copies", 1}, {"tests", {test}}}}}};
}

TestConditions conditions_of(const json &doc) {
    return test_conditions(doc, TestView(doc["runs"][0]["tests"][0]));
}

TEST(TestConditions, WhatATestRanWith) {
    json test = test_of(10, 10, {{"io", "direct"}, {"depth", "2"}});
    test["warnings"] = {"fsdisk wrote 4.2 KiB to stdout"};
    const TestConditions c = conditions_of(document_of(test));
    EXPECT_EQ(c.method, "full");
    EXPECT_EQ(c.pass_length, "10 s");
    EXPECT_EQ(c.passes, "10");
    EXPECT_EQ(c.params, "depth=2 io=direct");
    EXPECT_EQ(c.warnings, (std::vector<std::string>{"fsdisk wrote 4.2 KiB to stdout"}));
    EXPECT_EQ(conditions_of(document_of(test_of(0.5, 1, json::object()))).params, "none");
    EXPECT_EQ(conditions_of(document_of(test_of(0.5, 1, json::object()))).pass_length, "0.5 s");
}

TEST(TestConditions, QuickPassesAreAdaptiveAndImportsUnknown) {
    const TestConditions quick =
        conditions_of(document_of(test_of(2, 15, json::object()), {{"quick", json::object()}}));
    EXPECT_EQ(quick.method, "quick");
    EXPECT_EQ(quick.passes, "");  // --quick stops when it knows enough
    json imported = document_of({{"id", "dhry2reg"}, {"status", "ok"}, {"value", 1}});
    imported["imported"] = {{"from", "UnixBench"}};
    const TestConditions old = conditions_of(imported);
    EXPECT_EQ(old.method, "");
    EXPECT_EQ(old.pass_length, "");
    EXPECT_EQ(old.params, "");
}

TEST(TestConditions, RunsAskedForDifferentlyHaveDifferentKeys) {
    const json full = document_of(test_of(10, 10, json::object()), {{"tests", {"index"}}});
    EXPECT_EQ(run_method_key(full), run_method_key(full));
    for (const json &options :
         {json{{"tests", {"dhry2reg", "syscall"}}}, json{{"tests", {"index"}}, {"iterations", 1}},
          json{{"tests", {"index"}}, {"duration_s", 2}},
          json{{"tests", {"index"}}, {"quick", json::object()}},
          json{{"tests", {"index"}}, {"params", {"io=direct"}}}})
        EXPECT_NE(run_method_key(document_of(test_of(10, 10, json::object()), options)),
                  run_method_key(full))
            << options.dump();
}

TEST(TestConditions, CopyPassesWithOtherTestsOrConditionsHaveDifferentKeys) {
    const auto key = [](const json &doc) {
        return copy_pass_conditions_key(doc, CopyPassView(doc["runs"][0]));
    };
    const json a = document_of(test_of(10, 10, {{"io", "buffered"}}));
    json warned = a;
    warned["runs"][0]["tests"][0]["warnings"] = {"a warning"};
    EXPECT_EQ(key(a), key(warned));  // warnings are not how it ran
    EXPECT_NE(key(a), key(document_of(test_of(10, 10, {{"io", "direct"}}))));
    EXPECT_NE(key(a), key(document_of(test_of(2, 10, {{"io", "buffered"}}))));
    EXPECT_NE(key(a), key(document_of(test_of(10, 1, {{"io", "buffered"}}))));
    json more = a;
    more["runs"][0]["tests"].push_back(test_of(10, 10, json::object()));
    more["runs"][0]["tests"][1]["id"] = "syscall";
    EXPECT_NE(key(a), key(more));
    EXPECT_TRUE(same_conditions(conditions_of(a), conditions_of(warned)));
}

}  // namespace
}  // namespace bytebench
