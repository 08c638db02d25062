#include "system/environment_probe.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "base/monotonic_clock.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

// A machine of two CPUs under a temporary root, its counters set by the test.
class FixtureMachine {
  public:
    FixtureMachine()
        : root_(fs::temp_directory_path() / ("probe-root-" + std::to_string(getpid()))) {
        fs::remove_all(root_);
        for (int cpu : {0, 1}) fs::create_directories(cpu_dir(cpu) + "/topology");
        write("/proc/stat", "cpu 1000 0 0 1000 0 0 0 0\n");
    }
    ~FixtureMachine() { fs::remove_all(root_); }

    const std::string &root() const { return root_; }
    std::string cpu_dir(int cpu) const {
        return root_ + "/sys/devices/system/cpu/cpu" + std::to_string(cpu);
    }
    void write(const std::string &path, const std::string &text) const {
        fs::create_directories(fs::path(root_ + path).parent_path());
        std::ofstream(root_ + path) << text;
    }
    void throttle(int cpu, int core, int package) const {
        const std::string dir = cpu_dir(cpu).substr(root_.size());
        write(dir + "/thermal_throttle/core_throttle_count", std::to_string(core) + "\n");
        write(dir + "/thermal_throttle/package_throttle_count", std::to_string(package) + "\n");
        write(dir + "/topology/physical_package_id", "0\n");
    }
    void rapl(const std::string &domain, const std::string &name, double uj, double range) const {
        const std::string dir = "/sys/class/powercap/" + domain;
        write(dir + "/name", name + "\n");
        write(dir + "/energy_uj", std::to_string(uint64_t(uj)) + "\n");
        write(dir + "/max_energy_range_uj", std::to_string(uint64_t(range)) + "\n");
    }

  private:
    std::string root_;
};

TEST(EnvironmentProbe, StealAndOtherProcessesComeFromProcStat) {
    FixtureMachine m;
    EnvironmentProbe probe({}, m.root());
    probe.start();
    // 3 s of busy time and 0.5 s of steal (100 ticks a second); this
    // process used a little of that busy time itself.
    m.write("/proc/stat", "cpu 1300 0 0 1100 0 0 0 50\n");
    const PassEnvironment env = probe.stop();
    EXPECT_EQ(env.cpus, 2);
    ASSERT_TRUE(env.steal_s);
    EXPECT_DOUBLE_EQ(*env.steal_s, 0.5);
    ASSERT_TRUE(env.foreign_cpu_s && env.own_cpu_s);
    EXPECT_NEAR(*env.foreign_cpu_s + *env.own_cpu_s, 3.0, 1e-9);
}

TEST(EnvironmentProbe, AnUnreadableProcStatIsUnknownWithTheReason) {
    FixtureMachine m;
    m.write("/proc/stat", "garbage\n");
    EnvironmentProbe probe({}, m.root());
    probe.start();
    const PassEnvironment env = probe.stop();
    EXPECT_FALSE(env.steal_s);
    EXPECT_FALSE(env.foreign_cpu_s);
    EXPECT_EQ(env.why.at("steal_s"), "/proc/stat has no readable \"cpu\" line");
    EXPECT_TRUE(env.own_cpu_s);
}

TEST(EnvironmentProbe, WithoutCountersTheClockThrottlingAndEnergyAreUnknown) {
    FixtureMachine m;
    EnvironmentProbe probe({}, m.root());
    probe.start();
    const PassEnvironment env = probe.stop();
    EXPECT_FALSE(env.frequency_mhz);
    EXPECT_NE(env.why.at("frequency_mhz").find("no cpufreq in /sys"), std::string::npos);
    EXPECT_NE(env.why.at("throttle_events").find("no thermal_throttle"), std::string::npos);
    EXPECT_NE(env.why.at("energy_j").find("no RAPL package domain"), std::string::npos);
}

TEST(EnvironmentProbe, CpufreqIsAveragedOverTheCopiesCpus) {
    FixtureMachine m;
    m.write("/sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq", "2000000\n");
    m.write("/sys/devices/system/cpu/cpu1/cpufreq/scaling_cur_freq", "3000000\n");
    EnvironmentProbe pinned({1, 1}, m.root());
    pinned.start();
    PassEnvironment env = pinned.stop();
    ASSERT_TRUE(env.frequency_mhz);
    EXPECT_DOUBLE_EQ(*env.frequency_mhz, 3000.0);
    EXPECT_EQ(env.frequency_source, "cpufreq");
    EXPECT_FALSE(env.why.count("frequency_mhz"));

    EnvironmentProbe all({}, m.root());
    all.start();
    env = all.stop();
    EXPECT_DOUBLE_EQ(*env.frequency_mhz, 2500.0);
}

