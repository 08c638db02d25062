#include "worker_host.h"

#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "base/monotonic_clock.h"
#include "model/metric_values.h"
#include "protocol/worker_protocol.h"
#include "stop_flag.h"

namespace bytebench::worker {

namespace {

HostState *state_of(const bb_host *host) { return static_cast<HostState *>(host->host_data); }

void host_log(const bb_host *host, bb_log_level level, const char *utf8) {
    write_message(state_of(host)->msg_fd,
                  LogMessage{level, utf8 != nullptr ? truncated_log_line(utf8) : ""});
}

const char *host_temp_dir(const bb_host *host) {
    const HostState *s = state_of(host);
    return s->temp_dir.empty() ? nullptr : s->temp_dir.c_str();
}

int32_t host_should_stop(const bb_host *) { return *stop_flag(); }

uint64_t host_now_ns(const bb_host *) { return monotonic_ns(); }

void host_progress(const bb_host *host, double fraction) {
    HostState *s = state_of(host);
    const uint64_t now = monotonic_ns();
    if (now - s->last_progress_ns < 200'000'000ull) return;  // at most 5 per second
    s->last_progress_ns = now;
    write_message(s->msg_fd, ProgressMessage{fraction});
}

const char *host_plugin_dir(const bb_host *host) { return state_of(host)->plugin_dir.c_str(); }

const void *host_get_extension(const bb_host *, const char *) { return nullptr; }

constexpr size_t kMaxDetailKey = 64;
constexpr size_t kMaxDetailValue = 1024;
constexpr size_t kMaxDetails = 64;

bool valid_detail_key(const char *key) {
    const size_t n = key != nullptr ? strnlen(key, kMaxDetailKey + 1) : 0;
    if (n == 0 || n > kMaxDetailKey) return false;
    for (size_t i = 0; i < n; ++i)
        if (!((key[i] >= 'a' && key[i] <= 'z') || (key[i] >= '0' && key[i] <= '9') ||
              key[i] == '_'))
            return false;
    return true;
}

void host_record_detail(const bb_host *host, const char *key, const char *value) {
    HostState *s = state_of(host);
    const char *why = nullptr;
    if (!valid_detail_key(key))
        why = "its key is not [a-z0-9_]+ of at most 64 bytes";
    else if (value == nullptr || strnlen(value, kMaxDetailValue + 1) > kMaxDetailValue)
        why = "its value is missing or longer than 1024 bytes";
    else if (s->details.size() >= kMaxDetails && s->details.count(key) == 0)
        why = "the copy already recorded 64 details";
    if (why != nullptr) {
        const std::string shown =
            key != nullptr ? std::string(key, strnlen(key, kMaxDetailKey)) : "(null)";
        host_log(host, BB_LOG_WARN, ("record_detail(\"" + shown + "\") ignored: " + why).c_str());
        return;
    }
    s->details[key] = value;
}

// The key as a message shows it: a byte more than a key may have, so that a
// longer key never matches a declared one.
std::string shown_key(const char *key) {
    return key != nullptr ? std::string(key, strnlen(key, kMaxDetailKey + 1)) : "(null)";
}

void host_record_metric(const bb_host *host, const char *key, double value) {
    HostState *s = state_of(host);
    const std::string shown = shown_key(key);
    if (!s->in_run) {
        host_log(host, BB_LOG_WARN,
                 ("record_metric(\"" + shown + "\") ignored: call it during run()").c_str());
        return;
    }
    std::string why = undeclared_metric_problem(shown, s->workload_id, s->metric_keys);
    if (why.empty()) why = metric_value_problem(shown, value);
    if (why.empty()) {
        s->metrics[shown] = value;
    } else if (s->metric_error.empty()) {
        s->metric_error = why;  // the first bad call names the copy's error
    }
}

void on_alarm(int) { set_stop_flag_at_deadline(); }

}  // namespace

std::string truncated_log_line(const char *utf8) {
    const size_t length = strnlen(utf8, kMaxLogLine + 1);
    if (length <= kMaxLogLine) return std::string(utf8, length);
    // Cut before a UTF-8 continuation byte never: back to a character's start.
    size_t cut = kMaxLogLine;
    while (cut > 0 && (static_cast<unsigned char>(utf8[cut]) & 0xC0) == 0x80) --cut;
    const size_t total = length + strlen(utf8 + length);
    return std::string(utf8, cut) + "\xE2\x80\xA6 [truncated: the line had " +
           std::to_string(total) + " bytes]";
}

void expect_metrics(HostState &state, const WorkloadInfo &workload) {
    state.workload_id = workload.id;
    for (const MetricInfo &m : workload.metrics) state.metric_keys.push_back(m.key);
}

const bb_host *make_host(HostState *state) {
    static bb_host host{};
    host.struct_size = sizeof(bb_host);
    host.abi_major = BYTEBENCH_ABI_MAJOR;
    host.abi_minor = BYTEBENCH_ABI_MINOR;
    host.host_version = BYTEBENCH_VERSION;
    host.host_data = state;
    host.log = &host_log;
    host.temp_dir = &host_temp_dir;
    host.should_stop = &host_should_stop;
    host.now_ns = &host_now_ns;
    host.progress = &host_progress;
    host.plugin_dir = &host_plugin_dir;
    host.get_extension = &host_get_extension;
    host.record_detail = &host_record_detail;
    host.record_metric = &host_record_metric;
    return &host;
}

void arm_stop_timer(uint64_t duration_ns) {
    struct sigaction sa {};
    sa.sa_handler = &on_alarm;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, nullptr);
    itimerval timer{};
    timer.it_value.tv_sec = static_cast<time_t>(duration_ns / 1'000'000'000ull);
    timer.it_value.tv_usec = static_cast<suseconds_t>((duration_ns % 1'000'000'000ull) / 1000);
    if (timer.it_value.tv_sec == 0 && timer.it_value.tv_usec == 0) timer.it_value.tv_usec = 1;
    setitimer(ITIMER_REAL, &timer, nullptr);
}

void disarm_stop_timer() {
    itimerval timer{};
    setitimer(ITIMER_REAL, &timer, nullptr);
}

}  // namespace bytebench::worker
