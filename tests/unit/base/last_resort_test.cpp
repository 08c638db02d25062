// The last resort of both programs (base/last_resort.h): whatever reaches
// the top is one line and an exit code, never abort().
#include "base/last_resort.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <new>
#include <stdexcept>
#include <string>

namespace bytebench {
namespace {

std::string g_said;
int said(const std::string &line) {
    g_said = line;
    return 7;
}
int said_on_stderr(const std::string &line) {
    std::fprintf(stderr, "test: error: %s\n", line.c_str());
    return 7;
}

std::string line_of(std::exception_ptr e) { return exception_line(e); }

TEST(LastResort, EachKindOfExceptionIsOneLine) {
    EXPECT_EQ(line_of(std::make_exception_ptr(std::bad_alloc())), "out of memory");
    EXPECT_EQ(line_of(std::make_exception_ptr(std::runtime_error("two\nlines\ttab"))),
              "two lines tab");
    EXPECT_EQ(line_of(std::make_exception_ptr(42)), "an exception of unknown type");
    EXPECT_EQ(line_of(std::make_exception_ptr(std::runtime_error(""))),
              "an exception without a message");
    const std::string fs_line = line_of(std::make_exception_ptr(
        std::filesystem::filesystem_error("directory iterator cannot open directory", "/x",
                                          std::make_error_code(std::errc::permission_denied))));
    EXPECT_NE(fs_line.find("/x"), std::string::npos) << fs_line;
}

TEST(LastResort, WhatTheBodyThrowsIsReported) {
    EXPECT_EQ(run_guarded(said, [] { return 0; }), 0);
    EXPECT_EQ(run_guarded(said, []() -> int { throw std::bad_alloc(); }), 7);
    EXPECT_EQ(g_said, "out of memory");
    EXPECT_EQ(run_guarded(said, []() -> int { throw 1; }), 7);
    EXPECT_EQ(g_said, "an exception of unknown type");
    EXPECT_EQ(run_guarded(said, []() -> int { throw std::logic_error("bad"); }), 7);
    EXPECT_EQ(g_said, "bad");
}

struct ThrowsWhenDestroyed {
    ~ThrowsWhenDestroyed() noexcept(false) { throw std::runtime_error("from a destructor"); }
};

[[noreturn]] void throw_runtime_error(const char *what) { throw std::runtime_error(what); }
void throws_through_noexcept() noexcept { throw_runtime_error("out of a noexcept function"); }

TEST(LastResortDeathTest, TerminateIsOneLineAndTheReportsExitCode) {
    // Not abort() (signal 6): the report's line and code.
    EXPECT_EXIT(run_guarded(said_on_stderr,
                            [] {
                                throws_through_noexcept();
                                return 0;
                            }),
                ::testing::ExitedWithCode(7), "^test: error: out of a noexcept function\n$");
    EXPECT_EXIT(run_guarded(said_on_stderr,
                            []() -> int {
                                try {
                                    ThrowsWhenDestroyed first;
                                    throw std::runtime_error("unwinding");
                                } catch (...) {
                                }
                                return 0;
                            }),
                ::testing::ExitedWithCode(7), "^test: error: from a destructor\n$");
    EXPECT_EXIT(run_guarded(said_on_stderr,
                            [] {
                                std::terminate();
                                return 0;
                            }),
                ::testing::ExitedWithCode(7),
                "^test: error: terminated without an exception \\(std::terminate\\)\n$");
}

}  // namespace
}  // namespace bytebench
