// Loads one plugin file inside a worker process (never in the CLI process)
// and checks that it speaks our ABI. Uses Boost.DLL to open the library and
// resolve the single entry symbol; nothing else of the plugin is looked up.
#pragma once

#include <bytebench/plugin.h>

#include <boost/dll/shared_library.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/plugin_info.h"

namespace bytebench::worker {

// Why a plugin was not loaded. When the plugin gave a table of our major,
// the ids it offers as far as they can be read (a refused plugin's ids, so
// that `run ID` can say why ID is not available instead of "unknown").
class PluginLoadError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
    std::vector<std::string> workload_ids, reporter_ids;
};

class LoadedPlugin {
  public:
    // Opens `path`, calls its entry with `host` (which must outlive the
    // plugin) and validates the table. Throws PluginLoadError with a one-line
    // reason (not a library, no entry symbol, wrong ABI, bad descriptor).
    LoadedPlugin(const std::string &path, const bb_host *host);

    const bb_plugin &table() const { return *table_; }
    const std::string &path() const { return path_; }
    // nullptr when the plugin has no such workload / reporter.
    const bb_workload *find_workload(const std::string &id) const;
    const bb_reporter *find_reporter(const std::string &id) const;

    // The descriptors, for the CLI's catalog (plugins/plugin_catalog.h).
    PluginInfo describe() const;

  private:
    std::string path_;
    boost::dll::shared_library library_;  // unloaded (dlclose) when this object goes
    const bb_plugin *table_ = nullptr;
};

}  // namespace bytebench::worker
