#include "fake_host.h"

#include <dlfcn.h>
#include <time.h>

#include <stdexcept>

namespace bytebench::test {

volatile int32_t g_stop_flag = 0;

namespace {

void host_log(const bb_host *, bb_log_level, const char *) {}
const char *host_temp_dir(const bb_host *) {
    const std::string &dir = fake_host_state().temp_dir;
    return dir.empty() ? nullptr : dir.c_str();
}
int32_t host_should_stop(const bb_host *) { return g_stop_flag; }
uint64_t host_now_ns(const bb_host *) { return monotonic_ns(); }
void host_progress(const bb_host *, double) {}
const char *host_plugin_dir(const bb_host *) { return fake_host_state().plugin_dir.c_str(); }
const void *host_get_extension(const bb_host *, const char *) { return nullptr; }
void host_record_detail(const bb_host *, const char *key, const char *value) {
    fake_host_state().details[key] = value;
}
void host_record_metric(const bb_host *, const char *key, double value) {
    fake_host_state().metrics[key] = value;
}

}  // namespace

FakeHostState &fake_host_state() {
    static FakeHostState state;
    return state;
}

const bb_host *fake_host() {
    static const bb_host host = [] {
        bb_host h{};
        h.struct_size = sizeof(bb_host);
        h.abi_major = BYTEBENCH_ABI_MAJOR;
        h.abi_minor = BYTEBENCH_ABI_MINOR;
        h.host_version = "test";
        h.log = &host_log;
        h.temp_dir = &host_temp_dir;
        h.should_stop = &host_should_stop;
        h.now_ns = &host_now_ns;
        h.progress = &host_progress;
        h.plugin_dir = &host_plugin_dir;
        h.get_extension = &host_get_extension;
        h.record_detail = &host_record_detail;
        h.record_metric = &host_record_metric;
        return h;
    }();
    return &host;
}

const bb_plugin &load_plugin(const std::string &library) {
    static std::map<std::string, const bb_plugin *> loaded;
    if (const auto it = loaded.find(library); it != loaded.end()) return *it->second;
    void *handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) throw std::runtime_error("dlopen " + library + ": " + dlerror());
    void *symbol = dlsym(handle, BYTEBENCH_PLUGIN_ENTRY_SYMBOL);
    if (symbol == nullptr)
        throw std::runtime_error(library + ": no " BYTEBENCH_PLUGIN_ENTRY_SYMBOL);
    char err[BB_ERROR_CAP] = "";
    const bb_plugin *plugin =
        reinterpret_cast<bb_plugin_entry_fn>(symbol)(fake_host(), err, sizeof err);
    if (plugin == nullptr) throw std::runtime_error(library + ": entry refused: " + err);
    loaded[library] = plugin;
    return *plugin;
}

const bb_workload &find_workload(const std::string &library, const std::string &id) {
    const bb_plugin &p = load_plugin(library);
    for (uint32_t i = 0; i < p.workload_count; ++i)
        if (id == p.workloads[i]->id) return *p.workloads[i];
    throw std::runtime_error(library + ": no workload '" + id + "'");
}

const bb_reporter &find_reporter(const std::string &library, const std::string &id) {
    const bb_plugin &p = load_plugin(library);
    for (uint32_t i = 0; i < p.reporter_count; ++i)
        if (id == p.reporters[i]->id) return *p.reporters[i];
    throw std::runtime_error(library + ": no reporter '" + id + "'");
}

ParamArrays::ParamArrays(const bb_workload &w, const std::map<std::string, std::string> &given) {
    for (uint32_t i = 0; i < w.param_count; ++i) {
        keys_.push_back(w.params[i].key);
        const auto it = given.find(w.params[i].key);
        values_.push_back(it != given.end() ? it->second : w.params[i].default_value);
    }
    for (const std::string &v : values_) value_ptrs_.push_back(v.c_str());
}

void ParamArrays::apply(bb_run_context &ctx) const {
    ctx.param_count = static_cast<uint32_t>(keys_.size());
    ctx.param_keys = keys_.data();
    ctx.param_values = value_ptrs_.data();
}

}  // namespace bytebench::test
