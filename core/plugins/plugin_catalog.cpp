#include "plugins/plugin_catalog.h"

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <numeric>

#include "base/json_read.h"
#include "model/isa_level.h"
#include "plugins/descriptor_cache.h"
#include "plugins/level_choice.h"
#include "plugins/plugin_security.h"
#include "process/worker_process.h"
#include "protocol/worker_protocol.h"

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

// The same folder, by another name too (a link, a trailing slash).
bool same_folder(const std::string &a, const std::string &b) {
    std::error_code ec;
    return !a.empty() && !b.empty() && fs::equivalent(a, b, ec) && !ec;
}

// The security checks of a file to load; a level's file (in levels/<level>/
// under `folder`) has its own folders checked too.
std::string check_chosen_file(const std::string &path, const std::string &folder) {
    const std::string parent = fs::path(path).parent_path().string();
    if (parent != folder)
        if (std::string why = check_plugin_folder(parent); !why.empty()) return why;
    return check_plugin_file(path);
}

// What a plugin refused for breaking a rule offers: its ids only (the
// describe worker's "refused" member), so that a command naming one says
// why it is not available.
PluginInfo offered(const std::string &path, const nlohmann::json &refused) {
    PluginInfo plugin;
    plugin.path = path;
    for (const auto &id : elements(member(refused, "workloads")))
        if (id.is_string()) plugin.workloads.emplace_back().id = id.get<std::string>();
    for (const auto &id : elements(member(refused, "reporters")))
        if (id.is_string()) plugin.reporters.emplace_back().id = id.get<std::string>();
    return plugin;
}

bool scanned_before(const std::vector<std::string> &dirs, size_t index) {
    for (size_t i = 0; i < index; ++i)
        if (same_folder(dirs[i], dirs[index])) return true;
    return false;
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
    for (size_t i = 0; i < directories.size(); ++i)
        if (!scanned_before(directories, i))
            catalog.scan_folder(directories[i], options, cache,
                                same_folder(directories[i], options.first_party_dir));
    cache.save();
    catalog.resolve_conflicts();
    return catalog;
}

