#include "system/preflight.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "base/text.h"
#include "system/sysinfo_readers.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

std::string printf_text(const char *format, ...) __attribute__((format(printf, 1, 2)));
std::string printf_text(const char *format, ...) {
    char text[512];
    va_list args;
    va_start(args, format);
    std::vsnprintf(text, sizeof text, format, args);
    va_end(args);
    return text;
}

CheckResult result(const std::string &name, CheckStatus status, const std::string &found,
                   const std::string &advice = "") {
    return {name, status, found,
            status == CheckStatus::warn || status == CheckStatus::bad ? advice : ""};
}

// A member of a sysinfo object: its string value, "" when it is "unknown"
// or missing; `why` gets the object's reason for an unknown one.
std::string known_string(const nlohmann::json &object, const std::string &key,
                         std::string *why = nullptr) {
    const auto it = object.find(key);
    if (it != object.end() && it->is_string() && *it != kUnknown) return it->get<std::string>();
    if (why) {
        const auto reasons = object.find("why");
        *why = reasons != object.end() && reasons->is_object() && reasons->contains(key) &&
                       (*reasons)[key].is_string()
                   ? (*reasons)[key].get<std::string>()
                   : "not known";
    }
    return "";
}

std::optional<double> vmstat_swap_pages(const std::string &text) {
    std::istringstream in(text);
    double pages = 0;
    int found = 0;
    for (std::string name; in >> name;) {
        double value = 0;
        if (!(in >> value)) break;
        if (name == "pswpin" || name == "pswpout") {
            pages += value;
            ++found;
        }
    }
    if (found == 0) return std::nullopt;
    return pages;
}

std::string cpu_amount_text(double cpus) {
    return printf_text("%.2f CPU%s", cpus, cpus == 1 ? "" : "s");
}

// "0-3,8" for a sorted list of CPU numbers.
std::string cpu_list_text(const nlohmann::json &pus) {
    std::vector<int> list;
    for (const auto &p : pus)
        if (p.is_number_integer()) list.push_back(p.get<int>());
    std::sort(list.begin(), list.end());
    std::string text;
    for (size_t i = 0; i < list.size();) {
        size_t j = i;
        while (j + 1 < list.size() && list[j + 1] == list[j] + 1) ++j;
        text += (text.empty() ? "" : ",") + std::to_string(list[i]);
        if (j > i) text += "-" + std::to_string(list[j]);
        i = j + 1;
    }
    return text;
}

}  // namespace

const char *status_name(CheckStatus status) {
    switch (status) {
        case CheckStatus::ok:
            return "ok";
        case CheckStatus::warn:
            return "warn";
        case CheckStatus::bad:
            return "bad";
        case CheckStatus::unknown:
            break;
    }
    return "unknown";
}

nlohmann::json to_json(const CheckResult &check) {
    nlohmann::json j = {
        {"name", check.name}, {"status", status_name(check.status)}, {"found", check.found}};
    if (!check.advice.empty()) j["advice"] = check.advice;
    return j;
}

const std::vector<std::string> &check_names() {
    static const std::vector<std::string> names = {
        "governor",       "boost",     "load",   "swap",   "thp",           "steal",
        "virtualization", "cpu_quota", "hybrid", "tmpdir", "busy_processes"};
    return names;
}

MachineSample take_sample(const std::string &root) {
    MachineSample s;
    s.stat = read_proc_stat(root, &s.stat_why);
    const long ticks = sysconf(_SC_CLK_TCK);
    std::error_code ec;
    for (fs::directory_iterator it(root + "/proc", ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos ||
            name.size() > 9)
            continue;
        // A process that ended between the listing and the read is left out.
        if (auto p = parse_process_stat(read_under(root, "/proc/" + name + "/stat"), ticks))
            s.processes[std::stoi(name)] = std::move(*p);
    }
    s.swap_pages = vmstat_swap_pages(read_under(root, "/proc/vmstat"));
    return s;
}

