// Standard output, checked once on the way out of main(): every command
// that prints (report, compare, history, list, plugins, sysinfo, show,
// run's text report, import's lines, --help) fails when what it printed did
// not all arrive, instead of exiting 0 with a truncated report.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "commands.h"

namespace bytebench::cli {

int finish_standard_output(int rc) {
    int error = 0;  // the errno, when the failing call is one of these
    std::cout.flush();
    if (std::fflush(stdout) != 0) error = errno;
    bool failed = error != 0 || std::ferror(stdout) || !std::cout.good();
    // A file system that defers write errors (NFS) reports them at close,
    // of any descriptor of the file: close a duplicate, so that fd 1 stays
    // taken until the process ends. A closed fd 1 (`>&-`) is no failure if
    // nothing was printed.
    if (const int fd = ::dup(STDOUT_FILENO); fd >= 0 && ::close(fd) != 0 && errno != EINTR) {
        if (error == 0) error = errno;
        failed = true;
    }
    if (!failed) return rc;
    // An earlier write failed, and its errno is gone (as coreutils' "write
    // error" without a reason).
    print_error(std::string("cannot write standard output") +
                (error != 0 ? std::string(": ") + std::strerror(error) : ""));
    return rc != kExitOk ? rc : kExitTestFailed;
}

}  // namespace bytebench::cli
