// The descriptor cache: what `bytebench-worker describe` said about each
// plugin file, so that a command does not start one describe process per
// plugin every time.
//
// An entry is used only while its plugin file is the same file, unchanged:
// same path, device, inode, size, mtime and ctime (ns); and the whole cache
// only for the same worker binary (path, inode, size, mtime, ctime) and the
// same bytebench version and plugin ABI. Anything else, or a cache file that
// does not parse, is ignored and rebuilt.
//
// Cached: the descriptors, and the failures the worker reports itself (wrong
// ABI, not a plugin, the plugin refused to load): they are facts about that
// file and that worker. Not cached: a worker that crashed or hung, which may
// be the moment's fault (memory, load); such a plugin is tried again by the
// next command. A library the plugin links to may change without the plugin
// file changing; delete the cache (or touch the plugin) after such a change.
//
// The file, $XDG_CACHE_HOME/bytebench/descriptors.json (else
// ~/.cache/bytebench/), is written atomically (a temporary file renamed
// over it), mode 0600 in a 0700 folder, and ignored when another user owns
// it or others may write it. It is opened without following a link and
// without blocking, and read only when it is a regular file of at most
// 16 MiB; anything else in its place (a FIFO, a device, a link, a larger
// file) is ignored and replaced by a new cache, never read or written
// through. Paths that are not UTF-8 are keys in hexadecimal ("hex:2f...").
#pragma once

#include <sys/stat.h>

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace bytebench {

// Which file a path names now, as far as a cache can tell.
nlohmann::json file_identity(const struct stat &st);
// stat() of `path` as an identity; null when it cannot be examined.
nlohmann::json file_identity(const std::string &path);

class DescriptorCache {
  public:
    // 2: parameters carry ABI 1.2's choices, min and max (a /1 cache lacks
    // them). 3: workloads carry ABI 1.2's direction, metrics, requirements
    // and set-up.
    inline static const std::string kSchema = "bytebench.descriptor-cache/3";

    // $XDG_CACHE_HOME/bytebench/descriptors.json, else under ~/.cache; ""
    // when neither is known (no cache then).
    static std::string default_file();

    // Reads `file` ("" = no cache: every lookup misses, save() does
    // nothing). Entries are valid only for `worker_program`, as it is now.
    DescriptorCache(std::string file, const std::string &worker_program);

    // The cached answer for the plugin at `path` whose identity is
    // `identity`: {"plugin": {...}} or {"error": "..."}.
    std::optional<nlohmann::json> find(const std::string &path,
                                       const nlohmann::json &identity) const;
    void store(const std::string &path, const nlohmann::json &identity, nlohmann::json answer);

    // Writes the file when something changed, dropping entries whose file
    // changed or went away. A cache that cannot be written is no error.
    void save();

    // Why the file was not used ("" when it was, or there was none).
    const std::string &ignored_because() const { return ignored_because_; }

  private:
    void load();
    std::string file_;
    nlohmann::json host_;                            // the worker and the versions
    std::map<std::string, nlohmann::json> entries_;  // path -> {"identity", answer}
    bool dirty_ = false;
    std::string ignored_because_;
};

}  // namespace bytebench
