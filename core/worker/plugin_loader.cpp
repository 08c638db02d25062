#include "plugin_loader.h"

#include <string.h>

#include <set>
#include <vector>

#include "base/decimal.h"
#include "descriptor_rules.h"
#include "exported_symbols.h"
#include "metric_descriptors.h"
#include "param_descriptors.h"
#include "protocol/worker_protocol.h"

namespace bytebench::worker {
namespace {

using EntryFunction = const bb_plugin *(const bb_host *, char *, size_t);

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

// `text` with each run of blanks made one space, and none at either end:
// BYTEBENCH_BUILD_INFO joins its parts with spaces whether or not a part
// is empty ("gcc 12.2.0 " without flags).
std::string collapsed_blanks(const std::string &text) {
    std::string out;
    for (const char c : text) {
        const bool blank = c == ' ' || c == '\t' || c == '\n';
        if (!blank)
            out += c;
        else if (!out.empty() && out.back() != ' ')
            out += ' ';
    }
    if (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

std::string abi_string(unsigned major, unsigned minor) {
    return std::to_string(major) + "." + std::to_string(minor);
}

// The fields of ABI 1.0, which every reader needs, in order: a struct
// smaller than the last one's end is refused, naming the first it lacks.
const std::vector<FieldEnd> kPluginFields = {BB_FIELD_END(bb_plugin, abi_major),
                                             BB_FIELD_END(bb_plugin, abi_minor),
                                             BB_FIELD_END(bb_plugin, min_host_minor),
                                             BB_FIELD_END(bb_plugin, reserved),
                                             BB_FIELD_END(bb_plugin, id),
                                             BB_FIELD_END(bb_plugin, name),
                                             BB_FIELD_END(bb_plugin, vendor),
                                             BB_FIELD_END(bb_plugin, version),
                                             BB_FIELD_END(bb_plugin, workload_count),
                                             BB_FIELD_END(bb_plugin, workloads),
                                             BB_FIELD_END(bb_plugin, reporter_count),
                                             BB_FIELD_END(bb_plugin, reporters)};
const std::vector<FieldEnd> kWorkloadFields = {BB_FIELD_END(bb_workload, id),
                                               BB_FIELD_END(bb_workload, name),
                                               BB_FIELD_END(bb_workload, description),
                                               BB_FIELD_END(bb_workload, category),
                                               BB_FIELD_END(bb_workload, unit),
                                               BB_FIELD_END(bb_workload, version),
                                               BB_FIELD_END(bb_workload, time_base_s),
                                               BB_FIELD_END(bb_workload, repeat),
                                               BB_FIELD_END(bb_workload, default_duration_s),
                                               BB_FIELD_END(bb_workload, baseline),
                                               BB_FIELD_END(bb_workload, flags),
                                               BB_FIELD_END(bb_workload, processes_per_copy),
                                               BB_FIELD_END(bb_workload, param_count),
                                               BB_FIELD_END(bb_workload, params),
                                               BB_FIELD_END(bb_workload, create),
                                               BB_FIELD_END(bb_workload, run),
                                               BB_FIELD_END(bb_workload, destroy)};
const std::vector<FieldEnd> kReporterFields = {
    BB_FIELD_END(bb_reporter, id), BB_FIELD_END(bb_reporter, name),
    BB_FIELD_END(bb_reporter, description), BB_FIELD_END(bb_reporter, file_extension),
    BB_FIELD_END(bb_reporter, write)};

// "workload 'id'" when the descriptor holds an id that follows the rule,
// else "workload #index": a message must not read past a short struct.
std::string workload_name(const bb_workload &w, uint32_t index) {
    if (w.struct_size >= kWorkloadFields[0].end && follows_id_rule(w.id))
        return "workload '" + std::string(w.id) + "'";
    return "workload #" + std::to_string(index);
}

void check_table(const bb_plugin *t) {
    if (const std::string why = size_problem("plugin table", t->struct_size, kPluginFields);
        !why.empty())
        throw PluginLoadError(why);
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
    if (const std::string why = id_problem("plugin id", t->id); !why.empty())
        throw PluginLoadError(why);
    if (t->workload_count > 0 && t->workloads == nullptr)
        throw PluginLoadError("workload_count is set but workloads is NULL");
    if (t->reporter_count > 0 && t->reporters == nullptr)
        throw PluginLoadError("reporter_count is set but reporters is NULL");
}

void check_workload(const bb_workload *w, uint32_t index) {
    const std::string where = "workload #" + std::to_string(index);
    if (w == nullptr) throw PluginLoadError(where + " is NULL");
    if (const std::string why =
            size_problem(workload_name(*w, index), w->struct_size, kWorkloadFields);
        !why.empty())
        throw PluginLoadError(why);
    if (const std::string why = id_problem(where + " id", w->id); !why.empty())
        throw PluginLoadError(why);
    const std::string named = "workload '" + text_of(w->id) + "'";
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
    if (const std::string problem = abi_1_2_descriptors_problem(*w, named); !problem.empty())
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
    if (const std::string why = size_problem(where, r->struct_size, kReporterFields); !why.empty())
        throw PluginLoadError(why);
    if (const std::string why = id_problem(where + " id", r->id); !why.empty())
        throw PluginLoadError(why);
    if (r->write == nullptr)
        throw PluginLoadError("reporter '" + text_of(r->id) + "' has no write()");
    if ((documents_of(*r) & ~kAllDocuments) != 0)
        throw PluginLoadError("reporter '" + text_of(r->id) + "' declares documents " +
                              std::to_string(documents_of(*r)) +
                              ": only BB_DOCUMENT_RESULT (1) and BB_DOCUMENT_COMPARISON (2) exist");
}

// Ids are unique across the loaded plugins (plugin.h): the catalog compares
// plugins with each other, this the insides of one (and
// param_descriptors_problem() the keys of a workload).
void check_unique_ids(const bb_plugin &t) {
    std::set<std::string> workloads, reporters;
    for (uint32_t i = 0; i < t.workload_count; ++i) {
        const bb_workload &w = *t.workloads[i];
        if (!workloads.insert(w.id).second)
            throw PluginLoadError("workload id '" + text_of(w.id) + "' is declared twice");
    }
    for (uint32_t i = 0; i < t.reporter_count; ++i)
        if (!reporters.insert(t.reporters[i]->id).second)
            throw PluginLoadError("reporter id '" + text_of(t.reporters[i]->id) +
                                  "' is declared twice");
}

// The ids a refused table offers, into `e`: only from a table of our major
// (another major's layout is unknown) and from descriptors large enough to
// hold an id; an id is read up to 256 bytes.
void offered_ids(const bb_plugin &t, PluginLoadError &e) {
    constexpr uint32_t kMost = 4096;
    constexpr size_t kLongest = 256;
    if (t.struct_size < kPluginFields.back().end || t.abi_major != BYTEBENCH_ABI_MAJOR) return;
    const auto id_of = [&](const char *id) { return std::string(id, strnlen(id, kLongest)); };
    for (uint32_t i = 0; t.workloads != nullptr && i < t.workload_count && i < kMost; ++i) {
        const bb_workload *w = t.workloads[i];
        if (w != nullptr && w->struct_size >= kWorkloadFields[0].end && w->id != nullptr)
            e.workload_ids.push_back(id_of(w->id));
    }
    for (uint32_t i = 0; t.reporters != nullptr && i < t.reporter_count && i < kMost; ++i) {
        const bb_reporter *r = t.reporters[i];
        if (r != nullptr && r->struct_size >= kReporterFields[0].end && r->id != nullptr)
            e.reporter_ids.push_back(id_of(r->id));
    }
}

}  // namespace

LoadedPlugin::LoadedPlugin(const std::string &path, const bb_host *host) : path_(path) {
    try {
        library_.load(path, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
    } catch (const std::exception &e) {
        throw PluginLoadError("cannot load shared library: " + loader_message(e.what()));
    }
    if (!library_.has(BYTEBENCH_PLUGIN_ENTRY_SYMBOL))
        throw PluginLoadError(std::string(kNotAPlugin) + ": it does not export " +
                              std::string(BYTEBENCH_PLUGIN_ENTRY_SYMBOL));
    auto &entry = library_.get<EntryFunction>(BYTEBENCH_PLUGIN_ENTRY_SYMBOL);
    char err[BB_ERROR_CAP] = {0};
    table_ = entry(host, err, sizeof err);
    err[sizeof err - 1] = '\0';
    if (table_ == nullptr)
        throw PluginLoadError(std::string("plugin refused to load: ") +
                              (err[0] != '\0' ? err : "no reason given"));
    try {
        check_table(table_);
        for (uint32_t i = 0; i < table_->workload_count; ++i)
            check_workload(table_->workloads[i], i);
        for (uint32_t i = 0; i < table_->reporter_count; ++i)
            check_reporter(table_->reporters[i], i);
        check_unique_ids(*table_);
    } catch (PluginLoadError &e) {
        offered_ids(*table_, e);
        throw;
    }
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
    info.name = text_of(t.name);
    info.vendor = text_of(t.vendor);
    info.version = text_of(t.version);
    info.abi = abi_string(t.abi_major, t.abi_minor);
    info.build_info =
        BB_HAS_FIELD(&t, bb_plugin, build_info) ? collapsed_blanks(text_of(t.build_info)) : "";
    info.extra_exports = extra_exported_symbols(path_);
    for (uint32_t i = 0; i < t.workload_count; ++i) {
        const bb_workload &w = *t.workloads[i];
        WorkloadInfo &d = info.workloads.emplace_back();
        d.id = w.id;
        d.name = w.name;
        d.description = text_of(w.description);
        d.category = text_of(w.category);
        d.unit = w.unit;
        d.version = text_of(w.version);
        d.time_base_s = w.time_base_s;
        d.repeat_long = w.repeat == BB_REPEAT_LONG;
        d.default_duration_s = w.default_duration_s;
        d.baseline = w.baseline;
        d.flags = w.flags;
        d.processes_per_copy = w.processes_per_copy;
        d.params = read_params(w);
        read_abi_1_2_descriptors(w, t.abi_minor, d);
    }
    for (uint32_t i = 0; i < t.reporter_count; ++i) {
        const bb_reporter &r = *t.reporters[i];
        const uint32_t documents = documents_of(r);
        info.reporters.push_back({r.id, text_of(r.name), text_of(r.description),
                                  text_of(r.file_extension), (documents & BB_DOCUMENT_RESULT) != 0,
                                  (documents & BB_DOCUMENT_COMPARISON) != 0});
    }
    return info;
}

}  // namespace bytebench::worker
