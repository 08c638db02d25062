// The `text` reporter: UnixBench 6.0's text report, rebuilt from a bytebench.result/1
// document; a comparison document is rendered by comparison_text.cpp.
//
// Scripts (PerfKitBenchmarker, LKP, ...) parse UnixBench's text report, so the layout and
// every printf format below are those of UnixBench 6.0's `Run` (displaySystem, logResults,
// logIndexCat, summarizeRun). Additions: a "bytebench <version>" line under the banner, the
// machine lines after the uptime line (common/machine_lines.h), a line for each test that gave no
// result (UnixBench aborted instead), "lower is better" on the line of a test whose value is,
// " !" after the line of a test the run warned about, a line after a copy-pass whose passes
// were disturbed (steal, other processes), the sections every format adds after a copy-pass
// (common/run_sections.h: metrics, warnings, ...), and a note on an incomplete run.
#include <bytebench/plugin.hpp>
#include <cctype>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "base/direction.h"
#include "base/json_read.h"
#include "common/c_format.h"
#include "common/document_writer.h"
#include "common/environment_access.h"
#include "common/machine_lines.h"
#include "common/number_text.h"
#include "common/result_access.h"
#include "common/result_sections.h"
#include "common/run_sections.h"
#include "common/time_text.h"
#include "comparison_text.h"
#include "section_text.h"
#include "statistics_text.h"

