#include "import/unixbench_import.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <limits>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <tuple>
#include <utility>

#include "base/decimal.h"
#include "base/local_time.h"
#include "base/schema_name.h"
#include "import/pasted_text.h"
#include "model/run_record.h"
#include "plan/suite_file.h"

namespace bytebench {

namespace {

using nlohmann::json;

// ---------------------------------------------------------------------------
// Small helpers.
// ---------------------------------------------------------------------------

// A line as quoted in a message: long lines (a CPU flags line) are cut, on a character boundary.
std::string shorten(const std::string &line) {
    const size_t limit = 72;
    if (line.size() <= limit) return line;
    size_t cut = limit - 3;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
    return line.substr(0, cut) + "...";
}

// Test and category names are compared without case and spacing, and with any run of dashes
// as one: pastes collapse spaces and turn "--" into a single dash.
std::string name_key(const std::string &name) {
    std::string key;
    for (const char c : name) {
        if (c == ' ') continue;
        if (c == '-' && !key.empty() && key.back() == '-') continue;
        key += char(std::tolower(static_cast<unsigned char>(c)));
    }
    return key;
}

std::string slug(const std::string &text) {
    std::string out;
    for (const char c : text) {
        if (std::isalnum(static_cast<unsigned char>(c)))
            out += char(std::tolower(static_cast<unsigned char>(c)));
        else if (!out.empty() && out.back() != '-')
            out += '-';
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out.empty() ? "test" : out;
}

// Numbers in the report come from Perl's printf in the C locale; from_chars ignores the
// process's locale, unlike stod.
std::optional<double> parse_number(const std::string &text) {
    double value = 0;
    const char *end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end) return std::nullopt;
    return value;
}

bool is_dashes(const std::string &text) {
    return !text.empty() && text.find_first_not_of('-') == std::string::npos;
}

std::string strip_quotes(std::string text) {
    if (text.size() >= 2 && text.front() == '"' && text.back() == '"')
        text = text.substr(1, text.size() - 2);
    return text;
}

constexpr auto kIcase = std::regex::ECMAScript | std::regex::icase;
constexpr size_t kLongestLine = 2000;

// ---------------------------------------------------------------------------
// Header values.
// ---------------------------------------------------------------------------

// "3 days, 2:11", "41 min", "1 day, 13 min", "5:03", "2 days, 3 hours, 4 minutes" (uptime -p).
std::optional<double> uptime_seconds(const std::string &uptime) {
    static const std::regex up(R"(\bup (.*?)(?:,? \d+ users?\b|,? load averages?:|$))", kIcase);
    std::smatch m;
    if (!std::regex_search(uptime, m, up)) return std::nullopt;
    const std::string span = m[1];
    static const std::regex clock(R"((\d{1,6}):(\d\d))");
    static const std::regex amount(R"((\d{1,9}) (day|hour|hr|minute|min|second|sec)s?\b)", kIcase);
    double seconds = 0;
    bool found = false;
    if (std::regex_search(span, m, clock)) {
        seconds += std::stoi(m[1]) * 3600.0 + std::stoi(m[2]) * 60.0;
        found = true;
    }
    for (auto it = std::sregex_iterator(span.begin(), span.end(), amount);
         it != std::sregex_iterator(); ++it) {
        const double n = std::stoi((*it)[1]);
        switch (std::tolower(static_cast<unsigned char>((*it)[2].str()[0]))) {
            case 'd':
                seconds += n * 86400;
                break;
            case 'h':
                seconds += n * 3600;
                break;
            case 'm':
                seconds += n * 60;
                break;
            default:
                seconds += n;
        }
        found = true;
    }
    if (!found) return std::nullopt;
    return seconds;
}

// "load average: 0.11, 0.12, 0.05"; macOS writes "load averages: 1.50 1.62 1.70" and some
// locales a decimal comma ("0,11, 0,12, 0,05"). The three numbers as written, with a point.
std::vector<std::string> load_averages(const std::string &uptime) {
    static const std::regex load(
        R"(load averages?: (\d+(?:[.,]\d+)?),? (\d+(?:[.,]\d+)?),? (\d+(?:[.,]\d+)?))", kIcase);
    std::smatch m;
    if (!std::regex_search(uptime, m, load)) return {};
    std::vector<std::string> texts;
    for (int k = 1; k <= 3; ++k) {
        std::string text = m[k];
        std::replace(text.begin(), text.end(), ',', '.');
        texts.push_back(text);
    }
    return texts;
}

int month_number(const std::string &name) {
    static const char *const kMonths[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                          "jul", "aug", "sep", "oct", "nov", "dec"};
    const std::string key = name_key(name).substr(0, 3);
    for (int i = 0; i < 12; ++i)
        if (key == kMonths[i]) return i + 1;
    return 0;
}

int days_in_month(int year, int month) {
    static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return month == 2 && leap ? 29 : kDays[month - 1];
}

std::string iso_time(const std::tm &t) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%04d-%02d-%02dT%02d:%02d:%02d", t.tm_year + 1900, t.tm_mon + 1,
                  t.tm_mday, t.tm_hour, t.tm_min, t.tm_sec);
    return buf;
}

