// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 the bytebench authors

// bytebench C++ plugin helper — header-only, C++17.
//
// Wraps the C ABI of <bytebench/plugin.h> so that a workload is a small class
// and a reporter a single function. plugin.h is the specification: its
// process model, threads, signals, tags ([thread; modes: state], section 3)
// and lifetimes hold here unchanged; this header only adds the C++ rules.
// Every call from the host goes through a thunk that lets no exception out
// and turns it into a status and a message:
//
//   bytebench::Skip("no AVX2")   -> BB_SKIPPED with that reason
//   any other std::exception     -> BB_ERROR with what()
//   anything else                -> BB_ERROR "unknown exception"
//
// A workload:
//
//   struct Getpid {
//       explicit Getpid(const bytebench::Context &) {}      // untimed setup
//       double run(bytebench::Context &ctx) {                // the timed pass
//           unsigned long n = 0;
//           while (!ctx.stopped()) { getppid(); ++n; }
//           return double(n);                                // the count
//       }
//   };
//   static const auto kGetpid = bytebench::Workload<Getpid>("getpid")
//       .name("getppid() calls").unit("lps").duration(10).repeat_long();
//   BYTEBENCH_PLUGIN(bytebench::Plugin("org.example.getpid").version("1.0").add(kGetpid))
//
// A reporter:
//
//   void write_lines(std::string_view json, std::ostream &out) { ... }
//   static const auto kLines = bytebench::Reporter<&write_lines>("lines").extension("txt");
//
// Parameters with the values they allow (ABI 1.2; the host refuses any other
// value before a worker starts, and a descriptor breaking plugin.h's rules
// when the plugin loads):
//
//   .param_choices("direct", "string", "auto", {"auto", "on", "off"}, "I/O mode")
//   .param_range("queue_depth", "int", "1", "1", "256", "I/Os in flight")
//
// A direction, metrics, requirements and a set-up that lasts across passes
// (ABI 1.2), and how copies combine the main value (1.4):
//
//   .lower_is_better()                                   // the main value
//   .combine(bytebench::Combine::max)                    // its worst copy
//   .metric("p99_us", "p99 latency", "us", bytebench::Better::lower,
//           bytebench::Combine::max)
//   .requires_cpu({"avx512f", "avx512_vnni"}).requires_temp_space(1 << 30)
//   .setup<&precondition>(3600).teardown<&cleanup>()
//
// and in run(), after the timed loop: ctx.metric("p99_us", p99).
//
// A workload written in C (a static bb_workload) joins a C++ plugin with
// Plugin::add(&c_workload); <bytebench/params.h> reads parameters in C.
//
// Strings given to the builders (id, name, unit, choices, bounds, ...) must
// have static storage duration (string literals), because the C descriptors
// point at them; so must the Workload and Reporter objects (namespace-scope
// constants, as above; BYTEBENCH_PLUGIN keeps the Plugin): the C table points
// into them.
#ifndef BYTEBENCH_PLUGIN_HPP
#define BYTEBENCH_PLUGIN_HPP

#include <bytebench/params.h>
#include <bytebench/plugin.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <initializer_list>
#include <iostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace bytebench {

// Which way a number is better (bb_direction) and how the copies of a pass
// combine it (bb_combine). Both are int32_t in plugin.h, so there a swapped
// pair compiles and loads with the wrong meaning; here they are two types,
// and metric(key, name, unit, Combine::max, Better::lower) does not compile.
enum class Better : int32_t { higher = BB_HIGHER_IS_BETTER, lower = BB_LOWER_IS_BETTER };
enum class Combine : int32_t {
    sum = BB_COMBINE_SUM,
    mean = BB_COMBINE_MEAN,
    min = BB_COMBINE_MIN,
    max = BB_COMBINE_MAX,
};

// Thrown from a workload's constructor or run() when the test cannot run on
// this machine. It is reported as `skipped`, not a failure. (Thrown from a
// reporter it becomes BB_SKIPPED, which the host treats as a failure.)
class Skip : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