CheckResult check_governor(const nlohmann::json &frequency) {
    std::string why;
    const std::string governor = known_string(frequency, "governor", &why);
    if (governor.empty()) return result("governor", CheckStatus::unknown, why);
    if (governor == "performance")
        return result("governor", CheckStatus::ok, "performance on every CPU");
    return result(
        "governor", CheckStatus::warn,
        governor + ": the clock follows the load, so short tests and the first passes run slower",
        "for repeatable numbers: sudo cpupower frequency-set -g performance (or write performance "
        "to /sys/devices/system/cpu/cpu*/cpufreq/scaling_governor); else compare only with runs "
        "under the same governor");
}

CheckResult check_boost(const nlohmann::json &frequency) {
    std::string why;
    const std::string boost = known_string(frequency, "boost", &why);
    if (boost.empty()) return result("boost", CheckStatus::unknown, why);
    if (boost == "off") return result("boost", CheckStatus::ok, "off: the clock stays at base");
    return result("boost", CheckStatus::warn,
                  boost + (boost == "mixed" ? ": on for some CPUs, off for others"
                                            : ": the clock rises with temperature and load "
                                              "headroom, so numbers drift as the CPU warms"),
                  "for repeatable numbers turn it off: echo 1 | sudo tee "
                  "/sys/devices/system/cpu/intel_pstate/no_turbo (intel_pstate) or echo 0 | sudo "
                  "tee /sys/devices/system/cpu/cpufreq/boost; else compare only with runs with "
                  "boost on");
}

CheckResult check_load(const std::string &root, int cpus) {
    const std::string text = read_under(root, "/proc/loadavg");
    double load1 = 0;
    if (text.empty() || std::sscanf(text.c_str(), "%lf", &load1) != 1 || load1 < 0)
        return result("load", CheckStatus::unknown, "/proc/loadavg could not be read");
    cpus = std::max(cpus, 1);
    const std::string found =
        printf_text("1-minute load %.2f on %s (%.2f a CPU)", load1,
                    count_text(uint64_t(cpus), "CPU", "CPUs").c_str(), load1 / cpus);
    if (load1 / cpus < 0.2) return result("load", CheckStatus::ok, found);
    return result("load", CheckStatus::warn, found,
                  "other work runs, or did in the last minute: wait until it ends (top shows "
                  "it; busy_processes names what runs now)");
}

CheckResult check_swap(const std::string &root, const SampledInterval *interval) {
    const std::map<std::string, double> m = meminfo_bytes(read_under(root, "/proc/meminfo"));
    const auto total = m.find("SwapTotal"), free = m.find("SwapFree");
    if (total == m.end() || free == m.end())
        return result("swap", CheckStatus::unknown,
                      m.empty() ? "/proc/meminfo could not be read"
                                : "no SwapTotal or SwapFree in /proc/meminfo");
    if (total->second <= 0) return result("swap", CheckStatus::ok, "no swap");
    const double used = std::max(0.0, total->second - free->second);
    std::string found = size_text(used) + " of " + size_text(total->second) + " swap in use";
    std::optional<double> moved;  // pages swapped in or out per second
    if (interval && interval->before.swap_pages && interval->after.swap_pages &&
        interval->wall_s > 0)
        moved = std::max(0.0, *interval->after.swap_pages - *interval->before.swap_pages) /
                interval->wall_s;
    if (moved) found += printf_text(", %.0f pages a second swapped in or out", *moved);
    const std::string advice =
        "memory is short: stop what holds it, or run fewer copies; swapoff -a && swapon -a "
        "brings swapped pages back";
    // About 1 MiB a second of 4 KiB pages: the kernel is evicting what runs.
    if (moved && *moved >= 256) return result("swap", CheckStatus::bad, found, advice);
    if (used > 0 || (moved && *moved > 0)) return result("swap", CheckStatus::warn, found, advice);
    return result("swap", CheckStatus::ok, found);
}

CheckResult check_thp(const nlohmann::json &memory) {
    std::string why;
    const std::string enabled = known_string(memory, "thp_enabled", &why);
    if (enabled.empty()) return result("thp", CheckStatus::unknown, why);
    std::string found = "transparent huge pages " + enabled;
    if (const std::string defrag = known_string(memory, "thp_defrag"); !defrag.empty())
        found += ", defrag " + defrag;
    if (enabled != "always") return result("thp", CheckStatus::ok, found);
    return result("thp", CheckStatus::warn,
                  found +
                      ": whether a test's memory gets huge pages depends on fragmentation, "
                      "so memory-bound numbers vary from run to run",
                  "for repeatable numbers: echo madvise | sudo tee "
                  "/sys/kernel/mm/transparent_hugepage/enabled; else compare only with runs "
                  "under the same mode");
}