// "Mon Nov 30 2026 02:45:57 - 02:52:40" → start and end in ISO 8601 without an offset (the
// report does not say which zone its clock was in). An end before the start is the next day.
bool parse_run_period(const std::string &text, std::string &start, std::string &end) {
    static const std::regex period(
        R"(^(?:[A-Za-z]+ )?([A-Za-z]+) (\d{1,2}) (\d{4}) (\d{1,2}):(\d\d):(\d\d)(?: ?- ?(\d{1,2}):(\d\d):(\d\d))?$)");
    std::smatch m;
    if (!std::regex_match(text, m, period)) return false;
    const int month = month_number(m[1]);
    if (month == 0) return false;
    // Only a time a clock can show ("Jun 99 9999 99:99:99" is none): timegm would
    // quietly carry the excess into the next minute, day or month.
    const int year = std::stoi(m[3]);
    const auto clock_time = [&](int h, int min, int sec) {
        return std::stoi(m[h]) <= 23 && std::stoi(m[min]) <= 59 && std::stoi(m[sec]) <= 60;
    };
    if (year < 1970 || std::stoi(m[2]) < 1 || std::stoi(m[2]) > days_in_month(year, month) ||
        !clock_time(4, 5, 6) || (m[7].matched && !clock_time(7, 8, 9)))
        return false;
    std::tm t{};
    t.tm_year = std::stoi(m[3]) - 1900;
    t.tm_mon = month - 1;
    t.tm_mday = std::stoi(m[2]);
    t.tm_hour = std::stoi(m[4]);
    t.tm_min = std::stoi(m[5]);
    t.tm_sec = std::stoi(m[6]);
    start = iso_time(t);
    end.clear();
    if (!m[7].matched) return true;
    std::tm e = t;
    e.tm_hour = std::stoi(m[7]);
    e.tm_min = std::stoi(m[8]);
    e.tm_sec = std::stoi(m[9]);
    if (std::make_tuple(e.tm_hour, e.tm_min, e.tm_sec) <
        std::make_tuple(t.tm_hour, t.tm_min, t.tm_sec)) {
        // timegm normalises the 32nd of a month into the next one.
        ++e.tm_mday;
        const std::time_t next = timegm(&e);
        gmtime_r(&next, &e);
    }
    end = iso_time(e);
    return true;
}

// ---------------------------------------------------------------------------
// What was read.
// ---------------------------------------------------------------------------

struct CpuInfo {
    std::string model;
    double bogomips = 0;
    std::vector<std::string> flags;
    std::string features;  // aarch64: UnixBench 6.0 prints "CPU Features: <cpuinfo Features>"
};

struct TestEntry {
    std::string key, id, name, category, unit;
    std::optional<double> value, time_s, baseline, index;
    std::optional<int> samples;
    bool has_result_line = false;
    bool has_index_line = false;
};

struct IndexBlock {
    int line = 0;
    std::string title, category;
    bool partial = false;
    int with_baseline = 0;  // table lines that have a baseline
    std::optional<double> score;
    std::vector<std::string> members;  // test keys
};

struct CopyPass {
    int line = 0;  // where it starts in the file
    std::optional<int> copies, cpus;
    std::string start, end;
    std::vector<TestEntry> tests;
    std::vector<IndexBlock> indexes;
    bool block_open = false;  // the last index table has not had its score line yet

    TestEntry *find(const std::string &key) {
        for (TestEntry &t : tests)
            if (t.key == key) return &t;
        return nullptr;
    }
    const TestEntry *find(const std::string &key) const {
        for (const TestEntry &t : tests)
            if (t.key == key) return &t;
        return nullptr;
    }
    const IndexBlock *find_block(const std::string &title_key) const {
        for (const IndexBlock &b : indexes)
            if (name_key(b.title) == title_key) return &b;
        return nullptr;
    }
};

// ---------------------------------------------------------------------------
// The reader: one pass over the lines, a small state machine.
//
// Lines before the first line that belongs to a report (logo, make output, progress lines,
// blog text) are ignored. A line the reader does not understand is only held back: if another
// report line follows, it was inside the report and is an error (or, with skip_bad_lines, a
// warning); if the file ends first, it was trailing text (a shell prompt, a blog's comments).
// ---------------------------------------------------------------------------

