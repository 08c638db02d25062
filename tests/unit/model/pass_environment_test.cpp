#include "model/pass_environment.h"

#include <gtest/gtest.h>

namespace bytebench {
namespace {

PassEnvironment clean_pass() {
    PassEnvironment env;
    env.wall_s = 2;
    env.cpus = 4;
    env.steal_s = 0.08;  // 1% of 8 CPU-seconds
    env.own_cpu_s = 7.5;
    env.foreign_cpu_s = 0.4;  // 5%
    env.throttle_events = 0;
    return env;
}

TEST(PassEnvironment, SharesAreOfEveryCpusWallTime) {
    const PassEnvironment env = clean_pass();
    EXPECT_DOUBLE_EQ(*env.steal_share(), 0.01);
    EXPECT_DOUBLE_EQ(*env.foreign_share(), 0.05);
    EXPECT_FALSE(env.average_w());
    PassEnvironment none;
    EXPECT_FALSE(none.steal_share());
}

TEST(PassEnvironment, ACleanPassIsNotDisturbed) {
    PassEnvironment env = clean_pass();
    judge_disturbance(env, {});
    EXPECT_TRUE(env.disturbed.empty());
    EXPECT_FALSE(to_json(env).contains("disturbed"));
}

TEST(PassEnvironment, StealForeignTimeAndThrottlingEachDisturbAPass) {
    PassEnvironment env = clean_pass();
    env.steal_s = 0.4;
    env.foreign_cpu_s = 1.2;
    env.throttle_events = 3;
    judge_disturbance(env, {});
    ASSERT_EQ(env.disturbed.size(), 3u);
    EXPECT_EQ(env.disturbed[0], "steal was 5.0% of the CPU time (more than 2.0%)");
    EXPECT_EQ(env.disturbed[1], "other processes used 15.0% of the CPU time (more than 10.0%)");
    EXPECT_EQ(env.disturbed[2],
              "the CPUs were throttled 3 times (too hot or over their power limit)");
    EXPECT_EQ(to_json(env)["disturbed"].size(), 3u);
}

TEST(PassEnvironment, TheLimitsAreTheCallers) {
    PassEnvironment env = clean_pass();
    env.wall_s = 20;  // a resolution of 0.1%
    env.steal_s = 0.8;
    env.foreign_cpu_s = 4;
    judge_disturbance(env, {0.005, 0.5});
    ASSERT_EQ(env.disturbed.size(), 1u);
    EXPECT_EQ(env.disturbed[0].rfind("steal was 1.0%", 0), 0u);
}

// /proc/stat counts in ticks: a share is only as good as two ticks per CPU
// over the window, and a pass too short to tell is not flagged.
TEST(PassEnvironment, ASharesTickResolutionIsNotADisturbance) {
    PassEnvironment env;
    env.wall_s = 0.01;
    env.cpus = 2;
    env.steal_s = 0.01;
    env.foreign_cpu_s = 0.02;  // 100%: one tick on each CPU
    EXPECT_DOUBLE_EQ(env.share_resolution(), 2.0);
    judge_disturbance(env, {});
    EXPECT_TRUE(env.disturbed.empty());
    env.wall_s = 1;            // 2% resolution
    env.foreign_cpu_s = 0.23;  // 11.5%: within 10% + 2%
    judge_disturbance(env, {});
    EXPECT_TRUE(env.disturbed.empty());
    env.foreign_cpu_s = 0.25;  // 12.5%
    judge_disturbance(env, {});
    EXPECT_EQ(env.disturbed.size(), 1u);
    EXPECT_DOUBLE_EQ(to_json(env)["share_resolution"].get<double>(), 0.02);
}

TEST(PassEnvironment, UnknownReadingsSayWhyAndDisturbNothing) {
    PassEnvironment env;
    env.wall_s = 1;
    env.cpus = 2;
    env.why["steal_s"] = env.why["foreign_cpu_s"] = "cannot read /proc/stat";
    env.why["frequency_mhz"] = "no cpufreq";
    judge_disturbance(env, {});
    EXPECT_TRUE(env.disturbed.empty());
    const nlohmann::json j = to_json(env);
    EXPECT_EQ(j["steal_s"], "unknown");
    EXPECT_EQ(j["why"]["steal_s"], "cannot read /proc/stat");
    EXPECT_EQ(j["frequency_mhz"], "unknown");
    EXPECT_EQ(j["why"]["frequency_mhz"], "no cpufreq");
    EXPECT_EQ(j["energy_j"], "unknown");
    EXPECT_EQ(j["why"]["energy_j"], "not measured");
    EXPECT_FALSE(j.contains("steal_share"));
    EXPECT_FALSE(j.contains("average_w"));
}

TEST(PassEnvironment, EnergyGivesAverageWatts) {
    PassEnvironment env = clean_pass();
    env.energy_j = 50;
    env.frequency_mhz = 2599.6;
    env.frequency_source = "cpufreq";
    const nlohmann::json j = to_json(env);
    EXPECT_DOUBLE_EQ(j["average_w"].get<double>(), 25.0);
    EXPECT_DOUBLE_EQ(j["frequency_mhz"].get<double>(), 2600.0);
    EXPECT_EQ(j["frequency_source"], "cpufreq");
    EXPECT_FALSE(j.contains("why"));
}

}  // namespace
}  // namespace bytebench
