#include "disk_harness.h"

#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "fake_host.h"

namespace fs = std::filesystem;

namespace bytebench::test {

const bb_plugin &disk_plugin() { return load_plugin(BYTEBENCH_DISK_PLUGIN); }

const bb_workload &workload(const std::string &id) {
    return find_workload(BYTEBENCH_DISK_PLUGIN, id);
}

std::vector<std::string> list_dir(const std::string &dir) {
    std::vector<std::string> out;
    for (const auto &e : fs::directory_iterator(dir)) {
        struct stat st {};
        ::stat(e.path().c_str(), &st);
        char text[64];
        std::snprintf(text, sizeof text, " %03o %lld", unsigned(st.st_mode & 0777),
                      static_cast<long long>(st.st_size));
        out.push_back(e.path().filename().string() + text);
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string fresh_dir(const std::string &name) { return fresh_dir(BYTEBENCH_DISK_TEST_TMP, name); }

namespace {

// Threads of this process (entries of /proc/self/task).
int thread_count() {
    int n = 0;
    if (DIR *d = ::opendir("/proc/self/task")) {
        while (const dirent *e = ::readdir(d)) n += e->d_name[0] != '.';
        ::closedir(d);
    }
    return n;
}

}  // namespace

Exercise small(const std::string &workload, const std::string &dir,
               const std::map<std::string, std::string> &params) {
    Exercise e;
    e.workload = workload;
    e.temp_dir = dir;
    e.params = {{"file_mib", "4"}};
    for (const auto &[key, value] : params) e.params[key] = value;
    return e;
}

Outcome exercise(const Exercise &e) {
    const bb_workload &w = workload(e.workload);
    const ParamArrays params(w, e.params);
    g_stop_flag = 0;
    fake_host_state().temp_dir = e.temp_dir;
    fake_host_state().details.clear();
    fake_host_state().metrics.clear();
    const std::string file = e.temp_dir + "/" + kFileName;
    const int threads_before = thread_count();

    bb_run_context ctx{};
    ctx.struct_size = sizeof ctx;
    ctx.copy_index = e.copy_index;
    ctx.copy_count = e.copies;
    ctx.pass_index = e.pass_index;
    ctx.duration_ns = uint64_t(e.run_s * 1e9);
    ctx.stop_flag = &g_stop_flag;
    params.apply(ctx);

    Outcome out;
    bb_run_result result{};
    result.struct_size = sizeof result;
    void *instance = nullptr;
    out.created = w.create(fake_host(), &ctx, &instance, result.error, sizeof result.error);
    if (out.created != BB_OK) {
        out.error = result.error;
        out.details = fake_host_state().details;
        if (!e.temp_dir.empty()) out.files_left = list_dir(e.temp_dir);
        return out;
    }
    out.files = list_dir(e.temp_dir);
    if (e.before_run) e.before_run(file);
    ctx.deadline_ns = monotonic_ns() + ctx.duration_ns;
    uint64_t stopped_at = 0;
    std::thread timer([&] {
        std::this_thread::sleep_for(std::chrono::duration<double>(e.run_s));
        out.extra_threads_while_running = thread_count() - threads_before - 1;  // less the timer
        stopped_at = monotonic_ns();
        g_stop_flag = 1;
    });
    out.ran = w.run(instance, fake_host(), &ctx, &result);
    const uint64_t returned_at = monotonic_ns();
    timer.join();
    out.returned_after_stop_ns = returned_at > stopped_at ? returned_at - stopped_at : 0;
    out.count = result.count;
    out.error = result.error;
    if (e.after_run) e.after_run(file);
    if (w.destroy != nullptr) w.destroy(instance);
    out.extra_threads_after = thread_count() - threads_before;
    out.files_left = list_dir(e.temp_dir);
    out.details = fake_host_state().details;
    out.metrics = fake_host_state().metrics;
    return out;
}

nlohmann::json to_json(const Outcome &o) {
    return {{"created", o.created}, {"ran", o.ran},        {"count", o.count},
            {"error", o.error},     {"files", o.files},    {"files_left", o.files_left},
            {"details", o.details}, {"metrics", o.metrics}};
}

Outcome outcome_from_json(const std::string &text) {
    Outcome o;
    const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        o.error = "not an outcome: " + text;
        return o;
    }
    o.created = j["created"];
    o.ran = j["ran"];
    o.count = j["count"];
    o.error = j["error"];
    o.files = j["files"].get<std::vector<std::string>>();
    o.files_left = j["files_left"].get<std::vector<std::string>>();
    o.details = j["details"].get<std::map<std::string, std::string>>();
    o.metrics = j["metrics"].get<std::map<std::string, double>>();
    return o;
}

int probe_o_direct(const std::string &dir) {
    const std::string path = dir + "/o_direct-probe";
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_DIRECT | O_CLOEXEC, 0600);
    const int err = fd < 0 ? errno : 0;
    if (fd >= 0) ::close(fd);
    ::unlink(path.c_str());
    return err;
}

}  // namespace bytebench::test
