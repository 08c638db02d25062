#include "plugins/descriptor_cache.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <optional>

#include "base/file_io.h"
#include "base/json_text.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

uint64_t ns_of(const timespec &t) {
    return uint64_t(t.tv_sec) * 1'000'000'000ull + uint64_t(t.tv_nsec);
}

// Far more than any set of plugins describes (a few KiB each).
constexpr off_t kMaxCacheBytes = 16 << 20;

// Whether `text` is UTF-8 that JSON can hold: nlohmann's own test.
bool is_utf8(const std::string &text) {
    try {
        (void)nlohmann::json(text).dump();
        return true;
    } catch (const nlohmann::json::type_error &) {
        return false;
    }
}

// A path as a key of the cache: itself when it is UTF-8 (an absolute path,
// so it starts with '/'), else "hex:" and its bytes in hexadecimal, so that
// a folder whose name is not UTF-8 is cached under a key that matches again.
std::string path_key(const std::string &path) {
    if (is_utf8(path)) return path;
    static const char digits[] = "0123456789abcdef";
    std::string key = "hex:";
    for (const char c : path) {
        const auto byte = static_cast<unsigned char>(c);
        key += digits[byte >> 4];
        key += digits[byte & 15];
    }
    return key;
}

// The path a key names: path_key() undone; "" for a key it never makes.
std::string path_of_key(const std::string &key) {
    if (!key.empty() && key[0] == '/') return key;
    if (key.rfind("hex:", 0) != 0 || key.size() % 2 != 0) return "";
    std::string path;
    for (size_t i = 4; i < key.size(); i += 2) {
        const auto nibble = [](char c) {
            return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        };
        const int high = nibble(key[i]), low = nibble(key[i + 1]);
        if (high < 0 || low < 0) return "";
        path += char(high * 16 + low);
    }
    return path;
}

// Why the open cache file `fd` is not to be read: "" when it is a regular
// file of ours that others may not write, and not too large to be a cache.
// `replace`: whether it is something we may rebuild over (anything of
// ours, or anything that is not a regular file; a name in our cache folder).
std::string distrust(int fd, bool &replace) {
    struct stat st {};
    replace = true;
    if (fstat(fd, &st) != 0) return "cannot be examined";
    if (!S_ISREG(st.st_mode)) return "not a regular file";
    replace = false;
    if (st.st_uid != geteuid() || (st.st_mode & (S_IWGRP | S_IWOTH)) != 0)
        return "not owned by you or writable by others";
    replace = true;
    if (st.st_size > kMaxCacheBytes) return "too large";
    return "";
}

// The whole of a regular file open at `fd`, at most `cap` bytes; nullopt
// on a read error or when it is longer.
std::optional<std::string> read_capped(int fd, size_t cap) {
    std::string text;
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return std::nullopt;
        if (n == 0) return text;
        text.append(buf, size_t(n));
        if (text.size() > cap) return std::nullopt;
    }
}

// Temporary file beside `file`, renamed over it: readers see the old cache
// or the new one, never half of one. A cache that cannot be written is no
// error (descriptor_cache.h).
void write_atomically(const std::string &file, const std::string &text) {
    std::error_code ec;
    const fs::path dir = fs::path(file).parent_path();
    if (fs::create_directories(dir, ec)) fs::permissions(dir, fs::perms::owner_all, ec);
    // A FIFO, device or link in its place (load() said it may be replaced)
    // goes first: the new file takes its name, and nothing is written into
    // it or through it.
    struct stat st {};
    if (lstat(file.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
        ::unlink(file.c_str());
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
             {"worker", path_key(worker_program)},
             {"worker_identity", worker}};
    if (!file_.empty()) load();
}

void DescriptorCache::load() {
    // Not blocking: a FIFO in its place would hang every command. Not
    // following a link: the cache is this file, not one elsewhere.
    const int fd = open(file_.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) {
        if (errno == ENOENT) return;  // none yet
        // A link (ELOOP), or what cannot be opened: rebuilt in its place.
        ignored_because_ = errno == ELOOP ? "a symbolic link" : "cannot be read";
        dirty_ = true;
        return;
    }
    bool replace = false;
    std::string why = distrust(fd, replace);
    std::optional<std::string> text;
    if (why.empty()) {
        text = read_capped(fd, kMaxCacheBytes);
        if (!text) why = "cannot be read";
    }
    close(fd);
    if (!why.empty()) {
        ignored_because_ = why;
        if (replace)
            dirty_ = true;  // rebuilt over it
        else
            file_.clear();  // another user's: never written over, either
        return;
    }
    const auto doc = parse_json_or_discarded(*text);
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
    for (const auto &[key, entry] : plugins.items())
        if (const std::string path = path_of_key(key);
            !path.empty() && entry.is_object() && entry.contains("identity"))
            entries_[path] = entry;
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
        if (file_identity(path) == entry.at("identity")) plugins[path_key(path)] = entry;
    // json_text: a plugin's error may quote a path that is not UTF-8.
    write_atomically(
        file_,
        json_text(nlohmann::json{{"schema", kSchema}, {"host", host_}, {"plugins", plugins}}, 1));
    dirty_ = false;
}

}  // namespace bytebench
