// flood.so (test.flood): floods stdout and stderr. run() writes `mib` MiB to
// each, ends with the line "flood: the last line" and then exits with status
// 3 (then=exit, the default) or returns a count (then=ok). The CLI must keep
// only the last 4 KiB of a copy's output and still name its last line.
//
// test.log_flood floods the log instead: setup() logs one line of
// `line_kib` KiB ("start...end"), and create() makes `details`
// record_detail() calls with keys k0, k1, ... (the host keeps 64 and warns
// of each other one) and logs `lines` info lines "line N of this copy".
#include <unistd.h>

#include <bytebench/plugin.hpp>
#include <string>

namespace {

void write_all(int fd, const char *data, size_t size) {
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n <= 0) return;
        data += n;
        size -= static_cast<size_t>(n);
    }
}

struct Flood {
    explicit Flood(const bytebench::Context &ctx)
        : mib_(ctx.param_int("mib")), then_(ctx.param("then")) {}
    double run(bytebench::Context &) {
        const std::string line(1023, 'x');
        const std::string chunk = line + "\n";
        for (long long i = 0; i < mib_ * 1024; ++i) {
            write_all(STDOUT_FILENO, chunk.data(), chunk.size());
            write_all(STDERR_FILENO, chunk.data(), chunk.size());
        }
        const std::string last = "flood: the last line\n";
        write_all(STDERR_FILENO, last.data(), last.size());
        if (then_ != "ok") _exit(3);
        return static_cast<double>(mib_);
    }
    long long mib_;
    std::string then_;
};

const auto kFlood = bytebench::Workload<Flood>("test.flood")
                        .name("Test: flooding output")
                        .description("Writes MiBs to stdout and stderr, then exits or returns.")
                        .category("test")
                        .duration(1)
                        .param("mib", "int", "16", "MiB written to each of stdout and stderr")
                        .param("then", "string", "exit", "exit (status 3) or ok");

void long_line(const bytebench::SetupContext &ctx) {
    const long long kib = ctx.param_int("line_kib");
    ctx.log(BB_LOG_INFO, "start" + std::string(size_t(kib) * 1024, 'y') + "end");
}

struct LogFlood {
    explicit LogFlood(const bytebench::Context &ctx) {
        const long long details = ctx.param_int("details");
        for (long long i = 0; i < details; ++i) ctx.detail(("k" + std::to_string(i)).c_str(), "v");
        const long long lines = ctx.param_int("lines");
        for (long long i = 0; i < lines; ++i)
            ctx.info("line " + std::to_string(i) + " of this copy");
    }
    double run(bytebench::Context &) { return 1; }
};

const auto kLogFlood =
    bytebench::Workload<LogFlood>("test.log_flood")
        .name("Test: flooding the log")
        .description("Logs a long line in setup(), and many warnings and lines in create().")
        .category("test")
        .duration(0.01)
        .param("line_kib", "int", "2048", "KiB of setup()'s one log line")
        .param("details", "int", "100000", "record_detail() calls per copy")
        .param("lines", "int", "0", "info lines per copy")
        .setup<&long_line>();

}  // namespace

BYTEBENCH_PLUGIN(
    bytebench::Plugin("test.flood").name("bytebench test plugin: flood").add(kFlood).add(kLogFlood))
