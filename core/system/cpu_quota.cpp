#include "system/cpu_quota.h"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "base/text.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

// One line of /proc/self/cgroup: "4:cpu,cpuacct:/user.slice" (v1) or
// "0::/user.slice" (v2, no controllers).
struct CgroupLine {
    std::string hierarchy_id;
    std::vector<std::string> controllers;
    std::string path;
};

// One line of /proc/self/mountinfo, the parts that matter here.
struct Mount {
    std::string root;   // the folder of the hierarchy mounted (its cgroup path)
    std::string point;  // where it is mounted
    std::string fstype;
    std::vector<std::string> super_options;
};

// A process's cgroup in one hierarchy, and where to find its files.
struct Hierarchy {
    std::string version;  // "cgroup v1", "cgroup v2"
    std::string path;     // the cgroup, as /proc/self/cgroup names it
    Mount mount;
};

// A quota one file gave: `quota` microseconds of CPU time every `period`.
struct Quota {
    long long quota = 0;
    long long period = 0;
    std::string source;  // "cgroup v2 cpu.max 50000 100000 in /x"
    double cpus() const { return double(quota) / double(period); }
    long long whole_cpus() const { return quota / period + (quota % period != 0 ? 1 : 0); }
};

// What the quota files of the hierarchies said.
struct QuotaFindings {
    std::optional<Quota> tightest;
    std::vector<std::string> problems;  // unreadable or malformed files
    std::vector<std::string> seen;      // the files that said "no quota", summed up
};

std::string read_text(const std::string &root, const std::string &path, bool &ok) {
    std::ifstream in(root + path);
    ok = bool(in);
    if (!ok) return "";
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::string> split(const std::string &text, char separator) {
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, separator)) parts.push_back(part);
    return parts;
}

// A whole decimal integer, nothing else but white space around it.
std::optional<long long> whole_number(const std::string &text) {
    const std::string t = trim(text);
    if (t.empty()) return std::nullopt;
    errno = 0;
    char *end = nullptr;
    const long long n = std::strtoll(t.c_str(), &end, 10);
    if (errno != 0 || end != t.c_str() + t.size()) return std::nullopt;
    return n;
}

// mountinfo writes space, tab, new line and backslash in paths as \ooo.
std::string unescape_octal(const std::string &text) {
    std::string out;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\' && i + 3 < text.size() &&
            text.substr(i + 1, 3).find_first_not_of("01234567") == std::string::npos) {
            out += char(std::strtol(text.substr(i + 1, 3).c_str(), nullptr, 8));
            i += 3;
        } else {
            out += text[i];
        }
    }
    return out;
}

std::vector<CgroupLine> parse_proc_cgroup(const std::string &text) {
    std::vector<CgroupLine> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        const size_t first = line.find(':');
        const size_t second = first == std::string::npos ? first : line.find(':', first + 1);
        if (second == std::string::npos) continue;
        CgroupLine entry;
        entry.hierarchy_id = line.substr(0, first);
        const std::string controllers = line.substr(first + 1, second - first - 1);
        if (!controllers.empty()) entry.controllers = split(controllers, ',');
        entry.path = line.substr(second + 1);
        if (!entry.path.empty() && entry.path[0] == '/') lines.push_back(entry);
    }
    return lines;
}

std::vector<Mount> parse_mountinfo(const std::string &text) {
    std::vector<Mount> mounts;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        std::istringstream fields_in(line);
        std::vector<std::string> fields;
        for (std::string f; fields_in >> f;) fields.push_back(f);
        const auto dash = std::find(fields.begin(), fields.end(), "-");
        if (fields.size() < 5 || dash - fields.begin() < 6 || fields.end() - dash < 4) continue;
        Mount m;
        m.root = unescape_octal(fields[3]);
        m.point = unescape_octal(fields[4]);
        m.fstype = *(dash + 1);
        m.super_options = split(*(dash + 3), ',');
        mounts.push_back(m);
    }
    return mounts;
}

