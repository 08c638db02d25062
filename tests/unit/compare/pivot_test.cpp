// compare --by: columns by label, pooling, splitting what cannot be pooled,
// the baseline by value, and the errors.
#include "compare/pivot.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace bytebench {
namespace {

using nlohmann::json;

json kept_passes_of(const std::vector<double> &values) {
    json passes = json::array();
    for (double v : values) passes.push_back({{"value", v}, {"kept", true}, {"status", "ok"}});
    return passes;
}

// A result of one test whose passes are `passes` (the value their mean)
// and whose system index is `score`.
json labelled(const json &labels, const std::vector<double> &passes, double score,
              const json &options = json::object()) {
    double sum = 0;
    for (double v : passes) sum += v;
    const json test = {{"id", "dhry"},         {"name", "Dhrystone"},
                       {"category", "system"}, {"unit", "lps"},
                       {"status", "ok"},       {"value", sum / static_cast<double>(passes.size())},
                       {"index", score},       {"samples", passes.size()},
                       {"version", "1"},       {"passes", kept_passes_of(passes)}};
    return {{"schema", "bytebench.result/1"},
            {"status", "complete"},
            {"system", {{"hostname", "box"}}},
            {"labels", labels},
            {"options", options},
            {"suite", {{"name", "index"}, {"sha256", "abcdef0123456789"}}},
            {"runs",
             {{{"copies", 1},
               {"tests", {test}},
               {"indexes", {{{"category", "system"}, {"score", score}, {"partial", false}}}}}}}};
}

json pivot(const std::vector<json> &documents, const std::string &by,
           const std::string &baseline = "") {
    std::vector<ComparisonInput> inputs;
    for (size_t i = 0; i < documents.size(); ++i)
        inputs.push_back({"r" + std::to_string(i) + ".json", std::nullopt, documents[i]});
    return compare_pivoted(inputs, parse_pivot(by, baseline), {});
}

std::vector<std::string> column_names(const json &comparison) {
    std::vector<std::string> names;
    for (const json &input : comparison["inputs"]) names.push_back(input["label"]);
    return names;
}

const std::vector<double> kLow = {90, 91, 92, 93, 94};
const std::vector<double> kHigh = {100, 101, 102, 103, 104};

TEST(Pivot, ParsesHostAndLabelKeys) {
    EXPECT_EQ(parse_pivot("host", "").keys, std::vector<std::string>{"host"});
    EXPECT_EQ(parse_pivot("label:kernel,label:smt", "").keys,
              (std::vector<std::string>{"kernel", "smt"}));
    EXPECT_EQ(parse_pivot("label:host", "").keys, std::vector<std::string>{"host"});
}

TEST(Pivot, RefusesWhatIsNoKey) {
    for (const char *bad : {"", "kernel", "label:", "label:a b", "host,host", "label:k,"})
        EXPECT_THROW(parse_pivot(bad, ""), std::invalid_argument) << bad;
}

TEST(Pivot, NaturalOrderReadsNumbersAsNumbers) {
    EXPECT_TRUE(natural_less("4.4", "4.10"));
    EXPECT_TRUE(natural_less("3.16", "4.4"));
    EXPECT_FALSE(natural_less("4.10", "4.4"));
    EXPECT_TRUE(natural_less("host-2", "host-10"));
    EXPECT_TRUE(natural_less("off", "on"));
}

TEST(Pivot, OneColumnPerValuePairInNaturalOrderWithTheBaselineByValue) {
    std::vector<json> docs;
    for (const char *kernel : {"4.10", "3.16", "4.4"})
        for (const char *smt : {"on", "off"})
            docs.push_back(labelled({{"kernel", kernel}, {"smt", smt}}, kHigh, 700));
    const json c = pivot(docs, "label:kernel,label:smt", "3.16,on");
    EXPECT_EQ(column_names(c), (std::vector<std::string>{"3.16,off", "3.16,on", "4.4,off", "4.4,on",
                                                         "4.10,off", "4.10,on"}));
    EXPECT_EQ(c["baseline"], 1);
    EXPECT_EQ(c["pivot"]["baseline"], "3.16,on");
    EXPECT_EQ(c["pivot"]["by"], json({"label:kernel", "label:smt"}));
    EXPECT_EQ(c["inputs"][0]["values"], json({{"kernel", "3.16"}, {"smt", "off"}}));
}

TEST(Pivot, PoolsTheResultsOfAColumnAndTestsAcrossColumnsOnEveryPass) {
    const json c = pivot({labelled({{"k", "a"}}, kLow, 600), labelled({{"k", "a"}}, kLow, 600),
                          labelled({{"k", "b"}}, kHigh, 700), labelled({{"k", "b"}}, kHigh, 700)},
                         "label:k");
    ASSERT_EQ(c["inputs"].size(), 2u);
    EXPECT_EQ(c["inputs"][0]["results"], 2);
    EXPECT_EQ(c["inputs"][0]["members"].size(), 2u);
    const json &cell = c["sections"][0]["rows"][0]["cells"][1];
    EXPECT_EQ(cell["results"], 2);
    EXPECT_EQ(cell["significance"]["passes"], json({10, 10}));
    EXPECT_EQ(cell["significance"]["verdict"], "better");
    EXPECT_NEAR(c["sections"][0]["indexes"][0]["cells"][1]["score"].get<double>(), 700, 1e-9);
}

TEST(Pivot, TheHostIsALabelUnlessGiven) {
    json a = labelled(json::object(), kLow, 600), b = labelled({{"host", "db-3"}}, kHigh, 700);
    a["system"]["hostname"] = "web-1";
    EXPECT_EQ(column_names(pivot({a, b}, "host")), (std::vector<std::string>{"db-3", "web-1"}));
}

TEST(Pivot, NeverPoolsAQuickRunWithAFullOne) {
    const json c = pivot({labelled({{"k", "a"}}, kLow, 600),
                          labelled({{"k", "a"}}, kLow, 600, {{"quick", json::object()}})},
                         "label:k");
    EXPECT_EQ(column_names(c), (std::vector<std::string>{"a [full]", "a [quick]"}));
    EXPECT_TRUE(c["inputs"][1].contains("split"));
    bool warned = false;
    for (const json &w : c["warnings"])
        warned |= w.get<std::string>().find("not pooled") != std::string::npos;
    EXPECT_TRUE(warned);
}

TEST(Pivot, NeverPoolsANativeBuildWithAPortableOne) {
    json native = labelled({{"k", "a"}}, kLow, 600);
    native["runs"][0]["tests"][0]["build"] = "gcc 12.2.0 -O3 -march=native";
    json portable = labelled({{"k", "a"}}, kLow, 600);
    portable["runs"][0]["tests"][0]["build"] = "gcc 12.2.0 -O3 -march=x86-64-v2";
    portable["runs"][0]["tests"][0]["isa_level"] = "x86-64-v2";
    const json c = pivot({native, portable}, "label:k");
    EXPECT_EQ(column_names(c), (std::vector<std::string>{"a [native]", "a [portable x86-64-v2]"}));
}

json portable_build(json result) {
    json &test = result["runs"][0]["tests"][0];
    test["build"] = "gcc 12.2.0 -O2 -march=x86-64-v3";
    test["build_method"] = "portable";
    test["isa_level"] = "x86-64-v3";
    return result;
}

bool warns_about(const json &comparison, const std::string &what) {
    for (const json &w : comparison["warnings"])
        if (w.get<std::string>().find(what) != std::string::npos) return true;
    return false;
}

// Pooled columns were "custom" builds (pooling dropped isa_level), and every grouping with a
// column of two results or more, a Slurm node that ran two tasks among them, warned that the
// builds differ.
TEST(Pivot, PooledColumnsOfOneBuildAreThatBuildAndDoNotWarn) {
    const json a = portable_build(labelled({{"node", "n1"}}, kLow, 600));
    const json b = portable_build(labelled({{"node", "n2"}}, kHigh, 700));
    const json c = pivot({a, a, b}, "label:node");
    ASSERT_EQ(column_names(c), (std::vector<std::string>{"n1", "n2"}));
    EXPECT_EQ(c["inputs"][0]["results"], 2);
    for (const json &input : c["inputs"]) EXPECT_EQ(input["build"], "portable x86-64-v3");
    EXPECT_FALSE(warns_about(c, "built differently")) << c["warnings"].dump();
    EXPECT_EQ(c["warnings"], json::array());
}

// A real difference still warns: a column one of whose results ran another compiler.
TEST(Pivot, APooledColumnOfAnotherCompilerStillWarns) {
    const json a = portable_build(labelled({{"node", "n1"}}, kLow, 600));
    const json b = portable_build(labelled({{"node", "n2"}}, kHigh, 700));
    json newer = b;
    newer["runs"][0]["tests"][0]["build"] = "gcc 13.1.0 -O2 -march=x86-64-v3";
    const json c = pivot({a, a, b, newer}, "label:node");
    ASSERT_EQ(c["inputs"].size(), 2u);
    EXPECT_TRUE(warns_about(c, "dhry: built differently")) << c["warnings"].dump();
}

// io=buffered and io=direct measure different things: never one column. Before, they were
// pooled without a word.
TEST(Pivot, NeverPoolsDifferentParameterValues) {
    json buffered = labelled({{"k", "a"}}, kLow, 600);
    buffered["runs"][0]["tests"][0]["params"] = {{"io", "buffered"}};
    json direct = labelled({{"k", "a"}}, kHigh, 700);
    direct["runs"][0]["tests"][0]["params"] = {{"io", "direct"}};
    json again = buffered;
    const json c = pivot({buffered, direct, again}, "label:k");
    EXPECT_EQ(column_names(c), (std::vector<std::string>{"a [parameters dhry.io=buffered]",
                                                         "a [parameters dhry.io=direct]"}));
    EXPECT_EQ(c["inputs"][0]["results"], 2);  // the same values still pool
    EXPECT_EQ(c["inputs"][1]["results"], 1);
}

// The columns sort by value, and a failed host first in that order is not the baseline.
TEST(Pivot, AFailedFirstColumnIsNotTheDefaultBaseline) {
    json failed = {{"schema", "bytebench.result/1"},
                   {"status", "failed"},
                   {"error", "unreachable"},
                   {"system", {{"hostname", "a-down"}}},
                   {"runs", json::array()}};
    const json c = pivot({labelled({{"host", "b-up"}}, kLow, 600), failed}, "host");
    EXPECT_EQ(column_names(c), (std::vector<std::string>{"a-down", "b-up"}));
    EXPECT_EQ(c["baseline"], 1);
    EXPECT_EQ(c["pivot"]["baseline"], "b-up");
    // Named, it is the baseline.
    EXPECT_EQ(
        pivot({labelled({{"host", "b-up"}}, kLow, 600), failed}, "host", "a-down")["baseline"], 0);
}

// A host whose run was stopped sorts first: its column has results, not all of them, and a
// report against it had deltas only for what it finished.
TEST(Pivot, AnIncompleteFirstColumnIsNotTheDefaultBaseline) {
    json stopped = labelled({{"host", "a-stopped"}}, kLow, 600);
    stopped["status"] = "incomplete";
    const json c = pivot({labelled({{"host", "b-up"}}, kLow, 600), stopped}, "host");
    EXPECT_EQ(c["pivot"]["baseline"], "b-up");
    // A column with a complete result beside the stopped one has results.
    json also = labelled({{"host", "a-stopped"}}, kLow, 600);
    EXPECT_EQ(pivot({labelled({{"host", "b-up"}}, kLow, 600), stopped, also},
                    "host")["pivot"]["baseline"],
              "a-stopped");
    // Nothing complete: the first column with results.
    EXPECT_EQ(pivot({stopped}, "host")["pivot"]["baseline"], "a-stopped");
}

TEST(Pivot, AResultWithoutTheKeyHasAColumnOfItsOwn) {
    const json c =
        pivot({labelled({{"k", "a"}}, kLow, 600), labelled(json::object(), kLow, 600)}, "label:k");
    EXPECT_EQ(column_names(c), (std::vector<std::string>{"(no k)", "a"}));
}

TEST(Pivot, AFailedHostIsAColumnThatSaysWhy) {
    json failed = {{"schema", "bytebench.result/1"},
                   {"status", "failed"},
                   {"error", "unreachable: connection refused"},
                   {"system", {{"hostname", "h3"}}},
                   {"runs", json::array()}};
    const json c = pivot({labelled({{"host", "h1"}}, kLow, 600), failed}, "host");
    ASSERT_EQ(c["inputs"].size(), 2u);
    EXPECT_EQ(c["inputs"][1]["status"], "failed");
    EXPECT_EQ(c["inputs"][1]["reason"], "unreachable: connection refused");
    EXPECT_EQ(c["sections"][0]["rows"][0]["cells"][1]["status"], "missing");
    EXPECT_EQ(c["warnings"].back(), "h3 failed: unreachable: connection refused");
}

TEST(Pivot, NamesTheLabelsThatExistWhenTheKeyDoesNot) {
    try {
        pivot({labelled({{"kernel", "6.1"}}, kLow, 600)}, "label:kernal");
        FAIL();
    } catch (const std::invalid_argument &e) {
        EXPECT_STREQ(e.what(),
                     "--by label:kernal: no result has the label kernal (labels found: host, "
                     "kernel)");
    }
}

TEST(Pivot, NamesTheColumnsWhenTheBaselineIsNone) {
    try {
        pivot({labelled({{"k", "a"}}, kLow, 600), labelled({{"k", "b"}}, kLow, 600)}, "label:k",
              "c");
        FAIL();
    } catch (const std::invalid_argument &e) {
        EXPECT_STREQ(e.what(), "--baseline c: no such column (columns: a, b)");
    }
}

std::string pivot_error(const std::vector<json> &documents, const std::string &by,
                        const std::string &baseline = "") {
    try {
        pivot(documents, by, baseline);
    } catch (const std::invalid_argument &e) {
        return e.what();
    }
    return "(no error)";
}

// 3,16 + on and 3 + 16,on were both the column "3,16,on", and --baseline
// 3,16,on took whichever came first.
TEST(Pivot, ValuesHoldingWhatNamesAreMadeOfAreQuoted) {
    const std::vector<json> docs = {labelled({{"k", "3,16"}, {"s", "on"}}, kLow, 600),
                                    labelled({{"k", "3"}, {"s", "16,on"}}, kHigh, 700)};
    const json c = pivot(docs, "label:k,label:s", "\"3,16\",on");
    EXPECT_EQ(column_names(c), (std::vector<std::string>{"3,\"16,on\"", "\"3,16\",on"}));
    EXPECT_EQ(c["baseline"], 1);
    EXPECT_EQ(c["inputs"][1]["values"], json({{"k", "3,16"}, {"s", "on"}}));
    EXPECT_EQ(pivot_error(docs, "label:k,label:s", "3,16,on"),
              "--baseline 3,16,on: 2 columns match; name one (columns: 3,\"16,on\", "
              "\"3,16\",on)");
    // A value that reads as the mark of a missing one, a split column's
    // suffix, or holds a quote.
    const json marks =
        pivot({labelled({{"k", "(no k)"}}, kLow, 600), labelled(json::object(), kLow, 600),
               labelled({{"k", "a [quick]"}}, kLow, 600),
               labelled({{"k", "say \"hi\""}}, kLow, 600), labelled({{"k", " x"}}, kLow, 600)},
              "label:k");
    EXPECT_EQ(column_names(marks),
              (std::vector<std::string>{"\" x\"", "(no k)", "\"(no k)\"", "\"a [quick]\"",
                                        "\"say \"\"hi\"\"\""}));
    // A value alone still names its column as typed.
    EXPECT_EQ(pivot({labelled({{"k", "3,16"}}, kLow, 600), labelled({{"k", "4"}}, kLow, 600)},
                    "label:k", "3,16")["baseline"],
              0);
}

TEST(Pivot, ABaselineThatNamesTwoSplitColumnsIsAnError) {
    const std::vector<json> docs = {labelled({{"k", "a"}}, kLow, 600),
                                    labelled({{"k", "a"}}, kLow, 600, {{"quick", json::object()}}),
                                    labelled({{"k", "b"}}, kLow, 600)};
    EXPECT_EQ(pivot_error(docs, "label:k", "a"),
              "--baseline a: 2 columns match; name one (columns: a [full], a [quick], b)");
    EXPECT_EQ(pivot(docs, "label:k", "a [quick]")["baseline"], 1);
}

// Results that differ only in what a split column's suffix does not spell
// out (workload versions) were columns of one name.
TEST(Pivot, SplitColumnsHaveNamesOfTheirOwn) {
    std::vector<json> docs;
    for (const char *version : {"1", "2", "3"}) {
        docs.push_back(labelled({{"k", "a"}}, kLow, 600));
        docs.back()["runs"][0]["tests"][0]["version"] = version;
    }
    EXPECT_EQ(column_names(pivot(docs, "label:k")),
              (std::vector<std::string>{"a [other versions #1]", "a [other versions #2]",
                                        "a [other versions #3]"}));
}

}  // namespace
}  // namespace bytebench