namespace detail {
inline void copy_message(char *dst, size_t cap, const char *msg) noexcept {
    if (dst == nullptr || cap == 0) return;
    std::snprintf(dst, cap, "%s", msg != nullptr ? msg : "");
}

// Runs `fn`, mapping exceptions to a status and a message in err[cap].
template <class Fn>
bb_status guarded(char *err, size_t cap, Fn &&fn) noexcept {
    try {
        fn();
        return BB_OK;
    } catch (const Skip &e) {
        copy_message(err, cap, e.what());
        return BB_SKIPPED;
    } catch (const std::exception &e) {
        copy_message(err, cap, e.what());
        return BB_ERROR;
    } catch (...) {
        copy_message(err, cap, "unknown exception");
        return BB_ERROR;
    }
}
// The value of parameter `key` in the host's arrays (every declared key is
// there); throws std::invalid_argument for an undeclared key.
inline std::string param_value(uint32_t count, const char *const *keys, const char *const *values,
                               std::string_view key) {
    const char *v = bb_param_find(count, keys, values, std::string(key).c_str());
    if (v == nullptr) throw std::invalid_argument("unknown parameter '" + std::string(key) + "'");
    return v;
}
// A parameter's value parsed by <bytebench/params.h>, the parser the host
// checked it with; throws std::invalid_argument with its message.
inline int64_t param_as_int(std::string_view key, const std::string &value, int64_t min,
                            int64_t max) {
    int64_t n = 0;
    char err[BB_ERROR_CAP];
    if (bb_param_value_int(std::string(key).c_str(), value.c_str(), min, max, &n, err,
                           sizeof err) != BB_OK)
        throw std::invalid_argument(err);
    return n;
}
inline double param_as_double(std::string_view key, const std::string &value, double min,
                              double max) {
    double x = 0;
    char err[BB_ERROR_CAP];
    if (bb_param_value_float(std::string(key).c_str(), value.c_str(), min, max, &x, err,
                             sizeof err) != BB_OK)
        throw std::invalid_argument(err);
    return x;
}
inline bool param_as_bool(std::string_view key, const std::string &value) {
    int b = 0;
    char err[BB_ERROR_CAP];
    if (bb_param_value_bool(std::string(key).c_str(), value.c_str(), &b, err, sizeof err) != BB_OK)
        throw std::invalid_argument(err);
    return b != 0;
}
// The parameter accessors of Context and SetupContext, over the context's
// arrays (bb_run_context and bb_setup_context name them alike).
template <class Self>
class ParamAccess {
  public:
    // The value as a string; an undeclared key throws.
    std::string param(std::string_view key) const {
        const auto *ctx = static_cast<const Self *>(this)->raw();
        return param_value(ctx->param_count, ctx->param_keys, ctx->param_values, key);
    }
    // The value parsed as <bytebench/params.h> says (the host checked it so
    // before any worker started); a value that is not of the type, or not
    // within [min, max], throws std::invalid_argument with the host's words:
    // "parameter 'disks' must be an int from 1 to 30, not '31'".
    long long param_int(std::string_view key) const {
        return param_as_int(key, param(key), INT64_MIN, INT64_MAX);
    }
    long long param_int(std::string_view key, long long min, long long max) const {
        return param_as_int(key, param(key), min, max);
    }
    double param_double(std::string_view key) const {
        return param_as_double(key, param(key), -DBL_MAX, DBL_MAX);
    }
    double param_double(std::string_view key, double min, double max) const {
        return param_as_double(key, param(key), min, max);
    }
    // true, yes, on, 1 or false, no, off, 0 (the host hands "true" or "false").
    bool param_bool(std::string_view key) const { return param_as_bool(key, param(key)); }
};
}  // namespace detail

// What a workload sees of the host and of the copy it runs as. The Context
// given to T's constructor lives during the constructor, the one given to
// run() during run(); a copy holds only pointers and stays usable until
// destroy() returns, except set_elapsed_ns(), which works during run() only.
// Methods wrap the host functions of plugin.h and keep their tags:
//   any thread, also from a signal handler: stopped(), stop_flag(), now_ns()
//   any thread: copy_index() .. duration_s(), deadline_ns() (once run() has
//     been called), temp_dir(), test_dir(), plugin_dir(), param*(), host(),
//     raw()
//   the worker's main thread only: log(), debug(), info(), warn(),
//     progress(), detail(), metric()
class Context : public detail::ParamAccess<Context> {
  public:
    Context(const bb_host *host, const bb_run_context *ctx, bb_run_result *result = nullptr)
        : host_(host), ctx_(ctx), result_(result) {}

