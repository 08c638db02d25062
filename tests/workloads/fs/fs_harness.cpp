#include "fs_harness.h"

#include <dlfcn.h>
#include <sys/stat.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <thread>

namespace fs = std::filesystem;

namespace bytebench::fs_test {
namespace {

struct HostData {
    std::string temp_dir;
};

volatile int32_t g_stop = 0;
HostData g_host_data;

void host_log(const bb_host *, bb_log_level, const char *) {}
const char *host_temp_dir(const bb_host *) {
    return g_host_data.temp_dir.empty() ? nullptr : g_host_data.temp_dir.c_str();
}
int32_t host_should_stop(const bb_host *) { return g_stop; }
uint64_t host_now_ns(const bb_host *) {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return uint64_t(ts.tv_sec) * 1'000'000'000ull + uint64_t(ts.tv_nsec);
}
void host_progress(const bb_host *, double) {}
const char *host_plugin_dir(const bb_host *) { return ""; }
const void *host_get_extension(const bb_host *, const char *) { return nullptr; }

const bb_host *host() {
    static bb_host h = [] {
        bb_host x{};
        x.struct_size = sizeof x;
        x.abi_major = BYTEBENCH_ABI_MAJOR;
        x.abi_minor = BYTEBENCH_ABI_MINOR;
        x.host_version = "test";
        x.host_data = &g_host_data;
        x.log = &host_log;
        x.temp_dir = &host_temp_dir;
        x.should_stop = &host_should_stop;
        x.now_ns = &host_now_ns;
        x.progress = &host_progress;
        x.plugin_dir = &host_plugin_dir;
        x.get_extension = &host_get_extension;
        return x;
    }();
    return &h;
}

}  // namespace

const bb_plugin &fs_plugin() {
    static const bb_plugin *plugin = [] {
        void *lib = dlopen(BYTEBENCH_FS_PLUGIN, RTLD_NOW | RTLD_LOCAL);
        if (lib == nullptr) throw std::runtime_error(std::string("dlopen: ") + dlerror());
        using Entry = const bb_plugin *(*)(const bb_host *, char *, size_t);
        auto entry = reinterpret_cast<Entry>(dlsym(lib, "bytebench_plugin_entry"));
        if (entry == nullptr) throw std::runtime_error("no bytebench_plugin_entry");
        char err[BB_ERROR_CAP] = {0};
        const bb_plugin *p = entry(host(), err, sizeof err);
        if (p == nullptr) throw std::runtime_error(std::string("entry failed: ") + err);
        return p;
    }();
    return *plugin;
}

const bb_workload &fstime() {
    const bb_plugin &p = fs_plugin();
    for (uint32_t i = 0; i < p.workload_count; ++i)
        if (std::strcmp(p.workloads[i]->id, "fstime") == 0) return *p.workloads[i];
    throw std::runtime_error("the fs plugin has no fstime workload");
}

std::vector<std::string> list_dir(const std::string &dir) {
    std::vector<std::string> out;
    for (const auto &e : fs::directory_iterator(dir)) {
        struct stat st {};
        ::stat(e.path().c_str(), &st);
        char mode[8];
        std::snprintf(mode, sizeof mode, "%03o", unsigned(st.st_mode & 0777));
        out.push_back(e.path().filename().string() + " " + mode);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string fresh_dir(const std::string &name) {
    const fs::path dir = fs::path(BYTEBENCH_FS_TEST_TMP) / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir.string();
}

Outcome exercise(const Exercise &e) {
    const bb_workload &w = fstime();
    std::vector<std::string> keys, values;
    for (uint32_t i = 0; i < w.param_count; ++i) {
        keys.push_back(w.params[i].key);
        const auto given = e.params.find(keys.back());
        values.push_back(given != e.params.end() ? given->second : w.params[i].default_value);
    }
    std::vector<const char *> key_ptrs, value_ptrs;
    for (size_t i = 0; i < keys.size(); ++i) {
        key_ptrs.push_back(keys[i].c_str());
        value_ptrs.push_back(values[i].c_str());
    }
    g_stop = 0;
    g_host_data.temp_dir = e.temp_dir;

    bb_run_context ctx{};
    ctx.struct_size = sizeof ctx;
    ctx.copy_count = 1;
    ctx.duration_ns = uint64_t(e.run_s * 1e9);
    ctx.stop_flag = &g_stop;
    ctx.param_count = uint32_t(keys.size());
    ctx.param_keys = key_ptrs.data();
    ctx.param_values = value_ptrs.data();

    Outcome out;
    bb_run_result result{};
    result.struct_size = sizeof result;
    void *instance = nullptr;
    const uint64_t before_create = host_now_ns(host());
    out.created = w.create(host(), &ctx, &instance, result.error, sizeof result.error);
    out.create_ns = host_now_ns(host()) - before_create;
    if (out.created != BB_OK) {
        out.error = result.error;
        if (!e.temp_dir.empty()) out.files_left = list_dir(e.temp_dir);
        return out;
    }
    out.files = list_dir(e.temp_dir);
    if (e.before_run) e.before_run();
    ctx.deadline_ns = host_now_ns(host()) + ctx.duration_ns;
    std::thread timer([&] {
        std::this_thread::sleep_for(std::chrono::duration<double>(e.run_s));
        g_stop = 1;
    });
    out.ran = w.run(instance, host(), &ctx, &result);
    timer.join();
    g_stop = 1;
    out.count = result.count;
    out.elapsed_ns = result.elapsed_ns;
    out.error = result.error;
    if (w.destroy != nullptr) w.destroy(instance);
    out.files_left = list_dir(e.temp_dir);
    return out;
}

}  // namespace bytebench::fs_test
