// cc: C Compiler Throughput (UnixBench 6.0 C).
//
// Loops over the C compiler (gcc, else cc, from $PATH) on a generated
// 150-line C program. UnixBench runs `gcc cctest.c`, which compiles AND
// links into a.out; with link = true (the default) this does the same, with
// link = false it only compiles (`-c`, into program.o). Files go to the
// copy's temp_dir; the compiler's own temporary files go to $TMPDIR.
//
// The count is the number of compilations completed (lpm with time base 60).
#include <bytebench/plugin.hpp>
#include <memory>
#include <string>
#include <vector>

#include "inputs.h"
#include "looper.h"

namespace bytebench::plugins::shell {
namespace {

constexpr const char *kSourceName = "program.c";

}  // namespace

struct Cc {
    explicit Cc(const bytebench::Context &ctx) : looper_(ctx.temp_dir()) {
        // gcc first, as UnixBench runs gcc; argv[0] is the bare name, as
        // under UnixBench's looper (gcc finds its own files from it).
        std::string name = "gcc";
        std::string compiler = find_program(name);
        if (compiler.empty()) compiler = find_program(name = "cc");
        if (compiler.empty()) throw bytebench::Skip("no C compiler (cc/gcc) found");
        write_text_file(looper_.work_dir() + "/" + kSourceName, c_program());
        std::vector<std::string> argv{name};
        if (ctx.param_bool("link")) {
            argv.insert(argv.end(), {kSourceName, "-o", "a.out"});
        } else {
            argv.insert(argv.end(), {"-c", kSourceName, "-o", "program.o"});
        }
        command_ = std::make_unique<Command>("the C compiler (" + compiler + ")", compiler, argv);
        ctx.debug("cc: " + compiler);
        // One untimed run, so that a missing libc6-dev (say) fails here.
        looper_.run_once(*command_);
    }

    double run(bytebench::Context &ctx) {
        return static_cast<double>(looper_.loop(*command_, ctx.stop_flag()));
    }

  private:
    Looper looper_;
    std::unique_ptr<Command> command_;
};

// The worker, the compiler driver, collect2 and ld (cc1 and as run before).
extern const bytebench::Workload<Cc> kCc;
const bytebench::Workload<Cc> kCc =
    bytebench::Workload<Cc>("cc")
        .name("C Compiler Throughput")
        .description(
            "Compiles and links a 3.5 KB C program with the system's C compiler "
            "over and over (UnixBench 6.0 C).")
        .category("misc")
        .unit("lpm")
        .version("1")
        .time_base(60)
        .repeat_short()
        .duration(60)
        .flags(BB_WORKLOAD_NEEDS_DISK)
        .processes_per_copy(4)
        .param("link", "bool", "true",
               "compile and link into a.out as UnixBench does; false: compile only (-c)");

}  // namespace bytebench::plugins::shell