    // True once the timed interval is over: poll it in the timed loop.
    bool stopped() const noexcept { return *ctx_->stop_flag != 0; }
    const volatile int32_t *stop_flag() const noexcept { return ctx_->stop_flag; }

    uint32_t copy_index() const noexcept { return ctx_->copy_index; }
    uint32_t copy_count() const noexcept { return ctx_->copy_count; }
    uint32_t pass_index() const noexcept { return ctx_->pass_index; }
    double duration_s() const noexcept { return double(ctx_->duration_ns) / 1e9; }
    uint64_t deadline_ns() const noexcept { return ctx_->deadline_ns; }
    uint64_t now_ns() const noexcept { return host_->now_ns(host_); }

    // The copy's private directory ("" when none), and the plugin's own.
    std::string temp_dir() const {
        const char *dir = host_->temp_dir(host_);
        return dir != nullptr ? dir : "";
    }
    std::string plugin_dir() const { return host_->plugin_dir(host_); }

    void log(bb_log_level level, const std::string &text) const {
        host_->log(host_, level, text.c_str());
    }
    void debug(const std::string &text) const { log(BB_LOG_DEBUG, text); }
    void info(const std::string &text) const { log(BB_LOG_INFO, text); }
    void warn(const std::string &text) const { log(BB_LOG_WARN, text); }
    void progress(double fraction) const { host_->progress(host_, fraction); }

    // Records a fact the numbers depend on ("array_bytes", "io_mode"); it
    // lands in the result under the test's "details". Returns false (and
    // does nothing) on a host older than ABI 1.1. record_detail's tag:
    // [main-thread; run: entry, create, run].
    bool detail(const char *key, const std::string &value) const {
        if (!BB_HAS_FIELD(host_, bb_host, record_detail) || host_->record_detail == nullptr)
            return false;
        host_->record_detail(host_, key, value.c_str());
        return true;
    }

    // Records this copy's value of a declared metric for this pass (ABI
    // 1.2, bb_host.record_metric): call it in run(), after the timed loop.
    // Returns false (and does nothing) on a host older than ABI 1.2.
    // [main-thread; run: run]
    bool metric(const char *key, double value) const {
        if (!BB_HAS_FIELD(host_, bb_host, record_metric) || host_->record_metric == nullptr)
            return false;
        host_->record_metric(host_, key, value);
        return true;
    }

    // The test's directory, which lasts across its passes (ABI 1.2,
    // bb_run_context.test_dir); "" on an older host.
    std::string test_dir() const {
        if (!BB_HAS_FIELD(ctx_, bb_run_context, test_dir) || ctx_->test_dir == nullptr) return "";
        return ctx_->test_dir;
    }

    // Inside run(): the measured interval when it is not the whole run() call
    // (e.g. after a warm-up). Leave it unset to let the host time run().
    void set_elapsed_ns(uint64_t ns) const {
        if (result_ != nullptr) result_->elapsed_ns = ns;
    }

    const bb_host *host() const noexcept { return host_; }
    const bb_run_context *raw() const noexcept { return ctx_; }

  private:
    const bb_host *host_;
    const bb_run_context *ctx_;
    bb_run_result *result_;
};

// What a workload's setup and teardown functions see (ABI 1.2,
// bb_setup_context); valid during the call. [main-thread; setup, teardown]
class SetupContext : public detail::ParamAccess<SetupContext> {
  public:
    SetupContext(const bb_host *host, const bb_setup_context *ctx) : host_(host), ctx_(ctx) {}

    // The directory every pass of the test sees as Context::test_dir().
    std::string test_dir() const { return ctx_->test_dir; }
    uint32_t copy_count() const noexcept { return ctx_->copy_count; }
    uint32_t pass_count() const noexcept { return ctx_->pass_count; }
    void log(bb_log_level level, const std::string &text) const {
        host_->log(host_, level, text.c_str());
    }
    // Shown on the CLI's status line while the set-up runs.
    void progress(double fraction) const { host_->progress(host_, fraction); }
    const bb_host *host() const noexcept { return host_; }
    const bb_setup_context *raw() const noexcept { return ctx_; }