CheckResult check_virtualization(const nlohmann::json &v) {
    std::string why;
    const std::string type = known_string(v, "type", &why);
    if (type.empty()) return result("virtualization", CheckStatus::unknown, why);
    const std::string hypervisor = known_string(v, "hypervisor");
    const std::string engine = known_string(v, "engine");
    if (type == "none") return result("virtualization", CheckStatus::ok, "none: bare metal");
    if (type == "container")
        return result(
            "virtualization", CheckStatus::ok,
            "a container (" + engine + ")" +
                (hypervisor.empty() || hypervisor == "none" ? ""
                                                            : " in a VM (" + hypervisor + ")") +
                ": its CPU limits are in cpu_quota");
    return result("virtualization", CheckStatus::ok,
                  "a VM" + (hypervisor.empty() ? std::string() : " (" + hypervisor + ")") +
                      ": numbers depend on the host and its other guests (steal says how much)");
}

CheckResult check_cpu_quota(const nlohmann::json &e) {
    const auto count = e.find("count"), online = e.find("online");
    if (count == e.end() || !count->is_number_integer() || online == e.end() ||
        !online->is_number_integer())
        return result("cpu_quota", CheckStatus::unknown,
                      "no effective CPU count (system.effective_cpus)");
    const std::string reason = e.value("reason", std::string());
    const std::string because = reason.empty() ? "" : " (" + reason + ")";
    const int usable = count->get<int>(), all = online->get<int>();
    if (usable >= all)
        return result("cpu_quota", CheckStatus::ok,
                      printf_text("all %d online CPUs", all) + because);
    return result("cpu_quota", CheckStatus::warn,
                  printf_text("%d of the %d online CPUs", usable, all) + because +
                      ": bytebench runs that many copies by default, so the multi-copy score is "
                      "this share's, not the machine's",
                  "compare multi-copy results only with runs under the same limit; to measure "
                  "the whole machine, run outside the container or cgroup");
}

CheckResult check_hybrid(const nlohmann::json &topology) {
    const auto kinds = topology.find("cpu_kinds");
    if (kinds == topology.end() || !kinds->is_array()) {
        // hwloc reports no kinds: it found no sign of a second one.
        if (topology.value("hybrid", true) == false)
            return result("hybrid", CheckStatus::ok,
                          "one kind of core (hwloc reports no CPU kinds)");
        std::string why;
        known_string(topology, "cpu_kinds", &why);
        return result("hybrid", CheckStatus::unknown, "hwloc gives no CPU kinds: " + why);
    }
    if (kinds->size() <= 1)
        return result(
            "hybrid", CheckStatus::ok,
            kinds->empty() ? "one kind of core (hwloc reports no CPU kinds)" : "one kind of core");
    std::string list;
    for (const auto &k : *kinds)
        list += (list.empty() ? "" : ", ") + k.value("name", std::string("?")) + " (CPUs " +
                cpu_list_text(k.value("pus", nlohmann::json::array())) + ")";
    return result("hybrid", CheckStatus::warn,
                  std::to_string(kinds->size()) + " kinds of core: " + list +
                      ": a copy's speed depends on the kind it runs on",
                  "pin copies to one kind, --placement compact:only=performance (or "
                  "efficiency), and compare 1-copy results only with runs placed alike");
}