class ReportReader {
  public:
    ReportReader(std::string file, const Suite &suite, const ImportOptions &options)
        : file_(std::move(file)), suite_(suite), options_(options) {
        for (const TestDef &t : suite_.tests) tests_by_key_.emplace(name_key(t.name), &t);
        for (const CategoryDef &c : suite_.categories)
            categories_by_key_.emplace(name_key(c.title), c.id);
    }

    void read(const std::string &text) {
        int number = 0;
        size_t begin = 0;
        while (begin < text.size()) {
            // Lines end at LF, CRLF or a lone CR (old Mac pastes).
            size_t stop = text.find_first_of("\r\n", begin);
            if (stop == std::string::npos) stop = text.size();
            read_line(++number, text.substr(begin, stop - begin));
            if (stop < text.size() && text[stop] == '\r' && stop + 1 < text.size() &&
                text[stop + 1] == '\n')
                ++stop;
            begin = stop + 1;
        }
    }

    ImportOutcome finish(const std::string &text);

  private:
    // --- messages ---
    std::string at(int line) const { return file_ + ":" + std::to_string(line) + ": "; }
    [[noreturn]] void fail(int line, const std::string &message) const {
        throw ImportError(at(line) + message);
    }
    void warn(int line, const std::string &message) { warnings_.emplace_back(line, message); }
    void bad_line(int line, const std::string &message) {
        if (!options_.skip_bad_lines) fail(line, message);
        warn(line, "skipped: " + message);
    }
    // A number of the report: finite and not negative, else a bad line (an error, or with
    // skip_bad_lines a warning) and nothing.
    std::optional<double> read_number(int line, const std::string &text, const std::string &what);
    [[noreturn]] void second_report(int line) const {
        fail(first_after_report_ != 0 ? first_after_report_ : line,
             "a second report starts here; import each report from its own file");
    }

    // --- lines ---
    void read_line(int number, const std::string &raw);
    bool is_neutral(const std::string &line);
    void accept();
    bool parse_banner(int number, const std::string &line);
    bool parse_header_line(int number, const std::string &line);
    bool parse_cpu_line(int number, const std::string &line);
    bool parse_flags_line(const std::string &line);
    bool parse_uptime_line(int number, const std::string &line);
    bool parse_run_heading(int number, const std::string &line);
    bool parse_cpu_count_line(int number, const std::string &line);
    bool parse_result_line(int number, const std::string &line);
    bool parse_index_header(int number, const std::string &line);
    bool parse_index_line(int number, const std::string &line);
    bool parse_score_line(int number, const std::string &line);
    bool parse_no_index_line(const std::string &line);

    // --- state ---
    void begin_header_field(int number, const std::string &field);
    CopyPass &start_run(int line);
    CopyPass &current_run(int line) { return runs_.empty() ? start_run(line) : runs_.back(); }
    void close_open_block();
    TestEntry &test_for(CopyPass &run, const std::string &name, int line);
    std::string category_for_title(const std::string &title) const;

    // --- output ---
    // The report's own version line, else the console logo's.
    std::string effective_version() const { return !version_.empty() ? version_ : logo_version_; }
    bool check_truncation();
    json system_json() const;
    json run_json(const CopyPass &run) const;
    json block_json(const CopyPass &run, const IndexBlock &block) const;
    int suite_indexed_total(const std::string &category) const;

    std::string file_;
    const Suite &suite_;
    ImportOptions options_;
    std::map<std::string, const TestDef *> tests_by_key_;
    std::map<std::string, std::string> categories_by_key_;

    bool started_ = false;        // a report line has been read
    int first_after_report_ = 0;  // first non-blank line after the last report line
    std::vector<std::pair<int, std::string>> pending_;  // lines not understood, held back
    bool expect_flags_ = false;                         // the previous report line was "CPU n:"

    std::string version_, logo_version_;
    std::set<std::string> header_fields_;
    json system_ = json::object();
    std::vector<CpuInfo> cpus_;
    std::vector<CopyPass> runs_;
    std::set<std::string> warned_names_;
    std::vector<std::pair<int, std::string>> warnings_;  // (line, message)
};

std::optional<double> ReportReader::read_number(int line, const std::string &text,
                                                const std::string &what) {
    const DecimalRange range = DecimalRange::at_least(0);
    const Decimal read = read_decimal(text, range, what);
    if (read) return read.value;
    // A number of 400 digits is quoted by its first ones.
    const std::string written =
        text.size() <= 24
            ? text
            : text.substr(0, 16) + "... (" + std::to_string(text.size()) + " characters)";
    const std::string problem = decimal_problem(read.value, range, what, written);
    bad_line(line, problem.empty() ? read.error : problem);
    return std::nullopt;
}