void PluginCatalog::scan_folder(const std::string &dir, const ScanOptions &options,
                                DescriptorCache &cache, bool first_party) {
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
    const size_t first_problem = problems_.size();
    std::vector<fs::path> libraries;
    for (const fs::path &file : files) {
        if (file.extension() == ".so")
            libraries.push_back(file);
        else
            problems_.push_back({absolute_path(file), "skipped: not a shared library (.so)",
                                 PluginProblem::Kind::ignored});
    }
    const std::vector<IsaLevel> levels = capped_levels(isa_levels(), options.isa_level_cap);
    for (const LevelChoice &choice : choose_levels(dir, libraries, levels)) {
        if (choice.path.empty()) {
            problems_.push_back({absolute_path(fs::path(dir) / choice.file_name), choice.problem});
            continue;
        }
        const std::string path = absolute_path(choice.path);
        if (const std::string why = options.allow_insecure ? "" : check_chosen_file(path, folder);
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
        if (take_answer(path, *answer, first_party)) {
            candidates_.back().plugin.isa_level = choice.isa_level;
            candidates_.back().plugin.packaged_levels = choice.packaged;
        }
    }
    // The folder's problems in file order, as its files were listed.
    std::stable_sort(
        problems_.begin() + long(first_problem), problems_.end(),
        [](const PluginProblem &a, const PluginProblem &b) { return a.path < b.path; });
}

// {"plugin": {...}} or {"error": "..."}, from the file's describe worker.
nlohmann::json PluginCatalog::describe(const std::string &path, const ScanOptions &options,
                                       bool &cacheable) {
    const WorkerOutcome out = run_worker_to_end(
        options.worker_program, {"describe", "--plugin", path}, options.describe_timeout_s);
    cacheable = out.answered;
    const DescribeMessage *answer = nullptr;
    const FailMessage *refusal = nullptr;
    for (const WorkerMessage &m : out.messages) {
        if (const auto *describe = std::get_if<DescribeMessage>(&m)) answer = describe;
        if (const auto *fail = std::get_if<FailMessage>(&m); fail != nullptr && fail->refused)
            refusal = fail;
    }
    if (out.error.empty() && answer != nullptr) return {{"plugin", answer->plugin}};
    nlohmann::json j = {
        {"error", out.error.empty() ? "the plugin gave no description" : out.error}};
    if (refusal != nullptr)
        j["refused"] = {{"workloads", refusal->workload_ids}, {"reporters", refusal->reporter_ids}};
    return j;
}

bool PluginCatalog::take_answer(const std::string &path, const nlohmann::json &answer,
                                bool first_party) {
    if (answer.contains("error")) {
        const std::string error = answer.at("error").get<std::string>();
        const bool not_a_plugin = error.rfind(kNotAPlugin, 0) == 0;
        problems_.push_back(
            {path, error,
             not_a_plugin ? PluginProblem::Kind::ignored : PluginProblem::Kind::failed});
        if (answer.contains("refused"))
            refused_.push_back({offered(path, answer.at("refused")), error});
        return false;
    }
    try {
        candidates_.push_back({plugin_info_from_json(path, answer.at("plugin")), first_party});
        return true;
    } catch (const std::exception &e) {
        problems_.push_back({path, std::string("bad description: ") + e.what()});
        return false;
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

// Why `candidate` loses to one of `winners`, or "".
std::string PluginCatalog::conflict(const Candidate &candidate,
                                    const std::vector<const Candidate *> &winners) {
    for (const Candidate *winner : winners) {
        std::string what = "workload";
        std::string id = shared_id(candidate.plugin.workloads, winner->plugin.workloads);
        if (id.empty()) {
            what = "reporter";
            id = shared_id(candidate.plugin.reporters, winner->plugin.reporters);
        }
        if (id.empty()) continue;
        const bool by_priority = winner->first_party && !candidate.first_party;
        return "duplicate " + what + " id '" + id + "': also provided by " + winner->plugin.path +
               (by_priority ? ", a first-party plugin, which wins"
                            : ", found first in the search path, which wins");
    }
    return "";
}

// First-party plugins claim their ids first, then the others in search
// order; a plugin that claims a taken id is refused whole, so that which
// code runs never depends on which of its ids is asked for. The winners
// keep their search order.
void PluginCatalog::resolve_conflicts() {
    std::vector<size_t> order(candidates_.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_partition(order.begin(), order.end(),
                          [&](size_t i) { return candidates_[i].first_party; });
    std::vector<const Candidate *> winners;
    std::vector<bool> won(candidates_.size(), false);
    for (size_t i : order) {
        const std::string why = conflict(candidates_[i], winners);
        if (why.empty()) {
            won[i] = true;
            winners.push_back(&candidates_[i]);
        } else {
            problems_.push_back({candidates_[i].plugin.path, why, PluginProblem::Kind::duplicate});
            refused_.push_back({candidates_[i].plugin, why});
        }
    }
    for (size_t i = 0; i < candidates_.size(); ++i)
        if (won[i]) plugins_.push_back(std::move(candidates_[i].plugin));
    candidates_.clear();
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

std::string PluginCatalog::refusal_of_workload(const std::string &id) const {
    if (find_workload(id)) return "";
    for (const Refused &r : refused_)
        for (const WorkloadInfo &w : r.plugin.workloads)
            if (w.id == id) return "plugin " + r.plugin.path + " was refused: " + r.reason;
    return "";
}

std::string PluginCatalog::refusal_of_reporter(const std::string &id) const {
    if (find_reporter(id)) return "";
    for (const Refused &r : refused_)
        for (const ReporterInfo &x : r.plugin.reporters)
            if (x.id == id) return "plugin " + r.plugin.path + " was refused: " + r.reason;
    return "";
}

}  // namespace bytebench
