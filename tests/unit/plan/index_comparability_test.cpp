// Whether a suite's index is UnixBench's: the standard suite against copies
// of itself that change what matters and what does not.
#include "plan/index_comparability.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "plan/suite_file.h"

namespace bytebench {
namespace {

const std::string kStandardPath = std::string(BYTEBENCH_SOURCE_DIR) + "/suites/index.toml";

std::string standard_text() {
    std::ifstream in(kStandardPath);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

IndexComparability judge(const std::string &text,
                         std::optional<double> duration_override = std::nullopt) {
    const Suite standard = load_suite(kStandardPath);
    return compare_with_standard_index(parse_suite(text, "edited.toml"), &standard,
                                       duration_override);
}

// `text` with the first match of `pattern` replaced.
std::string edited(const std::string &pattern, const std::string &replacement) {
    const std::string text = standard_text();
    std::string out = std::regex_replace(text, std::regex(pattern), replacement,
                                         std::regex_constants::format_first_only);
    EXPECT_NE(out, text) << "the edit '" << pattern << "' changed nothing";
    return out;
}

TEST(IndexComparability, TheStandardSuiteIsComparable) {
    const IndexComparability c = judge(standard_text());
    EXPECT_TRUE(c.comparable) << c.reason;
    EXPECT_EQ(c.reason, "");
}

TEST(IndexComparability, NamesCommentsAndTheDefaultListDoNotMatter) {
    std::string text =
        edited("name = \"Dhrystone 2 using register variables\"", "name = \"Dhrystone, renamed\"");
    text = "# a comment of our own\n" + text;
    text = std::regex_replace(text, std::regex("tests = \\[\"dhry2reg\","), "tests = [");
    const IndexComparability c = judge(text);
    EXPECT_TRUE(c.comparable) << c.reason;
}

TEST(IndexComparability, AShorterPassIsNot) {
    const IndexComparability c =
        judge(edited("(\\[test\\.dhry2reg\\][^\\[]*?)duration = 10", "$1duration = 5"));
    EXPECT_FALSE(c.comparable);
    EXPECT_NE(c.reason.find("'dhry2reg' differs"), std::string::npos) << c.reason;
    EXPECT_NE(c.reason.find("duration 5"), std::string::npos) << c.reason;
}

TEST(IndexComparability, AnotherBaselineIsNot) {
    const IndexComparability c = judge(edited("baseline = 116700.0", "baseline = 100000.0"));
    EXPECT_FALSE(c.comparable);
    EXPECT_NE(c.reason.find("'dhry2reg'"), std::string::npos) << c.reason;
}

TEST(IndexComparability, AMissingIndexedTestIsNot) {
    const std::string text = R"(name = "quick"
tests = ["dhry2reg"]
[test.dhry2reg]
baseline = 116700.0
duration = 10
repeat = "long"
category = "system"
)";
    const IndexComparability c = judge(text);
    EXPECT_FALSE(c.comparable);
    EXPECT_NE(c.reason.find("does not index"), std::string::npos) << c.reason;
    EXPECT_NE(c.reason.find("(1 of the standard index's "), std::string::npos) << c.reason;
}

TEST(IndexComparability, AnExtraIndexedTestIsNot) {
    const std::string text =
        standard_text() + "\n[test.extra]\nworkload = \"syscall\"\nbaseline = 1.0\n";
    const IndexComparability c = judge(text);
    EXPECT_FALSE(c.comparable);
    EXPECT_NE(c.reason.find("'extra', which is not in the standard index"), std::string::npos)
        << c.reason;
}

TEST(IndexComparability, ADurationOverrideIsNot) {
    const IndexComparability c = judge(standard_text(), 0.5);
    EXPECT_FALSE(c.comparable);
    EXPECT_EQ(c.reason, "--duration 0.5 replaces the suite's pass lengths");
}

TEST(IndexComparability, WithoutTheStandardSuiteNothingIsClaimed) {
    const IndexComparability c =
        compare_with_standard_index(load_suite(kStandardPath), nullptr, std::nullopt);
    EXPECT_FALSE(c.comparable);
    EXPECT_NE(c.reason.find("not found"), std::string::npos);
}

}  // namespace
}  // namespace bytebench
