// escape.so (test.escape): a workload that starts a process outside its
// worker's process group (setsid), as a careless or hostile plugin might, and
// writes that process's pid to the file named by its `pidfile` parameter.
// The host must find it and kill it when the pass ends (core/process/orphans.h).
#include <signal.h>
#include <unistd.h>

#include <bytebench/plugin.hpp>
#include <fstream>
#include <stdexcept>
#include <string>

namespace {

struct Escape {
    explicit Escape(const bytebench::Context &ctx) : pidfile_(ctx.param("pidfile")) {}
    double run(bytebench::Context &ctx) {
        const pid_t child = fork();
        if (child < 0) throw std::runtime_error("fork failed");
        if (child == 0) {
            setsid();  // a session and a process group of its own
            for (int fd = 0; fd < 64; ++fd) close(fd);
            for (;;) pause();
        }
        std::ofstream(pidfile_) << child << "\n";
        double loops = 0;
        while (!ctx.stopped()) loops += 1;
        return loops;
    }
    std::string pidfile_;
};

const auto kEscape = bytebench::Workload<Escape>("test.escape")
                         .name("Test: escaping child")
                         .category("test")
                         .unit("lps")
                         .duration(1)
                         .description("Leaves a setsid() child running.")
                         .param("pidfile", "string", "", "where the child's pid is written");

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("test.escape")
                     .name("bytebench test plugin: escape")
                     .vendor("bytebench tests")
                     .version("1.0")
                     .add(kEscape));
