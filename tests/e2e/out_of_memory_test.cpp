// Out of memory (issue 35, §3): under an address-space limit (`ulimit -v`, RLIMIT_AS) a
// command says "not enough memory to <what it was doing>" in one line and exits 5, a code
// that no verdict uses. Before, `compare big.json big.json` under `ulimit -v 100000` said
// "terminated by an exception that cannot be described" and exited 1, the gate's "worse":
// nlohmann::json's destructor allocates as it frees, a std::bad_alloc thrown there became
// std::terminate, and the last resort's line needed memory that was not there.
//
// Not under AddressSanitizer, which reserves terabytes of address space for its shadow and
// cannot start under such a limit.
#include <gtest/gtest.h>

#include <fstream>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

#ifndef __SANITIZE_ADDRESS__

// A result of 40,000 tests (about 12 MB of JSON; its tree is several times that).
std::string big_result(const std::string &dir) {
    const std::string path = dir + "/big.json";
    std::ofstream out(path);
    out << R"({"schema": "bytebench.result/1", "status": "complete", "suite": {"name": "index"},)"
        << R"("system": {"hostname": "vm"}, "runs": [{"copies": 1, "tests": [)";
    for (int i = 0; i < 40000; ++i)
        out << (i == 0 ? "" : ",") << R"({"id": "t)" << i
            << R"(", "name": "a test with a name", "category": "system", "status": "ok",)"
            << R"( "value": 1000.5, "index": 100.25, "samples": 3, "passes": [)"
            << R"({"value": 1000, "kept": true, "status": "ok"},)"
            << R"({"value": 1001, "kept": true, "status": "ok"},)"
            << R"({"value": 999, "kept": false, "status": "ok"}]})";
    out << "]}]}\n";
    return path;
}

// `bytebench args` with its address space limited to `mib` MiB.
CliResult limited(int mib, const std::vector<std::string> &args) {
    const std::string prlimit = find_program("prlimit");
    std::vector<std::string> argv = {
        prlimit, "--as=" + std::to_string(static_cast<long long>(mib) << 20), "--", BYTEBENCH_CLI};
    argv.insert(argv.end(), args.begin(), args.end());
    Command command(argv);
    command.timeout_s = 120;
    return run_process(command);
}

void expect_out_of_memory(const CliResult &r, const std::string &activity) {
    EXPECT_EQ(r.exit_code, 5) << r.describe() << "\n" << r.err;
    EXPECT_EQ(r.err, "bytebench: error: not enough memory to " + activity + "\n");
}

TEST(OutOfMemory, EveryCommandSaysSoInOneLineAndExits5) {
    ASSERT_FALSE(find_program("prlimit").empty()) << "prlimit (util-linux) is needed";
    const std::string dir = fresh_dir("out-of-memory");
    const std::string big = big_result(dir);
    // Enough to start, not to hold the trees of the inputs.
    expect_out_of_memory(limited(64, {"--no-history", "compare", big, big}),
                         "read the results to compare");
    expect_out_of_memory(limited(64, {"--no-history", "compare", big, big, "--fail-if-worse", "5"}),
                         "read the results to compare");
    expect_out_of_memory(limited(64, {"--no-history", "report", big}), "render the report");
    // With room, the same commands work.
    const CliResult roomy = limited(4096, {"--no-history", "compare", big, big, "--format", "csv"});
    EXPECT_EQ(roomy.exit_code, 0) << roomy.err;
}

#endif

}  // namespace
}  // namespace bytebench::test