namespace {

using nlohmann::json;

using bytebench::elements;
using bytebench::flag_member;
using bytebench::integer_or_zero;
using bytebench::member;
using bytebench::number_member;
using bytebench::number_or_zero;
using bytebench::string_member;
using bytebench::to_integer;
using bytebench::reporters::category_indexed;
using bytebench::reporters::clock_text;
using bytebench::reporters::ClockTime;
using bytebench::reporters::counted;
using bytebench::reporters::date_time_text;
using bytebench::reporters::display_name;
using bytebench::reporters::format;
using bytebench::reporters::index_title;
using bytebench::reporters::machine_lines;
using bytebench::reporters::MachineLine;
using bytebench::reporters::made_by_text;
using bytebench::reporters::parse_iso8601;
using bytebench::reporters::test_index;
using bytebench::reporters::test_is_ok;
using bytebench::reporters::test_status;
using bytebench::reporters::test_warnings;
using bytebench::reporters::tests_by_name;
using bytebench::reporters::unixbench_version;

// ---------------------------------------------------------------------------
// Formatting. Everything is formatted inside a CLocaleScope: UnixBench (Perl without
// `use locale`) always prints '.', whatever the locale the worker runs under.
// ---------------------------------------------------------------------------

std::string upper(std::string text) {
    for (char &c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return text;
}

std::string join(const json &strings, const char *separator) {
    std::string text;
    for (const json &item : elements(strings)) {
        if (!item.is_string()) continue;
        if (!text.empty()) text += separator;
        text += item.get<std::string>();
    }
    return text;
}

// ---------------------------------------------------------------------------
// Times: the benchmarked machine's clock, as the document wrote it (time_text.h).
// ---------------------------------------------------------------------------

// An unparsable time is shown as written rather than dropped.
std::string run_time_text(const std::string &iso, bool with_date) {
    const std::optional<ClockTime> t = parse_iso8601(iso);
    if (!t) return iso;
    return with_date ? date_time_text(*t) : clock_text(*t);
}

// The uptime part of procps' `uptime` output ("1 day,  2:04, " / "12:30, " / "9 min, "),
// which UnixBench prints as is. The user count is not recorded, so it is left out.
std::string uptime_text(double seconds) {
    const long long total = seconds > 0 ? to_integer(seconds) : 0;
    const long long days = total / 86400;
    const long long hours = total / 3600 % 24;
    const long long minutes = total / 60 % 60;
    std::string text;
    if (days != 0) text += counted(days, "day", "days") + ", ";
    if (hours != 0) return text + format("%2lld:%02lld, ", hours, minutes);
    return text + format("%lld min, ", minutes);
}

// ---------------------------------------------------------------------------
// The report header: banner and system description (UnixBench's displaySystem).
// ---------------------------------------------------------------------------

// An imported report names the UnixBench that wrote it, as it did itself.
void write_banner(const json &doc, std::ostream &out) {
    const json &tool = member(doc, "tool");
    const std::string version = unixbench_version(doc);
    out << "   BYTE UNIX Benchmarks ("
        << (version.empty() ? "version unknown" : "Version " + version) << ")\n";
    out << format("   %s (ABI %s)\n", made_by_text(doc).c_str(),
                  string_member(tool, "abi").c_str());
    out << "\n";
}

void write_cpus(const json &system, std::ostream &out) {
    const json &cpus = elements(member(system, "cpus"));
    if (cpus.empty()) {
        out << "   CPU: no details available\n";
        return;
    }
    int number = 0;
    for (const json &cpu : cpus) {
        out << format("   CPU %d: %s (%.1f bogomips)\n", number++,
                      string_member(cpu, "model").c_str(), number_or_zero(cpu, "bogomips"));
        const std::string flags = join(member(cpu, "flags"), ", ");
        if (!flags.empty()) out << format("          %s\n", flags.c_str());
    }
}

// UnixBench prints the output of `uptime` here; it is rebuilt from the recorded values, with
// the clock time of the first run's start standing in for the time `uptime` was called.
void write_load(const json &system, const json &runs, std::ostream &out) {
    std::string clock;
    if (!runs.empty()) {
        const std::optional<ClockTime> start = parse_iso8601(string_member(runs[0], "start"));
        if (start) clock = clock_text(*start) + " ";
    }
    const json &load = elements(member(system, "load_average"));
    double averages[3] = {0, 0, 0};
    for (size_t i = 0; i < 3 && i < load.size(); ++i)
        if (load[i].is_number()) averages[i] = load[i].get<double>();
    out << format("   %sup %s load average: %.2f, %.2f, %.2f; runlevel %s\n", clock.c_str(),
                  uptime_text(number_or_zero(system, "uptime_s")).c_str(), averages[0], averages[1],
                  averages[2], string_member(system, "runlevel").c_str());
}

// UnixBench's "Graphics:" line, the first line of 3dinfo cut at "(": the GL renderer of
// system.display when a display was used, or an imported report's line; "" for neither.
std::string graphics_line(const json &system) {
    if (const std::string imported = string_member(system, "graphics"); !imported.empty())
        return imported;
    const json &display = member(system, "display");
    const std::string renderer = string_member(display, "gl_renderer");
    if (renderer.empty() || renderer == "unknown" || string_member(display, "source") == "none")
        return "";
    return renderer;
}

void write_system(const json &doc, std::ostream &out) {
    const json &system = member(doc, "system");
    const json &language = member(system, "language");
    const auto field = [&](const char *key) { return string_member(system, key); };
    out << format("   System: %s: %s\n", field("hostname").c_str(), field("os").c_str());
    out << format("   OS: %s -- %s -- %s\n", field("os").c_str(), field("kernel").c_str(),
                  field("kernel_version").c_str());
    out << format("   Machine: %s (%s)\n", field("machine").c_str(), field("platform").c_str());
    out << format("   Language: %s (charmap=\"%s\", collate=\"%s\")\n",
                  string_member(language, "lang").c_str(),
                  string_member(language, "charmap").c_str(),
                  string_member(language, "collate").c_str());
    if (const std::string graphics = graphics_line(system); !graphics.empty())
        out << "   Graphics: " << graphics << "\n";
    // `-b` (brief) in UnixBench drops the per-CPU lines, which grow long on big machines.
    if (!flag_member(member(doc, "render"), "brief")) write_cpus(system, out);
    write_load(system, elements(member(doc, "runs")), out);
    // bytebench's machine lines (CPU, topology, OS, VM, ...) follow UnixBench's.
    for (const MachineLine &line : machine_lines(system))
        out << "   " << line.label << ": " << line.text << "\n";
    out << "\n";
}

// ---------------------------------------------------------------------------
// One copy-pass (UnixBench's summarizeRun, logResults and logIndexCat).
// ---------------------------------------------------------------------------

void write_run_heading(const json &run, const json &system, std::ostream &out) {
    std::string period = run_time_text(string_member(run, "start"), true);
    const std::string end = string_member(run, "end");
    // An interrupted run may have no end time; " - " with nothing after it would mislead.
    if (!end.empty()) period += " - " + run_time_text(end, false);
    const std::optional<double> cpus = number_member(run, "cpus");
    const long long cpu_count = to_integer(cpus ? *cpus : number_or_zero(system, "cpus_online"));
    out << "------------------------------------------------------------------------\n";
    out << format("Benchmark Run: %s\n", period.c_str());
    out << format(
        "%s in system; running %s of tests\n", counted(cpu_count, "CPU", "CPUs").c_str(),
        counted(integer_or_zero(run, "copies"), "parallel copy", "parallel copies").c_str());
    out << "\n";
}

// Beside the line of a test the run warned about (after the line's own text, where parsers
// of UnixBench's report do not look).
constexpr const char *kWarned = " !";

void write_test_line(const json &test, std::ostream &out) {
    const std::string name = display_name(test);
    const char *mark = test_warnings(test).empty() ? "" : kWarned;
    if (test_is_ok(test)) {
        // Only a lower-is-better value says its direction: UnixBench's lines stay as they were.
        const bool lower =
            bytebench::direction_member(test) == bytebench::Direction::lower_is_better;
        out << format("%-40s %12.1f %-5s (%.1f s, %lld samples%s)%s\n", name.c_str(),
                      number_or_zero(test, "value"), string_member(test, "unit").c_str(),
                      number_or_zero(test, "time_s"), integer_or_zero(test, "samples"),
                      lower ? ", lower is better" : "", mark);
        return;
    }
    const std::string label = upper(test_status(test));
    const std::string error = string_member(test, "error");
    if (error.empty())
        out << format("%-40s %s%s\n", name.c_str(), label.c_str(), mark);
    else
        out << format("%-40s %s: %s%s\n", name.c_str(), label.c_str(), error.c_str(), mark);
}

void write_index_line(const json &test, std::ostream &out) {
    const std::string name = display_name(test);
    const double value = number_or_zero(test, "value");
    if (const std::optional<double> index = test_index(test))
        out << format("%-40s %12.1f %12.1f %8.1f\n", name.c_str(), number_or_zero(test, "baseline"),
                      value, *index);
    else
        out << format("%-40s %12s %12.1f %8s\n", name.c_str(), "---", value, "---");
}

// "" when the run's index is UnixBench's (or the result predates the mark),
// else the line that says it is not and why.
std::string not_comparable_note(const json &doc) {
    const json &suite = member(doc, "suite");
    const json &mark = member(suite, "index_comparable_with_unixbench");
    if (!mark.is_boolean() || mark.get<bool>()) return "";
    return "(not comparable with UnixBench's index: " +
           string_member(suite, "index_not_comparable_because") + ")";
}

void write_index(const json &index, const std::vector<const json *> &tests, const std::string &note,
                 std::ostream &out) {
    const std::string category = string_member(index, "category");
    const std::string title = index_title(index);
    const bool partial = flag_member(index, "partial");
    out << format("%-40s %12s %12s %8s\n",
                  (title + (partial ? " Partial Index" : " Index Values")).c_str(), "BASELINE",
                  "RESULT", "INDEX");
    for (const json *test : tests)
        if (test_is_ok(*test) && string_member(*test, "category") == category)
            write_index_line(*test, out);
    out << format("%-40s %12s %12s %8s\n", "", "", "", "========");
    out << format("%-66s %8.1f\n",
                  (title + " Index Score" + (partial ? " (Partial Only)" : "")).c_str(),
                  number_or_zero(index, "score"));
    if (!note.empty()) out << note << "\n";
    out << "\n";
}

// "(2 of 70 passes were disturbed by steal, other processes or throttling; --stats says
// which)"; "" when none was.
std::string disturbed_note(const json &run) {
    const auto [disturbed, passes] = bytebench::reporters::run_disturbed_count(run);
    if (disturbed <= 0) return "";
    return format(
        "(%lld of %lld %s %s disturbed by steal, other processes or throttling; "
        "--stats says which)",
        disturbed, passes, passes == 1 ? "pass" : "passes", disturbed == 1 ? "was" : "were");
}

void write_run(const json &run, const json &system, const std::string &note, std::ostream &out) {
    write_run_heading(run, system, out);
    const std::vector<const json *> tests = tests_by_name(run);
    for (const json *test : tests) write_test_line(*test, out);
    out << "\n";
    for (const json &index : elements(member(run, "indexes")))
        if (category_indexed(index)) write_index(index, tests, note, out);
    // Not UnixBench's: one line when passes were disturbed (steal, other processes), so that
    // a report without --stats still says its numbers are in doubt. Parsers of UnixBench's
    // report skip it, as they skip the note on a not comparable index.
    if (const std::string disturbed = disturbed_note(run); !disturbed.empty())
        out << disturbed << "\n\n";
}

void write_result(const json &doc, std::ostream &out) {
    write_banner(doc, out);
    write_system(doc, out);
    const json &system = member(doc, "system");
    const std::string note = not_comparable_note(doc);
    // `--stats` appends the statistics of each copy-pass after its UnixBench block.
    const bool stats = flag_member(member(doc, "render"), "stats");
    for (const json &run : elements(member(doc, "runs"))) {
        write_run(run, system, note, out);
        if (stats) bytebench::reporters::text::write_run_statistics(run, out);
        for (const auto &section : bytebench::reporters::run_sections(run))
            if (stats || !section.detail) bytebench::reporters::text::write_section(section, out);
    }
    // A --scaling run ends with its scaling table (other runs with 1 and N copies keep
    // UnixBench's layout unless --stats asks for details; their JSON has the numbers).
    for (const auto &section : bytebench::reporters::result_sections(doc))
        if (stats || !section.detail) bytebench::reporters::text::write_section(section, out);
    if (string_member(doc, "status") == "incomplete")
        out << "*** Incomplete run: results above are what was measured before it stopped ***\n";
}

void write_text_report(std::string_view text, std::ostream &out) {
    bytebench::reporters::write_document(text, "text", &write_result,
                                         &bytebench::reporters::text::write_comparison_text, out);
}

const auto kTextReporter =
    bytebench::Reporter<&write_text_report>("text")
        .name("UnixBench text report")
        .description("UnixBench 6.0's text report, line for line; comparisons as a table")
        .extension("txt")
        .documents(BB_DOCUMENT_RESULT | BB_DOCUMENT_COMPARISON);

}  // namespace

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.text")
                     .name("bytebench text reporter")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(kTextReporter))
