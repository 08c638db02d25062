// How large the memory plugin's arrays are: the last-level caches from sysfs,
// the auto size rule, and the MemAvailable check. See stream.h.
#include <dirent.h>

#include <algorithm>
#include <cctype>
#include <cinttypes>
#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "stream.h"

namespace bytebench::plugins::memory {

uint64_t auto_array_bytes(uint64_t llc_total_bytes, uint32_t copies) {
    if (copies == 0) copies = 1;
    const uint64_t share = (4 * llc_total_bytes + copies - 1) / copies;
    const uint64_t bytes = std::max(kMinArrayBytes, share);
    return (bytes + kMiB - 1) / kMiB * kMiB;
}

namespace {

// The first line of a file, without trailing white space; nullopt when the
// file cannot be read.
std::optional<std::string> first_line(const std::string &path) {
    std::ifstream in(path);
    std::string line;
    if (!in || !std::getline(in, line)) return std::nullopt;
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    return line;
}

// Entries of `dir` whose names are `prefix` followed by digits, sorted.
std::vector<std::string> numbered_entries(const std::string &dir, const std::string &prefix) {
    std::vector<std::string> names;
    DIR *d = opendir(dir.c_str());
    if (d == nullptr) return names;
    while (const dirent *e = readdir(d)) {
        const std::string name = e->d_name;
        if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
        if (std::all_of(name.begin() + long(prefix.size()), name.end(),
                        [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); }))
            names.push_back(name);
    }
    closedir(d);
    std::sort(names.begin(), names.end());
    return names;
}

}  // namespace

std::optional<uint64_t> parse_cache_size(const std::string &text) {
    size_t i = 0;
    uint64_t value = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
        if (value > (UINT64_MAX - 9) / 10) return std::nullopt;
        value = value * 10 + uint64_t(text[i++] - '0');
    }
    if (i == 0) return std::nullopt;
    uint64_t unit = 1;
    if (i < text.size()) {
        switch (std::toupper(static_cast<unsigned char>(text[i]))) {
            case 'K':
                unit = uint64_t(1) << 10;
                break;
            case 'M':
                unit = uint64_t(1) << 20;
                break;
            case 'G':
                unit = uint64_t(1) << 30;
                break;
            default:
                return std::nullopt;
        }
        ++i;
        if (i < text.size() && std::toupper(static_cast<unsigned char>(text[i])) == 'B') ++i;
    }
    if (i != text.size() || value > UINT64_MAX / unit) return std::nullopt;
    return value * unit;
}

Llc find_llc(const std::string &cpu_dir) {
    struct Cache {
        int level;
        uint64_t bytes;
        std::string shared;  // shared_cpu_list, or the cpu itself when absent
    };
    std::vector<Cache> caches;
    for (const std::string &cpu : numbered_entries(cpu_dir, "cpu")) {
        const std::string cache_dir = cpu_dir + "/" + cpu + "/cache";
        for (const std::string &index : numbered_entries(cache_dir, "index")) {
            const std::string dir = cache_dir + "/" + index + "/";
            const auto level = first_line(dir + "level");
            const auto size = first_line(dir + "size");
            if (!level || !size) continue;
            if (first_line(dir + "type").value_or("") == "Instruction") continue;
            const auto bytes = parse_cache_size(*size);
            if (!bytes || *bytes == 0) continue;
            int lvl = 0;
            if (std::sscanf(level->c_str(), "%d", &lvl) != 1) continue;
            caches.push_back({lvl, *bytes, first_line(dir + "shared_cpu_list").value_or(cpu)});
        }
    }
    Llc llc;
    if (caches.empty()) {
        llc.source =
            "assumed " + format_bytes(kFallbackLlcBytes) + ": no cache sizes in " + cpu_dir;
        return llc;
    }
    int top = 0;
    for (const Cache &c : caches) top = std::max(top, c.level);
    std::map<std::string, uint64_t> instances;  // shared_cpu_list -> size
    for (const Cache &c : caches)
        if (c.level == top) instances[c.shared] = std::max(instances[c.shared], c.bytes);
    std::set<uint64_t> sizes;
    llc.bytes = 0;
    for (const auto &[shared, bytes] : instances) {
        llc.bytes += bytes;
        sizes.insert(bytes);
    }
    llc.found = true;
    const std::string level = "L" + std::to_string(top);
    llc.source = "sysfs: " + std::to_string(instances.size()) + " x " + level;
    llc.source += sizes.size() == 1 ? " of " + format_bytes(*sizes.begin())
                                    : ", " + format_bytes(llc.bytes) + " in all";
    return llc;
}

std::optional<uint64_t> mem_available(const std::string &meminfo) {
    std::ifstream in(meminfo);
    std::string line;
    while (std::getline(in, line)) {
        unsigned long long kib = 0;
        if (std::sscanf(line.c_str(), "MemAvailable: %llu kB", &kib) == 1)
            return uint64_t(kib) * 1024;
    }
    return std::nullopt;
}

uint64_t memory_margin(uint64_t available) { return std::max(256 * kMiB, available / 8); }

std::string format_bytes(uint64_t bytes) {
    char text[64];
    if (bytes >= (uint64_t(1) << 30))
        std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / double(uint64_t(1) << 30));
    else if (bytes >= kMiB)
        std::snprintf(text, sizeof text, "%.0f MiB", double(bytes) / double(kMiB));
    else
        std::snprintf(text, sizeof text, "%.0f KiB", double(bytes) / 1024.0);
    return text;
}

std::string memory_shortfall(const std::string &test, Kernel k, uint32_t copies,
                             uint64_t array_bytes, uint64_t available) {
    if (copies == 0) copies = 1;
    const uint64_t per_copy_arrays = uint64_t(copies) * uint64_t(arrays_used(k));
    // Saturating: array_mib is bounded, but stay exact for any input.
    const uint64_t need =
        array_bytes > UINT64_MAX / per_copy_arrays ? UINT64_MAX : array_bytes * per_copy_arrays;
    const uint64_t margin = memory_margin(available);
    if (need <= available && available - need >= margin) return "";
    std::string reason =
        test + ": " + std::to_string(copies) + (copies == 1 ? " copy needs " : " copies need ") +
        format_bytes(need) + (copies == 1 ? " for its arrays plus " : " for their arrays plus ") +
        format_bytes(margin) + " to spare, MemAvailable is " + format_bytes(available);
    const uint64_t fit_mib =
        available > margin ? (available - margin) / per_copy_arrays / kMiB : uint64_t(0);
    if (fit_mib >= 1)
        reason += "; pass array_mib=" + std::to_string(fit_mib) + " or less";
    else
        reason += "; too little memory for this test";
    return reason;
}

std::string thp_mode(const std::string &path) {
    const auto line = first_line(path);
    if (!line) return "unknown";
    const size_t open = line->find('['), close = line->find(']');
    if (open == std::string::npos || close == std::string::npos || close < open) return "unknown";
    return line->substr(open + 1, close - open - 1);
}

}  // namespace bytebench::plugins::memory
