// Shared by the libFuzzer targets in this folder (docs/testing.md).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

namespace bytebench::fuzz {

// A broken promise: says which, then aborts, so that libFuzzer reports a
// crash and saves the input as crash-<sha1>.
[[noreturn]] inline void finding(const std::string &what) {
    std::fprintf(stderr, "FUZZ FINDING: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

[[noreturn]] inline void unexpected(const char *where, const std::exception &e) {
    finding(std::string(where) + " threw an unexpected exception: " + e.what());
}

// Error messages are printed as one line by the CLI.
inline void expect_one_line(const char *where, const std::string &message) {
    if (message.empty() || message.find('\n') != std::string::npos)
        finding(std::string(where) + ": the message is not one line: " + message);
}

}  // namespace bytebench::fuzz