bool has(const std::vector<std::string> &list, const std::string &item) {
    return std::find(list.begin(), list.end(), item) != list.end();
}

// Whether cgroup `path` is `ancestor` or inside it.
bool is_under(const std::string &path, const std::string &ancestor) {
    if (ancestor == "/" || path == ancestor) return true;
    return path.compare(0, ancestor.size(), ancestor) == 0 && path.size() > ancestor.size() &&
           path[ancestor.size()] == '/';
}

// The mount of a v1 hierarchy with `controller` (v2 when it is ""), which
// shows the process's cgroup.
std::optional<Hierarchy> find_hierarchy(const std::vector<CgroupLine> &lines,
                                        const std::vector<Mount> &mounts,
                                        const std::string &controller) {
    const bool v2 = controller.empty();
    for (const CgroupLine &line : lines) {
        if (v2 ? !(line.hierarchy_id == "0" && line.controllers.empty())
               : !has(line.controllers, controller))
            continue;
        for (const Mount &m : mounts) {
            const bool fits = v2 ? m.fstype == "cgroup2"
                                 : m.fstype == "cgroup" && has(m.super_options, controller);
            if (fits && is_under(line.path, m.root))
                return Hierarchy{v2 ? "cgroup v2" : "cgroup v1", line.path, m};
        }
    }
    return std::nullopt;
}

// The cgroups from the process's own up to the top of the mounted
// hierarchy, each with its folder (under `root`).
std::vector<std::pair<std::string, std::string>> cgroup_levels(const Hierarchy &h) {
    std::vector<std::pair<std::string, std::string>> levels;
    // A cgroup outside the namespace's root shows as "/../.."; of its
    // hierarchy only the top that is mounted can be read.
    if ((h.path + "/").find("/../") != std::string::npos) return {{h.mount.root, h.mount.point}};
    std::string path = h.path;
    while (true) {
        const std::string inside = h.mount.root == "/" ? path : path.substr(h.mount.root.size());
        levels.emplace_back(path, h.mount.point + (inside == "/" ? "" : inside));
        if (path == h.mount.root || path == "/") break;
        const size_t slash = path.find_last_of('/');
        path = slash == 0 ? "/" : path.substr(0, slash);
    }
    return levels;
}

std::string cpus_text(double cpus) {
    char text[64];
    std::snprintf(text, sizeof text, "%.4g CPU%s", cpus, cpus > 1 ? "s" : "");
    return text;
}

std::string count_text(long long n) { return std::to_string(n) + (n == 1 ? " CPU" : " CPUs"); }

bool exists(const std::string &path) {
    std::error_code ec;
    return fs::exists(path, ec);
}

// A level's quota in cgroup v1: cpu.cfs_quota_us (-1: none), cpu.cfs_period_us.
std::optional<Quota> v1_quota(const std::string &root, const std::string &cgroup,
                              const std::string &dir, QuotaFindings &findings) {
    bool ok = false;
    const std::string quota_file = dir + "/cpu.cfs_quota_us";
    const std::string quota_text = trim(read_text(root, quota_file, ok));
    if (!ok) {
        findings.problems.push_back("cannot read " + quota_file);
        return std::nullopt;
    }
    const std::optional<long long> quota = whole_number(quota_text);
    if (quota && *quota == -1) return std::nullopt;
    if (!quota || *quota <= 0) {
        findings.problems.push_back(quota_file + ": \"" + quota_text +
                                    "\" is not -1 or a number of microseconds");
        return std::nullopt;
    }
    const std::string period_file = dir + "/cpu.cfs_period_us";
    const std::string period_text = trim(read_text(root, period_file, ok));
    const std::optional<long long> period = whole_number(period_text);
    if (!ok || !period || *period <= 0) {
        findings.problems.push_back(ok ? period_file + ": \"" + period_text +
                                             "\" is not a number of microseconds"
                                       : "cannot read " + period_file);
        return std::nullopt;
    }
    return Quota{*quota, *period,
                 "cgroup v1 cpu.cfs_quota_us " + std::to_string(*quota) + " / cpu.cfs_period_us " +
                     std::to_string(*period) + " in " + cgroup};
}

