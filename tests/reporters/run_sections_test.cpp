// The sections every format shows after a copy-pass (reporters/common/run_sections.h), built
// from documents directly: the goldens show how each format lays them out; these say what the
// model holds.
#include "common/run_sections.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "common/c_format.h"
#include "reporter_test_helpers.h"

namespace bytebench::test {
namespace {

using reporters::run_sections;
using reporters::model::Section;

std::vector<std::string> ids(const std::vector<Section> &sections) {
    std::vector<std::string> names;
    for (const Section &section : sections) names.push_back(section.id);
    return names;
}

TEST(RunSections, ACopyPassWithoutWarningsMetricsOrEnvironmentHasNone) {
    const nlohmann::json doc = nlohmann::json::parse(fixture("full-2run.json"));
    EXPECT_TRUE(run_sections(doc["runs"][0]).empty());
}

// Warnings first, nearest the rows they mark, a line per warning under the test's name in the
// report's order (by display name).
TEST(RunSections, WarningsAreListedPerTestInTheReportsOrder) {
    const nlohmann::json doc = nlohmann::json::parse(fixture("result-warnings.json"));
    const std::vector<Section> sections = run_sections(doc["runs"][0]);
    ASSERT_EQ(ids(sections), std::vector<std::string>{"test-warnings"});
    const Section &warnings = sections[0];
    EXPECT_EQ(warnings.title, "Warnings");
    EXPECT_TRUE(warnings.table.empty());
    ASSERT_EQ(warnings.items.size(), 3u);
    EXPECT_EQ(warnings.items[0].subject, "Dhrystone 2 using register variables");
    EXPECT_EQ(warnings.items[1].subject, "Execl Throughput");
    EXPECT_EQ(warnings.items[2].text, "the workload's own clock and bytebench's disagree by 3%");
}

TEST(RunSections, MetricsHaveARowPerMetricAndEmptyCellsForWhatIsMissing) {
    const reporters::CLocaleScope c_locale;
    const nlohmann::json doc = nlohmann::json::parse(fixture("result-metrics.json"));
    const std::vector<Section> sections = run_sections(doc["runs"][0]);
    ASSERT_EQ(ids(sections), std::vector<std::string>{"metrics"});
    const auto &rows = sections[0].table.rows;
    ASSERT_EQ(rows.size(), 3u);
    EXPECT_EQ(rows[0][2].text, "1234.5 us");
    EXPECT_EQ(rows[0][3].text,
              "\u00B1"
              "90.9");
    EXPECT_EQ(rows[2][2].text, "");  // retransmits: no pass had a value
    EXPECT_EQ(rows[2][4].text, "");
}

// Energy columns only where some test had energy; "unknown" with its reason as the note; a
// disturbed count stands out.
TEST(RunSections, TheEnvironmentSaysWhatIsUnknownAndWhy) {
    const reporters::CLocaleScope c_locale;
    const nlohmann::json doc = nlohmann::json::parse(fixture("environment-2run.json"));
    const Section one = run_sections(doc["runs"][0]).at(0);
    const Section two = run_sections(doc["runs"][1]).at(0);
    EXPECT_EQ(one.id, "environment");
    EXPECT_TRUE(one.detail);
    EXPECT_EQ(one.table.columns.size(), 9u);
    EXPECT_EQ(two.table.columns.size(), 6u);
    EXPECT_EQ(one.table.rows[0][8].text, "2 of 5");
    EXPECT_EQ(one.table.rows[0][8].tone, reporters::model::Tone::warn);
    EXPECT_EQ(one.table.rows[0][3].note, "aperf/mperf");
    EXPECT_EQ(two.table.rows[0][3].text, "unknown");
    EXPECT_NE(two.table.rows[0][3].note.find("no aperf event"), std::string::npos);
}

}  // namespace
}  // namespace bytebench::test
