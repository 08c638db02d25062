// The run's ETA as the progress line shows it (off a terminal: one line a
// pass): it corrects itself from the passes that finished, starts from what
// an earlier run of the same tests measured, and says when the settle
// before each pass is most of the run.
#include <gtest/gtest.h>

#include <iterator>
#include <regex>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

// fstime with 0.2-s warm-ups: each pass's create() sleeps and copies for
// about 1.5 s (7.5 warm-ups) before its 0.1 s are timed. -i 6: 2 passes.
std::vector<std::string> fstime_run(const std::vector<std::string> &first) {
    std::vector<std::string> args = first;
    for (const char *arg : {"run", "fstime", "-c", "1", "-i", "6", "--duration", "0.1", "--settle",
                            "0", "--param", "warmup_s=0.2", "--param", "maxblocks=100"})
        args.push_back(arg);
    return args;
}

// The seconds of the ETA on the line of `test`'s pass `pass`; -1 when there is none.
double eta_at(const std::string &err, const std::string &pass) {
    std::smatch m;
    const std::regex line(pass + R"(; run ETA (\d+):(\d\d):(\d\d))");
    if (!std::regex_search(err, m, line)) return -1;
    return std::stod(m[1]) * 3600 + std::stod(m[2]) * 60 + std::stod(m[3]);
}

TEST(Eta, AFinishedPassCorrectsTheEstimateOfTheRest) {
    const std::string dir = fresh_dir("eta-corrects");
    std::vector<std::string> args = fstime_run({"--no-history"});
    args.insert(args.end(), {"-o", dir});
    const CliResult r = run_cli(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    // The second pass costs what the first did: its warm-ups, not its 0.1 s.
    EXPECT_GE(eta_at(r.err, "fstime \\(1 copy\\): pass 2 of 2"), 1.0) << r.err;
}

TEST(Eta, AnEarlierRunsMeasurementsAreInTheFirstEstimate) {
    const std::string dir = fresh_dir("eta-remembers");
    std::vector<std::string> args = fstime_run({"--db", dir + "/history.db"});
    args.insert(args.end(), {"-o", dir});
    const CliResult first = run_cli(args);
    ASSERT_EQ(first.exit_code, 0) << first.err;
    const CliResult second = run_cli(args);
    ASSERT_EQ(second.exit_code, 0) << second.err;
    // Two passes of about 1.6 s each, known before the first of them.
    EXPECT_GE(eta_at(second.err, "fstime \\(1 copy\\): pass 1 of 2"), 2.0) << second.err;
}

TEST(Eta, ASettleLongerThanThePassesIsSaidOnce) {
    const std::string dir = fresh_dir("eta-settle");
    const CliResult r =
        run_cli({"--no-history", "run", "--plugin-path", kTestPlugins + "/good", "test.count", "-c",
                 "1", "-i", "3", "--duration", "0.1", "--settle", "0.5", "-o", dir});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::regex note(
        R"(each pass waits 0\.5 s to settle first \(--settle, UnixBench's sync and sleep\): )"
        R"(\d+ s of the estimated \d+:\d\d:\d\d; --settle 0 leaves it out for quick checks)");
    const auto notes = std::distance(std::sregex_iterator(r.err.begin(), r.err.end(), note),
                                     std::sregex_iterator());
    EXPECT_EQ(notes, 1) << r.err;
}

}  // namespace
}  // namespace bytebench::test
