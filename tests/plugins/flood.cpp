// flood.so (test.flood): floods stdout and stderr. run() writes `mib` MiB to
// each, ends with the line "flood: the last line" and then exits with status
// 3 (then=exit, the default) or returns a count (then=ok). The CLI must keep
// only the last 4 KiB of a copy's output and still name its last line.
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

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("test.flood").name("bytebench test plugin: flood").add(kFlood))