  private:
    const bb_host *host_;
    const bb_setup_context *ctx_;
};

// A setup or teardown function: throw bytebench::Skip or an exception to
// fail (setup only: a teardown's exception is logged and ignored).
using SetupFunction = void (*)(const SetupContext &);

// Builder for a workload implemented by class T, which provides
//   explicit T(const bytebench::Context &);   // untimed setup (create)
//   double run(bytebench::Context &);         // timed pass; returns the count
// The destructor is destroy(). They are called where and when create(),
// run() and destroy() are (their tags): on the worker's main thread, each at
// most once.
// When the constructor throws, the object is never made, so ~T does not run
// (C++ rules) and neither does destroy() (plugin.h): hold what it acquires in
// members that release themselves. When run() throws, result->count stays 0.
// ~T is called with the stop flag set. An exception out of a ~T declared
// noexcept(false) is ignored; destructors are noexcept by default, and an
// exception out of one ends the worker (std::terminate). Threads T starts
// must be joined by the end of ~T.
template <class T>
class Workload {
  public:
    explicit Workload(const char *id) {
        desc_.struct_size = sizeof(bb_workload);
        desc_.id = id;
        desc_.name = id;
        desc_.description = "";
        desc_.category = "misc";
        desc_.unit = "lps";
        desc_.version = "1";
        desc_.time_base_s = 1;
        desc_.repeat = BB_REPEAT_LONG;
        desc_.default_duration_s = 10.0;
        desc_.baseline = 0.0;
        desc_.flags = 0;
        desc_.processes_per_copy = 1;
        desc_.create = &create_thunk;
        desc_.run = &run_thunk;
        desc_.destroy = &destroy_thunk;
    }

    Workload &name(const char *v) { return desc_.name = v, *this; }
    Workload &description(const char *v) { return desc_.description = v, *this; }
    Workload &category(const char *v) { return desc_.category = v, *this; }
    Workload &unit(const char *v) { return desc_.unit = v, *this; }
    Workload &version(const char *v) { return desc_.version = v, *this; }
    Workload &time_base(uint32_t seconds) { return desc_.time_base_s = seconds, *this; }
    Workload &repeat_long() { return desc_.repeat = BB_REPEAT_LONG, *this; }
    Workload &repeat_short() { return desc_.repeat = BB_REPEAT_SHORT, *this; }
    Workload &duration(double seconds) { return desc_.default_duration_s = seconds, *this; }
    Workload &baseline(double v) { return desc_.baseline = v, *this; }
    Workload &flags(uint32_t v) { return desc_.flags = v, *this; }
    Workload &processes_per_copy(uint32_t v) { return desc_.processes_per_copy = v, *this; }
    // A parameter: key [a-z0-9_]+, type "int", "float", "bool" or "string",
    // the default as a string.
    Workload &param(const char *key, const char *type, const char *default_value,
                    const char *help = "") {
        return add_param(key, type, default_value, help, {}, nullptr, nullptr);
    }
    // A parameter that takes only these values (not for "bool"); the default
    // is one of them.
    Workload &param_choices(const char *key, const char *type, const char *default_value,
                            std::initializer_list<const char *> choices, const char *help = "") {
        return add_param(key, type, default_value, help, choices, nullptr, nullptr);
    }
    // An "int" or "float" parameter from min_value to max_value (inclusive,
    // written as values of the type; nullptr for no bound on that side).
    Workload &param_range(const char *key, const char *type, const char *default_value,
                          const char *min_value, const char *max_value, const char *help = "") {
        return add_param(key, type, default_value, help, {}, min_value, max_value);
    }