// A level's quota in cgroup v2: cpu.max, "QUOTA PERIOD" ("max": none). No
// cpu.max at all (the root cgroup, or the cpu controller not enabled for
// it) is no quota, not a problem.
std::optional<Quota> v2_quota(const std::string &root, const std::string &cgroup,
                              const std::string &dir, QuotaFindings &findings, bool &present) {
    const std::string file = dir + "/cpu.max";
    present = exists(root + file);
    if (!present) return std::nullopt;
    bool ok = false;
    const std::string text = trim(read_text(root, file, ok));
    if (!ok) {
        findings.problems.push_back("cannot read " + file);
        return std::nullopt;
    }
    std::istringstream in(text);
    std::string quota_word, period_word, extra;
    in >> quota_word >> period_word >> extra;
    if (quota_word == "max" && extra.empty() && (period_word.empty() || whole_number(period_word)))
        return std::nullopt;
    const std::optional<long long> quota = whole_number(quota_word);
    const std::optional<long long> period = whole_number(period_word);
    if (!quota || !period || *quota <= 0 || *period <= 0 || !extra.empty()) {
        findings.problems.push_back(file + ": \"" + text + "\" is not \"QUOTA PERIOD\" or \"max\"");
        return std::nullopt;
    }
    return Quota{*quota, *period,
                 "cgroup v2 cpu.max " + std::to_string(*quota) + " " + std::to_string(*period) +
                     " in " + cgroup};
}

// Walks one hierarchy from the process's cgroup to its top: a parent's
// quota limits its children too, so the smallest one counts.
void walk_quotas(const std::string &root, const Hierarchy &h, QuotaFindings &findings) {
    const bool v1 = h.version == "cgroup v1";
    const std::vector<std::pair<std::string, std::string>> levels = cgroup_levels(h);
    size_t without_quota = 0;  // files that say "no quota"
    for (const auto &[cgroup, dir] : levels) {
        if (!exists(root + dir)) {
            findings.problems.push_back("no folder " + dir + " for " + h.version + " cgroup " +
                                        cgroup);
            continue;
        }
        const size_t problems_before = findings.problems.size();
        bool present = true;
        const std::optional<Quota> quota = v1 ? v1_quota(root, cgroup, dir, findings)
                                              : v2_quota(root, cgroup, dir, findings, present);
        if (quota) {
            if (!findings.tightest || quota->cpus() < findings.tightest->cpus())
                findings.tightest = quota;
        } else if (present && findings.problems.size() == problems_before) {
            ++without_quota;
        }
    }
    const std::string where = " in " + h.path + (levels.size() > 1 ? " and its parents" : "");
    if (without_quota > 0)
        findings.seen.push_back(h.version + (v1 ? " cpu.cfs_quota_us -1" : " cpu.max max") + where);
    else if (!v1 && !findings.tightest)
        findings.seen.push_back("no cgroup v2 cpu.max" + where + " (no cpu controller)");
}

QuotaFindings read_quotas(const std::string &root, const std::vector<CgroupLine> &lines,
                          const std::vector<Mount> &mounts) {
    QuotaFindings findings;
    const std::optional<Hierarchy> v1 = find_hierarchy(lines, mounts, "cpu");
    const std::optional<Hierarchy> v2 = find_hierarchy(lines, mounts, "");
    if (v1) walk_quotas(root, *v1, findings);
    if (v2) walk_quotas(root, *v2, findings);
    if (!v1 && !v2)
        findings.seen.push_back(
            "no cgroup v1 cpu or cgroup v2 hierarchy of this process in /proc/self/mountinfo");
    return findings;
}

// The smallest cpuset of the process's cgroup (v1 cpuset.cpus, v2
// cpuset.cpus.effective; the nearest cgroup up the tree that has the file).
struct CpusetFinding {
    std::optional<int> cpus;
    std::string source;  // "cgroup v1 cpuset.cpus 0-1 in /x"
    std::vector<std::string> problems;
};

