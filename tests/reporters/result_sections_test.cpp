// The sections after all copy-passes of a result (reporters/common/result_sections.h).
#include "common/result_sections.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <vector>

#include "common/c_format.h"
#include "reporter_test_helpers.h"

namespace bytebench::test {
namespace {

using reporters::model::Section;

TEST(ResultSections, ScalingHasARowPerPointOfEachTestAndScore) {
    const reporters::CLocaleScope c_locale;
    nlohmann::json doc = nlohmann::json::parse(fixture("result-scaling.json"));
    const std::vector<Section> sections = reporters::result_sections(doc);
    ASSERT_EQ(sections.size(), 1u);
    const Section &scaling = sections[0];
    EXPECT_EQ(scaling.id, "scaling");
    EXPECT_FALSE(scaling.detail);              // a --scaling run: the text report shows it
    ASSERT_EQ(scaling.table.rows.size(), 8u);  // 3 tests and 1 score, at 1 and 2 copies
    EXPECT_EQ(scaling.table.rows[1][4].text, "1.96");
    EXPECT_EQ(scaling.table.rows[1][5].text, "98%");
    EXPECT_EQ(scaling.table.rows[7][0].text, "System Benchmarks Index Score");
    EXPECT_EQ(scaling.table.rows[7][4].text, "");
    doc["options"].erase("scaling");
    EXPECT_TRUE(reporters::result_sections(doc)[0].detail);
    doc.erase("scaling");
    EXPECT_TRUE(reporters::result_sections(doc).empty());
}

}  // namespace
}  // namespace bytebench::test
