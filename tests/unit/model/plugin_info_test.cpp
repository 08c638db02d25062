#include "model/plugin_info.h"

#include <gtest/gtest.h>

namespace bytebench {
namespace {

PluginInfo sample() {
    PluginInfo p;
    p.path = "/p/x.so";
    p.id = "vendor.x";
    p.name = "X";
    p.vendor = "Vendor";
    p.version = "2.1";
    p.abi = "1.1";
    p.build_info = "gcc 12.2.0 -O3";
    p.extra_exports = {"helper", "table"};
    WorkloadInfo &w = p.workloads.emplace_back();
    w.id = "x.dot";
    w.name = "Dot product";
    w.description = "int8";
    w.category = "cpu";
    w.unit = "GOPS";
    w.version = "3";
    w.time_base_s = 0;
    w.repeat_long = false;
    w.default_duration_s = 2.5;
    w.baseline = 116700;
    w.flags = 1;
    w.processes_per_copy = 4;
    w.params = {{"size", "int", "4096", "elements"}, {"mode", "string", "fast", ""}};
    w.params[0].min_value = "1";
    w.params[0].max_value = "65536";
    w.params[1].choices = {"fast", "slow"};
    p.reporters.push_back({"x-xml", "X XML", "for X", "xml", true, false});
    p.reporters.push_back({"x-diff", "X diff", "", "diff", false, true});
    return p;
}

void expect_same(const PluginInfo &a, const PluginInfo &b) {
    EXPECT_EQ(to_json(a), to_json(b));
    EXPECT_EQ(a.extra_exports, b.extra_exports);
    ASSERT_EQ(a.workloads.size(), b.workloads.size());
    EXPECT_EQ(a.workloads[0].repeat_long, b.workloads[0].repeat_long);
    EXPECT_EQ(a.workloads[0].params[1].help, b.workloads[0].params[1].help);
    ASSERT_EQ(a.reporters.size(), b.reporters.size());
    for (size_t i = 0; i < a.reporters.size(); ++i) {
        EXPECT_EQ(a.reporters[i].renders_results, b.reporters[i].renders_results);
        EXPECT_EQ(a.reporters[i].renders_comparisons, b.reporters[i].renders_comparisons);
    }
    EXPECT_EQ(a.workloads[0].params[1].choices, b.workloads[0].params[1].choices);
    EXPECT_EQ(a.workloads[0].params[0].min_value, b.workloads[0].params[0].min_value);
    EXPECT_EQ(a.workloads[0].params[0].max_value, b.workloads[0].params[0].max_value);
}

TEST(PluginInfo, ChoicesAndBoundsRoundTripAndAreLeftOutWhenAbsent) {
    const PluginInfo p = sample();
    const nlohmann::json j = to_json(p);
    const nlohmann::json &size = j["workloads"][0]["params"][0];
    const nlohmann::json &mode = j["workloads"][0]["params"][1];
    EXPECT_EQ(size["min"], "1");
    EXPECT_EQ(size["max"], "65536");
    EXPECT_FALSE(size.contains("choices"));
    EXPECT_EQ(mode["choices"], nlohmann::json::array({"fast", "slow"}));
    EXPECT_FALSE(mode.contains("min"));
    const PluginInfo back = plugin_info_from_json(p.path, j);
    EXPECT_EQ(back.workloads[0].params[1].choices, (std::vector<std::string>{"fast", "slow"}));
    EXPECT_EQ(back.workloads[0].params[0].max_value, "65536");
    EXPECT_FALSE(back.workloads[0].params[1].min_value);
}

TEST(PluginInfo, RoundTripsThroughItsJson) {
    const PluginInfo p = sample();
    expect_same(plugin_info_from_json(p.path, to_json(p)), p);
}

TEST(PluginInfo, ThePathIsTheOneTheReaderIsGiven) {
    EXPECT_EQ(plugin_info_from_json("/elsewhere.so", to_json(sample())).path, "/elsewhere.so");
}

TEST(PluginInfo, OptionalMembersHaveDefaults) {
    const PluginInfo p = plugin_info_from_json(
        "/p.so", {{"id", "p"}, {"workloads", {{{"id", "w"}, {"name", "W"}, {"unit", "lps"}}}}});
    ASSERT_EQ(p.workloads.size(), 1u);
    EXPECT_EQ(p.workloads[0].time_base_s, 1u);
    EXPECT_TRUE(p.workloads[0].repeat_long);
    EXPECT_EQ(p.workloads[0].default_duration_s, 10);
    EXPECT_EQ(p.workloads[0].processes_per_copy, 1u);
    EXPECT_TRUE(p.reporters.empty());
}

// A cache written before reporters said what they render: both.
TEST(PluginInfo, AReporterThatSaysNothingRendersBothDocuments) {
    const PluginInfo p =
        plugin_info_from_json("/p.so", {{"id", "p"}, {"reporters", {{{"id", "r"}}}}});
    ASSERT_EQ(p.reporters.size(), 1u);
    EXPECT_TRUE(p.reporters[0].renders_results);
    EXPECT_TRUE(p.reporters[0].renders_comparisons);
}

TEST(PluginInfo, RequiredMembersMustBeThere) {
    EXPECT_THROW(plugin_info_from_json("/p.so", {{"name", "no id"}}), nlohmann::json::exception);
    EXPECT_THROW(plugin_info_from_json("/p.so", {{"id", "p"}, {"workloads", {{{"id", "w"}}}}}),
                 nlohmann::json::exception);
}

}  // namespace
}  // namespace bytebench

