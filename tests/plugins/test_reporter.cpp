// test_reporter.so (test.reporter): reporters for the reporter-plugin tests.
//   test-lines  one line per test of each run: "<copies> <id> <status> <value>"
//               (results only: bb_reporter.documents)
//               (value in shortest round-trip form, "-" when the test has none)
//   test-crash  raises SIGSEGV
//   test-slow   writes a line, then sleeps 30 s (for interrupting a report)
#include <bytebench/plugin.hpp>
#include <charconv>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>

namespace {

std::string format_number(double v) {
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

void write_lines(std::string_view json, std::ostream &out) {
    const auto doc = nlohmann::json::parse(json.begin(), json.end());
    const auto runs = doc.find("runs");
    if (runs == doc.end() || !runs->is_array()) return;
    for (const auto &run : *runs) {
        const auto copies = run.value("copies", 0);
        const auto tests = run.find("tests");
        if (tests == run.end() || !tests->is_array()) continue;
        for (const auto &test : *tests) {
            const auto value = test.find("value");
            out << copies << ' ' << test.value("id", std::string("?")) << ' '
                << test.value("status", std::string("?")) << ' '
                << (value != test.end() && value->is_number() ? format_number(value->get<double>())
                                                              : std::string("-"))
                << '\n';
        }
    }
}

void write_crash(std::string_view, std::ostream &) {
    std::raise(SIGSEGV);
    std::signal(SIGSEGV, SIG_DFL);
    std::raise(SIGSEGV);
    std::abort();
}

void write_slow(std::string_view, std::ostream &out) {
    out << "started\n" << std::flush;
    std::this_thread::sleep_for(std::chrono::seconds(30));
    out << "finished\n";
}

const auto kLines = bytebench::Reporter<&write_lines>("test-lines")
                        .name("Test: one line per test")
                        .description("<copies> <id> <status> <value> per test and run")
                        .extension("txt")
                        .documents(BB_DOCUMENT_RESULT);
const auto kCrash = bytebench::Reporter<&write_crash>("test-crash")
                        .name("Test: crashing reporter")
                        .description("Raises SIGSEGV")
                        .extension("txt");
const auto kSlow = bytebench::Reporter<&write_slow>("test-slow")
                       .name("Test: slow reporter")
                       .description("Writes a line, then sleeps 30 s")
                       .extension("txt");

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("test.reporter")
                     .name("bytebench test plugin: reporters")
                     .vendor("bytebench tests")
                     .version("1.0")
                     .add(kLines)
                     .add(kCrash)
                     .add(kSlow))
