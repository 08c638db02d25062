// find_environment_differences(): which members of the compared results'
// systems, builds and labels differ, "unknown" counting as a value, and the
// mitigations named one by one.
#include "compare/environment_differences.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "compare/comparison.h"

namespace bytebench {
namespace {

using nlohmann::json;

// A result of one machine as a run records it (the members compare reads).
json machine() {
    return {{"schema", "bytebench.result/1"},
            {"status", "complete"},
            {"system",
             {{"hostname", "vm"},
              {"kernel", "6.1.0"},
              {"cpu_model", "AMD EPYC"},
              {"cpus_online", 2},
              {"cpu", {{"microcode", "0x1"}}},
              {"memory", {{"total_bytes", 8589934592.0}}},
              {"frequency", {{"governor", "performance"}, {"boost", "on"}}},
              {"topology", {{"smt", true}, {"threads_per_core", 2}, {"smt_control", "on"}}},
              {"virtualization", {{"type", "vm"}, {"hypervisor", "KVM"}, {"engine", "none"}}},
              {"vulnerabilities",
               {{"meltdown", "Not affected"},
                {"spectre_v2", "Mitigation: Retpolines; STIBP: disabled"},
                {"mds", "Not affected"}}},
              {"distribution", "Debian GNU/Linux 12 (bookworm)"},
              {"libc", "glibc 2.36"},
              {"bytebench_compiler", "gcc 12.2.0"},
              {"workload_builds",
               {{{"plugin", "org.bytebench.cpu"},
                 {"build", "gcc 12.2.0 -O3 -march=native"},
                 {"method", "native"}}}}}},
            {"suite", {{"name", "index"}, {"sha256", "5f0c2b8e0000"}}},
            {"runs",
             {{{"copies", 1},
               {"tests",
                {{{"id", "dhry2reg"},
                  {"status", "ok"},
                  {"build", "gcc 12.2.0 -O3 -march=native"},
                  {"build_method", "native"}}}}}}}};
}

std::vector<EnvironmentDifference> differences(const std::vector<json> &documents) {
    std::vector<const json *> pointers;
    for (const json &doc : documents) pointers.push_back(&doc);
    return find_environment_differences(pointers);
}

std::vector<std::string> whats(const std::vector<EnvironmentDifference> &found) {
    std::vector<std::string> out;
    for (const EnvironmentDifference &d : found) out.push_back(d.what);
    return out;
}

TEST(EnvironmentDifferences, NoneBetweenTwoRunsOfOneMachine) {
    EXPECT_TRUE(differences({machine(), machine()}).empty());
}

TEST(EnvironmentDifferences, KernelAndGovernorAreNamedWithEachValue) {
    json b = machine();
    b["system"]["kernel"] = "6.18.4";
    b["system"]["frequency"]["governor"] = "powersave";
    const auto found = differences({machine(), b});
    ASSERT_EQ(whats(found), (std::vector<std::string>{"kernel", "governor"}));
    EXPECT_EQ(found[0].values, (std::vector<std::string>{"6.1.0", "6.18.4"}));
    EXPECT_EQ(found[1].values, (std::vector<std::string>{"performance", "powersave"}));
}

TEST(EnvironmentDifferences, UnknownCountsAsAValue) {
    json b = machine();
    b["system"]["frequency"]["governor"] = "unknown";
    b["system"]["cpu"].erase("microcode");  // an older result
    const auto found = differences({machine(), b});
    ASSERT_EQ(whats(found), (std::vector<std::string>{"microcode", "governor"}));
    EXPECT_EQ(found[0].values[1], "unknown");
    EXPECT_EQ(found[1].values[1], "unknown");
}

TEST(EnvironmentDifferences, TheMitigationsNameOnlyTheVulnerabilitiesThatDiffer) {
    json b = machine();
    b["system"]["vulnerabilities"]["spectre_v2"] = "Vulnerable";
    auto found = differences({machine(), b});
    ASSERT_EQ(whats(found), (std::vector<std::string>{"mitigations"}));
    EXPECT_EQ(found[0].differing, (std::vector<std::string>{"spectre_v2"}));
    EXPECT_EQ(found[0].values,
              (std::vector<std::string>{"Mitigation: Retpolines; STIBP: disabled", "Vulnerable"}));

    // Several: each input's text of each, by name; a file the older
    // kernel did not have is "not listed".
    b["system"]["vulnerabilities"]["mds"] = "Vulnerable; SMT vulnerable";
    b["system"]["vulnerabilities"]["vmscape"] = "Mitigation: IBPB before exit to userspace";
    found = differences({machine(), b});
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].differing, (std::vector<std::string>{"mds", "spectre_v2", "vmscape"}));
    EXPECT_EQ(found[0].values[0],
              "mds: Not affected | spectre_v2: Mitigation: Retpolines; STIBP: disabled | "
              "vmscape: not listed");
}

TEST(EnvironmentDifferences, MitigationsRecordedInOneInputOnly) {
    json b = machine();
    b["system"].erase("vulnerabilities");
    const auto found = differences({machine(), b});
    ASSERT_EQ(whats(found), (std::vector<std::string>{"mitigations"}));
    EXPECT_TRUE(found[0].differing.empty());
    EXPECT_EQ(found[0].values, (std::vector<std::string>{"recorded (3)", "unknown"}));
}

