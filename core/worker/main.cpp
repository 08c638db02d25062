// bytebench-worker: the only process that runs plugin code.
//
//   bytebench-worker describe --plugin FILE --msg-fd N
//   bytebench-worker run --plugin FILE --workload ID --copy I --copies N --pass K
//                        --duration-ns NS --temp-dir DIR [--test-dir DIR] --msg-fd N
//                        --barrier-fd M [--cpu PU] [--params-fd P] [--param KEY=VALUE]...
//                        (undeclared keys: their defaults; --test-dir: the --temp-dir;
//                        --params-fd: the CLI's ParamsFile, process/params_file.h)
//   bytebench-worker setup|teardown --plugin FILE --workload ID --test-dir DIR [--copies N]
//                        [--passes K] --msg-fd N [--params-fd P] [--param KEY=VALUE]...
//   bytebench-worker report --plugin FILE --reporter ID --input JSON --out FILE|- --msg-fd N
//   bytebench-worker janitor --temp-root DIR --results-base BASE --cli-pid PID  (pipe on fd 0)
//
// It is started by the CLI, talks to it in JSON lines on the message fd (see
// core/protocol/worker_protocol.h) and is not meant to be run by hand, except to debug a
// plugin under gdb: give it `--msg-fd 1` and it prints its messages.
#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/file_io.h"
#include "base/last_resort.h"
#include "base/monotonic_clock.h"
#include "fault_report.h"
#include "janitor.h"
#include "metric_descriptors.h"
#include "model/isa_level.h"
#include "param_descriptors.h"
#include "plugin_loader.h"
#include "protocol/worker_protocol.h"
#include "run_params.h"
#include "stop_flag.h"
#include "test_phase.h"
#include "worker_host.h"

