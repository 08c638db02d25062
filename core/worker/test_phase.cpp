#include "test_phase.h"

#include <cstring>
#include <stdexcept>

#include "fault_report.h"
#include "param_descriptors.h"
#include "plugin_loader.h"
#include "protocol/worker_protocol.h"
#include "run_params.h"

namespace bytebench::worker {
namespace {

const char *phase_name(TestPhase phase) {
    return phase == TestPhase::setup ? "setup()" : "teardown()";
}

// Whether `w` has the function: a workload built before ABI 1.2 has a
// shorter descriptor, without the field.
bool has_phase(const bb_workload &w, TestPhase phase) {
    if (phase == TestPhase::setup) return BB_HAS_FIELD(&w, bb_workload, setup) && w.setup;
    return BB_HAS_FIELD(&w, bb_workload, teardown) && w.teardown;
}

void send_outcome(int msg_fd, bb_status status, const char *err, size_t cap) {
    ResultMessage m;
    m.status = status == BB_OK        ? Status::ok
               : status == BB_SKIPPED ? Status::skipped
                                      : Status::error;
    m.error.assign(err, strnlen(err, cap));
    if (status != BB_OK && m.error.empty()) m.error = "the workload gave no reason";
    write_message(msg_fd, m);
}

}  // namespace

int run_test_phase(TestPhase phase, const TestPhaseOptions &o, HostState &state) {
    // Read (and closed) before the plugin loads: its code never sees the fd.
    const std::vector<std::string> given = param_arguments(o.params_fd, o.params);
    const bb_host *host = make_host(&state);
    enter_plugin_call(PluginCall::entry, nullptr);
    LoadedPlugin plugin(o.plugin, host);
    const bb_workload *w = plugin.find_workload(o.workload);
    if (w == nullptr) throw std::runtime_error("plugin has no workload '" + o.workload + "'");
    if (!has_phase(*w, phase))
        throw std::runtime_error("workload '" + o.workload + "' has no " + phase_name(phase));

    WorkloadInfo info;
    info.id = w->id;
    info.params = read_params(*w);
    const RunParams params(info, given);

    bb_setup_context ctx{};
    ctx.struct_size = sizeof ctx;
    ctx.copy_count = o.copies;
    ctx.pass_count = o.passes;
    ctx.test_dir = o.test_dir.c_str();
    params.apply(ctx);

    char err[BB_ERROR_CAP] = {0};
    bb_status status = BB_OK;
    if (phase == TestPhase::setup) {
        enter_plugin_call(PluginCall::setup, w->id);
        status = w->setup(host, &ctx, err, sizeof err);
    } else {
        enter_plugin_call(PluginCall::teardown, w->id);
        w->teardown(host, &ctx);
    }
    enter_plugin_call(PluginCall::none, nullptr);
    err[sizeof err - 1] = '\0';
    send_outcome(o.msg_fd, status, err, sizeof err);
    return 0;
}

}  // namespace bytebench::worker