CheckResult check_tmpdir(const nlohmann::json &tmpdir) {
    const std::string path = tmpdir.value("path", std::string("the temp folder"));
    const std::string fs_type = tmpdir.value("fs_type", std::string("unknown"));
    const std::string media = tmpdir.value("media", std::string("unknown"));
    const auto free = tmpdir.find("free_bytes");
    std::string found = path + ": " + fs_type + (media == fs_type ? "" : " on " + media);
    if (free != tmpdir.end() && free->is_number())
        found += ", " + size_text(free->get<double>()) + " free";
    else
        found += ", free space unknown";
    const std::string choose = "choose another folder with --tmpdir or BYTEBENCH_TMPDIR";
    // The index's file tests write a few MiB a copy; disk plugins declare
    // what they need, and are skipped without it.
    if (free != tmpdir.end() && free->is_number() && free->get<double>() < 1024.0 * 1024 * 1024)
        return result("tmpdir", CheckStatus::bad,
                      found + ": file tests may fail or slow down on a nearly full file system",
                      "free space there, or " + choose);
    if (media == "tmpfs")
        return result("tmpdir", CheckStatus::warn,
                      found + ": the file tests measure memory, not a disk",
                      choose + " on the disk you mean to measure");
    if (media == "network")
        return result("tmpdir", CheckStatus::warn,
                      found + ": the file tests measure the network and the server",
                      choose + " on a local disk");
    if (free != tmpdir.end() && free->is_number() && free->get<double>() < 4.0 * 1024 * 1024 * 1024)
        return result("tmpdir", CheckStatus::warn, found + ": little free space",
                      "free space there (disk tests need up to a few GiB), or " + choose);
    if (free == tmpdir.end() || !free->is_number() || media == "unknown")
        return result("tmpdir", CheckStatus::unknown, found);
    return result("tmpdir", CheckStatus::ok, found);
}

CheckResult check_steal(const SampledInterval &interval) {
    if (!interval.before.stat.all || !interval.after.stat.all)
        return result(
            "steal", CheckStatus::unknown,
            interval.after.stat_why.empty() ? interval.before.stat_why : interval.after.stat_why);
    const CpuTimes d = *interval.after.stat.all - *interval.before.stat.all;
    if (d.total() <= 0)
        return result("steal", CheckStatus::unknown,
                      "/proc/stat's counters did not move over the sample");
    const double share = std::max(0.0, d.steal) / d.total();
    const std::string found =
        printf_text("%.1f%% of the CPU time over the last %.1f s", share * 100, interval.wall_s);
    const std::string advice =
        "the hypervisor gave this VM's CPU time to other guests: run again later or on an "
        "instance with dedicated CPUs; each pass's steal in the result shows which it touched";
    if (share > 0.10) return result("steal", CheckStatus::bad, found, advice);
    if (share > 0.02) return result("steal", CheckStatus::warn, found, advice);
    return result("steal", CheckStatus::ok, found);
}

CheckResult check_busy_processes(const SampledInterval &interval) {
    const std::string name = "busy_processes";
    if (!interval.before.stat.all || !interval.after.stat.all || interval.wall_s <= 0)
        return result(
            name, CheckStatus::unknown,
            interval.after.stat_why.empty() ? interval.before.stat_why : interval.after.stat_why);
    // The machine's busy time is the measure (it counts processes that came
    // and went within the second); the per-process scan names the big ones.
    double own_s = 0;
    std::vector<std::pair<double, std::string>> busy;  // CPUs, "comm (pid N) 85%"
    for (const auto &[pid, after] : interval.after.processes) {
        const auto before = interval.before.processes.find(pid);
        const double used =
            after.cpu_s - (before == interval.before.processes.end() ? 0 : before->second.cpu_s);
        if (pid == interval.self_pid) {
            own_s = std::max(0.0, used);
            continue;
        }
        const double share = used / interval.wall_s;
        if (share > 0.10)
            busy.emplace_back(
                share, printf_text("%s (pid %d) %.0f%%", after.comm.c_str(), pid, share * 100));
    }
    std::sort(busy.begin(), busy.end(), [](const auto &a, const auto &b) { return a > b; });
    const CpuTimes d = *interval.after.stat.all - *interval.before.stat.all;
    const double foreign = std::max(0.0, d.busy() - own_s) / interval.wall_s;
    std::string found = "other processes used " + cpu_amount_text(foreign) +
                        printf_text(" over the last %.1f s", interval.wall_s);
    std::string top;
    for (size_t i = 0; i < busy.size() && i < 3; ++i)
        top += (top.empty() ? "" : ", ") + busy[i].second;
    if (!top.empty()) found += ": " + top;
    const std::string advice =
        "they take CPU time from the tests: stop them or wait until they end (top shows them)";
    if (foreign >= 0.5) return result(name, CheckStatus::bad, found, advice);
    if (foreign >= 0.1) return result(name, CheckStatus::warn, found, advice);
    return result(name, CheckStatus::ok, found);
}

