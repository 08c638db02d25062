// The sections of a comparison every format shows (reporters/common/comparison_sections.h):
// one wording of the gate, whatever the format.
#include "common/comparison_sections.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "common/c_format.h"
#include "reporter_test_helpers.h"

namespace bytebench::test {
namespace {

using reporters::model::Section;
using reporters::model::Tone;

nlohmann::json with_gate(nlohmann::json gate) {
    nlohmann::json doc = nlohmann::json::parse(fixture("comparison-2runs.json"));
    doc["gate"] = std::move(gate);
    return doc;
}

TEST(ComparisonSections, AFailedGateListsEachFailureUnderItsSection) {
    const reporters::CLocaleScope c_locale;
    const std::optional<Section> gate = reporters::gate_section(with_gate({{"threshold_pct", 5.0},
                                                                           {"status", "failed"},
                                                                           {"failures",
                                                                            {{{"section", "1 copy"},
                                                                              {"id", "dhry2reg"},
                                                                              {"input", "B"},
                                                                              {"delta_pct", -6.54},
                                                                              {"p", 0.031}}}}}));
    ASSERT_TRUE(gate);
    EXPECT_EQ(gate->status, "failed");
    EXPECT_EQ(gate->tone, Tone::bad);
    EXPECT_EQ(gate->lead, "Significantly worse by more than 5.0%:");
    ASSERT_EQ(gate->items.size(), 1u);
    EXPECT_EQ(gate->items[0].subject, "1 copy");
    EXPECT_EQ(gate->items[0].text, "dhry2reg in B, -6.5% (p=0.031)");
}

TEST(ComparisonSections, AnInconclusiveGateSaysWhyInASentence) {
    const std::optional<Section> gate = reporters::gate_section(with_gate(
        {{"threshold_pct", 5.0}, {"status", "inconclusive"}, {"reason", "nothing was compared"}}));
    ASSERT_TRUE(gate);
    EXPECT_EQ(gate->tone, Tone::bad);
    EXPECT_EQ(gate->lead, "Nothing was compared.");
    EXPECT_TRUE(gate->items.empty());
}

TEST(ComparisonSections, NoGateNoWarningsNoSections) {
    nlohmann::json doc = nlohmann::json::parse(fixture("comparison-2runs.json"));
    doc.erase("gate");
    doc["warnings"] = nlohmann::json::array();
    EXPECT_FALSE(reporters::gate_section(doc));
    EXPECT_FALSE(reporters::warnings_section(doc));
}

// Rows by their ids, each note once with every row it is on, marked as in the tables.
TEST(ComparisonSections, NotesAreGroupedAndNameRowsByTheirIds) {
    nlohmann::json doc = nlohmann::json::parse(fixture("comparison-3runs.json"));
    const std::optional<Section> notes =
        reporters::notes_section(doc["sections"][0], reporters::input_labels(doc));
    ASSERT_TRUE(notes);
    ASSERT_GE(notes->items.size(), 2u);
    EXPECT_EQ(notes->items[0].subject, "\u2020 dhry2reg");
    EXPECT_EQ(notes->items[1].subject, "spawn in B (crashed)");
}

TEST(ComparisonSections, TheInputsSayWhereEachCameFromWithItsMachineAndRunUnderIt) {
    const reporters::CLocaleScope c_locale;
    const Section inputs =
        reporters::inputs_section(nlohmann::json::parse(fixture("comparison-2runs.json")));
    EXPECT_EQ(inputs.title, "Inputs (deltas against A)");
    ASSERT_EQ(inputs.items.size(), 2u);
    EXPECT_EQ(inputs.items[0].subject, "A");
    EXPECT_EQ(inputs.items[0].text, "results/vm-2026-11-30-01.json (history 4), baseline");
    ASSERT_EQ(inputs.items[0].details.size(), 2u);
    EXPECT_EQ(inputs.items[0].details[0], "vm, AMD EPYC 7B13, 2 CPUs, kernel 6.1.0-26-amd64");
    EXPECT_EQ(inputs.items[1].text, "@7 (history 7)");
}

}  // namespace
}  // namespace bytebench::test
