// The looper shared by the shell plugin's workloads: UnixBench 6.0's looper.c
// semantics, written from its description.
//
// A Looper runs a command over and over: fork, exec, wait, and count the runs
// that completed while the stop flag was down. The run in flight when the flag
// rises is finished (reaped) but not counted, and loop() returns only after
// it, so the host's elapsed time includes that tail as UnixBench's does (its
// looper exits at the alarm and Run waits for the orphan). A run that exits
// non-zero or is killed fails the test with its status.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace bytebench::plugins::shell {

// The absolute path of `name` found through $PATH (or `name` itself when it
// contains a '/' and is executable); "" when there is none.
std::string find_program(const std::string &name);

// Writes `content` to `path` (created or truncated, mode 0644). Throws.
void write_text_file(const std::string &path, const std::string &content);

// One program as the looper runs it.
class Command {
  public:
    // `path` is executed with `argv` (argv[0] included); `label` names the
    // command in error messages.
    Command(std::string label, std::string path, std::vector<std::string> argv);

    Command(const Command &) = delete;
    Command &operator=(const Command &) = delete;

    const std::string &label() const { return label_; }
    const std::string &path() const { return path_; }
    // NULL-terminated, built once: nothing is allocated between fork and exec.
    char *const *argv() const { return argv_ptrs_.data(); }

  private:
    std::string label_;
    std::string path_;
    std::vector<std::string> argv_;
    std::vector<char *> argv_ptrs_;
};

// Runs commands in `work_dir` with stdout sent to /dev/null (UnixBench sends
// it to its log) and stderr appended to <work_dir>/stderr.log, whose tail is
// quoted when a run fails. The environment is inherited.
class Looper {
  public:
    explicit Looper(std::string work_dir);
    ~Looper();

    Looper(const Looper &) = delete;
    Looper &operator=(const Looper &) = delete;

    // Standard input of the children. Default (-1): the worker's own.
    //   shared_stdin(fd): every run gets the same open file (and so the same
    //     file offset). `fd` stays owned by the caller.
    //   stdin_path(path): every run opens `path` afresh (relative to
    //     work_dir).
    void shared_stdin(int fd);
    void stdin_path(std::string path);

    // Runs `cmd` once and waits for it. Throws std::runtime_error when it
    // cannot be started (fork failure) or does not exit with status 0.
    void run_once(const Command &cmd);

    // The timed loop: run_once() until *stop is non-zero; returns the number
    // of runs completed before it was.
    uint64_t loop(const Command &cmd, const volatile int32_t *stop);

    // Runs `cmd` once with its stdout captured (untimed checks in create()).
    std::string capture(const Command &cmd);

    const std::string &work_dir() const { return work_dir_; }

  private:
    pid_t spawn(const Command &cmd, int stdout_fd);
    // Waits for `pid` and throws when it did not exit with status 0.
    void reap(const Command &cmd, pid_t pid);
    std::string stderr_tail() const;

    std::string work_dir_;
    std::string stderr_path_;
    std::string stdin_path_;
    int devnull_fd_ = -1;
    int stderr_fd_ = -1;
    int stdin_fd_ = -1;        // not owned
    uint64_t run_number_ = 0;  // of the run being made, 1-based, for messages
};

}  // namespace bytebench::plugins::shell