void ReportReader::read_line(int number, const std::string &raw) {
    const std::string line = normalize_line(raw);
    if (line.empty()) return;
    if (started_ && first_after_report_ == 0) first_after_report_ = number;
    // No report line is this long; std::regex backtracks recursively and could exhaust the
    // stack on a huge line (a minified web page, a binary file).
    if (line.size() > kLongestLine) {
        if (started_) pending_.emplace_back(number, line);
        return;
    }
    if (is_neutral(line)) return;
    // Order matters where patterns overlap: an index line is tried before the CPU flags line,
    // which would take almost anything.
    if (parse_banner(number, line) || parse_header_line(number, line) ||
        parse_cpu_line(number, line) || parse_uptime_line(number, line) ||
        parse_run_heading(number, line) || parse_cpu_count_line(number, line) ||
        parse_result_line(number, line) || parse_index_header(number, line) ||
        parse_score_line(number, line) || parse_no_index_line(line) ||
        parse_index_line(number, line) || parse_flags_line(line))
        return;
    if (started_) pending_.emplace_back(number, line);
}

// Lines that carry nothing, wherever they are: rulers, code fences, "..." where a paste left
// lines out, the console's progress lines and logo.
bool ReportReader::is_neutral(const std::string &line) {
    static const std::regex neutral(
        R"(^(?:=+|-{2,}|_{3,}|```.*|~~~.*|</?(?:pre|code)\b[^>]*>|[\[(]?(?:\.{3,}|snip|snipped)[\])]?|\d+ x \S.*|[# ]*#[# ]*)$)",
        kIcase);
    if (std::regex_match(line, neutral)) return true;
    // The console logo's "Version 5.1.3   Based on the Byte Magazine Unix Benchmark".
    static const std::regex logo(R"(^Version (\S+) Based on the Byte Magazine Unix Benchmark$)",
                                 kIcase);
    std::smatch m;
    if (!std::regex_match(line, m, logo)) return false;
    if (logo_version_.empty()) logo_version_ = m[1];
    return true;
}

// Called by a parse_* function once it knows its line belongs to the report: lines held back
// since the last report line were inside the report.
void ReportReader::accept() {
    const auto pending = std::move(pending_);
    pending_.clear();
    for (const auto &[line, text] : pending) bad_line(line, "cannot understand: " + shorten(text));
    started_ = true;
    first_after_report_ = 0;
    expect_flags_ = false;
}

// A header field seen again, or after the copy-passes began, belongs to another report.
void ReportReader::begin_header_field(int number, const std::string &field) {
    if (!runs_.empty() || header_fields_.count(field) != 0) second_report(number);
    accept();
    header_fields_.insert(field);
}

bool ReportReader::parse_banner(int number, const std::string &line) {
    static const std::regex banner(R"(^BYTE UNIX Benchmarks(?: \(Version ([^ )]+)\))?$)", kIcase);
    std::smatch m;
    if (!std::regex_match(line, m, banner)) return false;
    if (started_) second_report(number);
    accept();
    version_ = m[1];
    return true;
}

bool ReportReader::parse_header_line(int number, const std::string &line) {
    static const std::regex field(R"(^(System|OS|Machine|Language|Graphics): ?(.*)$)", kIcase);
    static const std::regex no_cpus(R"(^CPU: no details available$)", kIcase);
    std::smatch m;
    if (std::regex_match(line, no_cpus)) {
        begin_header_field(number, "cpu");
        return true;
    }
    if (!std::regex_match(line, m, field)) return false;
    const std::string name = name_key(m[1]);
    const std::string value = m[2];
    begin_header_field(number, name);
    if (name == "system") {
        // "<hostname>: <uname -o, or the distribution's release file>"
        const size_t colon = value.find(": ");
        system_["hostname"] = value.substr(0, colon);
        if (colon != std::string::npos && colon + 2 < value.size())
            system_["description"] = value.substr(colon + 2);
    } else if (name == "os") {
        // "<uname -o> -- <uname -r> -- <uname -v>"; pastes turn " -- " into " - ".
        static const std::regex parts(R"(^(.*?) --? (\S+)(?: --?(?: (.*))?)?$)");
        std::smatch p;
        if (std::regex_match(value, p, parts)) {
            system_["os"] = p[1].str();
            system_["kernel"] = p[2].str();
            if (p[3].matched) system_["kernel_version"] = p[3].str();
        } else if (!value.empty()) {
            system_["os"] = value;
        }
    } else if (name == "machine") {
        static const std::regex parts(R"(^(.*?)(?: ?\((.*)\))?$)");
        std::smatch p;
        std::regex_match(value, p, parts);
        if (p[1].length() > 0) system_["machine"] = p[1].str();
        if (p[2].matched) system_["platform"] = p[2].str();
    } else if (name == "language") {
        static const std::regex parts(R"(^(.*?) ?\(charmap=(.*?), ?collate=(.*?)\)$)", kIcase);
        std::smatch p;
        if (std::regex_match(value, p, parts))
            system_["language"] = {{"lang", p[1].str()},
                                   {"charmap", strip_quotes(p[2])},
                                   {"collate", strip_quotes(p[3])}};
        else
            system_["language"] = {{"lang", value}};
    } else {
        system_["graphics"] = value;
    }
    return true;
}

