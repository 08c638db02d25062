#include "system/preflight.h"

#include <gtest/gtest.h>

#include "system/sysinfo_readers.h"

namespace bytebench {
namespace {

const std::string kPreflightTrees = std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/sysinfo/";
const std::string kQuietTree = kPreflightTrees + "preflight-quiet/";
const std::string kBusyTree = kPreflightTrees + "preflight-busy/";
const std::string kBrokenTree = kPreflightTrees + "preflight-broken";

// The two samples of a fixture tree (t0 and t1, a second apart); pid 4242
// is the sampling process.
SampledInterval interval_of(const std::string &tree) {
    SampledInterval i;
    i.before = take_sample(tree + "t0");
    i.after = take_sample(tree + "t1");
    i.wall_s = 1;
    i.self_pid = 4242;
    return i;
}

bool mentions(const std::string &text, const std::string &part) {
    return text.find(part) != std::string::npos;
}

TEST(Preflight, AQuietMachineIsOk) {
    const SampledInterval i = interval_of(kQuietTree);
    EXPECT_EQ(i.before.processes.size(), 2u);
    const CheckResult steal = check_steal(i);
    EXPECT_EQ(steal.status, CheckStatus::ok) << steal.found;
    EXPECT_EQ(steal.found, "0.0% of the CPU time over the last 1.0 s");
    const CheckResult busy = check_busy_processes(i);
    EXPECT_EQ(busy.status, CheckStatus::ok) << busy.found;
    EXPECT_EQ(busy.found, "other processes used 0.03 CPUs over the last 1.0 s");
    EXPECT_TRUE(busy.advice.empty());
    const CheckResult load = check_load(kQuietTree + "t0", 2);
    EXPECT_EQ(load.status, CheckStatus::ok);
    EXPECT_EQ(load.found, "1-minute load 0.05 on 2 CPUs (0.03 a CPU)");
    EXPECT_EQ(check_swap(kQuietTree + "t0", &i).status, CheckStatus::ok);
    EXPECT_EQ(check_swap(kQuietTree + "t0", &i).found, "no swap");
}

TEST(Preflight, GovernorBoostAndThpFromTheReaders) {
    const nlohmann::json quiet = read_frequency(kQuietTree + "t0");
    EXPECT_EQ(check_governor(quiet).status, CheckStatus::ok);
    EXPECT_EQ(check_boost(quiet).status, CheckStatus::ok);
    EXPECT_EQ(check_thp(read_memory(kQuietTree + "t0")).status, CheckStatus::ok);
    EXPECT_EQ(check_thp(read_memory(kQuietTree + "t0")).found,
              "transparent huge pages madvise, defrag madvise");

    const nlohmann::json busy = read_frequency(kBusyTree + "t0");
    const CheckResult governor = check_governor(busy);
    EXPECT_EQ(governor.status, CheckStatus::warn);
    EXPECT_TRUE(mentions(governor.found, "schedutil")) << governor.found;
    EXPECT_TRUE(mentions(governor.advice, "cpupower frequency-set -g performance"))
        << governor.advice;
    const CheckResult boost = check_boost(busy);
    EXPECT_EQ(boost.status, CheckStatus::warn);
    EXPECT_TRUE(mentions(boost.advice, "cpufreq/boost")) << boost.advice;
    const CheckResult thp = check_thp(read_memory(kBusyTree + "t0"));
    EXPECT_EQ(thp.status, CheckStatus::warn);
    EXPECT_TRUE(mentions(thp.advice, "madvise")) << thp.advice;
}

TEST(Preflight, NoCpufreqIsUnknownWithTheReadersReason) {
    const nlohmann::json none = read_frequency(kBrokenTree);
    const CheckResult governor = check_governor(none);
    EXPECT_EQ(governor.status, CheckStatus::unknown);
    EXPECT_TRUE(mentions(governor.found, "no cpufreq in /sys")) << governor.found;
    EXPECT_TRUE(governor.advice.empty());
    EXPECT_EQ(check_boost(none).status, CheckStatus::unknown);
    EXPECT_EQ(check_thp(read_memory(kBrokenTree)).status, CheckStatus::unknown);
}

TEST(Preflight, StealOverTenPercentIsBad) {
    const CheckResult steal = check_steal(interval_of(kBusyTree));
    EXPECT_EQ(steal.status, CheckStatus::bad);
    EXPECT_EQ(steal.found, "15.0% of the CPU time over the last 1.0 s");
    EXPECT_TRUE(mentions(steal.advice, "dedicated CPUs")) << steal.advice;
}

TEST(Preflight, StealBetweenTwoAndTenPercentWarns) {
    SampledInterval i;
    i.before.stat = parse_proc_stat("cpu 0 0 0 0 0 0 0 0\n", 100);
    i.after.stat = parse_proc_stat("cpu 50 0 0 145 0 0 0 5\n", 100);  // 5 of 200 ticks
    EXPECT_EQ(check_steal(i).status, CheckStatus::warn) << check_steal(i).found;
    i.after.stat = parse_proc_stat("cpu 50 0 0 146 0 0 0 4\n", 100);  // exactly 2%
    EXPECT_EQ(check_steal(i).status, CheckStatus::ok) << check_steal(i).found;
}

TEST(Preflight, BusyProcessesAreNamedTopThreeAndTheMachineMeasureDecides) {
    const CheckResult busy = check_busy_processes(interval_of(kBusyTree));
    EXPECT_EQ(busy.status, CheckStatus::bad);
    // 150 busy ticks of which 1 was ours; make started within the second
    // (12%), sshd used 5% and is not named.
    EXPECT_EQ(busy.found,
              "other processes used 1.49 CPUs over the last 1.0 s: cc1plus (pid 100) 90%, "
              "my (odd) job (pid 200) 40%, python3 (pid 300) 20%");
    EXPECT_TRUE(mentions(busy.advice, "stop them")) << busy.advice;
}

TEST(Preflight, ATenthOfACpuWarns) {
    SampledInterval i;
    i.before.stat = parse_proc_stat("cpu 0 0 0 0\n", 100);
    i.after.stat = parse_proc_stat("cpu 20 0 0 180\n", 100);  // 0.2 CPU over 1 s
    EXPECT_EQ(check_busy_processes(i).status, CheckStatus::warn);
    i.after.stat = parse_proc_stat("cpu 60 0 0 140\n", 100);
    EXPECT_EQ(check_busy_processes(i).status, CheckStatus::bad);
}

TEST(Preflight, SwapInUseWarnsAndThrashingIsBad) {
    const SampledInterval i = interval_of(kBusyTree);
    const CheckResult thrashing = check_swap(kBusyTree + "t0", &i);
    EXPECT_EQ(thrashing.status, CheckStatus::bad);
    EXPECT_EQ(thrashing.found,
              "512 MiB of 1 GiB swap in use, 1000 pages a second swapped in or out");
    // Without the sampled second (run's summary): only what is in use.
    const CheckResult in_use = check_swap(kBusyTree + "t0", nullptr);
    EXPECT_EQ(in_use.status, CheckStatus::warn);
    EXPECT_EQ(in_use.found, "512 MiB of 1 GiB swap in use");
    EXPECT_FALSE(in_use.advice.empty());
}

TEST(Preflight, LoadAboveAFifthOfTheCpusWarns) {
    const CheckResult load = check_load(kBusyTree + "t0", 2);
    EXPECT_EQ(load.status, CheckStatus::warn);
    EXPECT_EQ(load.found, "1-minute load 3.50 on 2 CPUs (1.75 a CPU)");
    // Measured against the effective CPUs, not the online ones.
    EXPECT_EQ(check_load(kQuietTree + "t0", 1).found, "1-minute load 0.05 on 1 CPU (0.05 a CPU)");
}

TEST(Preflight, MalformedOrMissingFilesAreUnknownNeverAFailure) {
    SampledInterval i;
    i.before = take_sample(kBrokenTree);
    i.after = take_sample(kBrokenTree);
    EXPECT_TRUE(i.before.processes.empty());
    EXPECT_FALSE(i.before.swap_pages);
    for (const CheckResult &c : {check_steal(i), check_busy_processes(i),
                                 check_load(kBrokenTree, 2), check_swap(kBrokenTree, &i)}) {
        EXPECT_EQ(c.status, CheckStatus::unknown) << c.name << ": " << c.found;
        EXPECT_FALSE(c.found.empty()) << c.name;
    }
    EXPECT_EQ(check_swap(kBrokenTree, &i).found, "no SwapTotal or SwapFree in /proc/meminfo");
    EXPECT_EQ(check_load(kPreflightTrees + "no-such-tree", 2).found,
              "/proc/loadavg could not be read");
    const SampledInterval missing{take_sample(kPreflightTrees + "no-such-tree"),
                                  take_sample(kPreflightTrees + "no-such-tree"), 1, -1};
    EXPECT_EQ(check_steal(missing).status, CheckStatus::unknown);
    EXPECT_TRUE(mentions(check_steal(missing).found, "/proc/stat")) << check_steal(missing).found;
}

TEST(Preflight, VirtualizationSaysWhatItIsAndNeverWarns) {
    EXPECT_EQ(check_virtualization({{"type", "none"}}).found, "none: bare metal");
    const CheckResult vm =
        check_virtualization({{"type", "vm"}, {"hypervisor", "KVM"}, {"engine", "none"}});
    EXPECT_EQ(vm.status, CheckStatus::ok);
    EXPECT_TRUE(mentions(vm.found, "a VM (KVM)")) << vm.found;
    const CheckResult container =
        check_virtualization({{"type", "container"}, {"hypervisor", "none"}, {"engine", "docker"}});
    EXPECT_EQ(container.found, "a container (docker): its CPU limits are in cpu_quota");
    const CheckResult unknown =
        check_virtualization({{"type", "unknown"}, {"why", {{"type", "no cpuid"}}}});
    EXPECT_EQ(unknown.status, CheckStatus::unknown);
    EXPECT_EQ(unknown.found, "no cpuid");
}

TEST(Preflight, AQuotaBelowTheOnlineCpusWarnsAndSaysWhy) {
    const CheckResult limited = check_cpu_quota(
        {{"count", 1}, {"online", 4}, {"reason", "cgroup v2 cpu.max 50000 100000"}});
    EXPECT_EQ(limited.status, CheckStatus::warn);
    EXPECT_EQ(limited.found.rfind("1 of the 4 online CPUs (cgroup v2 cpu.max 50000 100000)", 0), 0u)
        << limited.found;
    EXPECT_FALSE(limited.advice.empty());
    const CheckResult all =
        check_cpu_quota({{"count", 4}, {"online", 4}, {"reason", "no CPU quota"}});
    EXPECT_EQ(all.status, CheckStatus::ok);
    EXPECT_EQ(all.found, "all 4 online CPUs (no CPU quota)");
    const CheckResult unknown = check_cpu_quota({{"count", "unknown"}});
    EXPECT_EQ(unknown.status, CheckStatus::unknown);
    EXPECT_EQ(unknown.found, "no effective CPU count (system.effective_cpus)");
}

TEST(Preflight, TwoKindsOfCoreWarn) {
    const nlohmann::json hybrid = {{"cpu_kinds",
                                    {{{"name", "efficiency"}, {"pus", {8, 9, 10, 11}}},
                                     {{"name", "performance"}, {"pus", {0, 1, 2, 3, 4, 5, 6, 7}}}}},
                                   {"hybrid", true}};
    const CheckResult c = check_hybrid(hybrid);
    EXPECT_EQ(c.status, CheckStatus::warn);
    EXPECT_EQ(c.found.rfind("2 kinds of core: efficiency (CPUs 8-11), performance (CPUs 0-7)", 0),
              0u)
        << c.found;
    EXPECT_TRUE(mentions(c.advice, "--placement")) << c.advice;
    EXPECT_EQ(check_hybrid({{"cpu_kinds", nlohmann::json::array()}}).status, CheckStatus::ok);
    EXPECT_EQ(check_hybrid({{"cpu_kinds", {{{"name", "performance"}, {"pus", {0, 1}}}}}}).status,
              CheckStatus::ok);
    // What read_topology gives when hwloc reports no kinds: one kind.
    const CheckResult none = check_hybrid(
        {{"cpu_kinds", "unknown"}, {"hybrid", false}, {"why", {{"cpu_kinds", "no kinds"}}}});
    EXPECT_EQ(none.status, CheckStatus::ok);
    EXPECT_EQ(none.found, "one kind of core (hwloc reports no CPU kinds)");
    EXPECT_EQ(check_hybrid({{"cpu_kinds", "unknown"}, {"why", {{"cpu_kinds", "no hwloc"}}}}).found,
              "hwloc gives no CPU kinds: no hwloc");
}

TEST(Preflight, TmpdirOnMemoryWarnsAndNearlyFullIsBad) {
    const double gib = 1024.0 * 1024 * 1024;
    const auto tmpdir = [](const char *media, double free) {
        return nlohmann::json{
            {"path", "/tmp"}, {"fs_type", "ext4"}, {"media", media}, {"free_bytes", free}};
    };
    EXPECT_EQ(check_tmpdir(tmpdir("ssd", 40 * gib)).status, CheckStatus::ok);
    EXPECT_EQ(check_tmpdir(tmpdir("ssd", 40 * gib)).found, "/tmp: ext4 on ssd, 40 GiB free");
    const CheckResult memory = check_tmpdir(tmpdir("tmpfs", 40 * gib));
    EXPECT_EQ(memory.status, CheckStatus::warn);
    EXPECT_TRUE(mentions(memory.advice, "--tmpdir")) << memory.advice;
    EXPECT_EQ(check_tmpdir(tmpdir("network", 40 * gib)).status, CheckStatus::warn);
    EXPECT_EQ(check_tmpdir(tmpdir("hdd", 2 * gib)).status, CheckStatus::warn);
    EXPECT_EQ(check_tmpdir(tmpdir("ssd", 0.5 * gib)).status, CheckStatus::bad);
    EXPECT_EQ(check_tmpdir({{"path", "/x"}}).status, CheckStatus::unknown);
}

TEST(Preflight, RunChecksGivesEveryCheckInOrderAndBadMeansUntrustworthy) {
    PreflightReadings r;
    r.system = {{"frequency", read_frequency(kBusyTree + "t0")},
                {"memory", read_memory(kBusyTree + "t0")},
                {"virtualization", {{"type", "vm"}, {"hypervisor", "KVM"}}},
                {"topology", {{"cpu_kinds", nlohmann::json::array()}}},
                {"effective_cpus", {{"count", 2}, {"online", 2}, {"reason", "no CPU quota"}}},
                {"tmpdir", {{"path", "/tmp"}, {"media", "ssd"}, {"free_bytes", 1e11}}}};
    r.interval = interval_of(kBusyTree);
    const std::vector<CheckResult> all = run_checks(kBusyTree + "t0", r);
    ASSERT_EQ(all.size(), check_names().size());
    for (size_t i = 0; i < all.size(); ++i) EXPECT_EQ(all[i].name, check_names()[i]);
    EXPECT_TRUE(any_bad(all));

    // Without the sampled second: no steal, no busy processes.
    r.interval.reset();
    const std::vector<CheckResult> instant = run_checks(kBusyTree + "t0", r);
    EXPECT_EQ(instant.size(), check_names().size() - 2);
    for (const CheckResult &c : instant) EXPECT_NE(c.name, "steal");
    EXPECT_FALSE(any_bad(instant));

    // A quota of one CPU: the load is against that CPU, and the quota warns.
    r.system["effective_cpus"]["count"] = 1;
    const std::vector<CheckResult> limited = run_checks(kBusyTree + "t0", r);
    EXPECT_EQ(limited[2].found, "1-minute load 3.50 on 1 CPU (3.50 a CPU)");
    EXPECT_EQ(limited[6].name, "cpu_quota");
    EXPECT_EQ(limited[6].status, CheckStatus::warn);
}

// /proc hidden: every check of what would disturb a run is unknown, and
// that is said with its reason rather than taken for a quiet machine.
TEST(Preflight, NothingCheckedOfWhatDisturbsARunIsSaidWithTheReason) {
    PreflightReadings r;
    r.interval = interval_of(kPreflightTrees + "no-such-tree/");
    const std::string hidden = kPreflightTrees + "no-such-tree";
    const std::vector<CheckResult> none = run_checks(hidden, r);
    for (const CheckResult &c : none) EXPECT_EQ(c.status, CheckStatus::unknown) << c.name;
    EXPECT_EQ(unchecked_reason(hidden, none),
              "/proc is not readable (/proc/stat: No such file or directory)");
    // /proc there but saying nothing usable: the checks are named.
    SampledInterval broken;
    broken.before = broken.after = take_sample(kBrokenTree);
    r.interval = broken;
    EXPECT_EQ(unchecked_reason(kBrokenTree, run_checks(kBrokenTree, r)),
              "load, swap, steal, busy_processes are unknown");
    // One of them known is enough: the others say what they could not read.
    std::vector<CheckResult> one = none;
    for (CheckResult &c : one)
        if (c.name == "swap") c.status = CheckStatus::ok;
    EXPECT_EQ(unchecked_reason(hidden, one), "");
    // run's instant checks: load and swap only.
    r.interval.reset();
    EXPECT_EQ(unchecked_reason(hidden, run_checks(hidden, r)),
              "/proc is not readable (/proc/stat: No such file or directory)");
    EXPECT_EQ(unchecked_reason(hidden, {}), "");
}

TEST(Preflight, JsonHasAdviceOnlyForWarnAndBad) {
    const nlohmann::json warn = to_json({"thp", CheckStatus::warn, "always", "use madvise"});
    EXPECT_EQ(
        warn,
        (nlohmann::json{
            {"name", "thp"}, {"status", "warn"}, {"found", "always"}, {"advice", "use madvise"}}));
    EXPECT_FALSE(to_json({"thp", CheckStatus::ok, "madvise", ""}).contains("advice"));
}

TEST(Preflight, SummaryIsAtMostThreeLinesBadFirst) {
    EXPECT_TRUE(summary_lines({{"load", CheckStatus::ok, "fine", ""}}).empty());
    const std::vector<CheckResult> two = {{"governor", CheckStatus::warn, "schedutil", "a"},
                                          {"load", CheckStatus::ok, "fine", ""},
                                          {"tmpdir", CheckStatus::bad, "/tmp: 1 MiB free", "b"}};
    EXPECT_EQ(summary_lines(two),
              (std::vector<std::string>{
                  "pre-flight: tmpdir bad: /tmp: 1 MiB free",
                  "pre-flight: governor warn: schedutil (bytebench doctor says what to do)"}));
    const std::vector<CheckResult> four = {{"governor", CheckStatus::warn, "schedutil", "a"},
                                           {"boost", CheckStatus::warn, "on", "b"},
                                           {"thp", CheckStatus::warn, "always", "c"},
                                           {"load", CheckStatus::warn, "high", "d"}};
    EXPECT_EQ(summary_lines(four),
              (std::vector<std::string>{
                  "pre-flight: governor warn: schedutil", "pre-flight: boost warn: on",
                  "pre-flight: also thp warn, load warn (bytebench doctor says what to do)"}));
}

}  // namespace
}  // namespace bytebench