TEST(EnvironmentDifferences, SmtVirtualizationAndBoost) {
    json b = machine();
    b["system"]["topology"] = {{"smt", false}, {"threads_per_core", 1}, {"smt_control", "off"}};
    b["system"]["virtualization"] = {
        {"type", "container"}, {"hypervisor", "none"}, {"engine", "docker"}};
    b["system"]["frequency"]["boost"] = "off";
    const auto found = differences({machine(), b});
    ASSERT_EQ(whats(found), (std::vector<std::string>{"boost", "SMT", "virtualization"}));
    EXPECT_EQ(found[1].values,
              (std::vector<std::string>{"on, 2 threads per core", "off (control off)"}));
    EXPECT_EQ(found[2].values, (std::vector<std::string>{"vm (KVM)", "container (docker)"}));
}

TEST(EnvironmentDifferences, EffectiveCpusByCountWithTheReason) {
    // Absent in every input (results from before it was recorded): not a difference.
    EXPECT_TRUE(differences({machine(), machine()}).empty());
    json a = machine(), b = machine();
    a["system"]["effective_cpus"] = {{"count", 2}, {"reason", "2 online CPUs, no quota"}};
    b["system"]["effective_cpus"] = {{"count", 1}, {"reason", "cgroup cpu.max 50000 100000"}};
    auto found = differences({a, b});
    ASSERT_EQ(whats(found), (std::vector<std::string>{"effective CPU count"}));
    EXPECT_EQ(found[0].values, (std::vector<std::string>{"2 (2 online CPUs, no quota)",
                                                         "1 (cgroup cpu.max 50000 100000)"}));
    // The same count for another reason (another cgroup path) is no difference.
    b["system"]["effective_cpus"] = {{"count", 2}, {"reason", "cpuset of 2 CPUs"}};
    EXPECT_TRUE(differences({a, b}).empty());
    // Present in one only: "unknown" in the other.
    found = differences({a, machine()});
    ASSERT_EQ(found.size(), 1u);
    EXPECT_EQ(found[0].values[1], "unknown");
}

TEST(EnvironmentDifferences, BuildMethodAndFlagsAsTheBuildWarningSeesThem) {
    json b = machine();
    b["system"]["workload_builds"][0]["build"] = "gcc 12.2.0 -O3 -march=x86-64-v2";
    b["runs"][0]["tests"][0]["build"] = "gcc 12.2.0 -O3 -march=x86-64-v2";
    b["runs"][0]["tests"][0]["build_method"] = "portable";
    b["runs"][0]["tests"][0]["isa_level"] = "x86-64-v2";
    const auto found = differences({machine(), b});
    ASSERT_EQ(whats(found), (std::vector<std::string>{"build method", "workload build flags"}));
    EXPECT_EQ(found[0].values, (std::vector<std::string>{"native", "portable x86-64-v2"}));
    EXPECT_EQ(found[1].values[1], "gcc 12.2.0 -O3 -march=x86-64-v2");
}

TEST(EnvironmentDifferences, SuiteAndLabels) {
    json a = machine(), b = machine();
    a["labels"] = {{"kernel", "6.1"}, {"smt", "on"}};
    b["labels"] = {{"kernel", "6.18"}, {"smt", "on"}, {"run", "2"}};
    b["suite"]["sha256"] = "0123456789ab";
    const auto found = differences({a, b});
    ASSERT_EQ(whats(found), (std::vector<std::string>{"suite", "label kernel", "label run"}));
    EXPECT_EQ(found[0].values,
              (std::vector<std::string>{"index (sha256 5f0c2b8e)", "index (sha256 01234567)"}));
    EXPECT_EQ(found[2].values, (std::vector<std::string>{"not set", "2"}));
}

TEST(EnvironmentDifferences, AFailureRecordIsLeftOut) {
    // A failure record as the result reader gives it (result_reader.h).
    const json failed = {{"schema", "bytebench.result/1"},
                         {"status", "failed"},
                         {"error", "unreachable"},
                         {"system", {{"hostname", "h3"}}},
                         {"runs", json::array()}};
    EXPECT_TRUE(differences({machine(), failed}).empty());
    json c = machine();
    c["system"]["kernel"] = "6.18.4";
    const auto found = differences({machine(), failed, c});
    ASSERT_EQ(whats(found), (std::vector<std::string>{"kernel"}));
    EXPECT_EQ(found[0].values, (std::vector<std::string>{"6.1.0", "", "6.18.4"}));
    const json shown = environment_differences_json(found, {"A", "B", "C"});
    EXPECT_EQ(shown,
              json::parse(R"([{"what": "kernel", "values": {"A": "6.1.0", "C": "6.18.4"}}])"));
}

TEST(EnvironmentDifferences, InTheComparisonOnlyWhenSomethingDiffers) {
    const json same = compare_results(
        {{"a.json", std::nullopt, machine()}, {"b.json", std::nullopt, machine()}}, {});
    EXPECT_FALSE(same.contains("environment_differences"));
    json b = machine();
    b["system"]["vulnerabilities"]["spectre_v2"] = "Vulnerable";
    const json differ =
        compare_results({{"a.json", std::nullopt, machine()}, {"b.json", std::nullopt, b}}, {});
    EXPECT_EQ(differ["environment_differences"],
              json::parse(R"([{"what": "mitigations", "differing": ["spectre_v2"],
                  "values": {"A": "Mitigation: Retpolines; STIBP: disabled", "B": "Vulnerable"}}])"));
}

}  // namespace
}  // namespace bytebench
