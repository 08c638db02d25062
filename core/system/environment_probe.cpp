#include "system/environment_probe.h"

#include <linux/perf_event.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "base/monotonic_clock.h"
#include "system/cpu_times.h"
#include "system/sysinfo_readers.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

std::optional<double> number_in(const std::string &text) {
    try {
        size_t used = 0;
        const double value = std::stod(text, &used);
        if (text.find_first_not_of(" \t\n", used) != std::string::npos) return std::nullopt;
        return value;
    } catch (const std::exception &) {
        return std::nullopt;
    }
}

// The CPUs the readings are about: the copies' own, or every online one.
std::vector<int> cpus_of_interest(const std::vector<int> &pinned, const std::string &root) {
    if (!pinned.empty()) {
        std::set<int> distinct(pinned.begin(), pinned.end());
        return {distinct.begin(), distinct.end()};
    }
    std::vector<int> all;
    for (const auto &[n, folder] : cpu_folders(root)) all.push_back(n);
    return all;
}

// User and system time of this process and its reaped descendants.
double own_cpu_seconds() {
    double total = 0;
    for (int who : {RUSAGE_SELF, RUSAGE_CHILDREN}) {
        rusage u{};
        if (getrusage(who, &u) != 0) continue;
        for (const timeval &t : {u.ru_utime, u.ru_stime}) total += t.tv_sec + t.tv_usec / 1e6;
    }
    return total;
}

// --- thermal throttling ---------------------------------------------------

// Core events of each CPU, and package events once per package.
std::optional<uint64_t> throttle_count(const std::string &root, const std::vector<int> &cpus,
                                       std::string &why) {
    uint64_t total = 0;
    bool any = false;
    std::set<std::string> packages;
    for (int cpu : cpus) {
        const std::string dir = "/sys/devices/system/cpu/cpu" + std::to_string(cpu);
        const auto core =
            number_in(read_under(root, dir + "/thermal_throttle/core_throttle_count"));
        if (!core) continue;
        any = true;
        total += uint64_t(*core);
        const std::string package = read_under(root, dir + "/topology/physical_package_id");
        if (!packages.insert(package).second) continue;
        if (const auto p =
                number_in(read_under(root, dir + "/thermal_throttle/package_throttle_count")))
            total += uint64_t(*p);
    }
    if (!any) {
        why =
            "no thermal_throttle counters in /sys (they need an Intel CPU and the kernel's "
            "therm_throt driver; a VM has none)";
        return std::nullopt;
    }
    return total;
}

// --- RAPL energy ----------------------------------------------------------

struct EnergyDomain {
    std::string path;    // .../intel-rapl:0
    double range_j = 0;  // the counter wraps past this
};

// The package domains: a psys domain, where there is one, spans them and
// would count their energy twice.
std::vector<EnergyDomain> energy_domains(const std::string &root, std::string &why) {
    std::vector<EnergyDomain> domains;
    const fs::path base = fs::path(root) / "sys/class/powercap";
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(base, ec)) {
        const std::string name = entry.path().filename();
        if (name.rfind("intel-rapl:", 0) != 0 || name.find(':', 11) != std::string::npos) continue;
        if (read_under(entry.path(), "/name").rfind("package", 0) != 0) continue;
        const auto range = number_in(read_under(entry.path(), "/max_energy_range_uj"));
        domains.push_back({entry.path(), range ? *range / 1e6 : 0});
    }
    std::sort(domains.begin(), domains.end(),
              [](const EnergyDomain &a, const EnergyDomain &b) { return a.path < b.path; });
    if (domains.empty())
        why =
            "no RAPL package domain in /sys/class/powercap (not an Intel or AMD CPU with the "
            "intel_rapl driver, or a VM)";
    return domains;
}

std::optional<std::vector<double>> energy_readings(const std::vector<EnergyDomain> &domains,
                                                   std::string &why) {
    std::vector<double> joules;
    for (const EnergyDomain &d : domains) {
        const auto uj = number_in(read_under(d.path, "/energy_uj"));
        if (!uj) {
            why = d.path + "/energy_uj cannot be read (only root may, on kernels since 5.10)";
            return std::nullopt;
        }
        joules.push_back(*uj / 1e6);
    }
    return joules;
}

// --- clock speed: APERF/MPERF ----------------------------------------------

int perf_event_open(perf_event_attr &attr, int cpu) {
    return int(syscall(SYS_perf_event_open, &attr, -1, cpu, -1, 0));
}

// "event=0x01" -> 1.
std::optional<uint64_t> event_config(const std::string &text) {
    const size_t eq = text.find("event=");
    if (eq == std::string::npos) return std::nullopt;
    try {
        return std::stoull(text.substr(eq + 6), nullptr, 0);
    } catch (const std::exception &) {
        return std::nullopt;
    }
}

