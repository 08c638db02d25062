// ubgears: UnixBench's "3D graphics: gears" (`ubgears -time 20 -v`, fps).
//
// A pass runs graphics.d/ubgears -time <pass duration> and takes COUNT and
// TIME from its stderr: the frames drawn in TIME seconds, counted after a
// 5 s warm-up that ubgears does first (so a 20 s pass takes about 25 s, as
// in UnixBench; the parameter report_interval shortens the warm-up). The
// pass's count is the frames and its interval TIME, so the value is
// ubgears' frame rate, as UnixBench's time base 1 gives it.
//
// Where UnixBench aborts the whole run (no $DISPLAY, a driver's warning on
// stderr), this workload skips with the reason or logs the warning. The GL
// renderer and version, read once per copy in create() with ubgears -info,
// go to the test's details: under Xvfb that is Mesa's llvmpipe, which draws
// on the CPU, and gl_renderer_kind says so.
#include "gears_workload.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bytebench/plugin.hpp>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

extern char **environ;

namespace bytebench::plugins::graphics::gears {
namespace {

constexpr const char *kWorkload = "ubgears";
// The package that gives Mesa's GL drivers (llvmpipe among them).
constexpr const char *kGlPackages = "libgl1-mesa-dri (and libglx-mesa0)";
// How long ubgears -info may take (it only opens a context).
constexpr double kInfoTimeoutS = 60;
// The most of one stream of ubgears' output that is kept.
constexpr size_t kMaxOutput = 64 * 1024;

[[noreturn]] void throw_errno(const std::string &what) {
    const int saved = errno;
    throw std::runtime_error(std::string(kWorkload) + ": " + what + ": " + std::strerror(saved));
}

std::string how_it_ended(int status) {
    if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) {
        const char *name = strsignal(WTERMSIG(status));
        return "was killed by signal " + std::to_string(WTERMSIG(status)) +
               (name != nullptr ? std::string(" (") + name + ")" : std::string());
    }
    return "ended with wait status " + std::to_string(status);
}

std::string trimmed(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ' || text.back() == '\r'))
        text.pop_back();
    return text;
}

// The last non-empty line of `text`.
std::string last_line(const std::string &text) {
    const std::string t = trimmed(text);
    const auto newline = t.rfind('\n');
    return newline == std::string::npos ? t : t.substr(newline + 1);
}

double monotonic_s() {
    timespec ts{};
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

// Owns a descriptor.
class Fd {
  public:
    explicit Fd(int fd = -1) noexcept : fd_(fd) {}
    ~Fd() { reset(); }
    Fd(const Fd &) = delete;
    Fd &operator=(const Fd &) = delete;
    int get() const noexcept { return fd_; }
    void reset() noexcept {
        if (fd_ >= 0) ::close(fd_);
        fd_ = -1;
    }

  private:
    int fd_;
};

// Owns a started program until it is reaped: on the way out of an
// exception it is killed and reaped, so no process is left behind.
class Child {
  public:
    explicit Child(pid_t pid) noexcept : pid_(pid) {}
    ~Child() {
        if (pid_ <= 0) return;
        ::kill(pid_, SIGKILL);
        int status;
        while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
    }
    Child(const Child &) = delete;
    Child &operator=(const Child &) = delete;
    void kill() const noexcept { ::kill(pid_, SIGKILL); }
    // Its wait status.
    int wait() {
        int status = 0;
        while (::waitpid(pid_, &status, 0) < 0) {
            if (errno != EINTR) throw_errno("waitpid");
        }
        pid_ = -1;
        return status;
    }

  private:
    pid_t pid_;
};

struct Ended {
    int status = 0;
    std::string out, err;
    bool timed_out = false;
};

// Reads both pipes until both are closed (or `timeout_s` passes, when not
// 0). EINTR (the host's timer) only repeats the poll.
void drain(int out_fd, int err_fd, double timeout_s, Ended &ended) {
    pollfd fds[2] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}};
    std::string *texts[2] = {&ended.out, &ended.err};
    int open = 2;
    const double give_up = timeout_s > 0 ? monotonic_s() + timeout_s : 0;
    while (open > 0) {
        int wait_ms = -1;
        if (give_up > 0) {
            const double left = give_up - monotonic_s();
            if (left <= 0) {
                ended.timed_out = true;
                return;
            }
            wait_ms = int(left * 1000) + 1;
        }
        const int ready = ::poll(fds, 2, wait_ms);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) throw_errno("poll");
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || fds[i].revents == 0) continue;
            char buf[4096];
            const ssize_t n = ::read(fds[i].fd, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) {
                fds[i].fd = -1;  // poll() ignores it from now on
                --open;
                continue;
            }
            if (texts[i]->size() < kMaxOutput) texts[i]->append(buf, size_t(n));
        }
    }
}

