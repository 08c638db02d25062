#include "import/unixbench_import.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "plan/suite_file.h"

namespace bytebench {
namespace {

using nlohmann::json;

const Suite &index_suite() {
    static const Suite suite = load_suite(BYTEBENCH_SOURCE_DIR "/suites/index.toml");
    return suite;
}

std::string fixture(const std::string &name) {
    std::ifstream in(BYTEBENCH_SOURCE_DIR "/tests/fixtures/unixbench/" + name, std::ios::binary);
    EXPECT_TRUE(in) << name;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

ImportOutcome import_fixture(const std::string &name, const ImportOptions &options = {}) {
    return import_unixbench_report(fixture(name), name, index_suite(), options);
}

std::string error_of(const std::string &text, const std::string &file = "r.txt",
                     const ImportOptions &options = {}) {
    try {
        import_unixbench_report(text, file, index_suite(), options);
    } catch (const ImportError &e) {
        return e.what();
    }
    return "";
}

const json &test_of(const json &run, const std::string &id) {
    for (const json &t : run.at("tests"))
        if (t.at("id") == id) return t;
    static const json none;
    ADD_FAILURE() << "no test " << id;
    return none;
}

bool has_warning(const ImportOutcome &o, const std::string &prefix, const std::string &text) {
    for (const std::string &w : o.warnings)
        if (w.rfind(prefix, 0) == 0 && w.find(text) != std::string::npos) return true;
    return false;
}

TEST(UnixBenchImport, Console60OutputGivesBothCopyPasses) {
    const ImportOutcome o = import_fixture("v6.0-console-4cpu.txt");
    const json &d = o.document;
    EXPECT_TRUE(o.warnings.empty()) << o.warnings.front();
    EXPECT_EQ(d.at("status"), "complete");
    EXPECT_EQ(d.at("suite"), json({{"name", "UnixBench 6.0.0"}}));
    EXPECT_EQ(d.at("options").at("copies"), json({1, 4}));
    const json &runs = d.at("runs");
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_EQ(runs[0].at("copies"), 1);
    EXPECT_EQ(runs[1].at("copies"), 4);
    EXPECT_EQ(runs[1].at("cpus"), 4);
    EXPECT_EQ(runs[0].at("start"), "2025-03-13T14:02:40");
    EXPECT_EQ(runs[0].at("end"), "2025-03-13T14:31:05");
    EXPECT_EQ(runs[1].at("tests").size(), 12u);

    const json &dhry = test_of(runs[1], "dhry2reg");
    EXPECT_EQ(dhry.at("name"), "Dhrystone 2 using register variables");
    EXPECT_EQ(dhry.at("category"), "system");
    EXPECT_EQ(dhry.at("unit"), "lps");
    EXPECT_DOUBLE_EQ(dhry.at("value"), 151930477.2);
    EXPECT_DOUBLE_EQ(dhry.at("time_s"), 10.0);
    EXPECT_EQ(dhry.at("samples"), 7);
    EXPECT_DOUBLE_EQ(dhry.at("baseline"), 116700.0);
    EXPECT_DOUBLE_EQ(dhry.at("index"), 13018.9);
    EXPECT_EQ(test_of(runs[0], "execl").at("samples"), 2);

    ASSERT_EQ(runs[0].at("indexes").size(), 1u);
    const json &index = runs[0].at("indexes")[0];
    EXPECT_EQ(index.at("category"), "system");
    EXPECT_EQ(index.at("title"), "System Benchmarks");
    EXPECT_DOUBLE_EQ(index.at("score"), 1441.1);
    EXPECT_EQ(index.at("partial"), false);
    EXPECT_EQ(index.at("tests_indexed"), 12);
    EXPECT_EQ(index.at("tests_total"), 12);
}

TEST(UnixBenchImport, HeaderGivesTheSystem) {
    const json s = import_fixture("v6.0-console-4cpu.txt").document.at("system");
    EXPECT_EQ(s.at("hostname"), "kestrel");
    EXPECT_EQ(s.at("os"), "GNU/Linux");
    EXPECT_EQ(s.at("kernel"), "6.1.0-26-amd64");
    EXPECT_EQ(s.at("kernel_version"), "#1 SMP PREEMPT_DYNAMIC Debian 6.1.112-1 (2024-09-30)");
    EXPECT_EQ(s.at("machine"), "x86_64");
    EXPECT_EQ(s.at("platform"), "unknown");
    EXPECT_EQ(s.at("language"),
              json({{"lang", "en_US.utf8"}, {"charmap", "UTF-8"}, {"collate", "UTF-8"}}));
    ASSERT_EQ(s.at("cpus").size(), 4u);
    EXPECT_EQ(s.at("cpu_model"), "Intel(R) Core(TM) i5-7500 CPU @ 3.40GHz");
    EXPECT_DOUBLE_EQ(s.at("cpus")[3].at("bogomips"), 6799.8);
    EXPECT_EQ(s.at("cpus")[0].at("flags").size(), 6u);
    EXPECT_EQ(s.at("cpus")[0].at("flags")[3], "SYSENTER/SYSEXIT");
    EXPECT_EQ(s.at("load_average"), json({0.08, 0.21, 0.17}));
    EXPECT_DOUBLE_EQ(s.at("uptime_s"), 3 * 86400 + 4 * 3600 + 17 * 60);
    EXPECT_EQ(s.at("uptime_text"),
              "14:02:11 up 3 days, 4:17, 2 users, load average: 0.08, 0.21, 0.17");
    EXPECT_EQ(s.at("runlevel"), "5");
}

TEST(UnixBenchImport, DocumentIsMarkedImported) {
    const std::string text = fixture("v6.0-console-4cpu.txt");
    const json d = import_unixbench_report(text, "logs/kestrel.txt", index_suite()).document;
    EXPECT_EQ(d.at("schema"), "bytebench.result/1");
    EXPECT_EQ(d.at("tool").at("name"), "bytebench");
    EXPECT_EQ(d.at("tool").at("version"), BYTEBENCH_VERSION);
    const json &imported = d.at("imported");
    EXPECT_EQ(imported.at("from"), "UnixBench");
    EXPECT_EQ(imported.at("version"), "6.0.0");
    EXPECT_EQ(imported.at("file"), "logs/kestrel.txt");
    EXPECT_EQ(imported.at("sha256"), sha256_hex(text));
    EXPECT_EQ(imported.at("warnings"), json::array());
    EXPECT_FALSE(d.at("suite").contains("sha256"));
    const json &test = d.at("runs")[0].at("tests")[0];
    EXPECT_EQ(test.at("status"), "ok");
    EXPECT_FALSE(test.contains("passes"));
    EXPECT_FALSE(test.contains("version"));
}

TEST(UnixBenchImport, VersionComesFromTheConsoleLogoWhenTheBannerIsMissing) {
    std::string text = fixture("v6.0-console-4cpu.txt");
    const std::string banner = "   BYTE UNIX Benchmarks (Version 6.0.0)\n";
    ASSERT_NE(text.find(banner), std::string::npos);
    text.erase(text.find(banner), banner.size());
    const json d = import_unixbench_report(text, "r.txt", index_suite()).document;
    EXPECT_EQ(d.at("imported").at("version"), "6.0.0");
    EXPECT_EQ(d.at("suite").at("name"), "UnixBench 6.0.0");
}

TEST(UnixBenchImport, Version513SixteenCopies) {
    const ImportOutcome o = import_fixture("v5.1.3-16cpu.txt");
    const json &d = o.document;
    EXPECT_TRUE(o.warnings.empty());
    EXPECT_EQ(d.at("imported").at("version"), "5.1.3");
    EXPECT_EQ(d.at("suite").at("name"), "UnixBench 5.1.3");
    EXPECT_EQ(d.at("system").at("runlevel"), "2");
    EXPECT_EQ(d.at("system").at("platform"), "x86_64");
    EXPECT_EQ(d.at("system").at("cpus").size(), 16u);
    EXPECT_DOUBLE_EQ(d.at("system").at("cpus")[15].at("bogomips"), 5200.1);
    EXPECT_DOUBLE_EQ(d.at("system").at("uptime_s"), 41 * 86400 + 19 * 3600 + 5 * 60);
    const json &many = d.at("runs")[1];
    EXPECT_EQ(many.at("copies"), 16);
    EXPECT_EQ(many.at("cpus"), 16);
    EXPECT_EQ(many.at("end"), "2019-06-11T10:09:50");
    EXPECT_DOUBLE_EQ(test_of(many, "fstime").at("value"), 318210.0);
    EXPECT_DOUBLE_EQ(test_of(many, "fstime").at("index"), 803.6);
    EXPECT_DOUBLE_EQ(many.at("indexes")[0].at("score"), 4705.0);
}

TEST(UnixBenchImport, Version513SkipsEveryTestAboveSixteenCopies) {
    const ImportOutcome o = import_fixture("v5.1.3-32copies-no-cpuinfo.txt");
    const json &d = o.document;
    EXPECT_EQ(d.at("status"), "complete");
    EXPECT_FALSE(d.at("system").contains("cpus"));  // "CPU: no details available"
    EXPECT_EQ(d.at("system").at("runlevel"), "unknown");
    EXPECT_DOUBLE_EQ(d.at("system").at("uptime_s"), 120);
    const json &runs = d.at("runs");
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_FALSE(runs[0].contains("cpus"));  // "unknown CPUs in system"
    EXPECT_EQ(runs[1].at("copies"), 32);
    EXPECT_TRUE(runs[1].at("tests").empty());
    ASSERT_EQ(o.warnings.size(), 1u);
    EXPECT_TRUE(has_warning(o, "v5.1.3-32copies-no-cpuinfo.txt:44: ", "above 16 copies"))
        << o.warnings[0];
}

TEST(UnixBenchImport, PartialIndexOnAarch64) {
    const json d = import_fixture("v6.0-partial-index.txt").document;
    const json &cpu = d.at("system").at("cpus")[0];
    EXPECT_EQ(cpu.at("model"), "ARM Cortex-A76");
    EXPECT_EQ(cpu.at("flags"), json::array());
    EXPECT_EQ(cpu.at("features").get<std::string>().rfind("fp asimd evtstrm", 0), 0u);
    EXPECT_DOUBLE_EQ(d.at("system").at("uptime_s"), 12 * 60);
    for (const json &run : d.at("runs")) {
        EXPECT_EQ(run.at("tests").size(), 3u);
        const json &index = run.at("indexes")[0];
        EXPECT_EQ(index.at("partial"), true);
        EXPECT_EQ(index.at("tests_indexed"), 3);
        EXPECT_EQ(index.at("tests_total"), 12);
    }
    EXPECT_DOUBLE_EQ(d.at("runs")[1].at("indexes")[0].at("score"), 5501.5);
    EXPECT_DOUBLE_EQ(test_of(d.at("runs")[1], "syscall").at("index"), 3601.4);
}

TEST(UnixBenchImport, NonIndexTestsAndTestsWithoutBaseline) {
    const ImportOutcome o = import_fixture("v6.0-non-index.txt");
    const json &run = o.document.at("runs")[0];
    ASSERT_EQ(run.at("tests").size(), 10u);
    const json &shell16 = test_of(run, "shell16");
    EXPECT_EQ(shell16.at("category"), "system");
    EXPECT_DOUBLE_EQ(shell16.at("value"), 201.4);
    EXPECT_DOUBLE_EQ(shell16.at("time_s"), 60.2);
    EXPECT_FALSE(shell16.contains("baseline"));
    EXPECT_FALSE(shell16.contains("index"));
    const json &arithoh = test_of(run, "arithoh");
    EXPECT_EQ(arithoh.at("category"), "misc");
    EXPECT_DOUBLE_EQ(arithoh.at("value"), 711802455.3);
    EXPECT_FALSE(arithoh.contains("index"));
    // The suite names the misc tests as UnixBench's report does.
    const json &shorts = test_of(run, "short");
    EXPECT_EQ(shorts.at("name"), "Arithmetic Test (short)");
    EXPECT_EQ(shorts.at("category"), "misc");
    EXPECT_TRUE(o.warnings.empty());
    ASSERT_EQ(run.at("indexes").size(), 1u);
    EXPECT_EQ(run.at("indexes")[0].at("partial"), true);
    EXPECT_EQ(run.at("indexes")[0].at("tests_indexed"), 3);
    EXPECT_DOUBLE_EQ(run.at("indexes")[0].at("score"), 682.5);
    EXPECT_DOUBLE_EQ(o.document.at("system").at("uptime_s"), 3720);  // "up  1:02"
    EXPECT_EQ(o.document.at("system").at("runlevel"), "");
}

TEST(UnixBenchImport, ForumPasteWithMangledCharacters) {
    const ImportOutcome o = import_fixture("forum-paste-5.1.3.txt");
    const json &d = o.document;
    ASSERT_EQ(o.warnings.size(), 1u);
    EXPECT_EQ(o.warnings[0],
              "forum-paste-5.1.3.txt:1: typographic quotes, dashes or spaces read as plain ASCII, "
              "here and below");
    EXPECT_EQ(d.at("imported").at("version"), "5.1.3");
    EXPECT_EQ(d.at("system").at("hostname"), "vps-ams-03");
    EXPECT_EQ(d.at("system").at("kernel"), "2.6.32-042stab145.3");
    EXPECT_EQ(d.at("system").at("kernel_version"), "#1 SMP Thu Jun 11 14:05:04 MSK 2020");
    EXPECT_EQ(d.at("system").at("language").at("charmap"), "UTF-8");
    EXPECT_EQ(d.at("system").at("cpus")[0].at("flags").size(), 6u);
    const json &run = d.at("runs")[0];
    EXPECT_EQ(run.at("tests").size(), 14u);
    const json &hanoi = test_of(run, "hanoi");  // "Recursion Test – Tower of Hanoi"
    EXPECT_EQ(hanoi.at("name"), "Recursion Test -- Tower of Hanoi");
    EXPECT_DOUBLE_EQ(hanoi.at("value"), 88123.4);
    EXPECT_FALSE(hanoi.contains("baseline"));  // "—" in the index table
    const json &grep = test_of(run, "grep");   // "system’s grep"
    EXPECT_DOUBLE_EQ(grep.at("index"), 6113.0);
    EXPECT_DOUBLE_EQ(test_of(run, "shell8").at("index"), 419.5);  // tab-separated
    ASSERT_EQ(run.at("indexes").size(), 2u);
    const json &misc = run.at("indexes")[1];
    EXPECT_EQ(misc.at("category"), "misc");
    EXPECT_EQ(misc.at("title"), "Non-Index Benchmarks");
    EXPECT_EQ(misc.at("partial"), true);
    EXPECT_EQ(misc.at("tests_indexed"), 1);
    EXPECT_EQ(misc.at("tests_total"), 2);
    EXPECT_DOUBLE_EQ(run.at("indexes")[0].at("score"), 417.4);
}

TEST(UnixBenchImport, AbridgedBlogPasteWithOnlyIndexTables) {
    const ImportOutcome o = import_fixture("blog-abridged.txt");
    const json &d = o.document;
    ASSERT_EQ(o.warnings.size(), 1u);  // the "…" where lines were left out
    EXPECT_EQ(o.warnings[0],
              "blog-abridged.txt:24: typographic quotes, dashes or spaces read as plain ASCII, "
              "here and below");
    EXPECT_EQ(d.at("status"), "complete");
    EXPECT_FALSE(d.at("imported").contains("version"));
    EXPECT_EQ(d.at("suite").at("name"), "UnixBench");
    EXPECT_EQ(d.at("system"), json({{"cpus_online", 8}}));  // from "8 CPUs in system" only
    const json &runs = d.at("runs");
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_EQ(runs[0].at("start"), "2016-12-31T23:41:08");
    EXPECT_EQ(runs[0].at("end"), "2017-01-01T00:09:22");  // past midnight
    EXPECT_EQ(runs[1].at("copies"), 8);                   // its "Benchmark Run:" line was left out
    EXPECT_FALSE(runs[1].contains("start"));
    const json &dhry = test_of(runs[0], "dhry2reg");
    EXPECT_DOUBLE_EQ(dhry.at("value"), 30129004.2);
    EXPECT_DOUBLE_EQ(dhry.at("index"), 2581.7);
    EXPECT_FALSE(dhry.contains("time_s"));
    EXPECT_FALSE(dhry.contains("samples"));
    EXPECT_EQ(runs[1].at("tests").size(), 6u);
    const json &index = runs[1].at("indexes")[0];
    EXPECT_DOUBLE_EQ(index.at("score"), 5763.7);
    EXPECT_EQ(index.at("tests_indexed"), 12);  // a full index, though "..." hides six lines
}

TEST(UnixBenchImport, TruncatedFileIsIncomplete) {
    const ImportOutcome o = import_fixture("v6.0-truncated.txt");
    const json &d = o.document;
    EXPECT_EQ(d.at("status"), "incomplete");
    const json &runs = d.at("runs");
    ASSERT_EQ(runs.size(), 2u);
    EXPECT_DOUBLE_EQ(runs[0].at("indexes")[0].at("score"), 942.9);
    EXPECT_EQ(runs[1].at("tests").size(), 5u);
    EXPECT_TRUE(runs[1].at("indexes").empty());
    EXPECT_TRUE(has_warning(o, "v6.0-truncated.txt:47: ", "ends inside the copy-pass"));
    EXPECT_TRUE(has_warning(o, "v6.0-truncated.txt:55: ", "cut-off line"));
    EXPECT_EQ(d.at("imported").at("warnings"), json(o.warnings));
}

TEST(UnixBenchImport, GarbageLineIsAnErrorNamingItsLineInStrictMode) {
    ImportOptions strict;
    strict.skip_bad_lines = false;
    const std::string e = error_of(fixture("v6.0-garbage-line.txt"), "g.txt", strict);
    EXPECT_EQ(e,
              "g.txt:21: cannot understand: sh: 1: cannot create /dev/tty: No such device or "
              "address");
}

TEST(UnixBenchImport, GarbageLineIsAWarningNamingItsLine) {
    const ImportOutcome o = import_fixture("v6.0-garbage-line.txt");
    ASSERT_EQ(o.warnings.size(), 1u);
    EXPECT_EQ(o.warnings[0],
              "v6.0-garbage-line.txt:21: ignored a line that is not part of a UnixBench report: "
              "sh: 1: cannot create /dev/tty: No such device or address");
    EXPECT_EQ(o.document.at("status"), "complete");
    EXPECT_EQ(o.document.at("runs")[0].at("tests").size(), 12u);
}

TEST(UnixBenchImport, TwoReportsInOneFileAreRefused) {
    EXPECT_EQ(error_of(fixture("two-reports.txt"), "both.txt"),
              "both.txt:44: a second report starts here; import each report from its own file");
}

TEST(UnixBenchImport, SecondReportStartsWhereItsConsoleOutputBegins) {
    const std::string report = fixture("v6.0-partial-index.txt");
    const std::string text = report + "ana@pi5:~/UnixBench$ ./Run\nmake all\n\n  ####\n" + report;
    const std::string e = error_of(text);
    EXPECT_EQ(e.rfind("r.txt:47: a second report starts here", 0), 0u) << e;
}

TEST(UnixBenchImport, LinesAfterTheReportAreIgnored) {
    const std::string text = fixture("v6.0-partial-index.txt") + "ana@pi5:~/UnixBench$ exit\n";
    const ImportOutcome o = import_unixbench_report(text, "r.txt", index_suite());
    EXPECT_TRUE(o.warnings.empty());
    EXPECT_EQ(o.document.at("status"), "complete");
}

TEST(UnixBenchImport, NoReportIsAnError) {
    EXPECT_EQ(error_of("make all\nChecking distribution of files\n"),
              "r.txt: no UnixBench report found (no header, copy-pass, result or index line)");
    EXPECT_NE(error_of(""), "");
    // A header and no copy-pass with test lines.
    const std::string report = fixture("v6.0-partial-index.txt");
    EXPECT_EQ(error_of(report.substr(0, report.find("Benchmark Run")), "h.txt"),
              "h.txt: no copy-pass with test lines (result or index lines) in this UnixBench "
              "report");
}

TEST(UnixBenchImport, ResultLineOfAnUnknownTestKeepsItsCategoryFromTheTable) {
    const std::string text =
        "Benchmark Run: Mon Nov 30 2026 02:45:57 - 02:52:40\n"
        "2 CPUs in system; running 1 parallel copy of tests\n"
        "\n"
        "Frobnicator Throughput                       1234.5 lps   (10.0 s, 7 samples)\n"
        "\n"
        "System Benchmarks Partial Index              BASELINE       RESULT    INDEX\n"
        "Frobnicator Throughput                          ---       1234.5      ---\n"
        "                                                                   ========\n"
        "System Benchmarks Index Score (Partial Only)                           0.0\n";
    const ImportOutcome o = import_unixbench_report(text, "r.txt", index_suite());
    const json &test = o.document.at("runs")[0].at("tests")[0];
    EXPECT_EQ(test.at("id"), "frobnicator-throughput");
    EXPECT_EQ(test.at("category"), "system");
    ASSERT_EQ(o.warnings.size(), 1u);
    EXPECT_EQ(o.warnings[0],
              "r.txt:4: unknown test \"Frobnicator Throughput\" (not in suite \"index\"); kept as "
              "\"frobnicator-throughput\"");
}

// A report of one result line and its index table, with `value` where the result goes.
std::string report_with_result(const std::string &value,
                               const std::string &period = "Mon Nov 30 2026 02:45:57 - 02:52:40") {
    return "Benchmark Run: " + period +
           "\n"
           "2 CPUs in system; running 1 parallel copy of tests\n"
           "\n"
           "System Call Overhead                    " +
           value +
           " lps   (10.0 s, 7 samples)\n"
           "\n"
           "System Benchmarks Partial Index              BASELINE       RESULT    INDEX\n"
           "System Call Overhead                          15000.0     701223.9    467.5\n"
           "                                                                   ========\n"
           "System Benchmarks Index Score (Partial Only)                         467.5\n";
}

ImportOptions strict() {
    ImportOptions options;
    options.skip_bad_lines = false;
    return options;
}

TEST(UnixBenchImport, ANumberTooLargeForADoubleIsAnErrorNamingItsLine) {
    const std::string huge = "1" + std::string(400, '0') + ".0";
    EXPECT_EQ(error_of(report_with_result(huge), "r.txt", strict()),
              "r.txt:4: the result: 1000000000000000... (403 characters) is not a finite number");
    // The importer that skips bad lines warns and leaves the value out.
    const ImportOutcome o =
        import_unixbench_report(report_with_result(huge), "r.txt", index_suite());
    ASSERT_EQ(o.warnings.size(), 1u);
    EXPECT_EQ(o.warnings[0],
              "r.txt:4: skipped: the result: 1000000000000000... (403 characters) is not a "
              "finite number");
    const json &test = test_of(o.document.at("runs")[0], "syscall");
    EXPECT_DOUBLE_EQ(test.at("value"), 701223.9);  // from the index table
    // A finite value of 300 digits is a value.
    const std::string large = "1" + std::string(300, '0');
    EXPECT_EQ(error_of(report_with_result(large), "r.txt", strict()), "");
}

TEST(UnixBenchImport, HugeNumbersElsewhereAreErrorsToo) {
    const std::string huge = std::string(320, '9');
    std::string text = report_with_result("701223.9");
    text.replace(text.find("467.5\n", text.find("Score")), 5, huge);
    EXPECT_EQ(error_of(text, "r.txt", strict()),
              "r.txt:9: the score: 9999999999999999... (320 characters) is not a finite number");
    text = report_with_result("701223.9");
    text.replace(text.find("15000.0"), 7, huge);
    EXPECT_EQ(error_of(text, "r.txt", strict()),
              "r.txt:7: the baseline: 9999999999999999... (320 characters) is not a finite "
              "number");
}

TEST(UnixBenchImport, AnImpossibleDateIsAWarningNamingItsLine) {
    for (const std::string period :
         {"Jun 99 9999 99:99:99", "Mon Feb 30 2026 02:45:57 - 02:52:40", "Feb 29 2025 10:00:00",
          "Mon Nov 30 2026 24:00:00", "Mon Nov 30 2026 02:60:00", "Mon Nov 30 2026 02:45:61",
          "Mon Nov 30 2026 02:45:57 - 02:99:40", "Nov 30 1969 10:00:00", "Nov 00 2026 10:00:00"}) {
        const ImportOutcome o =
            import_unixbench_report(report_with_result("701223.9", period), "r.txt", index_suite());
        ASSERT_EQ(o.warnings.size(), 1u) << period;
        EXPECT_EQ(
            o.warnings[0],
            "r.txt:1: cannot read the date and time of this copy-pass; kept as written: " + period);
        const json &run = o.document.at("runs")[0];
        EXPECT_FALSE(run.contains("start")) << period;
        EXPECT_FALSE(run.contains("end")) << period;
        EXPECT_EQ(run.at("date_text"), period);
    }
    // Possible ones, a leap day and a leap second among them.
    for (const std::string period :
         {"Thu Feb 29 2024 23:59:60 - 00:10:00", "Dec 31 1999 23:59:59", "Jan 1 1970 00:00:00"}) {
        const ImportOutcome o =
            import_unixbench_report(report_with_result("701223.9", period), "r.txt", index_suite());
        EXPECT_TRUE(o.warnings.empty()) << period << ": " << o.warnings.front();
        EXPECT_TRUE(o.document.at("runs")[0].contains("start")) << period;
    }
}

// ---------------------------------------------------------------------------
// Pasted reports (tests/fixtures/unixbench/pasted/, written by make_fixtures.py there).
// ---------------------------------------------------------------------------

// 10 * the geometric mean of value / baseline over the copy-pass's tests that the suite indexes:
// UnixBench's System Benchmarks Index Score, from the test lines as imported.
double index_score_from_tests(const json &run) {
    double log_sum = 0;
    int indexed = 0;
    for (const json &test : run.at("tests")) {
        const TestDef *def = index_suite().find_test(test.at("id"));
        if (def == nullptr || !def->baseline || def->category != "system") continue;
        log_sum += std::log(test.at("value").get<double>() / *def->baseline);
        ++indexed;
    }
    EXPECT_EQ(indexed, 12);
    return 10 * std::exp(log_sum / indexed);
}

struct PastedCase {
    std::string file;
    std::vector<int> copies;            // of each copy-pass
    std::vector<std::string> starts;    // each copy-pass's start ("" = none)
    std::vector<std::string> warnings;  // each warning, after "pasted/FILE:"
};

const std::vector<PastedCase> &pasted_cases() {
    static const std::vector<PastedCase> cases = {
        {"zh-note-instead-of-cpus.txt",
         {1, 16},
         {"2017-03-05T15:04:05", "2017-03-05T15:32:41"},
         {
             "9: the header lists 2 of the 16 CPUs; the other per-CPU lines were left out",
             "11: ignored a line that is not part of a UnixBench report: （CPU 1-14 的信息与 CPU 0 "
             "相同，此处省略）",
             "49: ignored a line that is not part of a UnixBench report: 单核成绩还不错，下面是 16 "
             "核并行的结果。",
         }},
        {"ja-date.txt", {1, 2}, {"2017-03-05T15:04:05", "2017-03-05T15:32:41"}, {}},
        {"zh-date.txt", {1}, {"2017-03-05T15:04:05"}, {}},
        {"wrapped-and-joined.txt",
         {1},
         {"2017-03-05T15:04:05"},
         {
             "15: joined with line 16: one report line that the page had wrapped",
             "17: read as 2 report lines that the page had run together",
             "21: read as 2 report lines that the page had run together",
             "27: read as 2 report lines that the page had run together",
             "31: joined with line 32: one report line that the page had wrapped",
             "41: joined with line 42: one report line that the page had wrapped",
         }},
        {"html-and-typography.txt",
         {1, 4},
         {"2017-03-05T15:04:05", "2017-03-05T15:32:41"},
         {
             "3: typographic quotes, dashes or spaces read as plain ASCII, here and below",
             "6: HTML tags and entities (<br>, &nbsp;, &amp;, ...) read as the text they stand "
             "for, here and below",
         }},
        {"de-date-with-commentary.txt",
         {1, 4},
         {"2017-03-05T15:04:05", "2017-03-05T15:32:41"},
         {
             "26: ignored a line that is not part of a UnixBench report: (Anmerkung: Execl war "
             "schon immer langsam.)",
             "53: ignored a line that is not part of a UnixBench report: Und jetzt mit 4 Kopien "
             "parallel:",
         }},
        {"fr-date-some-cpus.txt",
         {1, 4},
         {"2017-03-05T15:04:05", "2017-03-05T15:32:41"},
         {
             "7: the header lists 2 of the 4 CPUs; the other per-CPU lines were left out",
             "15: ignored a line that is not part of a UnixBench report: Remarque : j'ai lancé le "
             "test pendant la nuit.",
         }},
        {"es-and-iso-dates.txt", {1, 2}, {"2017-03-05T15:04:05", "2017-03-05T15:32:41"}, {}},
        {"unknown-locale-date.txt",
         {1},
         {""},
         {
             "12: cannot read the date and time of this copy-pass; kept as written: Вс 5 мар "
             "15:04:05 MSK 2017 - 15:32:41",
         }},
    };
    return cases;
}

TEST(UnixBenchImport, PastedReportsImportWithTheirScoresAndWarningsNamingLines) {
    for (const PastedCase &c : pasted_cases()) {
        SCOPED_TRACE(c.file);
        const std::string name = "pasted/" + c.file;
        ImportOutcome o;
        ASSERT_NO_THROW(o = import_fixture(name));
        const json &runs = o.document.at("runs");
        ASSERT_EQ(runs.size(), c.copies.size());
        for (size_t i = 0; i < runs.size(); ++i) {
            SCOPED_TRACE("copy-pass " + std::to_string(i + 1));
            const json &run = runs[i];
            EXPECT_EQ(run.at("copies"), c.copies[i]);
            EXPECT_EQ(run.at("tests").size(), 12u);
            EXPECT_EQ(run.value("start", ""), c.starts[i]);
            ASSERT_EQ(run.at("indexes").size(), 1u);
            const double reported = run.at("indexes")[0].at("score");
            EXPECT_LT(std::abs(index_score_from_tests(run) - reported), 0.1)
                << index_score_from_tests(run) << " vs " << reported;
            for (const json &test : run.at("tests"))
                EXPECT_NEAR(test.at("value").get<double>() / test.at("baseline").get<double>() * 10,
                            test.at("index").get<double>(), 0.05)
                    << test.at("id");
        }
        EXPECT_EQ(o.document.at("status"), "complete");
        std::vector<std::string> expected;
        for (const std::string &w : c.warnings) expected.push_back(name + ":" + w);
        EXPECT_EQ(o.warnings, expected);
        EXPECT_EQ(o.document.at("imported").at("warnings"), json(o.warnings));
    }
}

TEST(UnixBenchImport, NoteInsteadOfCpuLinesKeepsTheCpusThatAreThere) {
    const json s = import_fixture("pasted/zh-note-instead-of-cpus.txt").document.at("system");
    ASSERT_EQ(s.at("cpus").size(), 2u);
    EXPECT_EQ(s.at("cpus")[1].at("flags").size(), 7u);
    EXPECT_EQ(s.at("cpus_online"), 16);
    EXPECT_EQ(s.at("hostname"), "tianma");
}

TEST(UnixBenchImport, HtmlAndTypographyAreReadAsText) {
    const json d = import_fixture("pasted/html-and-typography.txt").document;
    EXPECT_EQ(d.at("system").at("kernel"), "4.9.0-8-amd64");
    EXPECT_EQ(d.at("system").at("language").at("charmap"), "UTF-8");
    EXPECT_DOUBLE_EQ(test_of(d.at("runs")[0], "shell1").at("value"), 7947.7);
    EXPECT_EQ(test_of(d.at("runs")[0], "context1").at("name"), "Pipe-based Context Switching");
}

TEST(UnixBenchImport, DatesInOtherLocales) {
    const std::vector<std::pair<std::string, std::string>> dates = {
        {"2017年 3月 5日 日曜日 15:04:05 JST", "2017-03-05T15:04:05"},
        {"2017年03月05日 星期日 15:04:05 CST - 15:32:41", "2017-03-05T15:04:05"},
        {"So 5. Mär 15:04:05 CET 2017", "2017-03-05T15:04:05"},
        {"dim. 5 mars 2017 15:04:05 CET", "2017-03-05T15:04:05"},
        {"mar feb  7 15:04:05 CET 2017", "2017-02-07T15:04:05"},  // martes, then the month
        {"dom mar  5 15:04:05 CET 2017", "2017-03-05T15:04:05"},
        {"domingo, 5 de marzo de 2017, 15:04:05 CET", "2017-03-05T15:04:05"},
        {"2017-03-05 15:04:05", "2017-03-05T15:04:05"},
        {"2017-03-05T15:04:05+01:00", "2017-03-05T15:04:05"},
        {"Sun Mar  5 15:04:05 UTC 2017", "2017-03-05T15:04:05"},
        {"2017년 3월 5일 일요일 15:04:05 KST", "2017-03-05T15:04:05"},
        {"Di 31. Dez 23:59:58 CET 2019 - 00:10:00", "2019-12-31T23:59:58"},
        {"Sun 05 Mar 2017 03:04:05 PM CET - 15:32:41", "2017-03-05T15:04:05"},
        {"Sun 05 Mar 2017 12:04:05 AM CET", "2017-03-05T00:04:05"},
        {"2017年 3月 5日 日曜日 午後 3:04:05 JST", "2017-03-05T15:04:05"},
    };
    for (const auto &[period, start] : dates) {
        const ImportOutcome o =
            import_unixbench_report(report_with_result("701223.9", period), "r.txt", index_suite());
        EXPECT_TRUE(o.warnings.empty()) << period << ": " << o.warnings.front();
        EXPECT_EQ(o.document.at("runs")[0].value("start", ""), start) << period;
    }
    const ImportOutcome o = import_unixbench_report(
        report_with_result("701223.9", "Di 31. Dez 23:59:58 CET 2019 - 00:10:00"), "r.txt",
        index_suite());
    EXPECT_EQ(o.document.at("runs")[0].at("end"), "2020-01-01T00:10:00");
}

TEST(UnixBenchImport, TheHeadingAndTheCpuCountRunTogetherAreTwoLines) {
    std::string text = report_with_result("701223.9");
    text.replace(text.find("\n2 CPUs"), 1, " ");
    const ImportOutcome o = import_unixbench_report(text, "r.txt", index_suite());
    ASSERT_EQ(o.warnings.size(), 1u);
    EXPECT_EQ(o.warnings[0], "r.txt:1: read as 2 report lines that the page had run together");
    const json &run = o.document.at("runs")[0];
    EXPECT_EQ(run.at("start"), "2026-11-30T02:45:57");
    EXPECT_EQ(run.at("cpus"), 2);
    EXPECT_EQ(run.at("copies"), 1);
}

}  // namespace
}  // namespace bytebench