void read_cpuset_of(const std::string &root, const Hierarchy &h, CpusetFinding &finding) {
    const std::string name = h.version == "cgroup v1" ? "cpuset.cpus" : "cpuset.cpus.effective";
    for (const auto &[cgroup, dir] : cgroup_levels(h)) {
        const std::string file = dir + "/" + name;
        if (!exists(root + file)) continue;
        bool ok = false;
        const std::string text = trim(read_text(root, file, ok));
        const std::optional<int> cpus = ok ? count_cpu_list(text) : std::nullopt;
        if (!cpus) {
            finding.problems.push_back(ok ? file + ": \"" + text + "\" is not a list of CPUs"
                                          : "cannot read " + file);
        } else if (!finding.cpus || *cpus < *finding.cpus) {
            finding.cpus = cpus;
            finding.source = h.version + " " + name + " " + text + " in " + cgroup;
        }
        return;
    }
    finding.problems.push_back("no " + name + " in " + h.path + " or its parents");
}

CpusetFinding read_cpuset(const std::string &root, const std::vector<CgroupLine> &lines,
                          const std::vector<Mount> &mounts) {
    CpusetFinding finding;
    const std::optional<Hierarchy> v1 = find_hierarchy(lines, mounts, "cpuset");
    const std::optional<Hierarchy> v2 = find_hierarchy(lines, mounts, "");
    if (v1) read_cpuset_of(root, *v1, finding);
    // On a hybrid host the cpuset controller is in one of the two; the other
    // has no file, which is no problem then.
    if (v2) {
        CpusetFinding unified;
        read_cpuset_of(root, *v2, unified);
        if (unified.cpus && (!finding.cpus || *unified.cpus < *finding.cpus)) {
            finding.cpus = unified.cpus;
            finding.source = unified.source;
        }
        finding.problems.insert(finding.problems.end(), unified.problems.begin(),
                                unified.problems.end());
    }
    if (finding.cpus) finding.problems.clear();
    if (!v1 && !v2)
        finding.problems.push_back(
            "no cgroup v1 cpuset or cgroup v2 hierarchy of this process in /proc/self/mountinfo");
    return finding;
}

int allowed_cpus() {
    // Masks for more CPUs than cpu_set_t holds: grow until the kernel's fits.
    for (int size = CPU_SETSIZE; size <= (1 << 20); size *= 2) {
        cpu_set_t *set = CPU_ALLOC(size);
        if (set == nullptr) break;
        const size_t bytes = CPU_ALLOC_SIZE(size);
        CPU_ZERO_S(bytes, set);
        const int rc = sched_getaffinity(0, bytes, set);
        const int count = rc == 0 ? CPU_COUNT_S(bytes, set) : 0;
        const bool too_small = rc != 0 && errno == EINVAL;
        CPU_FREE(set);
        if (rc == 0) return std::max(count, 1);
        if (!too_small) break;
    }
    const long online = sysconf(_SC_NPROCESSORS_ONLN);
    return online > 0 ? int(online) : 1;
}

}  // namespace

std::optional<int> count_cpu_list(const std::string &text) {
    const std::string list = trim(text);
    if (list.empty()) return std::nullopt;
    long long total = 0;
    for (const std::string &item : split(list, ',')) {
        const size_t dash = item.find('-');
        const std::optional<long long> first = whole_number(item.substr(0, dash));
        const std::optional<long long> last =
            dash == std::string::npos ? first : whole_number(item.substr(dash + 1));
        if (!first || !last || *first < 0 || *last < *first || *last - *first > INT_MAX / 2)
            return std::nullopt;
        total += *last - *first + 1;
        if (total > INT_MAX / 2) return std::nullopt;
    }
    return int(total);
}