namespace bytebench::worker {
namespace {

struct Options {
    std::string plugin;
    std::string workload;
    std::string reporter;
    std::string temp_dir;
    std::string test_dir;  // run: bb_run_context.test_dir (ABI 1.2); empty: the temp dir
    std::string input;
    std::string out;
    std::vector<std::string> params;
    uint32_t copy = 0, copies = 1, pass = 0;
    uint64_t duration_ns = 1'000'000'000ull;
    int cpu = -1;  // the PU to pin to (--placement); -1: not pinned
    int msg_fd = 1;
    int barrier_fd = -1;
    int params_fd = -1;  // the CLI's ParamsFile; -1 when run by hand
};

// Exit codes the CLI understands (anything else is treated as a failure).
constexpr int kExitOk = 0;
constexpr int kExitFailed = 3;

int fail(int msg_fd, const std::string &error) {
    write_message(msg_fd, FailMessage{error});
    return kExitFailed;
}

// Where the copy ran: the CPU at the start and at the end of run() (they
// differ when an unpinned copy was moved).
struct RanOn {
    int start = -1, end = -1;
};

void send_result(int msg_fd, bb_status status, const bb_run_result &r, uint64_t elapsed_ns,
                 uint64_t start_ns, const HostState &state, RanOn ran_on = {}) {
    ResultMessage m;
    m.status = status == BB_OK        ? Status::ok
               : status == BB_SKIPPED ? Status::skipped
                                      : Status::error;
    m.error.assign(r.error, strnlen(r.error, sizeof r.error));
    if (status != BB_OK && m.error.empty()) m.error = "the workload gave no reason";
    m.count = r.count;
    m.elapsed_ns = elapsed_ns;
    m.start_ns = start_ns;
    m.details = state.details;
    m.metrics = state.metrics;
    if (m.status == Status::ok && !state.metric_error.empty()) {
        m.status = Status::error;  // a bad record_metric(); the rest still goes out
        m.error = state.metric_error;
    }
    m.cpu_start = ran_on.start;
    m.cpu_end = ran_on.end;
    write_message(msg_fd, m);
}

// Blocks until the CLI releases the start barrier by closing its end.
bool wait_for_barrier(int fd) {
    if (fd < 0) return true;
    char byte;
    for (;;) {
        const ssize_t n = ::read(fd, &byte, 1);
        if (n == 0) return true;
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return false;
    }
}

// Pins this process (and the threads and children it starts later) to one
// PU, before the plugin is loaded so its allocations land near that PU.
std::string pin_to(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0)
        return "cannot pin the copy to CPU " + std::to_string(cpu) + ": " + std::strerror(errno);
    return "";
}

int run_workload(const Options &o, HostState &state) {
    if (o.cpu >= 0)
        if (const std::string error = pin_to(o.cpu); !error.empty()) return fail(o.msg_fd, error);
    // Read (and closed) before the plugin loads: its code never sees the fd.
    const std::vector<std::string> given = param_arguments(o.params_fd, o.params);
    const bb_host *host = make_host(&state);
    enter_plugin_call(PluginCall::entry, nullptr);
    LoadedPlugin plugin(o.plugin, host);
    const bb_workload *w = plugin.find_workload(o.workload);
    if (w == nullptr) return fail(o.msg_fd, "plugin has no workload '" + o.workload + "'");

    // Before create(): a bad value is the worker's failure, not the plugin's.
    WorkloadInfo info;
    info.id = w->id;
    info.params = read_params(*w);
    read_abi_1_2_descriptors(*w, plugin.table().abi_minor, info);
    expect_metrics(state, info);
    const RunParams params(info, given);

    bb_run_context ctx{};
    ctx.struct_size = sizeof ctx;
    ctx.copy_index = o.copy;
    ctx.copy_count = o.copies;
    ctx.pass_index = o.pass;
    ctx.duration_ns = o.duration_ns;
    ctx.stop_flag = stop_flag();
    const std::string &test_dir = o.test_dir.empty() ? o.temp_dir : o.test_dir;
    ctx.test_dir = test_dir.empty() ? nullptr : test_dir.c_str();
    params.apply(ctx);

    bb_run_result result{};
    result.struct_size = sizeof result;
    void *instance = nullptr;
    enter_plugin_call(PluginCall::create, w->id);
    const bb_status created = w->create(host, &ctx, &instance, result.error, sizeof result.error);
    enter_plugin_call(PluginCall::none, nullptr);
    if (created != BB_OK) {
        send_result(o.msg_fd, created, result, 0, 0, state);
        return kExitOk;
    }
    // What create() printed goes out before "ready", run()'s before the
    // result: the CLI counts the output in between as written during the
    // timed pass (stdio buffers a pipe until exit otherwise).
    std::fflush(nullptr);
    write_message(o.msg_fd, ReadyMessage{watch_stop_flag(o.msg_fd)});
    if (!wait_for_barrier(o.barrier_fd)) return fail(o.msg_fd, "start barrier failed");

    RanOn ran_on;
    ran_on.start = sched_getcpu();
    const uint64_t start = monotonic_ns();
    ctx.deadline_ns = start + o.duration_ns;
    arm_stop_timer(o.duration_ns);
    enter_plugin_call(PluginCall::run, w->id);
    state.in_run = true;
    const bb_status status = w->run(instance, host, &ctx, &result);
    state.in_run = false;
    enter_plugin_call(PluginCall::none, nullptr);
    const uint64_t wall = monotonic_ns() - start;
    ran_on.end = sched_getcpu();
    disarm_stop_timer();
    set_stop_flag_after_run();
    std::fflush(nullptr);
    send_result(o.msg_fd, status, result, result.elapsed_ns != 0 ? result.elapsed_ns : wall, start,
                state, ran_on);
    enter_plugin_call(PluginCall::destroy, w->id);
    if (w->destroy != nullptr) w->destroy(instance);
    enter_plugin_call(PluginCall::none, nullptr);
    return kExitOk;
}

int describe(const Options &o, HostState &state) {
    enter_plugin_call(PluginCall::entry, nullptr);
    try {
        LoadedPlugin plugin(o.plugin, make_host(&state));
        enter_plugin_call(PluginCall::describe, nullptr);
        write_message(o.msg_fd, DescribeMessage{to_json(plugin.describe())});
        return kExitOk;
    } catch (const PluginLoadError &e) {
        // A refused plugin's ids go with the reason: `run ID` of one of
        // them then says why it is not available.
        const bool offers = !e.workload_ids.empty() || !e.reporter_ids.empty();
        write_message(o.msg_fd, FailMessage{e.what(), offers, e.workload_ids, e.reporter_ids});
        return kExitFailed;
    }
}

int report(const Options &o, HostState &state) {
    const bb_host *host = make_host(&state);
    enter_plugin_call(PluginCall::entry, nullptr);
    LoadedPlugin plugin(o.plugin, host);
    const bb_reporter *r = plugin.find_reporter(o.reporter);
    if (r == nullptr) return fail(o.msg_fd, "plugin has no reporter '" + o.reporter + "'");
    std::string json;
    try {
        // The CLI's own document: a comparison of several large results may
        // be larger than one input may be.
        json = read_whole_file(o.input, 4 * kMaxInputBytes);
    } catch (const FileError &e) {
        return fail(o.msg_fd, e.what());
    }
    char err[BB_ERROR_CAP] = {0};
    const char *out = o.out == "-" ? nullptr : o.out.c_str();
    enter_plugin_call(PluginCall::write, r->id);
    const bb_status status = r->write(host, json.c_str(), json.size(), out, err, sizeof err);
    enter_plugin_call(PluginCall::none, nullptr);
    err[sizeof err - 1] = '\0';
    if (status != BB_OK) return fail(o.msg_fd, err[0] != '\0' ? err : "reporter failed");
    ResultMessage done;
    done.status = Status::ok;
    write_message(o.msg_fd, done);
    return kExitOk;
}

// The CLI's channel, once the arguments name it: where the last resort
// reports (-1 before that: standard error only).
int g_report_fd = -1;

// What nothing below caught (base/last_resort.h), plugin code's exceptions
// among them: a FailMessage, as any failure, and exit 3; never abort().
int report_last_resort(const std::string &line) {
    if (g_report_fd >= 0 && write_message(g_report_fd, FailMessage{line})) return kExitFailed;
    const std::string text = "bytebench-worker: error: " + line + "\n";
    (void)!::write(2, text.data(), text.size());
    return kExitFailed;
}

// setup and teardown mode: host->temp_dir() is the test's directory.
int run_phase_mode(TestPhase which, const TestPhaseOptions &phase) {
    if (phase.msg_fd > 2) fcntl(phase.msg_fd, F_SETFD, FD_CLOEXEC);
    g_report_fd = phase.msg_fd;
    HostState state;
    state.msg_fd = phase.msg_fd;
    state.temp_dir = phase.test_dir;
    state.plugin_dir = plugin_package_dir(phase.plugin);
    try {
        return run_test_phase(which, phase, state);
    } catch (const std::exception &e) {
        return fail(phase.msg_fd, e.what());
    }
}

}  // namespace
}  // namespace bytebench::worker

