#include "plugin_loader.h"

#include "base/decimal.h"
#include "param_descriptors.h"

namespace bytebench::worker {
namespace {

using EntryFunction = const bb_plugin *(const bb_host *, char *, size_t);

std::string text(const char *s) { return s != nullptr ? s : ""; }

bool valid_id(const char *id) {
    if (id == nullptr || *id == '\0') return false;
    for (const char *p = id; *p != '\0'; ++p) {
        const char c = *p;
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_';
        if (!ok) return false;
    }
    return true;
}

// Boost.DLL wraps dlerror() in a long sentence; keep only dlerror's words.
std::string loader_message(const std::string &what) {
    const std::string marker = "dlerror system message: ";
    const auto at = what.find(marker);
    if (at == std::string::npos) return what;
    const auto start = at + marker.size();
    const auto end = what.rfind("):");
    return what.substr(start,
                       end != std::string::npos && end > start ? end - start : std::string::npos);
}

std::string abi_string(unsigned major, unsigned minor) {
    return std::to_string(major) + "." + std::to_string(minor);
}

void check_table(const bb_plugin *t) {
    if (t->struct_size < offsetof(bb_plugin, reporters) + sizeof t->reporters)
        throw PluginLoadError("plugin table is too small (struct_size " +
                              std::to_string(t->struct_size) + ")");
    if (t->abi_major != BYTEBENCH_ABI_MAJOR)
        throw PluginLoadError("plugin was built for ABI " + abi_string(t->abi_major, t->abi_minor) +
                              ", this bytebench provides ABI " +
                              abi_string(BYTEBENCH_ABI_MAJOR, BYTEBENCH_ABI_MINOR) +
                              " (the major version must match)");
    if (t->min_host_minor > BYTEBENCH_ABI_MINOR)
        throw PluginLoadError("plugin needs host ABI " +
                              abi_string(BYTEBENCH_ABI_MAJOR, t->min_host_minor) +
                              " or newer, this bytebench provides ABI " +
                              abi_string(BYTEBENCH_ABI_MAJOR, BYTEBENCH_ABI_MINOR));
    if (!valid_id(t->id)) throw PluginLoadError("plugin id is missing or has invalid characters");
    if (t->workload_count > 0 && t->workloads == nullptr)
        throw PluginLoadError("workload_count is set but workloads is NULL");
    if (t->reporter_count > 0 && t->reporters == nullptr)
        throw PluginLoadError("reporter_count is set but reporters is NULL");
}

void check_workload(const bb_workload *w, uint32_t index) {
    const std::string where = "workload #" + std::to_string(index);
    if (w == nullptr) throw PluginLoadError(where + " is NULL");
    if (w->struct_size < offsetof(bb_workload, destroy) + sizeof w->destroy)
        throw PluginLoadError(where + " descriptor is too small");
    if (!valid_id(w->id)) throw PluginLoadError(where + " has a missing or invalid id");
    const std::string named = "workload '" + text(w->id) + "'";
    if (w->name == nullptr || w->unit == nullptr)
        throw PluginLoadError(named + " has no name or unit");
    if (w->create == nullptr || w->run == nullptr)
        throw PluginLoadError(named + " has no create() or run()");
    if (w->repeat != BB_REPEAT_LONG && w->repeat != BB_REPEAT_SHORT)
        throw PluginLoadError(named + " has an unknown repeat class " + std::to_string(w->repeat));
    // As a suite's durations; a baseline of 0 is "none". NaN would cross to
    // the CLI as JSON's null.
    for (const std::string &problem :
         {decimal_problem(w->default_duration_s, DecimalRange::from_to(0.001, 86400, "seconds"),
                          "the default duration of " + named),
          decimal_problem(w->baseline, DecimalRange::at_least(0), "the baseline of " + named)})
        if (!problem.empty()) throw PluginLoadError(problem);
    if (const std::string problem = param_descriptors_problem(*w, named); !problem.empty())
        throw PluginLoadError(problem);
}

constexpr uint32_t kAllDocuments = BB_DOCUMENT_RESULT | BB_DOCUMENT_COMPARISON;

// What `r` renders: its `documents` (ABI 1.2), or both when it says nothing.
uint32_t documents_of(const bb_reporter &r) {
    const bool said = BB_HAS_FIELD(&r, bb_reporter, documents) && r.documents != 0;
    return said ? r.documents : kAllDocuments;
}

void check_reporter(const bb_reporter *r, uint32_t index) {
    const std::string where = "reporter #" + std::to_string(index);
    if (r == nullptr) throw PluginLoadError(where + " is NULL");
    if (r->struct_size < offsetof(bb_reporter, write) + sizeof r->write)
        throw PluginLoadError(where + " descriptor is too small");
    if (!valid_id(r->id)) throw PluginLoadError(where + " has a missing or invalid id");
    if (r->write == nullptr) throw PluginLoadError("reporter '" + text(r->id) + "' has no write()");
    if ((documents_of(*r) & ~kAllDocuments) != 0)
        throw PluginLoadError("reporter '" + text(r->id) + "' declares documents " +
                              std::to_string(documents_of(*r)) +
                              ": only BB_DOCUMENT_RESULT (1) and BB_DOCUMENT_COMPARISON (2) exist");
}

}  // namespace

LoadedPlugin::LoadedPlugin(const std::string &path, const bb_host *host) : path_(path) {
    try {
        library_.load(path, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
    } catch (const std::exception &e) {
        throw PluginLoadError("cannot load shared library: " + loader_message(e.what()));
    }
    if (!library_.has(BYTEBENCH_PLUGIN_ENTRY_SYMBOL))
        throw PluginLoadError("not a bytebench plugin: it does not export " +
                              std::string(BYTEBENCH_PLUGIN_ENTRY_SYMBOL));
    auto &entry = library_.get<EntryFunction>(BYTEBENCH_PLUGIN_ENTRY_SYMBOL);
    char err[BB_ERROR_CAP] = {0};
    table_ = entry(host, err, sizeof err);
    err[sizeof err - 1] = '\0';
    if (table_ == nullptr)
        throw PluginLoadError(std::string("plugin refused to load: ") +
                              (err[0] != '\0' ? err : "no reason given"));
    check_table(table_);
    for (uint32_t i = 0; i < table_->workload_count; ++i) check_workload(table_->workloads[i], i);
    for (uint32_t i = 0; i < table_->reporter_count; ++i) check_reporter(table_->reporters[i], i);
}

const bb_workload *LoadedPlugin::find_workload(const std::string &id) const {
    for (uint32_t i = 0; i < table_->workload_count; ++i)
        if (id == table_->workloads[i]->id) return table_->workloads[i];
    return nullptr;
}

const bb_reporter *LoadedPlugin::find_reporter(const std::string &id) const {
    for (uint32_t i = 0; i < table_->reporter_count; ++i)
        if (id == table_->reporters[i]->id) return table_->reporters[i];
    return nullptr;
}

PluginInfo LoadedPlugin::describe() const {
    const bb_plugin &t = *table_;
    PluginInfo info;
    info.path = path_;
    info.id = t.id;
    info.name = text(t.name);
    info.vendor = text(t.vendor);
    info.version = text(t.version);
    info.abi = abi_string(t.abi_major, t.abi_minor);
    info.build_info = BB_HAS_FIELD(&t, bb_plugin, build_info) ? text(t.build_info) : "";
    for (uint32_t i = 0; i < t.workload_count; ++i) {
        const bb_workload &w = *t.workloads[i];
        WorkloadInfo &d = info.workloads.emplace_back();
        d.id = w.id;
        d.name = w.name;
        d.description = text(w.description);
        d.category = text(w.category);
        d.unit = w.unit;
        d.version = text(w.version);
        d.time_base_s = w.time_base_s;
        d.repeat_long = w.repeat == BB_REPEAT_LONG;
        d.default_duration_s = w.default_duration_s;
        d.baseline = w.baseline;
        d.flags = w.flags;
        d.processes_per_copy = w.processes_per_copy;
        d.params = read_params(w);
    }
    for (uint32_t i = 0; i < t.reporter_count; ++i) {
        const bb_reporter &r = *t.reporters[i];
        const uint32_t documents = documents_of(r);
        info.reporters.push_back({r.id, text(r.name), text(r.description), text(r.file_extension),
                                  (documents & BB_DOCUMENT_RESULT) != 0,
                                  (documents & BB_DOCUMENT_COMPARISON) != 0});
    }
    return info;
}

}  // namespace bytebench::worker