    // ABI 1.2: the main value is better when lower (a latency, a time).
    Workload &lower_is_better() { return desc_.better = BB_LOWER_IS_BETTER, *this; }
    // ABI 1.4: how the copies of a pass combine the main value. Not called:
    // by direction, the sum of a higher-is-better value and the mean of a
    // lower-is-better one (which is never summed: Combine::sum is then the
    // mean, plugin.h).
    Workload &combine(Combine how) { return desc_.combine = static_cast<bb_combine>(how), *this; }
    // ABI 1.2: a secondary metric, recorded in run() with Context::metric().
    Workload &metric(const char *key, const char *name, const char *unit, Better better,
                     Combine combine) {
        bb_metric_desc m{};
        m.struct_size = sizeof(bb_metric_desc);
        m.key = key;
        m.name = name;
        m.unit = unit;
        m.better = static_cast<bb_direction>(better);
        m.combine = static_cast<bb_combine>(combine);
        metrics_.push_back(m);
        return *this;
    }
    // Anything else in the last two places (plugin.h's int32_t constants, a
    // swapped pair) stops the build with this message.
    template <class B, class C>
    Workload &metric(const char *, const char *, const char *, B, C) {
        static_assert(sizeof(B) == 0,
                      "bytebench::Workload::metric(key, name, unit, better, combine) takes a "
                      "bytebench::Better and then a bytebench::Combine, e.g. "
                      "Better::lower, Combine::max (plugin.h's BB_* constants are both int32_t, "
                      "so a swapped pair would compile with the wrong meaning)");
        return *this;
    }
    // ABI 1.2: what the workload needs; the host skips it, with the reason,
    // where it is missing. CPU features as /proc/cpuinfo names them.
    Workload &requires_cpu(std::initializer_list<const char *> features) {
        cpu_features_.insert(cpu_features_.end(), features);
        return *this;
    }
    Workload &requires_tools(std::initializer_list<const char *> programs) {
        tools_.insert(tools_.end(), programs);
        return *this;
    }
    Workload &requires_temp_space(uint64_t bytes_per_copy) {
        return requirements_.temp_space_bytes = bytes_per_copy, *this;
    }
    Workload &requires_memory(uint64_t bytes_per_copy) {
        return requirements_.memory_bytes = bytes_per_copy, *this;
    }
    Workload &requires_root() { return requirements_.root = 1, *this; }
    // ABI 1.3: an X display, given to the workers in DISPLAY.
    Workload &requires_display() { return requirements_.display = 1, *this; }
    // ABI 1.4: an X display, and the plugin's program that describes it for
    // the result: its path relative to the plugin's folder, then its
    // arguments, e.g. {"graphics.d/ubgears", "-info"} (plugin.h,
    // bb_requirements.display_info).
    Workload &requires_display(std::initializer_list<const char *> info_command) {
        display_info_.assign(info_command);
        return requires_display();
    }
    // ABI 1.2: set-up once per test before its first pass, and tear-down
    // after its last (bb_workload.setup and teardown); `timeout_s` is the
    // limit of each (0: the host's default, 600 s).
    template <SetupFunction Fn>
    Workload &setup(double timeout_s = 0) {
        desc_.setup = &setup_thunk<Fn>;
        desc_.setup_timeout_s = timeout_s;
        return *this;
    }
    template <SetupFunction Fn>
    Workload &teardown() {
        desc_.teardown = &teardown_thunk<Fn>;
        return *this;
    }

    // The C descriptor; valid as long as this object.
    const bb_workload *descriptor() const {
        // The choices arrays live in this object, so a copy of the builder
        // (the usual `const auto k = Workload<T>(...).param(...)`) points
        // its descriptors at its own arrays here, not the original's.
        for (size_t i = 0; i < params_.size(); ++i)
            params_[i].choices = choices_[i].empty() ? nullptr : choices_[i].data();
        desc_.param_count = static_cast<uint32_t>(params_.size());
        desc_.params = params_.empty() ? nullptr : params_.data();
        desc_.metric_count = static_cast<uint32_t>(metrics_.size());
        desc_.metrics = metrics_.empty() ? nullptr : metrics_.data();
        requirements_.struct_size = sizeof(bb_requirements);
        requirements_.cpu_feature_count = static_cast<uint32_t>(cpu_features_.size());
        requirements_.cpu_features = cpu_features_.empty() ? nullptr : cpu_features_.data();
        requirements_.tool_count = static_cast<uint32_t>(tools_.size());
        requirements_.tools = tools_.empty() ? nullptr : tools_.data();
        requirements_.display_info_count = static_cast<uint32_t>(display_info_.size());
        requirements_.display_info = display_info_.empty() ? nullptr : display_info_.data();
        const bool needs_something =
            requirements_.cpu_feature_count > 0 || requirements_.tool_count > 0 ||
            requirements_.temp_space_bytes > 0 || requirements_.memory_bytes > 0 ||
            requirements_.root != 0 || requirements_.display != 0;
        desc_.requirements = needs_something ? &requirements_ : nullptr;
        return &desc_;
    }