// Runs `path` with `args`, its stdout and stderr captured, its stdin and
// environment the worker's; in the worker's process group, so that the host
// kills it with the worker.
Ended run_program(const std::string &path, const std::vector<std::string> &args, double timeout_s) {
    int out_pipe[2], err_pipe[2];
    if (pipe2(out_pipe, O_CLOEXEC) != 0) throw_errno("pipe2");
    Fd out_read(out_pipe[0]), out_write(out_pipe[1]);
    if (pipe2(err_pipe, O_CLOEXEC) != 0) throw_errno("pipe2");
    Fd err_read(err_pipe[0]), err_write(err_pipe[1]);

    std::vector<std::string> strings{path};
    strings.insert(strings.end(), args.begin(), args.end());
    std::vector<char *> argv;
    for (std::string &s : strings) argv.push_back(s.data());
    argv.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out_write.get(), STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err_write.get(), STDERR_FILENO);
    pid_t pid = -1;
    const int rc = posix_spawn(&pid, path.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) {
        errno = rc;
        throw_errno("cannot start " + path);
    }
    Child child(pid);
    out_write.reset();
    err_write.reset();

    Ended ended;
    drain(out_read.get(), err_read.get(), timeout_s, ended);
    if (ended.timed_out) child.kill();
    ended.status = child.wait();
    return ended;
}

// <plugin dir>/graphics.d/ubgears; a skip naming the path when it is
// missing or not executable.
std::string find_ubgears(const bytebench::Context &ctx) {
    std::string dir = ctx.plugin_dir();
    if (dir.empty()) dir = ".";
    const std::string path = dir + "/" + kUbgearsPath;
    struct stat st {};
    if (stat(path.c_str(), &st) != 0)
        throw bytebench::Skip(std::string(kWorkload) + ": helper program " + path +
                              " is missing: " + std::strerror(errno) +
                              " (bytebench was built without the GL headers: libgl-dev "
                              "libglx-dev libx11-dev)");
    if (!S_ISREG(st.st_mode) || access(path.c_str(), X_OK) != 0)
        throw bytebench::Skip(std::string(kWorkload) + ": helper program " + path +
                              " is not executable");
    return path;
}

// Throws the skip or the error for a run of ubgears that did not succeed.
[[noreturn]] void throw_failure(const std::string &path, const Ended &ended) {
    const std::string reason = missing_gl_reason(ended.status, ended.err);
    if (!reason.empty()) throw bytebench::Skip(reason);
    const std::string line = last_line(ended.err);
    throw std::runtime_error(std::string(kWorkload) + ": " + path + " " +
                             how_it_ended(ended.status) + (line.empty() ? "" : ": " + line));
}

// Lines ubgears' stderr had besides COUNT and TIME, in the log: Mesa's note
// that vblank_mode=0 (which ubgears sets) overrides its default is
// expected, anything else may matter.
void log_other_lines(const bytebench::Context &ctx, const std::string &lines) {
    std::istringstream in(lines);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        const bool expected = line.find("option vblank_mode overridden") != std::string::npos;
        ctx.log(expected ? BB_LOG_DEBUG : BB_LOG_WARN, "ubgears stderr: " + line);
    }
}

// ubgears' stdout (the GL strings and its frame-rate reports), in the log.
void log_stdout(const bytebench::Context &ctx, const std::string &text) {
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line))
        if (!line.empty()) ctx.debug("ubgears stdout: " + line);
}

std::string seconds_argument(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", seconds);
    return text;
}

struct Gears {
    explicit Gears(const bytebench::Context &ctx) {
        const char *display = std::getenv("DISPLAY");
        if (display == nullptr || *display == '\0') throw bytebench::Skip(kNoDisplay);
        path_ = find_ubgears(ctx);
        record_renderer(ctx);
    }

    double run(bytebench::Context &ctx) {
        // UnixBench's command line, `ubgears -time 20 -v` (-v only prints
        // the GL strings first), and bytebench's warm-up parameter.
        const Ended ended =
            run_program(path_,
                        {"-time", seconds_argument(ctx.duration_s()), "-v", "-report-interval",
                         seconds_argument(ctx.param_double("report_interval"))},
                        0);
        if (ended.status != 0) throw_failure(path_, ended);
        const Report report = parse_report(ended.err);
        log_other_lines(ctx, report.other_lines);
        if (!report.frames || !report.seconds)
            throw std::runtime_error(std::string(kWorkload) + ": " + path_ +
                                     " wrote no COUNT and TIME lines on stderr");
        if (*report.seconds <= 0)
            throw std::runtime_error(std::string(kWorkload) + ": " + path_ + " reported TIME|" +
                                     seconds_argument(*report.seconds) +
                                     ": the pass is too short to time (use 1 s or more)");
        ctx.set_elapsed_ns(uint64_t(std::llround(*report.seconds * 1e9)));
        log_stdout(ctx, ended.out);
        return *report.frames;
    }