TEST(EnvironmentProbe, ThrottleEventsCountCoresAndEachPackageOnce) {
    FixtureMachine m;
    m.throttle(0, 10, 100);
    m.throttle(1, 20, 100);
    EnvironmentProbe probe({}, m.root());
    probe.start();
    m.throttle(0, 12, 103);
    m.throttle(1, 21, 103);
    const PassEnvironment env = probe.stop();
    ASSERT_TRUE(env.throttle_events);
    EXPECT_EQ(*env.throttle_events, 2u + 1u + 3u);
}

TEST(EnvironmentProbe, EnergyIsThePackagesJoulesAcrossAWrap) {
    FixtureMachine m;
    m.rapl("intel-rapl:0", "package-0", 9'000'000, 10'000'000);  // wraps at 10 J
    m.rapl("intel-rapl:1", "package-1", 1'000'000, 10'000'000);
    m.rapl("intel-rapl:0:0", "core", 0, 10'000'000);  // inside package 0
    m.rapl("intel-rapl:2", "psys", 0, 10'000'000);    // spans the packages
    EnvironmentProbe probe({}, m.root());
    probe.start();
    m.rapl("intel-rapl:0", "package-0", 2'000'000, 10'000'000);  // 9 J -> 10 = 0 -> 2 J: 3 J
    m.rapl("intel-rapl:1", "package-1", 3'500'000, 10'000'000);  // 2.5 J
    m.rapl("intel-rapl:0:0", "core", 5'000'000, 10'000'000);
    m.rapl("intel-rapl:2", "psys", 9'000'000, 10'000'000);
    const PassEnvironment env = probe.stop();
    ASSERT_TRUE(env.energy_j);
    EXPECT_NEAR(*env.energy_j, 5.5, 1e-9);
}

TEST(EnvironmentProbe, AnUnreadableEnergyCounterSaysWhy) {
    FixtureMachine m;
    m.rapl("intel-rapl:0", "package-0", 0, 10'000'000);
    m.write("/sys/class/powercap/intel-rapl:0/energy_uj", "");
    EnvironmentProbe probe({}, m.root());
    probe.start();
    const PassEnvironment env = probe.stop();
    EXPECT_FALSE(env.energy_j);
    EXPECT_NE(env.why.at("energy_j").find("energy_uj cannot be read"), std::string::npos);
}

// A reaped child's CPU time is bytebench's own, not another process's.
TEST(EnvironmentProbe, AReapedChildsCpuTimeIsOwnTime) {
    EnvironmentProbe probe({});
    probe.start();
    const pid_t child = fork();
    if (child == 0) {
        const double end = monotonic_seconds() + 0.3;
        volatile double x = 0;
        while (monotonic_seconds() < end) x = x + 1;
        _exit(0);
    }
    ASSERT_GT(child, 0);
    waitpid(child, nullptr, 0);
    const PassEnvironment env = probe.stop();
    ASSERT_TRUE(env.own_cpu_s);
    // 0.3 s of wall time; on a loaded machine the child gets less of a CPU.
    EXPECT_GT(*env.own_cpu_s, 0.02);
    EXPECT_GE(env.wall_s, 0.3);
    EXPECT_TRUE(env.steal_s);
}

// A process outside bytebench's tree that the tests measure (the X server)
// counts as own time while it is still running.
TEST(EnvironmentProbe, AServerCountedAsOwnIsOwnTimeWhileItRuns) {
    const pid_t server = fork();
    if (server == 0) {
        const double end = monotonic_seconds() + 0.3;
        volatile double x = 0;
        while (monotonic_seconds() < end) x = x + 1;
        pause();
        _exit(0);
    }
    ASSERT_GT(server, 0);
    EnvironmentProbe counted({});
    counted.count_as_own({server});
    EnvironmentProbe not_counted({});
    counted.start();
    not_counted.start();
    usleep(400'000);
    const PassEnvironment with = counted.stop();
    const PassEnvironment without = not_counted.stop();
    kill(server, SIGKILL);
    waitpid(server, nullptr, 0);
    ASSERT_TRUE(with.own_cpu_s && without.own_cpu_s);
    // 0.3 s of burning; on a loaded machine the server gets less of a CPU.
    EXPECT_GT(*with.own_cpu_s - *without.own_cpu_s, 0.02);
}

}  // namespace
}  // namespace bytebench
