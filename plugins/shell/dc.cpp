// dc: Dc: sqrt(2) to 99 decimal places (UnixBench 6.0 dc).
//
// Loops over `dc` reading commands that print the square root of 2 to 99
// decimal places from its standard input.
//
// UnixBench's quirk, kept by default (shared_input = true): UnixBench starts
// its looper with standard input redirected from dc.dat, so every dc run
// inherits the SAME open file, with one shared file offset. The first run
// reads the input to its end and computes; every later run finds end-of-file
// at once and exits, so the test mostly measures fork and exec of dc. With
// shared_input = false each run opens the input afresh and really computes.
//
// The input has no quit command (q): GNU dc 1.07 (Debian bookworm) exits with
// status 1 after q, so UnixBench's own dc test, whose dc.dat ends in q,
// aborts there at its first run ("Bad wait status: 0x100"). Ours ends at
// end-of-file, which dc treats as success.
//
// The count is the number of dc runs completed (lpm with time base 60).
#include <fcntl.h>
#include <unistd.h>

#include <bytebench/plugin.hpp>
#include <cerrno>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

#include "inputs.h"
#include "looper.h"

namespace bytebench::plugins::shell {
namespace {

constexpr const char *kDcInputName = "sqrt2.dc";

// dc's output without its line continuations ("\\\n") and final newline.
std::string joined(const std::string &out) {
    std::string s;
    for (size_t i = 0; i < out.size(); ++i) {
        if (out[i] == '\\' && i + 1 < out.size() && out[i + 1] == '\n') {
            ++i;
            continue;
        }
        if (out[i] != '\n') s += out[i];
    }
    return s;
}

}  // namespace

struct Dc {
    explicit Dc(const bytebench::Context &ctx)
        : looper_(ctx.temp_dir()), shared_(ctx.param_bool("shared_input")) {
        const std::string dc = find_program("dc");
        if (dc.empty()) throw bytebench::Skip("dc is not installed (Debian package dc)");
        const std::string input = looper_.work_dir() + "/" + kDcInputName;
        write_text_file(input, dc_input());
        command_ = std::make_unique<Command>("dc", dc, std::vector<std::string>{"dc"});

        // Untimed check that dc computes what it should, on its own copy of
        // the input (so the timed loop's first run still reads it).
        looper_.stdin_path(kDcInputName);
        const std::string printed = joined(looper_.capture(*command_));
        if (printed != kSqrt2To99)
            throw std::runtime_error("dc printed \"" + printed.substr(0, 120) +
                                     "\", not sqrt(2) to 99 decimal places");

        if (shared_) {
            input_fd_ = open(input.c_str(), O_RDONLY | O_CLOEXEC);
            if (input_fd_ < 0)
                throw std::runtime_error("cannot open " + input + ": " + std::strerror(errno));
            looper_.shared_stdin(input_fd_);
        }
    }

    ~Dc() {
        if (input_fd_ >= 0) close(input_fd_);
    }

    Dc(const Dc &) = delete;
    Dc &operator=(const Dc &) = delete;

    double run(bytebench::Context &ctx) {
        return static_cast<double>(looper_.loop(*command_, ctx.stop_flag()));
    }

  private:
    Looper looper_;
    bool shared_;
    int input_fd_ = -1;
    std::unique_ptr<Command> command_;
};

extern const bytebench::Workload<Dc> kDc;
const bytebench::Workload<Dc> kDc =
    bytebench::Workload<Dc>("dc")
        .name("Dc: sqrt(2) to 99 decimal places")
        .description(
            "Runs dc over and over on commands that compute sqrt(2) to 99 places; "
            "by default all runs share one standard input, as in UnixBench 6.0, so "
            "only the first computes.")
        .category("misc")
        .unit("lpm")
        .version("1")
        .time_base(60)
        .repeat_short()
        .duration(30)
        .flags(BB_WORKLOAD_NEEDS_DISK)
        .processes_per_copy(2)
        .param("shared_input", "bool", "true",
               "all runs share one open standard input (UnixBench's quirk); false opens it "
               "afresh per run");

}  // namespace bytebench::plugins::shell