  private:
    // ubgears -info, once per copy: what renders, in the test's details.
    void record_renderer(const bytebench::Context &ctx) const {
        const Ended ended = run_program(path_, {"-info"}, kInfoTimeoutS);
        if (ended.timed_out)
            throw std::runtime_error(std::string(kWorkload) + ": " + path_ +
                                     " -info did not finish within 60 s");
        if (ended.status != 0) throw_failure(path_, ended);
        const auto info = parse_info(ended.out);
        for (const char *key : {"gl_renderer", "gl_version", "gl_vendor"}) {
            const auto it = info.find(key);
            ctx.detail(key, it != info.end() ? it->second : "unknown");
        }
        const auto renderer = info.find("gl_renderer");
        if (renderer != info.end())
            ctx.detail("gl_renderer_kind", is_software_renderer(renderer->second)
                                               ? "software (draws on the CPU)"
                                               : "hardware");
    }

    std::string path_;
};

const bytebench::Workload<Gears> &workload() {
    static const bytebench::Workload<Gears> kGears =
        bytebench::Workload<Gears>("ubgears")
            .name("3D graphics: gears")
            .description(
                "Three lit gears turning in a 300x300 GLX window, drawn as fast as the X "
                "server and GL stack allow with vsync off; frames per second after a 5 s "
                "warm-up (UnixBench 6.0 ubgears).")
            .category("3d")
            .unit("fps")
            .version("1")
            .time_base(1)
            .repeat_short()
            .duration(20)
            .baseline(33.4)
            // bytebench's own knob (shorter warm-ups for tests); the default
            // is UnixBench's.
            .param_range("report_interval", "float", "5", "0.1", "60",
                         "seconds between ubgears' frame-rate reports; timing starts at the "
                         "first (UnixBench: 5)")
            .flags(BB_WORKLOAD_SINGLE_COPY)
            // The worker and ubgears.
            .processes_per_copy(2)
            // The host gives it a display (or skips it before any worker
            // starts: --display none, nothing to start), and ubgears -info
            // describes that display in the result.
            .requires_display({kDisplayDescriber[0], kDisplayDescriber[1]});
    return kGears;
}

}  // namespace

Report parse_report(const std::string &stderr_text) {
    Report report;
    std::istringstream in(stderr_text);
    std::string line;
    while (std::getline(in, line)) {
        line = trimmed(line);
        if (line.find('|') == std::string::npos) {
            if (line.empty()) continue;
            if (!report.other_lines.empty()) report.other_lines += '\n';
            report.other_lines += line;
            continue;
        }
        const auto bar = line.find('|');
        const std::string key = line.substr(0, bar);
        const std::string rest = line.substr(bar + 1);
        char *end = nullptr;
        const double value = std::strtod(rest.c_str(), &end);
        if (end == rest.c_str() || !std::isfinite(value) || value < 0) continue;
        if (key == "COUNT") report.frames = value;
        if (key == "TIME") report.seconds = value;
    }
    return report;
}

std::map<std::string, std::string> parse_info(const std::string &stdout_text) {
    std::map<std::string, std::string> info;
    std::istringstream in(stdout_text);
    std::string line;
    while (std::getline(in, line)) {
        const auto colon = line.find(": ");
        if (colon == std::string::npos || colon == 0) continue;
        info[line.substr(0, colon)] = trimmed(line.substr(colon + 2));
    }
    return info;
}

bool is_software_renderer(const std::string &gl_renderer) {
    for (const char *name : {"llvmpipe", "softpipe", "swrast", "Software Rasterizer"})
        if (gl_renderer.find(name) != std::string::npos) return true;
    return false;
}

std::string missing_gl_reason(int wait_status, const std::string &stderr_text) {
    const std::string line = last_line(stderr_text);
    if (WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 127 &&
        stderr_text.find("error while loading shared libraries") != std::string::npos)
        return std::string(kWorkload) + " cannot start: " + line + ": install libgl1 and " +
               kGlPackages;
    if (!WIFEXITED(wait_status) || WEXITSTATUS(wait_status) != 1 ||
        line.find("GLX") == std::string::npos)
        return "";
    // The X server's GLX needs Mesa's drivers too (Xvfb loads swrast), or
    // it was started without the extension.
    if (line.find("has no GLX extension") != std::string::npos)
        return line + ": install " + kGlPackages +
               " where the X server runs, or start it with GLX (not -extension GLX)";
    return line + ": install " + kGlPackages;
}

}  // namespace bytebench::plugins::graphics::gears

const bb_workload *gears_workload() {
    return bytebench::plugins::graphics::gears::workload().descriptor();
}
