#include "plugins/descriptor_cache.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/file_io.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

uint64_t ns_of(const timespec &t) {
    return uint64_t(t.tv_sec) * 1'000'000'000ull + uint64_t(t.tv_nsec);
}

// Whether a file only we may have written: our own, not writable by others.
bool trustworthy(int fd) {
    struct stat st {};
    return fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
           (st.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

// Temporary file beside `file`, renamed over it: readers see the old cache
// or the new one, never half of one. A cache that cannot be written is no
// error (descriptor_cache.h).
void write_atomically(const std::string &file, const std::string &text) {
    std::error_code ec;
    const fs::path dir = fs::path(file).parent_path();
    if (fs::create_directories(dir, ec)) fs::permissions(dir, fs::perms::owner_all, ec);
    try {
        write_file(file, text, {/*exclusive=*/false, /*mode=*/0600});
    } catch (const FileError &) {
    }
}

}  // namespace

nlohmann::json file_identity(const struct stat &st) {
    return {{"device", uint64_t(st.st_dev)},
            {"inode", uint64_t(st.st_ino)},
            {"size", uint64_t(st.st_size)},
            {"mtime_ns", ns_of(st.st_mtim)},
            {"ctime_ns", ns_of(st.st_ctim)}};
}

nlohmann::json file_identity(const std::string &path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return nullptr;
    return file_identity(st);
}

std::string DescriptorCache::default_file() {
    const char *xdg = std::getenv("XDG_CACHE_HOME");
    if (xdg != nullptr && xdg[0] == '/') return std::string(xdg) + "/bytebench/descriptors.json";
    const char *home = std::getenv("HOME");
    if (home != nullptr && home[0] == '/')
        return std::string(home) + "/.cache/bytebench/descriptors.json";
    return "";
}

DescriptorCache::DescriptorCache(std::string file, const std::string &worker_program)
    : file_(std::move(file)) {
    const nlohmann::json worker = file_identity(worker_program);
    if (worker.is_null()) file_.clear();  // no worker, nothing to vouch for the entries
    host_ = {{"version", BYTEBENCH_VERSION},
             {"abi", BYTEBENCH_ABI},
             {"worker", worker_program},
             {"worker_identity", worker}};
    if (!file_.empty()) load();
}

void DescriptorCache::load() {
    const int fd = open(file_.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return;  // none yet
    const bool trusted = trustworthy(fd);
    close(fd);
    if (!trusted) {
        ignored_because_ = "not owned by you or writable by others";
        file_.clear();  // and never written over, either
        return;
    }
    std::ifstream in(file_, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    const auto doc = nlohmann::json::parse(text.str(), nullptr, false);
    dirty_ = true;  // rewritten unless everything below holds
    if (doc.is_discarded() || !doc.is_object()) {
        ignored_because_ = "corrupt";
        return;
    }
    if (doc.value("schema", "") != kSchema || doc.value("host", nlohmann::json()) != host_) {
        ignored_because_ = "made by another bytebench or worker";
        return;
    }
    const auto plugins = doc.value("plugins", nlohmann::json::object());
    if (!plugins.is_object()) {
        ignored_because_ = "corrupt";
        return;
    }
    for (const auto &[path, entry] : plugins.items())
        if (entry.is_object() && entry.contains("identity")) entries_[path] = entry;
    dirty_ = false;
}

std::optional<nlohmann::json> DescriptorCache::find(const std::string &path,
                                                    const nlohmann::json &identity) const {
    const auto it = entries_.find(path);
    if (it == entries_.end() || identity.is_null() || it->second.at("identity") != identity)
        return std::nullopt;
    nlohmann::json answer = it->second;
    answer.erase("identity");
    const bool usable = (answer.contains("plugin") && answer["plugin"].is_object()) ||
                        (answer.contains("error") && answer["error"].is_string());
    return usable ? std::optional<nlohmann::json>(answer) : std::nullopt;
}

void DescriptorCache::store(const std::string &path, const nlohmann::json &identity,
                            nlohmann::json answer) {
    if (file_.empty() || identity.is_null()) return;
    answer["identity"] = identity;
    entries_[path] = std::move(answer);
    dirty_ = true;
}

void DescriptorCache::save() {
    if (file_.empty() || !dirty_) return;
    nlohmann::json plugins = nlohmann::json::object();
    for (const auto &[path, entry] : entries_)
        if (file_identity(path) == entry.at("identity")) plugins[path] = entry;
    write_atomically(
        file_, nlohmann::json{{"schema", kSchema}, {"host", host_}, {"plugins", plugins}}.dump(1));
    dirty_ = false;
}

}  // namespace bytebench
