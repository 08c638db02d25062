#include "reporter_harness.h"

#include <dlfcn.h>
#include <gtest/gtest.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace bytebench_test {
namespace {

// Reporters need no host service; these only have to exist and be harmless.
void host_log(const bb_host *, bb_log_level, const char *) {}
const char *host_temp_dir(const bb_host *) { return nullptr; }
int32_t host_should_stop(const bb_host *) { return 0; }
uint64_t host_now_ns(const bb_host *) {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<uint64_t>(ts.tv_sec) * 1000000000u + static_cast<uint64_t>(ts.tv_nsec);
}
void host_progress(const bb_host *, double) {}
const char *host_plugin_dir(const bb_host *) { return ""; }
const void *host_get_extension(const bb_host *, const char *) { return nullptr; }

const bb_host *fake_host() {
    static bb_host host = [] {
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
    const auto entry = reinterpret_cast<bb_plugin_entry_fn>(symbol);
    char err[BB_ERROR_CAP] = "";
    const bb_plugin *plugin = entry(fake_host(), err, sizeof err);
    if (plugin == nullptr) throw std::runtime_error(library + ": entry refused: " + err);
    loaded[library] = plugin;
    return *plugin;
}

// A new, empty file in the test's temporary directory.
std::string temp_file_path() {
    std::string path = ::testing::TempDir() + "bytebench-reporter-XXXXXX";
    const int fd = mkstemp(path.data());
    if (fd < 0) throw std::runtime_error("mkstemp: " + std::string(std::strerror(errno)));
    close(fd);
    return path;
}

}  // namespace

const bb_reporter &load_reporter(const std::string &library, const std::string &id) {
    const bb_plugin &plugin = load_plugin(library);
    for (uint32_t i = 0; i < plugin.reporter_count; ++i)
        if (id == plugin.reporters[i]->id) return *plugin.reporters[i];
    throw std::runtime_error(library + ": no reporter '" + id + "'");
}

bb_status write_report_to(const bb_reporter &reporter, const std::string &document,
                          const char *out_path, std::string &error) {
    char err[BB_ERROR_CAP] = "";
    const bb_status status =
        reporter.write(fake_host(), document.c_str(), document.size(), out_path, err, sizeof err);
    error = err;
    return status;
}

WriteOutcome write_report(const bb_reporter &reporter, const std::string &document) {
    const std::string path = temp_file_path();
    WriteOutcome outcome;
    outcome.status = write_report_to(reporter, document, path.c_str(), outcome.error);
    outcome.output = read_file(path);
    unlink(path.c_str());
    return outcome;
}

std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void write_file(const std::string &path, const std::string &content) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << content;
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace bytebench_test
