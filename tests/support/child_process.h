// Test helpers that need a process of their own: a body run in a forked
// child (so that it may unshare its mount namespace), and a private mount
// there. Shared by the fs and disk workload tests.
#pragma once

#include <functional>
#include <string>

namespace bytebench::test {

// Runs `body` in a forked child and returns what it returned (or
// "exception: ..." / "child died: ..."). A body that cannot do its job on
// this machine returns "SKIP: why".
std::string in_child(const std::function<std::string()> &body);

// In the child: a private mount of `type` ("tmpfs", "ramfs") with `options`
// ("size=4m") at `dir`, in a mount namespace of its own (needs
// CAP_SYS_ADMIN). Returns "" or "SKIP: why".
std::string mount_private(const std::string &dir, const char *type, const std::string &options);

}  // namespace bytebench::test

// In a gtest test: skips it when in_child() answered "SKIP: why".
#define SKIP_IF_CHILD_SKIPPED(text) \
    if ((text).rfind("SKIP: ", 0) == 0) GTEST_SKIP() << (text).substr(6)