namespace bytebench {
namespace {

// ABI 1.4: how the copies combine the main value. Left to the direction (0,
// or a workload built before 1.4): a higher-is-better value is summed, a
// lower-is-better one averaged; a lower-is-better value is never summed.
TEST(MainValueCombine, FollowsTheDirectionUnlessTheWorkloadSaysOtherwise) {
    EXPECT_EQ(main_value_combine(Direction::higher_is_better, std::nullopt), Combine::sum);
    EXPECT_EQ(main_value_combine(Direction::lower_is_better, std::nullopt), Combine::mean);
    EXPECT_EQ(main_value_combine(Direction::higher_is_better, Combine::sum), Combine::sum);
    EXPECT_EQ(main_value_combine(Direction::lower_is_better, Combine::sum), Combine::mean);
    EXPECT_EQ(main_value_combine(Direction::lower_is_better, Combine::max), Combine::max);
    EXPECT_EQ(main_value_combine(Direction::lower_is_better, Combine::min), Combine::min);
    EXPECT_EQ(main_value_combine(Direction::higher_is_better, Combine::mean), Combine::mean);
}

TEST(MainValueCombine, RoundTripsAndADescriptionWithoutItFollowsTheDirection) {
    PluginInfo p = sample();
    p.workloads[0].better = Direction::lower_is_better;
    p.workloads[0].combine = Combine::max;
    p.workloads[0].requirements.display = true;
    p.workloads[0].requirements.display_info = {"x.d/describe", "-info"};
    nlohmann::json j = to_json(p);
    EXPECT_EQ(j["workloads"][0]["combine"], "max");
    EXPECT_EQ(j["workloads"][0]["requirements"]["display_info"],
              nlohmann::json::array({"x.d/describe", "-info"}));
    const PluginInfo back = plugin_info_from_json(p.path, j);
    EXPECT_EQ(back.workloads[0].combine, Combine::max);
    EXPECT_EQ(back.workloads[0].requirements.display_info,
              p.workloads[0].requirements.display_info);
    // A description written before 1.4 has no "combine": by direction.
    j["workloads"][0].erase("combine");
    EXPECT_EQ(plugin_info_from_json(p.path, j).workloads[0].combine, Combine::mean);
    j["workloads"][0]["better"] = "higher";
    EXPECT_EQ(plugin_info_from_json(p.path, j).workloads[0].combine, Combine::sum);
}

}  // namespace
}  // namespace bytebench
