#include "system/display_choice.h"

#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <sstream>

#include "base/text.h"
#include "system/sysinfo_readers.h"

namespace bytebench {
namespace {

bool all_digits(const std::string &text) {
    if (text.empty()) return false;
    for (const char c : text)
        if (c < '0' || c > '9') return false;
    return true;
}

// "host" and "N" of "host:N.S"; false when `display` is no display name.
bool split_display(const std::string &display, std::string &host, std::string &number) {
    const auto colon = display.rfind(':');
    if (colon == std::string::npos) return false;
    host = display.substr(0, colon);
    const std::string rest = display.substr(colon + 1);
    const auto dot = rest.find('.');
    number = rest.substr(0, dot);
    if (dot != std::string::npos && !all_digits(rest.substr(dot + 1))) return false;
    return all_digits(number) && number.size() <= 5;
}

bool is_local_host(const std::string &host) { return host.empty() || host == "unix"; }

// Waits for a non-blocking connect() on `fd` to end; "" when it connected.
std::string finish_connect(int fd, double timeout_s) {
    pollfd p{fd, POLLOUT, 0};
    const int ready = ::poll(&p, 1, int(timeout_s * 1000));
    if (ready == 0) return "no answer within " + duration_text(timeout_s);
    if (ready < 0) return std::strerror(errno);
    int error = 0;
    socklen_t size = sizeof error;
    ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size);
    return error == 0 ? "" : std::strerror(error);
}

// connect() to `address`, given up after `timeout_s`; "" when it connected.
std::string try_connect(int family, const sockaddr *address, socklen_t size, double timeout_s) {
    const int fd = ::socket(family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return std::strerror(errno);
    std::string why;
    if (::connect(fd, address, size) != 0)
        why = errno == EINPROGRESS ? finish_connect(fd, timeout_s) : std::strerror(errno);
    ::close(fd);
    return why;
}

std::string local_socket_problem(const std::string &number, double timeout_s) {
    const std::string path = "/tmp/.X11-unix/X" + number;
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    // The abstract socket first (Linux servers listen on both): it works
    // where /tmp is private to a sandbox.
    address.sun_path[0] = '\0';
    std::memcpy(address.sun_path + 1, path.data(), path.size());
    const auto abstract_size = socklen_t(offsetof(sockaddr_un, sun_path) + 1 + path.size());
    if (try_connect(AF_UNIX, reinterpret_cast<sockaddr *>(&address), abstract_size, timeout_s)
            .empty())
        return "";
    std::memset(address.sun_path, 0, sizeof address.sun_path);
    std::memcpy(address.sun_path, path.data(), path.size());
    const std::string why =
        try_connect(AF_UNIX, reinterpret_cast<sockaddr *>(&address), sizeof address, timeout_s);
    return why.empty() ? "" : "no X server on " + path + " (" + why + ")";
}

std::string tcp_problem(const std::string &host, const std::string &number, double timeout_s) {
    const std::string port = std::to_string(6000 + std::atoi(number.c_str()));
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo *found = nullptr;
    if (const int rc = ::getaddrinfo(host.c_str(), port.c_str(), &hints, &found); rc != 0)
        return "cannot resolve " + host + ": " + gai_strerror(rc);
    std::string why = "no address";
    for (const addrinfo *a = found; a != nullptr; a = a->ai_next) {
        why = try_connect(a->ai_family, a->ai_addr, a->ai_addrlen, timeout_s);
        if (why.empty()) break;
    }
    ::freeaddrinfo(found);
    return why.empty() ? "" : "no X server on " + host + " port " + port + " (" + why + ")";
}

// The peer's pid of a connection to the Unix socket `path` (abstract when
// `abstract`), -1 when there is none.
int socket_peer_pid(const std::string &path, bool abstract) {
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path + (abstract ? 1 : 0), path.data(), path.size());
    const auto size = abstract ? socklen_t(offsetof(sockaddr_un, sun_path) + 1 + path.size())
                               : socklen_t(sizeof address);
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    int pid = -1;
    ucred peer{};
    socklen_t peer_size = sizeof peer;
    if (::connect(fd, reinterpret_cast<sockaddr *>(&address), size) == 0 &&
        ::getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &peer, &peer_size) == 0 && peer.pid > 0)
        pid = peer.pid;
    ::close(fd);
    return pid;
}

std::string program_on_path(const std::string &program) {
    const char *path = std::getenv("PATH");
    std::istringstream entries(path != nullptr ? path : "");
    for (std::string dir; std::getline(entries, dir, ':');) {
        if (dir.empty()) continue;
        const std::string candidate = dir + "/" + program;
        struct stat st {};
        if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
            ::access(candidate.c_str(), X_OK) == 0)
            return candidate;
    }
    return "";
}

}  // namespace

int local_server_pid(const std::string &display) {
    std::string host, number;
    if (!split_display(display, host, number) || !is_local_host(host)) return -1;
    const std::string path = "/tmp/.X11-unix/X" + number;
    const int pid = socket_peer_pid(path, false);
    return pid > 0 ? pid : socket_peer_pid(path, true);
}

