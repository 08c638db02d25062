// Regression tests for what the fuzzers (tests/fuzz) found, and for what
// writing them turned up in review: each input here once crashed, threw where
// it must not, or ran into undefined behaviour. The inputs are in
// tests/fuzz/corpus/ too, whose replay (ctest -R fuzz_corpus) checks the
// fuzzers' whole contract on them.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compare/comparison.h"
#include "compare/significance.h"
#include "plan/suite_file.h"
#include "results/history.h"

namespace bytebench {
namespace {

using nlohmann::json;

std::string suite_error(const std::string &text) {
    try {
        parse_suite(text, "s.toml");
    } catch (const SuiteError &e) {
        return e.what();
    }
    return "";
}

json compare_with_itself(const json &document) {
    ComparisonOptions options;
    options.fail_if_worse_pct = 0;
    const json c =
        compare_results({{"a.json", std::nullopt, document}, {"b.json", 2, document}}, options);
    EXPECT_NO_THROW((void)c.dump());
    return c;
}

json passes(const std::vector<double> &values) {
    json out = json::array();
    for (const double v : values) out.push_back({{"value", v}, {"kept", true}, {"status", "ok"}});
    return out;
}

json one_test(const json &test, const json &copies = 1) {
    return {{"schema", "bytebench.result/1"},
            {"status", "complete"},
            {"runs", {{{"copies", copies}, {"tests", {test}}}}}};
}

// suite_fuzzer (seed suite_fuzzer/huge-passes.toml): passes = 4294967297
// became 1 pass, and 2147483648 a negative count, on the conversion to int.
TEST(FuzzRegression, SuitePassesBeyondTheLimitAreRefused) {
    for (const char *n : {"4294967297", "2147483648", "9223372036854775807", "1000001"})
        EXPECT_NE(suite_error(std::string("name = \"x\"\n[test.a]\npasses = ") + n)
                      .find("passes must be an integer from 1 to 1000000"),
                  std::string::npos)
            << n;
    const Suite s = parse_suite("name = \"x\"\n[test.a]\npasses = 1000000\n", "s.toml");
    EXPECT_EQ(s.tests.at(0).passes, 1000000);
}

// suite_fuzzer, with toml++ compiled in (corpus: suite_fuzzer/toml-unreachable-*.toml):
// toml++ 3.3.0 reaches
// __builtin_unreachable on some non-ASCII characters where it looks for
// whitespace (marzer/tomlplusplus#190, #295; fixed upstream after 3.3.0).
// Debian's build of it, which bytebench links, gives a parse error or a
// table for every code point up to U+FFFF there; these stay errors.
TEST(FuzzRegression, NonAsciiWhereTomlExpectsWhitespace) {
    EXPECT_NE(suite_error("name = \"x\"\n[test\xcc\x9e]\n").find("s.toml:2:"), std::string::npos);
    EXPECT_NE(suite_error("s = \"\"\"\\\n\xc2\xa7\"\"\"\n").find("unknown key 's'"),
              std::string::npos);
    EXPECT_NE(suite_error("name = \"x\"\n\xcc\xaa = 1\n").find("s.toml:2:"), std::string::npos);
}

// result_fuzzer (seed result_fuzzer/runs-number.json): compare threw
// nlohmann::type_error on "runs" that is not an array, and the CLI, which
// does not catch it there, aborted.
TEST(FuzzRegression, RunsThatAreNotAnArrayAreNoRuns) {
    for (const json &runs : {json(3), json("runs"), json({{"a", {{"copies", 1}}}}), json()}) {
        const json c = compare_with_itself({{"schema", "bytebench.result/1"}, {"runs", runs}});
        EXPECT_TRUE(c["sections"].empty()) << runs;
        EXPECT_TRUE(summarize_result({{"runs", runs}}).copy_passes.empty());
    }
}

// Review (seeds result_fuzzer/edge-numbers.json, wrong-types.json):
// "copies": "two" threw type_error in compare; "copies": 1e300 was converted
// to int (undefined behaviour) in compare and in the history's summary.
TEST(FuzzRegression, CopiesThatAreNotACountReadAsMissing) {
    for (const json &copies :
         {json("two"), json(1e300), json(-5), json(4294967296u), json(2.5), json::array({1})}) {
        const json c = compare_with_itself(one_test({{"id", "t"}}, copies));
        EXPECT_EQ(c["sections"][0]["title"], "1 copy") << copies;
        EXPECT_EQ(c["sections"][0]["copies"], json({1, 1})) << copies;
        EXPECT_EQ(summarize_result(one_test({{"id", "t"}}, copies)).copy_passes.at(0).copies, 0)
            << copies;
    }
    EXPECT_EQ(summarize_result(one_test({{"id", "t"}}, 3)).copy_passes.at(0).copies, 3);
}

// Review (seed result_fuzzer/welch-overflow.json): kept pass values near the
// largest double overflowed Welch's statistic to NaN, and boost::math threw
// std::domain_error out of compare.
TEST(FuzzRegression, PassValuesThatOverflowWelchAreUnknown) {
    EXPECT_TRUE(std::isnan(welch_p({-1.7e308, 1.7e308}, {-1.6e308, 1.6e308})));
    const Significance s =
        assess_difference({{-1.7e308, 1.7e308}, {-1.6e308, 1.6e308}, -5}, 0.05, "A", "B");
    EXPECT_EQ(s.verdict, Verdict::unknown);
    EXPECT_EQ(s.method, TestMethod::none);
    EXPECT_FALSE(s.p);
    EXPECT_FALSE(s.reason.empty());

    json a = one_test(
        {{"id", "t"}, {"status", "ok"}, {"value", 1.0}, {"passes", passes({-1.7e308, 1.7e308})}});
    json b = a;
    b["runs"][0]["tests"][0]["value"] = 0.5;
    ComparisonOptions options;
    options.fail_if_worse_pct = 0;
    const json c = compare_results({{"a", std::nullopt, a}, {"b", std::nullopt, b}}, options);
    EXPECT_EQ(c["sections"][0]["rows"][0]["cells"][1]["significance"]["verdict"], "unknown");
    EXPECT_FALSE(c["gate"]["failed"].get<bool>());
}

// Review: a value against a baseline of 5e-324 gave an infinite delta, which
// JSON writes as null for the reporters.
TEST(FuzzRegression, ADeltaThatOverflowsIsLeftOut) {
    json a = one_test({{"id", "t"}, {"status", "ok"}, {"value", 5e-324}});
    a["runs"][0]["indexes"] = {{{"category", "system"}, {"score", 5e-324}}};
    json b = one_test({{"id", "t"}, {"status", "ok"}, {"value", 1e300}});
    b["runs"][0]["indexes"] = {{{"category", "system"}, {"score", 1e300}, {"partial", "no"}}};
    const json c = compare_results({{"a", std::nullopt, a}, {"b", std::nullopt, b}}, {});
    EXPECT_FALSE(c["sections"][0]["rows"][0]["cells"][1].contains("delta_pct"));
    const json &index = c["sections"][0]["indexes"][0]["cells"][1];
    EXPECT_FALSE(index.contains("delta_pct"));
    EXPECT_EQ(index["partial"], false);  // not a bool: not partial
}

// Review: a suite sha256 of non-ASCII characters was cut mid-character for
// the "different suites" warning, and dumping the comparison threw.
TEST(FuzzRegression, AForeignShaIsCutOnACharacter) {
    json a = {{"schema", "bytebench.result/1"},
              {"status", "complete"},
              {"suite", {{"name", "x"}, {"sha256", "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"}}}};
    json b = a;
    b["suite"]["sha256"] = "abc";
    const json c = compare_results({{"a", std::nullopt, a}, {"b", std::nullopt, b}}, {});
    ASSERT_EQ(c["warnings"].size(), 1u);
    EXPECT_NE(c["warnings"][0].get<std::string>().find("(sha256 \xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9)"),
              std::string::npos);
    EXPECT_NO_THROW((void)c.dump());
}

}  // namespace
}  // namespace bytebench