std::vector<CheckResult> run_checks(const std::string &root, const PreflightReadings &r) {
    const nlohmann::json empty = nlohmann::json::object();
    const nlohmann::json &system = r.system.is_object() ? r.system : empty;
    const auto part = [&](const char *key) -> const nlohmann::json & {
        const auto it = system.find(key);
        return it != system.end() && it->is_object() ? *it : empty;
    };
    // The load is against the CPUs the copies may use.
    const nlohmann::json &effective = part("effective_cpus");
    const int cpus = effective.value("count", system.value("cpus_online", 1));
    const SampledInterval *interval = r.interval ? &*r.interval : nullptr;

    std::vector<CheckResult> checks;
    checks.push_back(check_governor(part("frequency")));
    checks.push_back(check_boost(part("frequency")));
    checks.push_back(check_load(root, cpus));
    checks.push_back(check_swap(root, interval));
    checks.push_back(check_thp(part("memory")));
    if (interval) checks.push_back(check_steal(*interval));
    checks.push_back(check_virtualization(part("virtualization")));
    checks.push_back(check_cpu_quota(effective));
    checks.push_back(check_hybrid(part("topology")));
    checks.push_back(check_tmpdir(part("tmpdir")));
    if (interval) checks.push_back(check_busy_processes(*interval));
    return checks;
}

bool any_bad(const std::vector<CheckResult> &checks) {
    return std::any_of(checks.begin(), checks.end(),
                       [](const CheckResult &c) { return c.status == CheckStatus::bad; });
}

bool tells_of_disturbance(const CheckResult &check) {
    static const std::vector<std::string> names = {"load", "swap", "steal", "busy_processes"};
    return std::find(names.begin(), names.end(), check.name) != names.end();
}

std::string unchecked_reason(const std::string &root, const std::vector<CheckResult> &checks) {
    std::vector<std::string> unknown;
    for (const CheckResult &c : checks) {
        if (!tells_of_disturbance(c)) continue;
        if (c.status != CheckStatus::unknown) return "";
        unknown.push_back(c.name);
    }
    if (unknown.empty()) return "";  // none was asked for
    // The usual cause: /proc hidden (a sandbox, a container without it).
    const std::string stat = root + (root.empty() || root.back() == '/' ? "" : "/") + "proc/stat";
    if (const int fd = open(stat.c_str(), O_RDONLY | O_CLOEXEC); fd < 0)
        return "/proc is not readable (/proc/stat: " + std::string(std::strerror(errno)) + ")";
    else
        close(fd);
    return joined(unknown, ", ") + (unknown.size() == 1 ? " is" : " are") + " unknown";
}

std::vector<std::string> summary_lines(const std::vector<CheckResult> &checks) {
    std::vector<const CheckResult *> shown;
    for (const CheckResult &c : checks)
        if (c.status == CheckStatus::warn || c.status == CheckStatus::bad) shown.push_back(&c);
    // The bad ones first: they are what the user must not miss.
    std::stable_sort(shown.begin(), shown.end(), [](const CheckResult *a, const CheckResult *b) {
        return a->status == CheckStatus::bad && b->status != CheckStatus::bad;
    });
    std::vector<std::string> lines;
    const size_t full = shown.size() <= 3 ? shown.size() : 2;
    for (size_t i = 0; i < full; ++i)
        lines.push_back(std::string("pre-flight: ") + shown[i]->name + " " +
                        status_name(shown[i]->status) + ": " + shown[i]->found);
    if (shown.size() > full) {
        std::vector<std::string> rest;
        for (size_t i = full; i < shown.size(); ++i)
            rest.push_back(shown[i]->name + " " + status_name(shown[i]->status));
        lines.push_back("pre-flight: also " + joined(rest, ", "));
    }
    if (!lines.empty()) lines.back() += " (bytebench doctor says what to do)";
    return lines;
}

}  // namespace bytebench