static int worker_main(int argc, char **argv);

int main(int argc, char **argv) {
    return bytebench::run_guarded(bytebench::worker::report_last_resort,
                                  [&] { return worker_main(argc, argv); });
}

static int worker_main(int argc, char **argv) {
    using namespace bytebench::worker;
    install_fault_report();
    stop_flag();  // mapped now, never in a signal handler
    CLI::App app{"bytebench worker: runs plugin code on behalf of the bytebench CLI"};
    app.require_subcommand(1);
    Options o;
    auto common = [&](CLI::App *sub) {
        sub->add_option("--plugin", o.plugin, "plugin file")->required();
        sub->add_option("--msg-fd", o.msg_fd, "fd for JSON-line messages to the CLI");
    };
    CLI::App *describe_cmd = app.add_subcommand("describe", "print a plugin's descriptors");
    common(describe_cmd);
    CLI::App *run_cmd = app.add_subcommand("run", "run one copy of one pass of a workload");
    common(run_cmd);
    run_cmd->add_option("--workload", o.workload)->required();
    run_cmd->add_option("--copy", o.copy);
    run_cmd->add_option("--copies", o.copies);
    run_cmd->add_option("--pass", o.pass);
    run_cmd->add_option("--duration-ns", o.duration_ns);
    run_cmd->add_option("--temp-dir", o.temp_dir);
    run_cmd->add_option("--test-dir", o.test_dir, "the test's directory (default: --temp-dir)");
    run_cmd->add_option("--barrier-fd", o.barrier_fd);
    run_cmd->add_option("--param", o.params);
    run_cmd->add_option("--params-fd", o.params_fd, "the parameters, as the CLI hands them");
    run_cmd->add_option("--cpu", o.cpu, "pin to this CPU (os index)");
    CLI::App *report_cmd = app.add_subcommand("report", "render a result with a reporter");
    common(report_cmd);
    report_cmd->add_option("--reporter", o.reporter)->required();
    report_cmd->add_option("--input", o.input)->required();
    report_cmd->add_option("--out", o.out)->required();
    TestPhaseOptions phase;
    auto phase_cmd = [&](const char *name, const char *help) {
        CLI::App *sub = app.add_subcommand(name, help);
        sub->add_option("--plugin", phase.plugin, "plugin file")->required();
        sub->add_option("--msg-fd", phase.msg_fd, "fd for JSON-line messages to the CLI");
        sub->add_option("--workload", phase.workload)->required();
        sub->add_option("--test-dir", phase.test_dir, "the test's directory")->required();
        sub->add_option("--copies", phase.copies, "copies each pass will run");
        sub->add_option("--passes", phase.passes, "passes planned");
        sub->add_option("--param", phase.params);
        sub->add_option("--params-fd", phase.params_fd, "the parameters, as the CLI hands them");
        return sub;
    };
    CLI::App *setup_cmd = phase_cmd("setup", "call a workload's setup() (once per test)");
    CLI::App *teardown_cmd = phase_cmd("teardown", "call a workload's teardown() (once per test)");
    JanitorOptions janitor;
    CLI::App *janitor_cmd =
        app.add_subcommand("janitor", "clean up after the CLI when its pipe on fd 0 closes");
    janitor_cmd->add_option("--temp-root", janitor.temp_root)->required();
    janitor_cmd->add_option("--results-base", janitor.results_base);
    janitor_cmd->add_option("--cli-pid", janitor.cli_pid)->required();
    CLI11_PARSE(app, argc, argv);
    if (*janitor_cmd) return run_janitor(janitor);
    if (*setup_cmd || *teardown_cmd)
        return run_phase_mode(*setup_cmd ? TestPhase::setup : TestPhase::teardown, phase);

    // Children the workload starts must not inherit our channel to the CLI.
    if (o.msg_fd > 2) fcntl(o.msg_fd, F_SETFD, FD_CLOEXEC);
    if (o.barrier_fd >= 0) fcntl(o.barrier_fd, F_SETFD, FD_CLOEXEC);

    g_report_fd = o.msg_fd;
    HostState state;
    state.msg_fd = o.msg_fd;
    state.temp_dir = o.temp_dir;
    state.plugin_dir = bytebench::plugin_package_dir(o.plugin);
    try {
        if (*describe_cmd) return describe(o, state);
        if (*run_cmd) return run_workload(o, state);
        return report(o, state);
    } catch (const std::exception &e) {
        return fail(o.msg_fd, e.what());
    }
}