bool ReportReader::parse_cpu_line(int number, const std::string &line) {
    static const std::regex cpu(R"(^CPU (\d{1,6}): ?(.*?) ?\((\d+(?:\.\d+)?) bogomips\)$)", kIcase);
    std::smatch m;
    if (!std::regex_match(line, m, cpu)) return false;
    begin_header_field(number, "cpu " + m[1].str());
    CpuInfo info;
    info.model = m[2];
    info.bogomips = read_number(number, m[3], "bogomips").value_or(0);
    cpus_.push_back(info);
    expect_flags_ = true;
    return true;
}

// The line after "CPU n:": UnixBench's names for some x86 flags, comma-separated, or on
// aarch64 (6.0) "CPU Features: <cpuinfo Features>".
bool ReportReader::parse_flags_line(const std::string &line) {
    if (!expect_flags_ || cpus_.empty()) return false;
    static const std::regex features(R"(^CPU Features: ?(.*)$)", kIcase);
    static const std::regex flags(
        R"(^[A-Za-z0-9][A-Za-z0-9 /.+_()-]*(?: ?, ?[A-Za-z0-9][A-Za-z0-9 /.+_()-]*)*$)");
    std::smatch m;
    if (std::regex_match(line, m, features)) {
        accept();
        cpus_.back().features = m[1];
        return true;
    }
    if (!std::regex_match(line, flags)) return false;
    accept();
    size_t begin = 0;
    while (begin <= line.size()) {
        size_t comma = line.find(',', begin);
        if (comma == std::string::npos) comma = line.size();
        std::string flag = line.substr(begin, comma - begin);
        while (!flag.empty() && flag.front() == ' ') flag.erase(flag.begin());
        while (!flag.empty() && flag.back() == ' ') flag.pop_back();
        if (!flag.empty()) cpus_.back().flags.push_back(flag);
        begin = comma + 1;
    }
    return true;
}

// "<uptime output>; runlevel <level>"
bool ReportReader::parse_uptime_line(int number, const std::string &line) {
    static const std::regex with_runlevel(R"(^(.*); ?runlevel(?: (.*))?$)", kIcase);
    static const std::regex load(R"(\bload averages?:)", kIcase);
    std::smatch m;
    const bool has_runlevel = std::regex_match(line, m, with_runlevel);
    if (!has_runlevel && !std::regex_search(line, load)) return false;
    begin_header_field(number, "uptime");
    std::string uptime = has_runlevel ? m[1].str() : line;
    while (!uptime.empty() && uptime.back() == ' ') uptime.pop_back();
    if (!uptime.empty()) system_["uptime_text"] = uptime;
    if (has_runlevel) system_["runlevel"] = m[2].str();
    if (const std::vector<std::string> texts = load_averages(uptime); !texts.empty()) {
        json averages = json::array();
        for (const std::string &text : texts)
            if (const auto value = read_number(number, text, "load average"))
                averages.push_back(*value);
        if (averages.size() == texts.size()) system_["load_average"] = averages;
    }
    if (const auto seconds = uptime_seconds(uptime)) system_["uptime_s"] = *seconds;
    return true;
}

bool ReportReader::parse_run_heading(int number, const std::string &line) {
    static const std::regex heading(R"(^Benchmark Run: ?(.*)$)", kIcase);
    std::smatch m;
    if (!std::regex_match(line, m, heading)) return false;
    accept();
    CopyPass &run = start_run(number);
    if (!parse_run_period(m[1], run.start, run.end))
        warn(number, "cannot read the date and time of this copy-pass: " + shorten(m[1]));
    return true;
}

// "2 CPUs in system; running 1 parallel copy of tests"; 5.1.3 says "unknown CPUs" when it
// found no /proc/cpuinfo, and "0 CPUs" on machines whose cpuinfo it could not read.
bool ReportReader::parse_cpu_count_line(int number, const std::string &line) {
    static const std::regex count(
        R"(^(\d{1,6}|unknown) CPUs? in system; running (\d{1,6}) parallel cop(?:y|ies)(?: of tests)?$)",
        kIcase);
    std::smatch m;
    if (!std::regex_match(line, m, count)) return false;
    accept();
    CopyPass *run = runs_.empty() ? nullptr : &runs_.back();
    // No "Benchmark Run:" line before it (dropped in a paste): it starts a copy-pass itself.
    if (run == nullptr || run->copies || !run->tests.empty() || !run->indexes.empty())
        run = &start_run(number);
    run->copies = std::stoi(m[2]);
    if (const std::optional<double> cpus = parse_number(m[1])) {
        if (*cpus > 0)
            run->cpus = int(*cpus);
        else
            warn(number, "the report says 0 CPUs (UnixBench could not count them); left out");
    }
    return true;
}

