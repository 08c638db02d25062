// shell: Shell Scripts (UnixBench 6.0 shell1, shell8, shell16).
//
// One iteration runs `/bin/sh <driver> <concurrency> <script> <input>`: the
// driver starts `concurrency` instances of `/bin/sh <script> <input>` in the
// background and waits for them all, as UnixBench's multi.sh does under its
// looper. Each instance, in the copy's temp_dir, sorts the input into a file,
// pipes od of that file through `sort -n -k 1` into another, pipes
// `grep the` of the sorted file through tee (into a file) into wc (into a
// file), and removes the four files, which are named after its PID. That is
// 7 execs of coreutils and grep per instance, plus one shell per instance and
// one for the driver: the same processes as UnixBench's. (Starting the
// instances straight from the plugin would save the driver's shell, about 10%
// of a shell1 iteration on a 2-core VM.) The numbers depend on /bin/sh,
// coreutils and the locale (LANG from the host).
//
// Unlike multi.sh, the driver passes on an instance's failure: a script that
// exits non-zero fails the test with its status.
//
// The count is the number of iterations completed (lpm with time base 60).
#include <bytebench/plugin.hpp>
#include <memory>
#include <stdexcept>
#include <string>

#include "inputs.h"
#include "looper.h"

namespace bytebench::plugins::shell {
namespace {

constexpr const char *kShellPath = "/bin/sh";
constexpr const char *kInputName = "input.txt";
constexpr const char *kScriptName = "work.sh";
constexpr const char *kDriverName = "driver.sh";
constexpr long long kMaxConcurrency = 4096;

unsigned checked_concurrency(long long n) {
    if (n < 1 || n > kMaxConcurrency)
        throw std::invalid_argument("concurrency must be between 1 and " +
                                    std::to_string(kMaxConcurrency) + ", not " + std::to_string(n));
    return static_cast<unsigned>(n);
}

}  // namespace

struct Shell {
    explicit Shell(const bytebench::Context &ctx) : looper_(ctx.temp_dir()) {
        const unsigned concurrency = checked_concurrency(ctx.param_int("concurrency"));
        if (find_program(kShellPath).empty())
            throw bytebench::Skip(std::string(kShellPath) + " is not installed");
        for (const char *tool : {"sort", "od", "grep", "tee", "wc", "rm"})
            if (find_program(tool).empty())
                throw bytebench::Skip(std::string(tool) + " is not installed (in $PATH)");
        const std::string dir = looper_.work_dir();
        write_text_file(dir + "/" + kInputName, shell_input());
        write_text_file(dir + "/" + kScriptName, shell_script());
        write_text_file(dir + "/" + kDriverName, shell_driver());
        command_ = std::make_unique<Command>(
            "the shell scripts", kShellPath,
            std::vector<std::string>{kShellPath, dir + "/" + kDriverName,
                                     std::to_string(concurrency), dir + "/" + kScriptName,
                                     kInputName});
        // One untimed run, so that a broken tool fails here with its message.
        looper_.run_once(*command_);
    }

    double run(bytebench::Context &ctx) {
        return static_cast<double>(looper_.loop(*command_, ctx.stop_flag()));
    }

  private:
    Looper looper_;
    std::unique_ptr<Command> command_;
};

// The most processes one copy has at once: itself, the driver, and per
// instance the shell and the three commands of its longest pipeline
// (grep | tee | wc). The descriptor is static, so this is the bound for
// concurrency 16 (shell16), the largest the standard suite uses.
constexpr uint32_t kProcessesPerInstance = 4;
constexpr uint32_t kDeclaredConcurrency = 16;

extern const bytebench::Workload<Shell> kShell;
const bytebench::Workload<Shell> kShell =
    bytebench::Workload<Shell>("shell")
        .name("Shell Scripts")
        .description(
            "Runs `concurrency` copies of a shell script (sort, od | sort, "
            "grep | tee | wc, rm on an 8.5 KB text) at once, over and over "
            "(UnixBench 6.0 shell1/shell8/shell16).")
        .category("system")
        .unit("lpm")
        .version("1")
        .time_base(60)
        .repeat_short()
        .duration(60)
        .flags(BB_WORKLOAD_NEEDS_DISK)
        .processes_per_copy(2 + kDeclaredConcurrency * kProcessesPerInstance)
        .param_range("concurrency", "int", "1", "1", "4096",
                     "script instances started together per iteration");

}  // namespace bytebench::plugins::shell
