// Effective CPUs: the cgroup quota and cpuset on fixture trees
// (tests/fixtures/sysinfo/cgroup-*), each a "/" with /proc/self/cgroup,
// /proc/self/mountinfo and the cgroup files a machine of that kind has.
#include "system/cpu_quota.h"

#include <gtest/gtest.h>
#include <sched.h>
#include <unistd.h>

#include <string>

namespace bytebench {
namespace {

const std::string kCgroupFixtures = std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/sysinfo/";

EffectiveCpus cpus_of_fixture(const std::string &name, int online, int allowed) {
    return read_effective_cpus(kCgroupFixtures + name, online, allowed);
}

bool quota_text_has(const std::string &text, const std::string &part) {
    return text.find(part) != std::string::npos;
}

TEST(CpuList, CountsRangesAndSingleCpus) {
    EXPECT_EQ(count_cpu_list("0"), 1);
    EXPECT_EQ(count_cpu_list("0-3\n"), 4);
    EXPECT_EQ(count_cpu_list("0-3,8,10-11"), 7);
    EXPECT_EQ(count_cpu_list(" 2-3 "), 2);
}

TEST(CpuList, RejectsWhatIsNotAList) {
    for (const char *text : {"", "\n", "0-", "-1", "3-1", "a", "0,,1", "0-1-2", "1:2"})
        EXPECT_FALSE(count_cpu_list(text).has_value()) << '"' << text << '"';
}

TEST(EffectiveCpus, V1QuotaInTheProcessCgroup) {
    const EffectiveCpus cpus = cpus_of_fixture("cgroup-v1-quota", 4, 4);
    EXPECT_EQ(cpus.count, 1);
    EXPECT_EQ(cpus.reason,
              "cgroup v1 cpu.cfs_quota_us 50000 / cpu.cfs_period_us 100000 in /bytebench-x: "
              "0.5 CPU");
    ASSERT_TRUE(cpus.quota_cpus.has_value());
    EXPECT_DOUBLE_EQ(*cpus.quota_cpus, 0.5);
    EXPECT_EQ(cpus.cpuset_cpus, 4);
    EXPECT_EQ(cpus.online, 4);
    EXPECT_EQ(cpus.allowed, 4);
    EXPECT_TRUE(cpus.why.empty()) << cpus.why.begin()->second;
}

TEST(EffectiveCpus, OneAllowedCpuStillNamesTheQuota) {
    // A 1-CPU machine: the count is 1 either way, the reason says both.
    const EffectiveCpus cpus = cpus_of_fixture("cgroup-v1-quota", 1, 1);
    EXPECT_EQ(cpus.count, 1);
    EXPECT_EQ(cpus.reason,
              "cgroup v1 cpu.cfs_quota_us 50000 / cpu.cfs_period_us 100000 in /bytebench-x: "
              "0.5 CPU; 1 CPU allowed (sched_getaffinity)");
}

TEST(EffectiveCpus, AParentsQuotaLimitsItsChildren) {
    // /parent grants 1.5 CPUs, /parent/child 4: the parent's wins, rounded up.
    const EffectiveCpus cpus = cpus_of_fixture("cgroup-v1-parent-quota", 8, 8);
    EXPECT_EQ(cpus.count, 2);
    EXPECT_EQ(cpus.reason,
              "cgroup v1 cpu.cfs_quota_us 150000 / cpu.cfs_period_us 100000 in /parent: 1.5 CPUs");
    EXPECT_DOUBLE_EQ(cpus.quota_cpus.value_or(0), 1.5);
    EXPECT_EQ(cpus.cpuset_cpus, 8);
}

TEST(EffectiveCpus, AContainerSeesItsCgroupAtTheMountPoint) {
    // The mount's root is the container's own cgroup: its files are at the
    // mount point, and nothing above it can be seen.
    const EffectiveCpus cpus = cpus_of_fixture("cgroup-v1-container", 16, 8);
    EXPECT_EQ(cpus.count, 3);
    EXPECT_EQ(cpus.reason,
              "cgroup v1 cpu.cfs_quota_us 250000 / cpu.cfs_period_us 100000 in "
              "/kubepods/pod1/ctr: 2.5 CPUs");
    EXPECT_EQ(cpus.cpuset_cpus, 8);
}

TEST(EffectiveCpus, AQuotaAboveTheAllowedCpusLeavesThemAll) {
    const EffectiveCpus cpus = cpus_of_fixture("cgroup-v1-container", 2, 2);
    EXPECT_EQ(cpus.count, 2);
    EXPECT_EQ(cpus.reason,
              "2 CPUs allowed (sched_getaffinity); the quota allows more: cgroup v1 "
              "cpu.cfs_quota_us 250000 / cpu.cfs_period_us 100000 in /kubepods/pod1/ctr: 2.5 CPUs");
    EXPECT_DOUBLE_EQ(cpus.quota_cpus.value_or(0), 2.5);
}

TEST(EffectiveCpus, V2CpuMax) {
    const EffectiveCpus cpus = cpus_of_fixture("cgroup-v2-quota", 2, 2);
    EXPECT_EQ(cpus.count, 1);
    EXPECT_EQ(cpus.reason, "cgroup v2 cpu.max 50000 100000 in /bytebench-x: 0.5 CPU");
    EXPECT_DOUBLE_EQ(cpus.quota_cpus.value_or(0), 0.5);
    EXPECT_EQ(cpus.cpuset_cpus, 2);  // the cgroup's own cpuset.cpus.effective, not the root's
}

TEST(EffectiveCpus, ACpusetSmallerThanTheAffinityMaskLimitsToo) {
    // Not on a live machine (the kernel keeps the mask inside the cpuset),
    // but the cross-check takes the smaller.
    const EffectiveCpus cpus =
        read_effective_cpus(kCgroupFixtures + "cgroup-v1-parent-quota", 16, 16);
    EXPECT_EQ(cpus.count, 2);
    const EffectiveCpus wide = cpus_of_fixture("cgroup-v2-max", 8, 8);
    EXPECT_EQ(wide.count, 4);
    EXPECT_EQ(wide.reason,
              "no CPU quota; cgroup v2 cpuset.cpus.effective 0-3 in /: 4 CPUs, fewer than the 8 "
              "CPUs allowed (sched_getaffinity)");
}

TEST(EffectiveCpus, V2MaxIsNoQuota) {
    const EffectiveCpus cpus = cpus_of_fixture("cgroup-v2-max", 4, 2);
    EXPECT_EQ(cpus.count, 2);
    EXPECT_EQ(cpus.reason, "no CPU quota; 2 CPUs allowed (sched_getaffinity)");
    EXPECT_FALSE(cpus.quota_cpus.has_value());
    EXPECT_EQ(cpus.why.at("quota_cpus"),
              "no CPU quota: cgroup v2 cpu.max max in "
              "/user.slice/user-1000.slice/session-2.scope and its parents");
    EXPECT_EQ(cpus.cpuset_cpus, 4);
}

TEST(EffectiveCpus, MalformedFilesGiveNoQuotaAndSayWhich) {
    EffectiveCpus cpus;
    ASSERT_NO_THROW(cpus = cpus_of_fixture("cgroup-malformed", 2, 2));
    EXPECT_EQ(cpus.count, 2);
    EXPECT_FALSE(cpus.quota_cpus.has_value());
    const std::string &why = cpus.why.at("quota_cpus");
    EXPECT_TRUE(quota_text_has(why, "/sys/fs/cgroup/cpu,cpuacct/bad/cpu.cfs_quota_us: \"lots\""))
        << why;
    EXPECT_TRUE(quota_text_has(why, "/sys/fs/cgroup/unified/bad/cpu.max: \"50000 0\"")) << why;
    EXPECT_TRUE(quota_text_has(cpus.reason, "no CPU quota found (")) << cpus.reason;
    EXPECT_EQ(cpus.reason.find('\n'), std::string::npos) << cpus.reason;
    EXPECT_FALSE(cpus.cpuset_cpus.has_value());
    EXPECT_TRUE(
        quota_text_has(cpus.why.at("cpuset_cpus"),
                       "/sys/fs/cgroup/cpuset/bad/cpuset.cpus: \"0-\" is not a list of CPUs"))
        << cpus.why.at("cpuset_cpus");
}

TEST(EffectiveCpus, MissingFilesGiveNoQuotaAndSayWhich) {
    const EffectiveCpus cpus = cpus_of_fixture("cgroup-missing", 2, 2);
    EXPECT_EQ(cpus.count, 2);
    EXPECT_FALSE(cpus.quota_cpus.has_value());
    const std::string &why = cpus.why.at("quota_cpus");
    EXPECT_TRUE(
        quota_text_has(why, "no folder /sys/fs/cgroup/cpu,cpuacct/gone for cgroup v1 cgroup /gone"))
        << why;
    EXPECT_TRUE(quota_text_has(why, "cannot read /sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us"))
        << why;
    EXPECT_EQ(cpus.why.at("cpuset_cpus"), "no cpuset.cpus in /gone or its parents");
}

TEST(EffectiveCpus, NoProcGivesTheAllowedCpus) {
    const EffectiveCpus cpus = read_effective_cpus("/nonexistent-root", 8, 3);
    EXPECT_EQ(cpus.count, 3);
    EXPECT_EQ(cpus.online, 8);
    const std::string &why = cpus.why.at("quota_cpus");
    EXPECT_TRUE(quota_text_has(why, "cannot read /proc/self/cgroup")) << why;
    EXPECT_TRUE(quota_text_has(why, "cannot read /proc/self/mountinfo")) << why;
    EXPECT_TRUE(quota_text_has(cpus.why.at("cpuset_cpus"), "cannot read /proc/self/cgroup"));
}

TEST(EffectiveCpus, ACgroupOutsideTheNamespaceReadsOnlyTheMountedTop) {
    // "/../../other.slice": nothing of it below the mount can be read, and
    // nothing outside the mount may be.
    const EffectiveCpus cpus = cpus_of_fixture("cgroup-v2-outside-namespace", 4, 4);
    EXPECT_EQ(cpus.count, 1);
    EXPECT_EQ(cpus.reason, "cgroup v2 cpu.max 100000 100000 in /: 1 CPU");
    EXPECT_EQ(cpus.cpuset_cpus, 2);
}

TEST(EffectiveCpus, HybridHostReadsTheV1CpuController) {
    // systemd's hybrid layout: cgroup2 at /sys/fs/cgroup/unified without the
    // cpu controller, which is in the v1 cpu,cpuacct hierarchy.
    const EffectiveCpus cpus = cpus_of_fixture("cgroup-hybrid", 4, 4);
    EXPECT_EQ(cpus.count, 2);
    EXPECT_EQ(cpus.reason,
              "cgroup v1 cpu.cfs_quota_us 200000 / cpu.cfs_period_us 100000 in "
              "/system.slice/bench.service: 2 CPUs");
    EXPECT_EQ(cpus.cpuset_cpus, 4);
    EXPECT_TRUE(cpus.why.empty());
}

TEST(EffectiveCpus, CountIsNeverBelowOne) {
    const EffectiveCpus cpus = read_effective_cpus("/nonexistent-root", 0, 0);
    EXPECT_EQ(cpus.count, 1);
    EXPECT_EQ(cpus.allowed, 1);
}

TEST(EffectiveCpus, JsonHasEveryMemberAndUnknownsWithReasons) {
    const nlohmann::json quota = effective_cpus_json(cpus_of_fixture("cgroup-v2-quota", 2, 2));
    EXPECT_EQ(quota["count"], 1);
    EXPECT_EQ(quota["online"], 2);
    EXPECT_EQ(quota["allowed"], 2);
    EXPECT_EQ(quota["quota_cpus"], 0.5);
    EXPECT_EQ(quota["cpuset_cpus"], 2);
    EXPECT_FALSE(quota.contains("why"));
    const nlohmann::json none = effective_cpus_json(cpus_of_fixture("cgroup-malformed", 2, 2));
    EXPECT_EQ(none["quota_cpus"], "unknown");
    EXPECT_EQ(none["cpuset_cpus"], "unknown");
    EXPECT_TRUE(none["why"]["quota_cpus"].is_string());
    EXPECT_TRUE(none["why"]["cpuset_cpus"].is_string());
}

TEST(EffectiveCpus, ThisMachineGivesAtLeastOneAndNoMoreThanAllowed) {
    const EffectiveCpus cpus = read_effective_cpus();
    cpu_set_t mask;
    ASSERT_EQ(sched_getaffinity(0, sizeof mask, &mask), 0);
    EXPECT_EQ(cpus.allowed, CPU_COUNT(&mask));
    EXPECT_EQ(cpus.online, int(sysconf(_SC_NPROCESSORS_ONLN)));
    EXPECT_GE(cpus.count, 1);
    EXPECT_LE(cpus.count, cpus.allowed);
    EXPECT_FALSE(cpus.reason.empty());
}

}  // namespace
}  // namespace bytebench