// "%-40s %12.1f %-5s (%.1f s, %d samples)"
bool ReportReader::parse_result_line(int number, const std::string &line) {
    static const std::regex result(
        R"(^(.*\S) (\d+(?:\.\d+)?)(?: ([A-Za-z][\w/%]*))? ?\( ?(\d+(?:\.\d+)?) ?s ?, ?(\d{1,6}) samples?\)$)",
        kIcase);
    std::smatch m;
    if (!std::regex_match(line, m, result)) return false;
    accept();
    CopyPass *run = runs_.empty() ? nullptr : &runs_.back();
    // Result lines after an index table, or a test seen twice, begin the next copy-pass of a
    // paste whose "Benchmark Run:" lines were left out.
    const std::string key = name_key(m[1]);
    if (run == nullptr || !run->indexes.empty() ||
        (run->find(key) != nullptr && run->find(key)->has_result_line))
        run = &start_run(number);
    TestEntry &test = test_for(*run, m[1], number);
    test.has_result_line = true;
    test.value = read_number(number, m[2], "the result");
    if (m[3].matched) test.unit = m[3];
    test.time_s = read_number(number, m[4], "the time");
    test.samples = std::stoi(m[5]);
    return true;
}

// "System Benchmarks Index Values   BASELINE  RESULT  INDEX" or "... Partial Index ..."
bool ReportReader::parse_index_header(int number, const std::string &line) {
    static const std::regex header(
        R"(^(.+?) (Index Values|Partial Index)(?: BASELINE RESULT INDEX)?$)", kIcase);
    std::smatch m;
    if (!std::regex_match(line, m, header)) return false;
    accept();
    const std::string title = m[1];
    CopyPass *run = runs_.empty() ? nullptr : &runs_.back();
    if (run == nullptr || run->find_block(name_key(title)) != nullptr)
        run = &start_run(number);
    else
        close_open_block();
    IndexBlock block;
    block.line = number;
    block.title = title;
    block.category = category_for_title(title);
    block.partial = name_key(m[2]) == "partialindex";
    run->indexes.push_back(block);
    run->block_open = true;
    return true;
}

// "%-40s %12.1f %12.1f %8.1f", or "---" for the baseline and index of a test that has none.
bool ReportReader::parse_index_line(int number, const std::string &line) {
    static const std::regex row(
        R"(^(.*\S) (\d+(?:\.\d+)?|-+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?|-+)$)");
    std::smatch m;
    if (!std::regex_match(line, m, row)) return false;
    const std::string name = m[1], baseline = m[2], index = m[4];
    if (is_dashes(baseline) != is_dashes(index)) return false;
    const std::string key = name_key(name);
    const bool in_table = !runs_.empty() && runs_.back().block_open;
    // Outside a table only a test the suite knows: a paste may have dropped the table's header,
    // but three numbers after some words are too common to take on trust.
    if (!in_table && tests_by_key_.count(key) == 0) return false;
    accept();
    CopyPass *run = runs_.empty() ? nullptr : &runs_.back();
    if (!in_table) {
        if (run == nullptr || !run->indexes.empty() ||
            (run->find(key) != nullptr && run->find(key)->has_index_line))
            run = &start_run(number);
        IndexBlock block;
        block.line = number;
        run->indexes.push_back(block);
        run->block_open = true;
    }
    IndexBlock &block = run->indexes.back();
    TestEntry &test = test_for(*run, name, number);
    test.has_index_line = true;
    if (!test.value) test.value = read_number(number, m[3], "the result");
    if (!is_dashes(baseline)) {
        test.baseline = read_number(number, baseline, "the baseline");
        test.index = read_number(number, index, "the index");
        ++block.with_baseline;
    }
    if (test.category.empty()) test.category = block.category;
    block.members.push_back(test.key);
    return true;
}

