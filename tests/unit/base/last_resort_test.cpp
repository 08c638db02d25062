// The last resort of both programs (base/last_resort.h): whatever reaches
// the top is one line and an exit code, never abort().
#include "base/last_resort.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <functional>
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
    EXPECT_EQ(line_of(std::make_exception_ptr(std::bad_alloc())), "not enough memory");
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
    EXPECT_EQ(g_said, "not enough memory");
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
[[noreturn]] void throw_bad_alloc() { throw std::bad_alloc(); }
void throws_bad_alloc_through_noexcept() noexcept { throw_bad_alloc(); }

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

TEST(LastResort, OutOfMemorySaysWhatTheProgramWasDoing) {
    set_activity("compare the results");
    EXPECT_EQ(out_of_memory_line(), "not enough memory to compare the results");
    EXPECT_EQ(line_of(std::make_exception_ptr(std::bad_alloc())),
              "not enough memory to compare the results");
    set_activity(nullptr);
    EXPECT_EQ(out_of_memory_line(), "not enough memory");
}

// end_when_out_of_memory(): every way a program meets the end of its memory is the same line
// and the program's own exit code (not the report's 7, not 1). Each in a child (EXPECT_EXIT),
// which installs the new-handler there only.
TEST(LastResortDeathTest, OutOfMemoryIsOneLineAndItsOwnExitCode) {
    const auto out_of_memory = [](const std::function<int()> &body) {
        end_when_out_of_memory("test", 5);
        set_activity("read the results");
        return run_guarded(said_on_stderr, body);
    };
    const char *kLine = "^test: error: not enough memory to read the results\n$";
    // The new-handler: what operator new calls when malloc fails (called here directly: a
    // real failing allocation is what the e2e test makes, under RLIMIT_AS).
    EXPECT_EXIT(out_of_memory([] {
                    std::get_new_handler()();
                    return 0;
                }),
                ::testing::ExitedWithCode(5), kLine);
    // A std::bad_alloc that reaches the top.
    EXPECT_EXIT(out_of_memory([]() -> int { throw std::bad_alloc(); }),
                ::testing::ExitedWithCode(5), kLine);
    // One thrown into a noexcept function (nlohmann::json's destructor allocates as it frees):
    // std::terminate with a std::bad_alloc in flight. Before, the report's line needed memory
    // and this said "terminated by an exception that cannot be described", exit 1.
    EXPECT_EXIT(out_of_memory([] {
                    throws_bad_alloc_through_noexcept();
                    return 0;
                }),
                ::testing::ExitedWithCode(5), kLine);
}

}  // namespace
}  // namespace bytebench