namespace {

DisplayChoice use(const std::string &display, const std::string &source) {
    DisplayChoice c;
    c.action = DisplayChoice::Action::use_display;
    c.display = display;
    c.source = source;
    return c;
}

DisplayChoice unavailable(const std::string &reason, const std::string &source) {
    DisplayChoice c;
    c.action = DisplayChoice::Action::unavailable;
    c.skip_reason = reason;
    c.source = source;
    return c;
}

DisplayChoice automatic_choice(const DisplayFacts &facts) {
    std::string note;
    if (!facts.env_display.empty()) {
        if (facts.env_display_problem.empty()) return use(facts.env_display, "$DISPLAY");
        note = "$DISPLAY " + facts.env_display + " does not answer (" + facts.env_display_problem +
               ")";
    }
    DisplayChoice c;
    if (facts.xvfb_program.empty()) {
        c = unavailable(note.empty() ? std::string(kNoDisplayFound)
                                     : std::string("needs an X display: ") + note +
                                           "; install xvfb (Debian package xvfb) for a private one",
                        "none");
    } else {
        c.action = DisplayChoice::Action::start_xvfb;
        c.source = "private Xvfb";
        if (!note.empty()) note += ": starting a private Xvfb instead";
    }
    c.note = note;
    return c;
}

void mark(nlohmann::json &object, const std::string &key, const std::string &why) {
    mark_unknown(object, key, why);
}

// The `key: value` lines the workload's display describer printed.
std::map<std::string, std::string> info_lines(const std::string &output) {
    std::map<std::string, std::string> values;
    std::istringstream lines(output);
    for (std::string line; std::getline(lines, line);) {
        const auto colon = line.find(':');
        if (colon == std::string::npos) continue;
        const std::string value = trim(line.substr(colon + 1));
        if (!value.empty()) values[trim(line.substr(0, colon))] = value;
    }
    return values;
}

}  // namespace

std::optional<DisplayOption> parse_display_option(const std::string &text) {
    if (text == "auto") return DisplayOption{DisplayMode::automatic, ""};
    if (text == "none") return DisplayOption{DisplayMode::none, ""};
    if (display_number(text) < 0) return std::nullopt;
    return DisplayOption{DisplayMode::given, text};
}

std::string display_option_text(const DisplayOption &option) {
    switch (option.mode) {
        case DisplayMode::automatic:
            return "--display auto";
        case DisplayMode::none:
            return "--display none";
        case DisplayMode::given:
            break;
    }
    return "--display " + option.display;
}

DisplayChoice choose_display(const DisplayOption &option, bool any_test_needs_display,
                             const DisplayFacts &facts) {
    if (!any_test_needs_display) return {};
    switch (option.mode) {
        case DisplayMode::none:
            return unavailable(kNoDisplayGiven, "none");
        case DisplayMode::given: {
            const std::string source = display_option_text(option);
            if (facts.given_display_problem.empty()) return use(option.display, source);
            return unavailable("needs an X display: " + source + " does not answer (" +
                                   facts.given_display_problem + ")",
                               source);
        }
        case DisplayMode::automatic:
            break;
    }
    return automatic_choice(facts);
}

int display_number(const std::string &display) {
    std::string host, number;
    if (!split_display(display, host, number)) return -1;
    return std::atoi(number.c_str());
}

std::string display_problem(const std::string &display, double timeout_s) {
    std::string host, number;
    if (!split_display(display, host, number)) return "'" + display + "' is not an X display name";
    return is_local_host(host) ? local_socket_problem(number, timeout_s)
                               : tcp_problem(host, number, timeout_s);
}

DisplayFacts read_display_facts(const DisplayOption &option, bool any_needed) {
    DisplayFacts facts;
    if (!any_needed) return facts;
    if (option.mode == DisplayMode::given) {
        facts.given_display_problem = display_problem(option.display);
        return facts;
    }
    if (option.mode == DisplayMode::none) return facts;
    const char *env = std::getenv("DISPLAY");
    facts.env_display = env != nullptr ? env : "";
    if (!facts.env_display.empty()) facts.env_display_problem = display_problem(facts.env_display);
    facts.xvfb_program = program_on_path("Xvfb");
    return facts;
}

bool is_software_renderer(const std::string &renderer) {
    std::string lower = renderer;
    for (char &c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
    for (const char *name : {"llvmpipe", "softpipe", "swrast"})
        if (lower.find(name) != std::string::npos) return true;
    return false;
}

nlohmann::json display_json(const std::string &source, const std::string &display,
                            const std::optional<std::string> &info_output,
                            const std::string &why_unknown) {
    nlohmann::json j = {{"source", source}, {"display", display}};
    const auto values =
        info_output ? info_lines(*info_output) : std::map<std::string, std::string>{};
    const std::string why =
        !info_output ? why_unknown : "the program that describes the display did not say";
    auto member = [&](const std::string &key, const std::string &from) {
        const auto it = values.find(from);
        if (it != values.end())
            j[key] = it->second;
        else
            mark(j, key, why);
    };
    const auto vendor = values.find("x_server_vendor");
    const auto release = values.find("x_server_release");
    if (vendor != values.end())
        j["server"] = vendor->second + (release != values.end() ? " " + release->second : "");
    else
        mark(j, "server", why);
    member("screen", "screen");
    member("gl_vendor", "gl_vendor");
    member("gl_renderer", "gl_renderer");
    member("gl_version", "gl_version");
    if (j["gl_renderer"].is_string() && j["gl_renderer"] != kUnknown &&
        is_software_renderer(j["gl_renderer"].get<std::string>()))
        j["software_rendering"] = true;
    return j;
}

}  // namespace bytebench