// "%-66s %8.1f": "System Benchmarks Index Score (Partial Only)   NNNN.N"
bool ReportReader::parse_score_line(int number, const std::string &line) {
    static const std::regex score(R"(^(.+?) Index Score( \(Partial Only\))?:? (\d+(?:\.\d+)?)$)",
                                  kIcase);
    std::smatch m;
    if (!std::regex_match(line, m, score)) return false;
    accept();
    const std::string title = m[1];
    CopyPass *run = runs_.empty() ? nullptr : &runs_.back();
    IndexBlock *block = nullptr;
    if (run != nullptr && run->block_open) {
        block = &run->indexes.back();
        if (block->title.empty()) {
            block->title = title;
            block->category = category_for_title(title);
            for (const std::string &key : block->members)
                if (TestEntry *t = run->find(key); t != nullptr && t->category.empty())
                    t->category = block->category;
        } else if (name_key(block->title) != name_key(title)) {
            bad_line(number, "the score of \"" + title + "\" ends the \"" + block->title +
                                 "\" table of line " + std::to_string(block->line));
            return true;
        }
    } else {
        // Only the score was pasted.
        if (run == nullptr || run->find_block(name_key(title)) != nullptr) run = &start_run(number);
        IndexBlock fresh;
        fresh.line = number;
        fresh.title = title;
        fresh.category = category_for_title(title);
        run->indexes.push_back(fresh);
        block = &run->indexes.back();
    }
    block->score = read_number(number, m[3], "the score");
    block->partial = block->partial || m[2].matched;
    run->block_open = false;
    return true;
}

bool ReportReader::parse_no_index_line(const std::string &line) {
    static const std::regex none(R"(^No index results available for .+$)", kIcase);
    if (!std::regex_match(line, none)) return false;
    accept();
    return true;
}

CopyPass &ReportReader::start_run(int line) {
    close_open_block();
    CopyPass run;
    run.line = line;
    runs_.push_back(run);
    return runs_.back();
}

void ReportReader::close_open_block() {
    if (runs_.empty() || !runs_.back().block_open) return;
    const IndexBlock &block = runs_.back().indexes.back();
    warn(block.line, "the index table here has no score line");
    runs_.back().block_open = false;
}

TestEntry &ReportReader::test_for(CopyPass &run, const std::string &name, int line) {
    const std::string key = name_key(name);
    if (TestEntry *existing = run.find(key)) return *existing;
    TestEntry test;
    test.key = key;
    if (const auto it = tests_by_key_.find(key); it != tests_by_key_.end()) {
        test.id = it->second->id;
        test.name = it->second->name;
        test.category = it->second->category;
    } else {
        test.id = slug(name);
        test.name = name;
        if (warned_names_.insert(key).second)
            warn(line, "unknown test \"" + name + "\" (not in suite \"" + suite_.name +
                           "\"); kept as \"" + test.id + "\"");
    }
    run.tests.push_back(test);
    return run.tests.back();
}

std::string ReportReader::category_for_title(const std::string &title) const {
    const auto it = categories_by_key_.find(name_key(title));
    return it != categories_by_key_.end() ? it->second : slug(title);
}

int ReportReader::suite_indexed_total(const std::string &category) const {
    int total = 0;
    for (const TestDef &t : suite_.tests)
        if (t.category == category && t.baseline) ++total;
    return total;
}

// True when the file stops inside its last copy-pass, before that pass's index score.
bool ReportReader::check_truncation() {
    const std::string version = effective_version();
    const bool old_version = version.empty() || version.rfind("5.", 0) == 0;
    if (runs_.empty()) {
        warn(0, "the file ends before the first copy-pass (\"Benchmark Run:\")");
        return true;
    }
    // An empty copy-pass in the middle, or 5.1.3's N-copy pass on more than 16 CPUs: its
    // maxCopies of 16 skipped every test, and the report shows only the heading.
    for (size_t i = 0; i < runs_.size(); ++i) {
        const CopyPass &run = runs_[i];
        if (!run.tests.empty() || !run.indexes.empty()) continue;
        if (old_version && run.copies && *run.copies > 16)
            warn(run.line, "no test ran with " + std::to_string(*run.copies) +
                               " copies: UnixBench 5.1.3 skips every test above 16 copies");
        else if (i + 1 < runs_.size())
            warn(run.line, "this copy-pass has no results");
        else
            return true;
    }
    const CopyPass &last = runs_.back();
    if (last.block_open) return true;
    if (!last.indexes.empty() || last.tests.empty()) return false;
    // No index table: complete only if none of its tests would have been indexed.
    for (const TestEntry &t : last.tests) {
        const auto it = tests_by_key_.find(t.key);
        if (it != tests_by_key_.end() && it->second->baseline) return true;
    }
    return false;
}

