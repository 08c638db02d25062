// The compact table of a comparison (reporters/common/compact_comparison_sections.h): what each
// cell holds in parts (number, change, mark), apart from how a format lines them up.
#include "common/compact_comparison_sections.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "common/c_format.h"
#include "reporter_test_helpers.h"

namespace bytebench::test {
namespace {

using reporters::model::Align;
using reporters::model::Cell;
using reporters::model::Section;
using reporters::model::Tone;

Section first_section(const nlohmann::json &doc) {
    return reporters::compact_comparison_section(doc, doc["sections"][0]);
}

TEST(CompactComparisonSections, HasATestColumnAndOneColumnPerInputWithItsDescription) {
    const reporters::CLocaleScope c_locale;
    const Section section =
        first_section(nlohmann::json::parse(fixture("comparison-pivot-2.json")));
    EXPECT_EQ(section.title, "1 copy");
    EXPECT_TRUE(section.table.blocks);
    ASSERT_EQ(section.table.columns.size(), 3u);
    EXPECT_EQ(section.table.columns[0].heading, "Test");
    EXPECT_EQ(section.table.columns[1].heading, "3.16,on");
    EXPECT_EQ(section.table.columns[1].align, Align::right);
    EXPECT_EQ(section.table.columns[1].key, "2 results, hosts: db-1, db-2");
}

TEST(CompactComparisonSections, ACellKeepsItsNumberChangeAndVerdictApart) {
    const reporters::CLocaleScope c_locale;
    const Section section =
        first_section(nlohmann::json::parse(fixture("comparison-pivot-2.json")));
    const Cell &label = section.table.rows[0][0];
    EXPECT_EQ(label.text, "dhry2reg");
    const Cell &baseline = section.table.rows[0][1];
    EXPECT_EQ(baseline.text, "4252.3");
    EXPECT_EQ(baseline.delta, "");
    EXPECT_EQ(baseline.mark, "");
    const Cell &other = section.table.rows[0][2];
    EXPECT_EQ(other.text, "4975.2");
    EXPECT_EQ(other.delta, "+17.0%");
    EXPECT_EQ(other.mark, "\u25B2");  // ▲
}

TEST(CompactComparisonSections, AMetricIsNestedAndTheIndexScoresAreTheFooter) {
    const reporters::CLocaleScope c_locale;
    const Section section =
        first_section(nlohmann::json::parse(fixture("comparison-pivot-2.json")));
    ASSERT_EQ(section.table.footer_rows, 1u);
    const auto &rows = section.table.rows;
    const Cell &metric = rows[rows.size() - 2][0];
    EXPECT_TRUE(metric.nested);
    EXPECT_EQ(metric.text, "p99 latency (us, lower)");
    EXPECT_EQ(rows.back()[0].text, "system index");
    EXPECT_EQ(rows.back()[2].text, "1151.2");
    EXPECT_EQ(rows.back()[2].delta, "+5.5%");
}

TEST(CompactComparisonSections, AFailedColumnSaysFailedInEveryCell) {
    const reporters::CLocaleScope c_locale;
    nlohmann::json doc = nlohmann::json::parse(fixture("comparison-pivot-2.json"));
    doc["inputs"][1]["status"] = "failed";
    doc["inputs"][1]["reason"] = "unreachable";
    const Section section = first_section(doc);
    for (const auto &row : section.table.rows) {
        EXPECT_EQ(row[2].text, "failed");
        EXPECT_EQ(row[2].tone, Tone::bad);
    }
    EXPECT_NE(section.table.columns[2].key.find("unreachable"), std::string::npos);
}

TEST(CompactComparisonSections, ANotComparableRowIsMarkedOnItsLabel) {
    const reporters::CLocaleScope c_locale;
    nlohmann::json doc = nlohmann::json::parse(fixture("comparison-pivot-2.json"));
    doc["sections"][0]["rows"][0]["comparable"] = false;
    const Section section = first_section(doc);
    EXPECT_EQ(section.table.rows[0][0].mark, "\u2020");  // †
    EXPECT_EQ(section.table.rows[1][0].mark, "");
}

TEST(CompactComparisonSections, ListsTheColumnsWithTheBaselineAndALegend) {
    const reporters::CLocaleScope c_locale;
    const Section columns = reporters::compact_columns_section(
        nlohmann::json::parse(fixture("comparison-pivot-2.json")));
    EXPECT_EQ(columns.title, "Columns by label:kernel, label:smt (deltas against 3.16,on)");
    ASSERT_EQ(columns.items.size(), 2u);
    EXPECT_EQ(columns.items[0].subject, "[1] 3.16,on");
    EXPECT_EQ(columns.items[0].text, "2 results, hosts: db-1, db-2, baseline");
    EXPECT_EQ(columns.items[1].text, "2 results, hosts: db-3, db-4");
    EXPECT_NE(columns.legend.find("p < 0.05"), std::string::npos) << columns.legend;
}

}  // namespace
}  // namespace bytebench::test