  private:
    static bb_status create_thunk(const bb_host *host, const bb_run_context *ctx, void **instance,
                                  char *err, size_t cap) {
        return detail::guarded(err, cap, [&] { *instance = new T(Context(host, ctx)); });
    }
    static bb_status run_thunk(void *instance, const bb_host *host, const bb_run_context *ctx,
                               bb_run_result *result) {
        return detail::guarded(result->error, sizeof result->error, [&] {
            Context context(host, ctx, result);
            result->count = static_cast<T *>(instance)->run(context);
        });
    }
    static void destroy_thunk(void *instance) {
        try {
            delete static_cast<T *>(instance);
        } catch (...) {
        }
    }
    template <SetupFunction Fn>
    static bb_status setup_thunk(const bb_host *host, const bb_setup_context *ctx, char *err,
                                 size_t cap) {
        return detail::guarded(err, cap, [&] { Fn(SetupContext(host, ctx)); });
    }
    template <SetupFunction Fn>
    static void teardown_thunk(const bb_host *host, const bb_setup_context *ctx) {
        char err[BB_ERROR_CAP] = {0};
        if (detail::guarded(err, sizeof err, [&] { Fn(SetupContext(host, ctx)); }) != BB_OK)
            host->log(host, BB_LOG_WARN, err);
    }

    Workload &add_param(const char *key, const char *type, const char *default_value,
                        const char *help, std::initializer_list<const char *> choices,
                        const char *min_value, const char *max_value) {
        bb_param_desc p{};
        p.struct_size = sizeof(bb_param_desc);
        p.key = key;
        p.type = type;
        p.default_value = default_value;
        p.help = help;
        p.choice_count = static_cast<uint32_t>(choices.size());
        p.min_value = min_value;
        p.max_value = max_value;
        params_.push_back(p);
        choices_.emplace_back(choices);
        return *this;
    }

    mutable bb_workload desc_{};
    mutable std::vector<bb_param_desc> params_;
    std::vector<std::vector<const char *>> choices_;  // params_[i]'s choices
    std::vector<bb_metric_desc> metrics_;
    std::vector<const char *> cpu_features_, tools_, display_info_;
    mutable bb_requirements requirements_{};
};

// Signature of a reporter function: format `json` onto `out`. Throw to fail.
// Called as bb_reporter.write is: [main-thread; report: once, after entry].
// `json` (valid during the call) is a "bytebench.result/1" or a
// "bytebench.comparison/2" document (plugin.h, bb_reporter.write): read its
// "schema" and throw for a document the reporter does not render. `out` is
// the report file, opened by the helper (std::cout when out_path is NULL);
// a failure to open or write the file becomes BB_ERROR.
using ReportFunction = void (*)(std::string_view json, std::ostream &out);

// Builder for a reporter implemented by the function Fn.
template <ReportFunction Fn>
class Reporter {
  public:
    explicit Reporter(const char *id) {
        desc_.struct_size = sizeof(bb_reporter);
        desc_.id = id;
        desc_.name = id;
        desc_.description = "";
        desc_.file_extension = id;
        desc_.write = &write_thunk;
    }
    Reporter &name(const char *v) { return desc_.name = v, *this; }
    Reporter &description(const char *v) { return desc_.description = v, *this; }
    Reporter &extension(const char *v) { return desc_.file_extension = v, *this; }
    // BB_DOCUMENT_* or'ed (ABI 1.2); not called: both.
    Reporter &documents(uint32_t v) { return desc_.documents = v, *this; }
    const bb_reporter *descriptor() const { return &desc_; }