// One counter per (CPU, event) of the msr PMU: aperf, mperf and tsc.
class AperfMperf {
  public:
    bool open(const std::vector<int> &cpus, std::string &why) {
        const std::string pmu = "/sys/bus/event_source/devices/msr";
        const auto type = number_in(read_under("/", pmu + "/type"));
        if (!type) {
            why = "no msr perf PMU (" + pmu + ")";
            return false;
        }
        std::vector<uint64_t> configs;
        for (const char *event : {"aperf", "mperf", "tsc"}) {
            const auto config = event_config(read_under("/", pmu + "/events/" + event));
            if (!config) {
                why = std::string("the msr perf PMU has no ") + event +
                      " event (a VM hides APERF/MPERF)";
                return false;
            }
            configs.push_back(*config);
        }
        for (int cpu : cpus)
            for (uint64_t config : configs) {
                perf_event_attr attr{};
                attr.type = uint32_t(*type);
                attr.size = sizeof attr;
                attr.config = config;
                const int fd = perf_event_open(attr, cpu);
                if (fd < 0) {
                    why = std::string("perf_event_open of the msr PMU: ") + std::strerror(errno) +
                          (errno == EACCES || errno == EPERM
                               ? " (root, or kernel.perf_event_paranoid <= 0, may)"
                               : "");
                    close_all();
                    return false;
                }
                fds_.push_back(fd);
            }
        return true;
    }

    // Summed over the CPUs: aperf, mperf, tsc.
    std::optional<std::array<uint64_t, 3>> read() const {
        if (fds_.empty()) return std::nullopt;
        std::array<uint64_t, 3> sums{};
        for (size_t i = 0; i < fds_.size(); ++i) {
            uint64_t value = 0;
            if (::read(fds_[i], &value, sizeof value) != sizeof value) return std::nullopt;
            sums[i % 3] += value;
        }
        return sums;
    }

    ~AperfMperf() { close_all(); }

  private:
    void close_all() {
        for (int fd : fds_) close(fd);
        fds_.clear();
    }
    std::vector<int> fds_;
};

// --- clock speed: cpufreq, sampled ------------------------------------------

class CpufreqSampler {
  public:
    CpufreqSampler(std::string root, std::vector<int> cpus)
        : root_(std::move(root)), cpus_(std::move(cpus)) {}

    // Whether scaling_cur_freq can be read for every CPU of interest.
    bool available(std::string &why) const {
        for (int cpu : cpus_)
            if (!number_in(read_under(root_, path(cpu)))) {
                why = "no cpufreq in /sys (" + path(cpu) +
                      "): a VM, or no cpufreq driver; the host or firmware sets the clock";
                return false;
            }
        return !cpus_.empty();
    }

    void start() {
        sample();
        thread_ = std::thread([this] {
            std::unique_lock lock(mutex_);
            while (
                !wake_.wait_for(lock, std::chrono::milliseconds(100), [this] { return done_; })) {
                lock.unlock();
                sample();
                lock.lock();
            }
        });
    }

    std::optional<double> stop() {
        {
            std::lock_guard lock(mutex_);
            done_ = true;
        }
        wake_.notify_one();
        if (thread_.joinable()) thread_.join();
        sample();
        if (samples_ == 0) return std::nullopt;
        return sum_khz_ / samples_ / 1000.0;
    }

    ~CpufreqSampler() {
        if (thread_.joinable()) stop();
    }

  private:
    std::string path(int cpu) const {
        return "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cpufreq/scaling_cur_freq";
    }
    void sample() {
        for (int cpu : cpus_)
            if (const auto khz = number_in(read_under(root_, path(cpu)))) {
                std::lock_guard lock(sum_mutex_);
                sum_khz_ += *khz;
                ++samples_;
            }
    }

    std::string root_;
    std::vector<int> cpus_;
    std::thread thread_;
    std::mutex mutex_, sum_mutex_;
    std::condition_variable wake_;
    bool done_ = false;
    double sum_khz_ = 0;
    long samples_ = 0;
};

}  // namespace

// CPU time of those of `pids` that can be read, by pid.
std::map<int, double> processes_cpu(const std::string &root, const std::vector<int> &pids) {
    std::map<int, double> cpu;
    for (int pid : pids)
        if (const auto p = read_process_cpu(root, pid)) cpu[pid] = p->cpu_s;
    return cpu;
}

struct EnvironmentProbe::State {
    std::string root;
    std::vector<int> own_pids;
    std::map<int, double> own_pids_start;
    std::vector<int> cpus;
    std::map<std::string, std::string> why;
    double started_s = 0;
    std::optional<CpuTimes> stat_start;
    double own_start = 0;
    std::optional<uint64_t> throttle_start;
    std::vector<EnergyDomain> domains;
    std::optional<std::vector<double>> energy_start;
    AperfMperf aperf;
    std::optional<std::array<uint64_t, 3>> aperf_start;
    std::unique_ptr<CpufreqSampler> cpufreq;
};

