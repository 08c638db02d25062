#include "plugins/plugin_catalog.h"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "plugins/descriptor_cache.h"
#include "plugins/plugin_security.h"
#include "process/worker_process.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

// `path` made absolute and normal; as given when there is no current folder.
std::string absolute_path(const fs::path &path) {
    std::error_code ec;
    const fs::path absolute = fs::absolute(path, ec);
    return (ec ? path : absolute).lexically_normal().string();
}

// The regular files in `dir`, sorted; "" in `error` unless it cannot be
// read (then what the system said).
std::vector<fs::path> plugin_files(const fs::path &dir, std::string &error) {
    std::vector<fs::path> files;
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    for (const fs::directory_iterator end; !ec && it != end; it.increment(ec)) {
        const bool regular = it->is_regular_file(ec);
        if (ec) break;
        if (regular) files.push_back(it->path());
    }
    if (ec) {
        error = ec.message();
        return {};
    }
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

PluginCatalog PluginCatalog::scan(const std::vector<std::string> &directories,
                                  const std::string &worker_program) {
    ScanOptions options;
    options.worker_program = worker_program;
    return scan(directories, options);
}

PluginCatalog PluginCatalog::scan(const std::vector<std::string> &directories,
                                  const ScanOptions &options) {
    PluginCatalog catalog;
    catalog.directories_ = directories;
    DescriptorCache cache(options.cache_file, options.worker_program);
    for (const std::string &dir : directories) catalog.scan_folder(dir, options, cache);
    cache.save();
    return catalog;
}

void PluginCatalog::scan_folder(const std::string &dir, const ScanOptions &options,
                                DescriptorCache &cache) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        const bool absent =
            !ec || ec == std::errc::no_such_file_or_directory || ec == std::errc::not_a_directory;
        problems_.push_back({dir,
                             absent ? "plugin folder does not exist or is not a folder"
                                    : "plugin folder cannot be examined: " + ec.message(),
                             PluginProblem::Kind::missing_folder});
        return;
    }
    const std::string folder = absolute_path(dir);
    if (const std::string why = options.allow_insecure ? "" : check_plugin_folder(folder);
        !why.empty()) {
        problems_.push_back({folder, why, PluginProblem::Kind::refused});
        return;
    }
    std::string unreadable;
    const std::vector<fs::path> files = plugin_files(dir, unreadable);
    if (!unreadable.empty()) {
        problems_.push_back({folder, "plugin folder cannot be read: " + unreadable,
                             PluginProblem::Kind::missing_folder});
        return;
    }
    for (const fs::path &file : files) {
        const std::string path = absolute_path(file);
        if (file.extension() != ".so") {
            problems_.push_back(
                {path, "skipped: not a shared library (.so)", PluginProblem::Kind::ignored});
            continue;
        }
        if (const std::string why = options.allow_insecure ? "" : check_plugin_file(path);
            !why.empty()) {
            problems_.push_back({path, why, PluginProblem::Kind::refused});
            continue;
        }
        // Identity first: a file replaced while it is described is described again next time.
        const nlohmann::json identity = file_identity(path);
        std::optional<nlohmann::json> answer = cache.find(path, identity);
        if (!answer) {
            ++describe_runs_;
            bool cacheable = false;
            answer = describe(path, options, cacheable);
            if (cacheable) cache.store(path, identity, *answer);
        }
        take_answer(path, *answer);
    }
}

// {"plugin": {...}} or {"error": "..."}, from the file's describe worker.
nlohmann::json PluginCatalog::describe(const std::string &path, const ScanOptions &options,
                                       bool &cacheable) {
    const WorkerOutcome out = run_worker_to_end(
        options.worker_program, {"describe", "--plugin", path}, options.describe_timeout_s);
    cacheable = out.answered;
    const DescribeMessage *answer = nullptr;
    for (const WorkerMessage &m : out.messages)
        if (const auto *describe = std::get_if<DescribeMessage>(&m)) answer = describe;
    if (out.error.empty() && answer != nullptr) return {{"plugin", answer->plugin}};
    return {{"error", out.error.empty() ? "the plugin gave no description" : out.error}};
}

void PluginCatalog::take_answer(const std::string &path, const nlohmann::json &answer) {
    if (answer.contains("error")) {
        problems_.push_back({path, answer.at("error").get<std::string>()});
        return;
    }
    try {
        add(plugin_info_from_json(path, answer.at("plugin")));
    } catch (const std::exception &e) {
        problems_.push_back({path, std::string("bad description: ") + e.what()});
    }
}

namespace {
// The id that `a` and `b` both provide, or "".
template <class Item>
std::string shared_id(const std::vector<Item> &a, const std::vector<Item> &b) {
    for (const Item &x : a)
        for (const Item &y : b)
            if (x.id == y.id) return x.id;
    return "";
}
}  // namespace

void PluginCatalog::add(PluginInfo plugin) {
    for (const PluginInfo &other : plugins_) {
        std::string what = "workload";
        std::string id = shared_id(plugin.workloads, other.workloads);
        if (id.empty()) {
            what = "reporter";
            id = shared_id(plugin.reporters, other.reporters);
        }
        if (!id.empty()) {
            problems_.push_back(
                {plugin.path,
                 "duplicate " + what + " id '" + id + "': also provided by " + other.path,
                 PluginProblem::Kind::duplicate});
            return;
        }
    }
    plugins_.push_back(std::move(plugin));
}

std::optional<PluginCatalog::WorkloadRef> PluginCatalog::find_workload(
    const std::string &id) const {
    for (const PluginInfo &p : plugins_)
        for (const WorkloadInfo &w : p.workloads)
            if (w.id == id) return WorkloadRef{&p, &w};
    return std::nullopt;
}

std::optional<PluginCatalog::ReporterRef> PluginCatalog::find_reporter(
    const std::string &id) const {
    for (const PluginInfo &p : plugins_)
        for (const ReporterInfo &r : p.reporters)
            if (r.id == id) return ReporterRef{&p, &r};
    return std::nullopt;
}

}  // namespace bytebench
