#include "fs_harness.h"

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
#include <stdexcept>
#include <thread>

#include "fake_host.h"

namespace fs = std::filesystem;

namespace bytebench::test {

const bb_plugin &fs_plugin() { return load_plugin(BYTEBENCH_FS_PLUGIN); }

const bb_workload &fstime() { return find_workload(BYTEBENCH_FS_PLUGIN, "fstime"); }

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

std::string fresh_dir(const std::string &name) { return fresh_dir(BYTEBENCH_FS_TEST_TMP, name); }

Outcome exercise(const Exercise &e) {
    const bb_workload &w = fstime();
    const ParamArrays params(w, e.params);
    g_stop_flag = 0;
    fake_host_state().temp_dir = e.temp_dir;
    fake_host_state().details.clear();

    bb_run_context ctx{};
    ctx.struct_size = sizeof ctx;
    ctx.copy_count = e.copies;
    ctx.duration_ns = uint64_t(e.run_s * 1e9);
    ctx.stop_flag = &g_stop_flag;
    params.apply(ctx);

    Outcome out;
    bb_run_result result{};
    result.struct_size = sizeof result;
    void *instance = nullptr;
    const uint64_t before_create = monotonic_ns();
    out.created = w.create(fake_host(), &ctx, &instance, result.error, sizeof result.error);
    out.create_ns = monotonic_ns() - before_create;
    out.details = fake_host_state().details;
    if (out.created != BB_OK) {
        out.error = result.error;
        if (!e.temp_dir.empty()) out.files_left = list_dir(e.temp_dir);
        return out;
    }
    out.files = list_dir(e.temp_dir);
    if (e.before_run) e.before_run();
    ctx.deadline_ns = monotonic_ns() + ctx.duration_ns;
    std::thread timer([&] {
        std::this_thread::sleep_for(std::chrono::duration<double>(e.run_s));
        g_stop_flag = 1;
    });
    out.ran = w.run(instance, fake_host(), &ctx, &result);
    timer.join();
    g_stop_flag = 1;
    out.count = result.count;
    out.elapsed_ns = result.elapsed_ns;
    out.error = result.error;
    if (w.destroy != nullptr) w.destroy(instance);
    out.files_left = list_dir(e.temp_dir);
    return out;
}

std::string mount_small_disk(const std::string &dir, const char *size) {
    return mount_private(dir, "tmpfs", std::string("size=") + size);
}

void fill_disk(const std::string &dir) {
    std::ofstream filler(dir + "/filler", std::ios::binary);
    const std::string block(4096, 'x');
    while (filler.write(block.data(), std::streamsize(block.size()))) {
    }
}

}  // namespace bytebench::test
