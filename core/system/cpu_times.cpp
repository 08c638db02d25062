#include "system/cpu_times.h"

#include <unistd.h>

#include <sstream>

#include "system/sysinfo_readers.h"

namespace bytebench {
namespace {

// "cpu  8206758 101732 1032185 ..." or "cpu3 ..." -> the CPU number (-1 for
// the machine's line) and its counters; nullopt for other lines.
std::optional<std::pair<int, CpuTimes>> parse_cpu_line(const std::string &line,
                                                       double ticks_per_second) {
    std::istringstream in(line);
    std::string name;
    in >> name;
    if (name.rfind("cpu", 0) != 0) return std::nullopt;
    int cpu = -1;
    if (name.size() > 3) {
        const std::string digits = name.substr(3);
        if (digits.find_first_not_of("0123456789") != std::string::npos || digits.size() > 6)
            return std::nullopt;
        cpu = std::stoi(digits);
    }
    double fields[8] = {};
    int read = 0;
    for (double &f : fields) {
        unsigned long long ticks = 0;
        if (!(in >> ticks)) break;
        f = double(ticks) / ticks_per_second;
        ++read;
    }
    // user nice system idle are in every kernel's /proc/stat.
    if (read < 4) return std::nullopt;
    CpuTimes t;
    t.user = fields[0];
    t.nice = fields[1];
    t.system = fields[2];
    t.idle = fields[3];
    t.iowait = fields[4];
    t.irq = fields[5];
    t.softirq = fields[6];
    t.steal = fields[7];
    return std::make_pair(cpu, t);
}

}  // namespace

double CpuTimes::busy() const { return user + nice + system + irq + softirq; }

double CpuTimes::total() const { return busy() + idle + iowait + steal; }

CpuTimes operator-(const CpuTimes &b, const CpuTimes &a) {
    CpuTimes d;
    d.user = b.user - a.user;
    d.nice = b.nice - a.nice;
    d.system = b.system - a.system;
    d.idle = b.idle - a.idle;
    d.iowait = b.iowait - a.iowait;
    d.irq = b.irq - a.irq;
    d.softirq = b.softirq - a.softirq;
    d.steal = b.steal - a.steal;
    return d;
}

ProcStat parse_proc_stat(const std::string &text, long ticks_per_second) {
    ProcStat stat;
    if (ticks_per_second <= 0) return stat;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        const auto parsed = parse_cpu_line(line, double(ticks_per_second));
        if (!parsed) continue;
        if (parsed->first < 0)
            stat.all = parsed->second;
        else
            stat.per_cpu[parsed->first] = parsed->second;
    }
    return stat;
}

ProcStat read_proc_stat(const std::string &root, std::string *why) {
    const std::string text = read_under(root, "/proc/stat");
    ProcStat stat = parse_proc_stat(text, sysconf(_SC_CLK_TCK));
    if (!stat.all && why)
        *why = text.empty() ? "cannot read /proc/stat" : "/proc/stat has no readable \"cpu\" line";
    return stat;
}

std::optional<ProcessCpu> parse_process_stat(const std::string &text, long ticks_per_second) {
    const size_t open = text.find('(');
    const size_t close = text.rfind(')');
    if (open == std::string::npos || close == std::string::npos || close < open ||
        ticks_per_second <= 0)
        return std::nullopt;
    // After the comm: state (field 3) ... utime (14), stime (15).
    std::istringstream rest(text.substr(close + 1));
    std::string field;
    for (int i = 3; i < 14; ++i)
        if (!(rest >> field)) return std::nullopt;
    unsigned long long utime = 0, stime = 0;
    if (!(rest >> utime >> stime)) return std::nullopt;
    return ProcessCpu{text.substr(open + 1, close - open - 1),
                      double(utime + stime) / double(ticks_per_second)};
}

std::optional<ProcessCpu> read_process_cpu(const std::string &root, int pid) {
    return parse_process_stat(read_under(root, "/proc/" + std::to_string(pid) + "/stat"),
                              sysconf(_SC_CLK_TCK));
}

}  // namespace bytebench
