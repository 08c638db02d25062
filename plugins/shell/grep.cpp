// grep: Grep a large file (system's grep) (UnixBench 6.0 grep).
//
// Loops over `grep -c gimp <file>` on a generated strace-like text of 10000
// lines (708495 bytes), 1032 of which contain "gimp". The count grep prints
// is checked once, untimed, in create(); in the timed loop its output goes
// to /dev/null as in UnixBench.
//
// The count is the number of grep runs completed (lpm with time base 60).
#include <bytebench/plugin.hpp>
#include <memory>
#include <stdexcept>
#include <string>

#include "inputs.h"
#include "looper.h"

namespace bytebench::plugins::shell {
namespace {

constexpr const char *kGrepInputName = "large.txt";

}  // namespace

struct Grep {
    explicit Grep(const bytebench::Context &ctx) : looper_(ctx.temp_dir()) {
        const std::string grep = find_program("grep");
        if (grep.empty()) throw bytebench::Skip("grep is not installed (Debian package grep)");
        write_text_file(looper_.work_dir() + "/" + kGrepInputName, grep_input());
        command_ = std::make_unique<Command>(
            "grep", grep, std::vector<std::string>{"grep", "-c", kGrepPattern, kGrepInputName});

        std::string printed = looper_.capture(*command_);
        while (!printed.empty() && (printed.back() == '\n' || printed.back() == '\r'))
            printed.pop_back();
        if (printed != std::to_string(kGrepMatches))
            throw std::runtime_error("grep -c " + std::string(kGrepPattern) + " printed \"" +
                                     printed.substr(0, 80) + "\", expected " +
                                     std::to_string(kGrepMatches) + " matching lines");
    }

    double run(bytebench::Context &ctx) {
        return static_cast<double>(looper_.loop(*command_, ctx.stop_flag()));
    }

  private:
    Looper looper_;
    std::unique_ptr<Command> command_;
};

extern const bytebench::Workload<Grep> kGrep;
const bytebench::Workload<Grep> kGrep =
    bytebench::Workload<Grep>("grep")
        .name("Grep a large file (system's grep)")
        .description(
            "Runs `grep -c` over a 708 KB, 10000-line text over and over "
            "(UnixBench 6.0 grep).")
        .category("misc")
        .unit("lpm")
        .version("1")
        .time_base(60)
        .repeat_short()
        .duration(30)
        .flags(BB_WORKLOAD_NEEDS_DISK)
        .processes_per_copy(2);

}  // namespace bytebench::plugins::shell
