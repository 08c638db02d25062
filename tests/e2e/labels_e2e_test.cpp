// Labels through the real CLI (issue 35, §4): one rule where they enter
// (`run`, `import`, `history --label`, a result file read by `compare`),
// caps that make a hostile file one line, column names that cannot clash,
// and a history filter of any length.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <regex>

#include "cli_runner.h"

namespace bytebench::test {
namespace {

const std::string kFixture = std::string(BYTEBENCH_E2E_FIXTURE_DIR) + "/compare/before.json";
const std::string kReport =
    std::string(BYTEBENCH_SOURCE_DIR) + "/tests/fixtures/unixbench/pasted/zh-date.txt";

nlohmann::json fixture() { return nlohmann::json::parse(read_file(kFixture)); }

std::string write_json(const std::string &path, const nlohmann::json &doc) {
    std::ofstream(path) << doc.dump();
    return path;
}

// The rows `history` listed: lines that start with a run's id.
int listed_rows(const std::string &out) {
    const std::regex row(R"((?:^|\n) +\d+  \d{4}-)");
    return int(
        std::distance(std::sregex_iterator(out.begin(), out.end(), row), std::sregex_iterator()));
}

void expect_one_line_exit_2(const CliResult &r, const std::string &expected) {
    EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
    EXPECT_EQ(r.err, "bytebench: error: " + expected + "\n");
}

TEST(LabelsE2E, ALabelThatIsNotUtf8OrHoldsControlsIsRefusedWhereItIsGiven) {
    const std::string dir = fresh_dir("labels-typed");
    // Short, should a regression let the run start.
    const auto run = [&](const std::string &label) {
        return run_cli({"--no-history", "run", "syscall", "-o", dir, "-i", "1", "--duration", "0.1",
                        "--settle", "0", "-c", "1", "--label", label});
    };
    expect_one_line_exit_2(run("k=\xff"),
                           "--label 'k=\\xff': the value is not valid UTF-8 (byte 0xff at 0)");
    expect_one_line_exit_2(run("k=a\xc2\x85"),
                           "--label 'k=a\\xc2\\x85': the value holds the control character U+0085");
    expect_one_line_exit_2(
        run_cli({"--no-history", "import", kReport, "-o", dir, "--label", "k=x\xe2\x80\xae"}),
        "--label 'k=x\\xe2\\x80\\xae': the value holds the bidirectional control U+202E");
    EXPECT_TRUE(std::filesystem::is_empty(dir)) << "nothing was run or written";
}

// One file with 100,000 labels and one with a 100 KB value, compared --by
// label:kernel, took 9.9 GB and 22 s of CPU (5 minutes on a loaded 2-CPU
// VM). Each file is read here beside a plain one, so that a regression
// costs seconds, not gigabytes.
TEST(LabelsE2E, AResultWithTooManyOrTooLongLabelsIsOneLineNamingIt) {
    const std::string dir = fresh_dir("labels-huge");
    nlohmann::json many = fixture(), long_value = fixture();
    for (int i = 0; i < 100000; ++i) many["labels"]["k" + std::to_string(i)] = "v";
    long_value["labels"]["kernel"] = std::string(100000, 'x');
    const std::string a = write_json(dir + "/a.json", many);
    const std::string b = write_json(dir + "/b.json", long_value);
    expect_one_line_exit_2(run_cli({"--no-history", "compare", kFixture, a}),
                           a + ": labels: 100000 labels, more than the 64 a result may have");
    expect_one_line_exit_2(run_cli({"--no-history", "report", b}),
                           b + ": labels: kernel: the value is longer than 256 bytes");
}

// Values 3,16 + on and 3 + 16,on were both the column "3,16,on", and
// --baseline 3,16,on took one of them without a word.
TEST(LabelsE2E, ColumnsWhoseValuesHoldTheSeparatorAreQuoted) {
    const std::string dir = fresh_dir("labels-columns");
    nlohmann::json first = fixture(), second = fixture();
    first["labels"] = {{"k", "3,16"}, {"s", "on"}};
    second["labels"] = {{"k", "3"}, {"s", "16,on"}};
    write_json(dir + "/first.json", first);
    write_json(dir + "/second.json", second);
    const CliResult r = run_cli({"--no-history", "compare", dir, "--by", "label:k,label:s",
                                 "--baseline", "\"3,16\",on", "--format", "json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const nlohmann::json c = nlohmann::json::parse(r.out);
    ASSERT_EQ(c["inputs"].size(), 2u);
    EXPECT_EQ(c["inputs"][0]["label"], "3,\"16,on\"");
    EXPECT_EQ(c["inputs"][1]["label"], "\"3,16\",on");
    EXPECT_EQ(c["pivot"]["baseline"], "\"3,16\",on");
    const CliResult ambiguous = run_cli(
        {"--no-history", "compare", dir, "--by", "label:k,label:s", "--baseline", "3,16,on"});
    expect_one_line_exit_2(ambiguous,
                           "--baseline 3,16,on: 2 columns match; name one (columns: 3,\"16,on\", "
                           "\"3,16\",on)");
}

// 1500 filters were "<db>: Expression tree is too large", blaming the
// database.
TEST(LabelsE2E, HistoryTakesAnyNumberOfLabelFilters) {
    const std::string dir = fresh_dir("labels-history");
    const std::string db = dir + "/history.db";
    const CliResult imported = run_cli({"--db", db, "import", kReport, "-o", dir + "/out",
                                        "--label", "kernel=6.1", "--skip-bad-lines"});
    ASSERT_EQ(imported.exit_code, 0) << imported.err;
    std::vector<std::string> args = {"--db", db, "history", "--label", "kernel=6.1"};
    CliResult r = run_cli(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(listed_rows(r.out), 1) << r.out;
    for (int i = 0; i < 1500; ++i)
        args.insert(args.end(), {"--label", "k" + std::to_string(i) + "=v"});
    r = run_cli(args);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.out.rfind("No runs labelled ", 0), 0u) << r.out.substr(0, 200);
}

}  // namespace
}  // namespace bytebench::test