EffectiveCpus read_effective_cpus(const std::string &root, int online, int allowed) {
    EffectiveCpus cpus;
    cpus.online = std::max(online, 1);
    cpus.allowed = std::max(allowed, 1);
    bool cgroup_ok = false, mountinfo_ok = false;
    const std::vector<CgroupLine> lines =
        parse_proc_cgroup(read_text(root, "/proc/self/cgroup", cgroup_ok));
    const std::vector<Mount> mounts =
        parse_mountinfo(read_text(root, "/proc/self/mountinfo", mountinfo_ok));
    std::vector<std::string> unreadable;
    if (!cgroup_ok) unreadable.push_back("cannot read /proc/self/cgroup");
    if (!mountinfo_ok) unreadable.push_back("cannot read /proc/self/mountinfo");

    const QuotaFindings quotas = read_quotas(root, lines, mounts);
    const CpusetFinding cpuset = read_cpuset(root, lines, mounts);

    // What the affinity mask and the cpuset allow, and the words for it.
    long long limit = cpus.allowed;
    std::string limit_text = count_text(cpus.allowed) + " allowed (sched_getaffinity)";
    if (cpuset.cpus) {
        cpus.cpuset_cpus = cpuset.cpus;
        if (*cpuset.cpus < cpus.allowed) {
            limit = *cpuset.cpus;
            limit_text = cpuset.source + ": " + count_text(limit) + ", fewer than the " +
                         count_text(cpus.allowed) + " allowed (sched_getaffinity)";
        }
    } else {
        std::vector<std::string> why = unreadable;
        why.insert(why.end(), cpuset.problems.begin(), cpuset.problems.end());
        cpus.why["cpuset_cpus"] = joined(why, "; ");
    }

    if (quotas.tightest) {
        const Quota &q = *quotas.tightest;
        cpus.quota_cpus = q.cpus();
        const std::string quota_text = q.source + ": " + cpus_text(q.cpus());
        if (q.whole_cpus() < limit) {
            cpus.count = int(q.whole_cpus());
            cpus.reason = quota_text;
        } else if (q.whole_cpus() == limit) {
            cpus.count = int(limit);
            cpus.reason = quota_text + "; " + limit_text;
        } else {
            cpus.count = int(limit);
            cpus.reason = limit_text + "; the quota allows more: " + quota_text;
        }
        for (const std::string &problem : quotas.problems) cpus.reason += "; " + problem;
    } else {
        cpus.count = int(limit);
        cpus.reason = "no CPU quota; " + limit_text;
        std::vector<std::string> why = unreadable;
        why.insert(why.end(), quotas.problems.begin(), quotas.problems.end());
        why.insert(why.end(), quotas.seen.begin(), quotas.seen.end());
        // Files that could not be read may have held one: "found", then.
        const bool doubtful = !quotas.problems.empty() || !unreadable.empty();
        cpus.why["quota_cpus"] =
            (doubtful ? "no CPU quota found: " : "no CPU quota: ") + joined(why, "; ");
        if (doubtful) cpus.reason = "no CPU quota found (" + joined(why, "; ") + "); " + limit_text;
    }
    cpus.count = std::max(cpus.count, 1);
    return cpus;
}

EffectiveCpus read_effective_cpus(const std::string &root) {
    const long online = sysconf(_SC_NPROCESSORS_ONLN);
    return read_effective_cpus(root, online > 0 ? int(online) : 1, allowed_cpus());
}

nlohmann::json effective_cpus_json(const EffectiveCpus &cpus) {
    nlohmann::json j = {{"count", cpus.count},
                        {"reason", cpus.reason},
                        {"online", cpus.online},
                        {"allowed", cpus.allowed}};
    if (cpus.quota_cpus)
        j["quota_cpus"] = *cpus.quota_cpus;
    else
        j["quota_cpus"] = "unknown";
    if (cpus.cpuset_cpus)
        j["cpuset_cpus"] = *cpus.cpuset_cpus;
    else
        j["cpuset_cpus"] = "unknown";
    for (const auto &[member, why] : cpus.why) j["why"][member] = why;
    return j;
}

}  // namespace bytebench