  private:
    static bb_status write_thunk(const bb_host *, const char *json, size_t len,
                                 const char *out_path, char *err, size_t cap) {
        return detail::guarded(err, cap, [&] {
            const std::string_view doc(json, len);
            if (out_path == nullptr) {
                Fn(doc, std::cout);
                std::cout.flush();
                return;
            }
            std::ofstream out(out_path, std::ios::binary | std::ios::trunc);
            if (!out)
                throw std::runtime_error(std::string("cannot open ") + out_path + ": " +
                                         std::strerror(errno));
            Fn(doc, out);
            out.flush();
            if (!out)
                throw std::runtime_error(std::string("cannot write ") + out_path + ": " +
                                         std::strerror(errno));
        });
    }
    bb_reporter desc_{};
};

// The plugin table: identity plus the workloads and reporters it provides.
class Plugin {
  public:
    explicit Plugin(const char *id) {
        desc_.struct_size = sizeof(bb_plugin);
        desc_.abi_major = BYTEBENCH_ABI_MAJOR;
        desc_.abi_minor = BYTEBENCH_ABI_MINOR;
        desc_.min_host_minor = 0;
        desc_.id = id;
        desc_.name = id;
        desc_.vendor = "";
        desc_.version = "0";
        desc_.build_info = BYTEBENCH_BUILD_INFO;
    }
    Plugin &name(const char *v) { return desc_.name = v, *this; }
    Plugin &vendor(const char *v) { return desc_.vendor = v, *this; }
    Plugin &version(const char *v) { return desc_.version = v, *this; }
    Plugin &min_host_minor(uint16_t v) { return desc_.min_host_minor = v, *this; }
    Plugin &build_info(const char *v) { return desc_.build_info = v, *this; }
    template <class T>
    Plugin &add(const Workload<T> &w) {
        workloads_.push_back(w.descriptor());
        return *this;
    }
    template <ReportFunction Fn>
    Plugin &add(const Reporter<Fn> &r) {
        reporters_.push_back(r.descriptor());
        return *this;
    }
    // Descriptors written in C (static storage, as plugin.h requires), for a
    // plugin whose workloads or reporters are partly C.
    Plugin &add(const bb_workload *w) {
        workloads_.push_back(w);
        return *this;
    }
    Plugin &add(const bb_reporter *r) {
        reporters_.push_back(r);
        return *this;
    }

    // Implements bytebench_plugin_entry(): refuses a host of another major.
    // [main-thread; all: once per process, before any other call]
    const bb_plugin *entry(const bb_host *host, char *err, size_t cap) const noexcept {
        if (host == nullptr || host->abi_major != BYTEBENCH_ABI_MAJOR) {
            char msg[160];
            std::snprintf(msg, sizeof msg, "plugin '%s' uses ABI %d.%d, host offers %d.%d",
                          desc_.id, BYTEBENCH_ABI_MAJOR, BYTEBENCH_ABI_MINOR,
                          host ? host->abi_major : -1, host ? host->abi_minor : -1);
            detail::copy_message(err, cap, msg);
            return nullptr;
        }
        desc_.workload_count = static_cast<uint32_t>(workloads_.size());
        desc_.workloads = workloads_.empty() ? nullptr : workloads_.data();
        desc_.reporter_count = static_cast<uint32_t>(reporters_.size());
        desc_.reporters = reporters_.empty() ? nullptr : reporters_.data();
        return &desc_;
    }

  private:
    mutable bb_plugin desc_{};
    std::vector<const bb_workload *> workloads_;
    std::vector<const bb_reporter *> reporters_;
};

}  // namespace bytebench

// Defines the exported entry point from a bytebench::Plugin expression,
// evaluated once, on the first call; if it throws, the entry point returns
// NULL with "plugin table construction failed" and the host refuses the
// plugin.
#define BYTEBENCH_PLUGIN(...)                                                                    \
    extern "C" BYTEBENCH_EXPORT const bb_plugin *bytebench_plugin_entry(const bb_host *host,     \
                                                                        char *err, size_t cap) { \
        try {                                                                                    \
            static const ::bytebench::Plugin bytebench_plugin_table_ = (__VA_ARGS__);            \
            return bytebench_plugin_table_.entry(host, err, cap);                                \
        } catch (...) {                                                                          \
            ::bytebench::detail::copy_message(err, cap, "plugin table construction failed");     \
            return nullptr;                                                                      \
        }                                                                                        \
    }

#endif  // BYTEBENCH_PLUGIN_HPP
