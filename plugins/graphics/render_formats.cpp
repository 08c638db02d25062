#include "render_formats.h"

#include <dlfcn.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace bytebench::plugins::graphics {
namespace {

// The child's exit codes.
enum ChildAnswer : int {
    kPresent = 0,
    kAbsent = 1,
    kNoRender = 2,
    kNoDisplay = 3,
    kNoLibraries = 4,
};

// Xrender's PictStandardA4 (X11/extensions/Xrender.h), without its headers,
// which the build machine may not have.
constexpr int kPictStandardA4 = 3;

using OpenDisplay = void *(*)(const char *);
using CloseDisplay = int (*)(void *);
using QueryExtension = int (*)(void *, int *, int *);
using FindStandardFormat = void *(*)(void *, int);

// Runs in the child: the answer as an exit code.
[[noreturn]] void answer_in_child(const char *display_name) {
    void *x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL);
    void *xrender = dlopen("libXrender.so.1", RTLD_NOW | RTLD_LOCAL);
    if (x11 == nullptr || xrender == nullptr) _exit(kNoLibraries);
    auto open_display = reinterpret_cast<OpenDisplay>(dlsym(x11, "XOpenDisplay"));
    auto close_display = reinterpret_cast<CloseDisplay>(dlsym(x11, "XCloseDisplay"));
    auto query = reinterpret_cast<QueryExtension>(dlsym(xrender, "XRenderQueryExtension"));
    auto find = reinterpret_cast<FindStandardFormat>(dlsym(xrender, "XRenderFindStandardFormat"));
    if (!open_display || !close_display || !query || !find) _exit(kNoLibraries);
    void *display = open_display(display_name);
    if (display == nullptr) _exit(kNoDisplay);
    int event_base = 0, error_base = 0;
    int answer = kNoRender;
    if (query(display, &event_base, &error_base))
        answer = find(display, kPictStandardA4) != nullptr ? kPresent : kAbsent;
    close_display(display);
    _exit(answer);  // no atexit handlers: the worker's are not the child's
}

double now_seconds() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);
    return double(t.tv_sec) + double(t.tv_nsec) / 1e9;
}

FormatCheck unknown(std::string why) { return {FormatAnswer::unknown, std::move(why)}; }

}  // namespace

FormatCheck check_a4_format(const std::string &display, double timeout_s) {
    const pid_t pid = fork();
    if (pid < 0) return unknown(std::string("cannot fork: ") + std::strerror(errno));
    if (pid == 0) answer_in_child(display.c_str());
    const double deadline = now_seconds() + timeout_s;
    int status = 0;
    for (;;) {
        const pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid) break;
        if (r < 0 && errno != EINTR)
            return unknown(std::string("waitpid: ") + std::strerror(errno));
        if (now_seconds() >= deadline) {
            kill(pid, SIGKILL);
            waitpid(pid, &status, 0);
            return unknown("the X server did not answer within " + std::to_string(int(timeout_s)) +
                           " s");
        }
        usleep(10 * 1000);
    }
    if (!WIFEXITED(status)) return unknown("the format check was killed by a signal");
    switch (WEXITSTATUS(status)) {
        case kPresent:
            return {FormatAnswer::present, ""};
        case kAbsent:
            return {FormatAnswer::absent,
                    "the X server at " + display +
                        " has no 4-bit alpha (A4) Render format (Xvfb never has one: its "
                        "depth-4 pixmaps are 8 bits a pixel)"};
        case kNoRender:
            return unknown("the X server at " + display + " has no Render extension");
        case kNoDisplay:
            return unknown("cannot open the X display " + display);
        case kNoLibraries:
            return unknown("cannot load libX11.so.6 and libXrender.so.1");
        default:
            return unknown("the format check exited with status " +
                           std::to_string(WEXITSTATUS(status)));
    }
}

}  // namespace bytebench::plugins::graphics