EnvironmentProbe::EnvironmentProbe(std::vector<int> cpus, std::string root)
    : state_(std::make_unique<State>()) {
    state_->root = std::move(root);
    state_->cpus = cpus_of_interest(cpus, state_->root);
    std::string aperf_why = "perf events are the live machine's, not read under a fixture root";
    if (state_->root == "/" && state_->aperf.open(state_->cpus, aperf_why)) return;
    auto sampler = std::make_unique<CpufreqSampler>(state_->root, state_->cpus);
    std::string cpufreq_why;
    if (sampler->available(cpufreq_why))
        state_->cpufreq = std::move(sampler);
    else
        state_->why["frequency_mhz"] = aperf_why + "; " + cpufreq_why;
}

EnvironmentProbe::~EnvironmentProbe() = default;

void EnvironmentProbe::count_as_own(std::vector<int> pids) { state_->own_pids = std::move(pids); }

void EnvironmentProbe::start() {
    State &s = *state_;
    std::string why;
    s.domains = energy_domains(s.root, why);
    if (!s.domains.empty()) s.energy_start = energy_readings(s.domains, why);
    if (!s.energy_start) s.why["energy_j"] = why;
    s.throttle_start = throttle_count(s.root, s.cpus, why);
    if (!s.throttle_start) s.why["throttle_events"] = why;
    s.stat_start = read_proc_stat(s.root, &why).all;
    if (!s.stat_start) s.why["steal_s"] = s.why["foreign_cpu_s"] = why;
    if (s.cpufreq) s.cpufreq->start();
    s.aperf_start = s.aperf.read();
    s.own_pids_start = processes_cpu(s.root, s.own_pids);
    s.own_start = own_cpu_seconds();
    s.started_s = monotonic_seconds();
}

PassEnvironment EnvironmentProbe::stop() {
    State &s = *state_;
    PassEnvironment env;
    env.wall_s = monotonic_seconds() - s.started_s;
    env.own_cpu_s = own_cpu_seconds() - s.own_start;
    for (const auto &[pid, cpu] : processes_cpu(s.root, s.own_pids))
        if (const auto start = s.own_pids_start.find(pid); start != s.own_pids_start.end())
            *env.own_cpu_s += cpu - start->second;
    const auto aperf_end = s.aperf.read();
    env.cpus = int(cpu_folders(s.root).size());
    if (const long hz = sysconf(_SC_CLK_TCK); hz > 0) env.tick_s = 1.0 / double(hz);
    std::string why;
    if (s.stat_start) {
        if (const auto end = read_proc_stat(s.root, &why).all) {
            const CpuTimes d = *end - *s.stat_start;
            env.steal_s = std::max(0.0, d.steal);
            env.foreign_cpu_s = std::max(0.0, d.busy() - *env.own_cpu_s);
        } else {
            s.why["steal_s"] = s.why["foreign_cpu_s"] = why;
        }
    }
    if (s.aperf_start && aperf_end) {
        const double aperf = double((*aperf_end)[0] - (*s.aperf_start)[0]);
        const double mperf = double((*aperf_end)[1] - (*s.aperf_start)[1]);
        const double tsc = double((*aperf_end)[2] - (*s.aperf_start)[2]);
        if (mperf > 0 && env.wall_s > 0 && !s.cpus.empty()) {
            env.frequency_mhz = tsc / double(s.cpus.size()) / env.wall_s / 1e6 * aperf / mperf;
            env.frequency_source = "aperf/mperf";
        } else {
            s.why["frequency_mhz"] = "the CPUs never left their idle states (MPERF did not count)";
        }
    } else if (s.cpufreq) {
        env.frequency_mhz = s.cpufreq->stop();
        env.frequency_source = "cpufreq";
    }
    if (s.throttle_start)
        if (const auto end = throttle_count(s.root, s.cpus, why))
            env.throttle_events = *end >= *s.throttle_start ? *end - *s.throttle_start : 0;
    if (s.energy_start)
        if (const auto end = energy_readings(s.domains, why)) {
            double joules = 0;
            for (size_t i = 0; i < end->size(); ++i) {
                double d = (*end)[i] - (*s.energy_start)[i];
                if (d < 0) d += s.domains[i].range_j;  // the counter wrapped
                joules += std::max(0.0, d);
            }
            env.energy_j = joules;
        }
    env.why = s.why;
    if (env.frequency_mhz) env.why.erase("frequency_mhz");
    if (env.throttle_events) env.why.erase("throttle_events");
    if (env.energy_j) env.why.erase("energy_j");
    return env;
}

}  // namespace bytebench