ImportOutcome ReportReader::finish(const std::string &text) {
    if (!started_)
        throw ImportError(file_ +
                          ": no UnixBench report found (no header, copy-pass, result or index "
                          "line)");
    const bool truncated = check_truncation();
    if (truncated) {
        const int line = runs_.empty() ? 0 : runs_.back().line;
        if (!runs_.empty())
            warn(line,
                 "the file ends inside the copy-pass that starts here, before its index "
                 "score; kept what was read");
        if (!pending_.empty())
            warn(pending_.front().first,
                 "ignored what looks like a cut-off line: " + shorten(pending_.front().second));
    }

    // Warnings in file order; those about the whole file last.
    const auto order = [](int line) { return line == 0 ? std::numeric_limits<int>::max() : line; };
    std::stable_sort(warnings_.begin(), warnings_.end(),
                     [&](const auto &a, const auto &b) { return order(a.first) < order(b.first); });
    ImportOutcome outcome;
    for (const auto &[line, message] : warnings_)
        outcome.warnings.push_back(line == 0 ? file_ + ": " + message : at(line) + message);

    const std::string version = effective_version();
    json runs = json::array();
    json copies = json::array();
    for (const CopyPass &run : runs_) {
        runs.push_back(run_json(run));
        if (run.copies) copies.push_back(*run.copies);
    }
    json options = json::object();
    if (!copies.empty()) options["copies"] = copies;
    json imported = {{"from", "UnixBench"},
                     {"file", file_},
                     {"sha256", sha256_hex(text)},
                     {"warnings", outcome.warnings}};
    if (!version.empty()) imported["version"] = version;
    outcome.document = {
        {"schema", kResultSchema},
        {"tool", {{"name", "bytebench"}, {"version", BYTEBENCH_VERSION}, {"abi", BYTEBENCH_ABI}}},
        {"status", truncated ? "incomplete" : "complete"},
        {"system", system_json()},
        {"options", options},
        {"suite", {{"name", version.empty() ? "UnixBench" : "UnixBench " + version}}},
        {"runs", runs},
        {"imported", imported}};
    return outcome;
}

json ReportReader::system_json() const {
    json system = system_;
    if (!cpus_.empty()) {
        json cpus = json::array();
        for (const CpuInfo &c : cpus_) {
            json cpu = {{"model", c.model}, {"bogomips", c.bogomips}, {"flags", c.flags}};
            if (!c.features.empty()) cpu["features"] = c.features;
            cpus.push_back(cpu);
        }
        system["cpus"] = cpus;
        system["cpu_model"] = cpus_.front().model;
    }
    // "N CPUs in system" is what UnixBench counted: the online CPUs.
    for (const CopyPass &run : runs_)
        if (run.cpus && !system.contains("cpus_online")) system["cpus_online"] = *run.cpus;
    return system;
}

json ReportReader::block_json(const CopyPass &run, const IndexBlock &block) const {
    std::string category = block.category, title = block.title;
    if (category.empty()) {
        // A table whose header and score line were both left out: its tests say which it was.
        for (const std::string &key : block.members) {
            const TestEntry *t = run.find(key);
            if (t != nullptr && !t->category.empty()) {
                category = t->category;
                title = suite_.category_title(category);
                break;
            }
        }
    }
    json j = {{"partial", block.partial}};
    if (!category.empty()) j["category"] = category;
    if (!title.empty()) j["title"] = title;
    if (block.score) j["score"] = *block.score;
    // A full index means every indexed test of the category ran, even when a paste dropped
    // some of the table's lines; for a partial one only the lines say how many did.
    const int suite_total = suite_indexed_total(category);
    if (!block.partial) {
        const int total = std::max(block.with_baseline, suite_total);
        j["tests_indexed"] = total;
        j["tests_total"] = total;
    } else {
        if (block.with_baseline > 0) j["tests_indexed"] = block.with_baseline;
        if (suite_total > block.with_baseline) j["tests_total"] = suite_total;
    }
    return j;
}

json ReportReader::run_json(const CopyPass &run) const {
    json tests = json::array();
    for (const TestEntry &t : run.tests) {
        json j = {{"id", t.id}, {"name", t.name}, {"status", "ok"}};
        if (!t.category.empty()) j["category"] = t.category;
        if (!t.unit.empty()) j["unit"] = t.unit;
        if (t.value) j["value"] = *t.value;
        if (t.time_s) j["time_s"] = *t.time_s;
        if (t.samples) j["samples"] = *t.samples;
        if (t.baseline) j["baseline"] = *t.baseline;
        if (t.index) j["index"] = *t.index;
        tests.push_back(j);
    }
    json indexes = json::array();
    for (const IndexBlock &b : run.indexes) indexes.push_back(block_json(run, b));
    json j = {{"indexes", indexes}, {"tests", tests}};
    if (run.copies) j["copies"] = *run.copies;
    if (run.cpus) j["cpus"] = *run.cpus;
    if (!run.start.empty()) j["start"] = run.start;
    if (!run.end.empty()) j["end"] = run.end;
    return j;
}

}  // namespace

ImportOutcome import_unixbench_report(const std::string &text, const std::string &file_name,
                                      const Suite &suite, const ImportOptions &options) {
    ReportReader reader(file_name, suite, options);
    reader.read(text);
    return reader.finish(text);
}

}  // namespace bytebench
