// What every report says of a fleet's columns (compare --by): a failed one with the state its
// failure record gives, an incomplete one, and a section's notes on why a column has no
// copy-pass there. Each report formats the same document and must say each of them.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "reporter_test_helpers.h"

namespace bytebench::test {
namespace {

using nlohmann::json;

const char *const kNote = "4.4,on ran 1 copy only: the host has 1 CPU";
const char *const kReason = "unreachable: ssh: connect to host 10.0.0.3 port 22: timed out";

// comparison-pivot-2.json with its second column incomplete and without the 2-copy pass, and
// a third column whose host was lost.
json fleet_document() {
    json doc = json::parse(fixture("comparison-pivot-2.json"));
    doc["inputs"][1]["status"] = "incomplete";
    doc["inputs"].push_back({{"label", "6.1,on"},
                             {"values", {{"kernel", "6.1"}, {"smt", "on"}}},
                             {"results", 1},
                             {"status", "failed"},
                             {"state", "lost"},
                             {"reason", kReason}});
    for (json &section : doc["sections"]) {
        for (json &row : section["rows"]) row["cells"].push_back({{"status", "missing"}});
        for (json &index : section["indexes"]) index["cells"].push_back({{"status", "missing"}});
        section["copies"].push_back(nullptr);
    }
    doc["sections"][1]["notes"] = {kNote};
    return doc;
}

class FleetColumns : public ::testing::TestWithParam<const char *> {};

const bb_reporter &reporter_named(const std::string &id) {
    if (id == "text") return text_reporter();
    if (id == "markdown") return markdown_reporter();
    return html_reporter();
}

// Before, a failed column said "failed" and its reason, not how it failed, and a column
// without the N-copy pass was "-" there without a word.
TEST_P(FleetColumns, SayHowAColumnFailedWhyOneHasNoCopyPassAndWhichIsIncomplete) {
    const std::string output =
        unwrapped(render(reporter_named(GetParam()), fleet_document().dump()));
    EXPECT_NE(output.find("failed (lost)"), std::string::npos) << output;
    EXPECT_NE(output.find(kReason), std::string::npos);
    EXPECT_NE(output.find(kNote), std::string::npos);
    EXPECT_NE(output.find("ncomplete"), std::string::npos);  // "incomplete", "Incomplete"
}

INSTANTIATE_TEST_SUITE_P(Reporters, FleetColumns, ::testing::Values("text", "markdown", "html"));

TEST(FleetColumnsJson, KeepTheStateAndTheNotes) {
    const json out = json::parse(render(json_reporter(), fleet_document().dump()));
    EXPECT_EQ(out["inputs"][2]["state"], "lost");
    EXPECT_EQ(out["sections"][1]["notes"], json({kNote}));
}

}  // namespace
}  // namespace bytebench::test
