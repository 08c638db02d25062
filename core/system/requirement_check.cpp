#include "system/requirement_check.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <limits>
#include <sstream>
#include <vector>

#include "base/text.h"
#include "system/storage_info.h"
#include "system/sysinfo_readers.h"

namespace bytebench {
namespace {

// "CPU feature" or "CPU features" before the names.
std::string noun(const char *singular, size_t count) {
    return std::string(singular) + (count == 1 ? "" : "s");
}

// bytes_per_copy × copies, without wrapping round on absurd declarations.
uint64_t for_copies(uint64_t bytes_per_copy, int copies) {
    const uint64_t n = copies > 0 ? uint64_t(copies) : 1;
    if (bytes_per_copy > std::numeric_limits<uint64_t>::max() / n)
        return std::numeric_limits<uint64_t>::max();
    return bytes_per_copy * n;
}

// " for 4 copies (1 GiB per copy" or " (" for one copy: what the total is made of.
std::string per_copy_text(uint64_t bytes_per_copy, int copies) {
    if (copies <= 1) return " (";
    return " for " + std::to_string(copies) + " copies (" + size_text(double(bytes_per_copy)) +
           " per copy; ";
}

bool is_executable_file(const std::string &path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
           ::access(path.c_str(), X_OK) == 0;
}

bool found_on_path(const std::string &tool, const std::string &path) {
    std::istringstream entries(path);
    for (std::string dir; std::getline(entries, dir, ':');)
        if (!dir.empty() && is_executable_file(dir + "/" + tool)) return true;
    return false;
}

std::string missing_cpu_features(const Requirements &needs, const MachineFacts &facts) {
    std::vector<std::string> missing;
    for (const std::string &feature : needs.cpu_features)
        if (facts.cpu_flags.count(feature) == 0) missing.push_back(feature);
    if (missing.empty()) return "";
    return "needs " + noun("CPU feature", missing.size()) + " " + joined(missing, ", ") +
           " (not in /proc/cpuinfo flags)";
}

std::string missing_temp_space(const Requirements &needs, int copies, const MachineFacts &facts) {
    const uint64_t total = for_copies(needs.temp_space_bytes, copies);
    if (needs.temp_space_bytes == 0 || !facts.temp_free_bytes || *facts.temp_free_bytes >= total)
        return "";
    return "needs " + size_text(double(total)) + " free in the temp folder" +
           per_copy_text(needs.temp_space_bytes, copies) +
           size_text(double(*facts.temp_free_bytes)) + " free)";
}

std::string missing_memory(const Requirements &needs, int copies, const MachineFacts &facts) {
    const uint64_t total = for_copies(needs.memory_bytes, copies);
    if (needs.memory_bytes == 0 || !facts.available_memory_bytes ||
        *facts.available_memory_bytes >= total)
        return "";
    return "needs " + size_text(double(total)) + " of available memory" +
           per_copy_text(needs.memory_bytes, copies) + "MemAvailable " +
           size_text(double(*facts.available_memory_bytes)) + ")";
}

std::string missing_tools(const Requirements &needs, const MachineFacts &facts) {
    std::vector<std::string> missing;
    for (const std::string &tool : needs.tools)
        if (!found_on_path(tool, facts.path)) missing.push_back(tool);
    if (missing.empty()) return "";
    return "needs " + noun("tool", missing.size()) + " " + joined(missing, ", ") + " on PATH";
}

std::string missing_root(const Requirements &needs, const MachineFacts &facts) {
    return needs.root && facts.euid != 0 ? "needs root (effective uid 0)" : "";
}

std::optional<uint64_t> available_memory() {
    const nlohmann::json memory = read_memory("/");
    const auto it = memory.find("available_bytes");
    if (it == memory.end() || !it->is_number_unsigned()) return std::nullopt;
    return it->get<uint64_t>();
}

}  // namespace

std::string unmet_requirements(const Requirements &needs, int copies, const MachineFacts &facts) {
    std::string reason;
    for (const std::string &part :
         {missing_cpu_features(needs, facts), missing_temp_space(needs, copies, facts),
          missing_memory(needs, copies, facts), missing_tools(needs, facts),
          missing_root(needs, facts)})
        if (!part.empty()) reason += (reason.empty() ? "" : "; ") + part;
    return reason;
}

std::set<std::string> cpu_flags(const std::string &cpuinfo_text) {
    const nlohmann::json cpu = parse_cpuinfo(cpuinfo_text);
    const auto flags = cpu.find("flags");
    if (flags == cpu.end() || !flags->is_array()) return {};
    return flags->get<std::set<std::string>>();
}

MachineFacts read_machine_facts(const std::string &temp_folder) {
    MachineFacts facts;
    facts.cpu_flags = cpu_flags(read_under("/", "/proc/cpuinfo"));
    facts.temp_free_bytes = free_bytes(temp_folder);
    facts.available_memory_bytes = available_memory();
    const char *path = std::getenv("PATH");
    facts.path = path != nullptr ? path : "";
    facts.euid = uint32_t(::geteuid());
    return facts;
}

std::string unmet_requirements_here(const Requirements &needs, int copies,
                                    const std::string &temp_folder) {
    if (needs.none()) return "";
    return unmet_requirements(needs, copies, read_machine_facts(temp_folder));
}

}  // namespace bytebench
