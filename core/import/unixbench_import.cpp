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

// The report lines that can be told apart without context; the parse_* functions and
// is_report_line() (which decides how to rejoin lines a page wrapped or ran together) share them.
const std::regex &banner_pattern() {
    static const std::regex banner(R"(^BYTE UNIX Benchmarks(?: \(Version ([^ )]+)\))?$)", kIcase);
    return banner;
}
const std::regex &run_heading_pattern() {
    static const std::regex heading(R"(^Benchmark Run: ?(.*)$)", kIcase);
    return heading;
}
// "2 CPUs in system; running 1 parallel copy of tests"; 5.1.3 says "unknown CPUs" when it
// found no /proc/cpuinfo, and "0 CPUs" on machines whose cpuinfo it could not read.
const std::regex &cpu_count_pattern() {
    static const std::regex count(
        R"(^(\d{1,6}|unknown) CPUs? in system; running (\d{1,6}) parallel cop(?:y|ies)(?: of tests)?$)",
        kIcase);
    return count;
}
// "%-40s %12.1f %-5s (%.1f s, %d samples)"
const std::regex &result_pattern() {
    static const std::regex result(
        R"(^(.*\S) (\d+(?:\.\d+)?)(?: ([A-Za-z][\w/%]*))? ?\( ?(\d+(?:\.\d+)?) ?s ?, ?(\d{1,6}) samples?\)$)",
        kIcase);
    return result;
}
// "System Benchmarks Index Values   BASELINE  RESULT  INDEX" or "... Partial Index ..."
const std::regex &index_header_pattern() {
    static const std::regex header(
        R"(^(.+?) (Index Values|Partial Index)(?: BASELINE RESULT INDEX)?$)", kIcase);
    return header;
}
// "%-40s %12.1f %12.1f %8.1f", or "---" for the baseline and index of a test that has none.
const std::regex &index_row_pattern() {
    static const std::regex row(
        R"(^(.*\S) (\d+(?:\.\d+)?|-+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?|-+)$)");
    return row;
}
// "%-66s %8.1f": "System Benchmarks Index Score (Partial Only)   NNNN.N"
const std::regex &score_pattern() {
    static const std::regex score(R"(^(.+?) Index Score( \(Partial Only\))?:? (\d+(?:\.\d+)?)$)",
                                  kIcase);
    return score;
}

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

// A month's name or abbreviation in the languages whose `date` and strftime output people paste
// (English, German, French, Spanish, Portuguese, Italian, Dutch), lower case, without its
// trailing dot: 1-12, or 0.
int month_number(std::string word) {
    static const std::vector<std::vector<const char *>> kNames = {
        {"jan", "january", "januar", "jän", "janv", "janvier", "ene", "enero", "janeiro", "gen",
         "gennaio", "januari"},
        {"feb", "february", "februar", "févr", "fevr", "février", "fevrier", "fév", "fev",
         "febrero", "fevereiro", "febbraio", "februari"},
        {"mar", "march", "mär", "märz", "mrz", "mars", "marzo", "março", "marco", "maart", "mrt"},
        {"apr", "april", "avr", "avril", "abr", "abril", "aprile"},
        {"may", "mai", "mayo", "maio", "mag", "maggio", "mei"},
        {"jun", "june", "juni", "juin", "junio", "junho", "giu", "giugno"},
        {"jul", "july", "juli", "juil", "juillet", "julio", "julho", "lug", "luglio"},
        {"aug", "august", "août", "aout", "ago", "agosto", "augustus"},
        {"sep", "sept", "september", "septembre", "septiembre", "setiembre", "set", "setembro",
         "settembre"},
        {"oct", "october", "okt", "oktober", "octobre", "octubre", "out", "outubro", "ott",
         "ottobre"},
        {"nov", "november", "novembre", "noviembre", "novembro"},
        {"dec", "december", "dez", "dezember", "déc", "décembre", "decembre", "dic", "diciembre",
         "dezembro", "dicembre"}};
    for (char &c : word) c = char(std::tolower(static_cast<unsigned char>(c)));
    // Upper-case accented letters ("MÄR") are two bytes tolower leaves alone.
    for (size_t i = 0; i + 1 < word.size(); ++i) {
        const auto next = static_cast<unsigned char>(word[i + 1]);
        if (word[i] == '\xC3' && next >= 0x80 && next <= 0x9E) word[i + 1] = char(next + 0x20);
    }
    for (size_t month = 0; month < kNames.size(); ++month)
        for (const char *name : kNames[month])
            if (word == name) return int(month) + 1;
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

struct ClockTime {
    int hour = 0, minute = 0, second = 0;
};

// The date and times of a "Benchmark Run:" line, in whatever locale wrote it.
struct RunPeriod {
    int year = 0, month = 0, day = 0;
    std::vector<ClockTime> times;  // the start, and the end when given
};

// The words of a date without its times: the year (four digits), the day (one or two, "5."
// in German) and the month's name; weekday names, zones ("CET", "+0100") and "-" are passed
// over. Where a weekday is spelt like a month ("mar" is Tuesday in French and March in
// Spanish), the month comes after it. False when a number has no place.
bool read_date_words(const std::string &text, RunPeriod &p) {
    const auto is_number = [](const std::string &w) {
        return std::all_of(w.begin(), w.end(),
                           [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
    };
    const auto take = [&](std::string w) {
        while (!w.empty() && (w.back() == '.' || w.back() == ',')) w.pop_back();
        if (w.empty()) return true;
        if (!is_number(w)) {
            if (const int month = month_number(w)) p.month = month;
            return true;
        }
        int &field = w.size() == 4 ? p.year : p.day;
        if ((w.size() != 4 && w.size() > 2) || field != 0) return false;
        field = std::stoi(w);
        return true;
    };
    std::string word;
    for (const char c : text + " ") {
        if (c == ' ' || c == ',' || c == '(' || c == ')') {
            if (!take(word)) return false;
            word.clear();
        } else {
            word += c;
        }
    }
    return true;
}

// A time of a 12-hour clock in 24 hours: "03:04:05 PM CET" (en_US in newer glibc), or
// "午後 3:04:05" (Japanese), "下午" (Chinese), "오후" (Korean) before it. `before` and `after`
// are the texts between the time and its neighbours.
void to_24_hours(const std::string &before, const std::string &after, ClockTime &time) {
    static const std::regex pm_after(R"(^ ?(?:PM|P\.M\.)(?: |$))", kIcase);
    static const std::regex am_after(R"(^ ?(?:AM|A\.M\.)(?: |$))", kIcase);
    static const std::regex pm_before(
        "(?:\xE5\x8D\x88\xE5\xBE\x8C|\xE4\xB8\x8B\xE5\x8D\x88|\xEC\x98\xA4\xED\x9B\x84) ?$");
    static const std::regex am_before(
        "(?:\xE5\x8D\x88\xE5\x89\x8D|\xE4\xB8\x8A\xE5\x8D\x88|\xEC\x98\xA4\xEC\xA0\x84) ?$");
    const bool pm = std::regex_search(after, pm_after) || std::regex_search(before, pm_before);
    const bool am = std::regex_search(after, am_after) || std::regex_search(before, am_before);
    if (pm && time.hour < 12) time.hour += 12;
    if (am && time.hour == 12) time.hour = 0;
}

// "Mon Nov 30 2026 02:45:57 - 02:52:40" (UnixBench in the C locale), `date`'s output in
// other locales ("So 5. Mär 15:04:05 CET 2017", "2017年 3月 5日 日曜日 15:04:05 JST",
// "dim. 5 mars 2017 15:04:05 CET") and ISO 8601 ("2017-03-05 15:04:05"), each with or
// without " - <end time>".
bool read_run_period(const std::string &text, RunPeriod &p) {
    static const std::regex clock(R"((?:^|[^\d:])(\d{1,2}):(\d\d):(\d\d)(?![\d:]))");
    // Where each time begins and ends in `text`.
    std::vector<std::pair<size_t, size_t>> spans;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), clock);
         it != std::sregex_iterator(); ++it) {
        const std::smatch &m = *it;
        p.times.push_back({std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3])});
        spans.emplace_back(size_t(m.position(1)), size_t(m[3].second - text.begin()));
    }
    // The text without its times, for the date; each time read in 24 hours.
    std::string rest;
    for (size_t i = 0; i < spans.size(); ++i) {
        const size_t previous_end = i == 0 ? 0 : spans[i - 1].second;
        const size_t next_begin = i + 1 < spans.size() ? spans[i + 1].first : text.size();
        const std::string before = text.substr(previous_end, spans[i].first - previous_end);
        to_24_hours(before, text.substr(spans[i].second, next_begin - spans[i].second), p.times[i]);
        rest += before + " ";
    }
    rest += text.substr(spans.empty() ? 0 : spans.back().second);
    if (p.times.empty() || p.times.size() > 2) return false;
    // Chinese, Japanese and Korean dates: "2017年03月05日", "2017년 3월 5일".
    static const std::regex cjk(
        "(\\d{4}) ?(?:\xE5\xB9\xB4|\xEB\x85\x84) ?(\\d{1,2}) ?(?:\xE6\x9C\x88|\xEC\x9B\x94) ?"
        "(\\d{1,2}) ?(?:\xE6\x97\xA5|\xEC\x9D\xBC)");
    static const std::regex iso(R"((?:^|\D)(\d{4})-(\d{1,2})-(\d{1,2})(?:T|\s|$))");
    std::smatch m;
    if (std::regex_search(rest, m, cjk) || std::regex_search(rest, m, iso)) {
        p.year = std::stoi(m[1]);
        p.month = std::stoi(m[2]);
        p.day = std::stoi(m[3]);
        return true;
    }
    return read_date_words(rest, p) && p.year != 0 && p.month != 0 && p.day != 0;
}

// The copy-pass's start and end in ISO 8601 without an offset (the report does not say which
// zone its clock was in). An end before the start is the next day.
bool parse_run_period(const std::string &text, std::string &start, std::string &end) {
    RunPeriod p;
    if (text.size() > 200 || !read_run_period(text, p)) return false;
    // Only a time a clock can show ("Jun 99 9999 99:99:99" is none): timegm would
    // quietly carry the excess into the next minute, day or month.
    const auto possible = [](const ClockTime &c) {
        return c.hour <= 23 && c.minute <= 59 && c.second <= 60;
    };
    if (p.year < 1970 || p.year > 9999 || p.month < 1 || p.month > 12 || p.day < 1 ||
        p.day > days_in_month(p.year, p.month) ||
        !std::all_of(p.times.begin(), p.times.end(), possible))
        return false;
    std::tm t{};
    t.tm_year = p.year - 1900;
    t.tm_mon = p.month - 1;
    t.tm_mday = p.day;
    t.tm_hour = p.times[0].hour;
    t.tm_min = p.times[0].minute;
    t.tm_sec = p.times[0].second;
    start = iso_time(t);
    end.clear();
    if (p.times.size() == 1) return true;
    std::tm e = t;
    e.tm_hour = p.times[1].hour;
    e.tm_min = p.times[1].minute;
    e.tm_sec = p.times[1].second;
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
    int line = 0;
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
    std::string date_text;  // the date as written, when it could not be read
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
// report line follows, it was inside the report (a note the person added, a shell's complaint)
// and is ignored with a warning (an error without skip_bad_lines); if the file ends first, it
// was trailing text (a shell prompt, a blog's comments). Before a line is held back, it is tried
// together with the line before it (a line a web page wrapped) and cut where report lines were
// run together.
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
    void read_piece(int number, const std::string &line);
    bool parse(int number, const std::string &line);
    bool is_report_line(const std::string &line) const;
    bool join_wrapped(const std::pair<int, std::string> &previous, int number,
                      const std::string &line);
    bool split_run_together(int number, const std::string &line);
    bool split_into(const std::string &rest, std::vector<std::string> &parts, int &budget) const;
    bool is_neutral(const std::string &line);
    void accept();
    void forget_header();
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
    bool begin_header_field(int number, const std::string &field, const std::string &line);
    CopyPass &start_run(int line);
    CopyPass &current_run(int line) { return runs_.empty() ? start_run(line) : runs_.back(); }
    void close_open_block();
    TestEntry &test_for(CopyPass &run, const std::string &name, int line);
    std::string category_for_title(const std::string &title) const;

    // --- output ---
    // The report's own version line, else the console logo's.
    std::string effective_version() const { return !version_.empty() ? version_ : logo_version_; }
    bool check_truncation();
    void warn_about_the_text();
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
    // The previous line that is not blank, when it was not understood: the first half of a
    // line a page wrapped, perhaps.
    std::optional<std::pair<int, std::string>> unread_;
    bool expect_flags_ = false;  // the previous report line was "CPU n:"
    std::vector<std::pair<int, std::string>> header_lines_;  // before the first copy-pass
    int html_line_ = 0, typographic_line_ = 0;  // the first line with each, in the report

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
    for (const PastedLine &piece : pasted_lines(raw)) {
        read_piece(number, piece.text);
        if (!started_) continue;
        if (piece.html && html_line_ == 0) html_line_ = number;
        if (piece.typographic && typographic_line_ == 0) typographic_line_ = number;
    }
}

void ReportReader::read_piece(int number, const std::string &line) {
    const auto previous = std::move(unread_);
    unread_.reset();
    if (line.empty()) return;
    if (started_ && first_after_report_ == 0) first_after_report_ = number;
    // No report line is this long; std::regex backtracks recursively and could exhaust the
    // stack on a huge line (a minified web page, a binary file).
    if (line.size() > kLongestLine) {
        if (started_) pending_.emplace_back(number, line);
        return;
    }
    if (is_neutral(line)) return;
    if (!is_report_line(line)) {
        if (previous && join_wrapped(*previous, number, line)) return;
        if (split_run_together(number, line)) return;
    }
    if (parse(number, line)) return;
    unread_.emplace(number, line);
    if (started_) pending_.emplace_back(number, line);
}

bool ReportReader::parse(int number, const std::string &line) {
    // Order matters where patterns overlap: an index line is tried before the CPU flags line,
    // which would take almost anything.
    return parse_banner(number, line) || parse_header_line(number, line) ||
           parse_cpu_line(number, line) || parse_uptime_line(number, line) ||
           parse_run_heading(number, line) || parse_cpu_count_line(number, line) ||
           parse_result_line(number, line) || parse_index_header(number, line) ||
           parse_score_line(number, line) || parse_no_index_line(line) ||
           parse_index_line(number, line) || parse_flags_line(line);
}

// A line that is a report line wherever it stands: a result or index line of a test the suite
// knows, a table's heading or score, a copy-pass's first lines, the banner. What decides
// whether two lines are one that a page wrapped, or one line is several it ran together.
bool ReportReader::is_report_line(const std::string &line) const {
    if (line.size() > 400) return false;
    std::smatch m;
    if (std::regex_match(line, m, result_pattern()) ||
        std::regex_match(line, m, index_row_pattern()))
        return tests_by_key_.count(name_key(m[1])) != 0;
    // The heading takes any text as its date: not the CPU count line run into it.
    static const std::regex cpu_count_inside(R"(\bCPUs? in system;)", kIcase);
    if (std::regex_match(line, run_heading_pattern()))
        return !std::regex_search(line, cpu_count_inside);
    return std::regex_match(line, cpu_count_pattern()) ||
           std::regex_match(line, index_header_pattern()) ||
           std::regex_match(line, score_pattern()) || std::regex_match(line, banner_pattern());
}

// "Dhrystone 2 using register variables" then "49623972.7 lps (10.0 s, 7 samples)": a line a
// web page wrapped, read as the one line it was.
bool ReportReader::join_wrapped(const std::pair<int, std::string> &previous, int number,
                                const std::string &line) {
    const auto &[first, text] = previous;
    const std::string joined = text + " " + line;
    if (!is_report_line(joined)) return false;
    if (!pending_.empty() && pending_.back().first == first) pending_.pop_back();
    parse(first, joined);
    warn(first, "joined with line " + std::to_string(number) +
                    ": one report line that the page had wrapped");
    return true;
}

// "... (10.0 s, 7 samples)Execl Throughput 2911.3 lps (29.8 s, 2 samples)": report lines a web
// page ran together (it dropped the line breaks, or kept them only as <br>), read one by one.
bool ReportReader::split_run_together(int number, const std::string &line) {
    if (line.size() > 600) return false;
    std::vector<std::string> parts;
    int budget = 400;  // report-line checks; the splits of a line of prose are not searched long
    if (!split_into(line, parts, budget) || parts.size() < 2) return false;
    warn(number, "read as " + std::to_string(parts.size()) +
                     " report lines that the page had run together");
    for (const std::string &part : parts) parse(number, part);
    return true;
}

// `rest` cut into report lines, at spaces or right after a ")" that a letter follows.
bool ReportReader::split_into(const std::string &rest, std::vector<std::string> &parts,
                              int &budget) const {
    if (!parts.empty() && is_report_line(rest)) {
        parts.push_back(rest);
        return true;
    }
    if (parts.size() >= 8) return false;
    for (size_t i = 1; i + 1 < rest.size(); ++i) {
        const bool at_space = rest[i] == ' ';
        const bool glued = rest[i - 1] == ')' && std::isalpha(static_cast<unsigned char>(rest[i]));
        if (!at_space && !glued) continue;
        if (--budget < 0) return false;
        const std::string left = rest.substr(0, i);
        if (!is_report_line(left)) continue;
        parts.push_back(left);
        if (split_into(rest.substr(at_space ? i + 1 : i), parts, budget)) return true;
        parts.pop_back();
    }
    return false;
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
    for (const auto &[line, text] : pending) {
        if (!options_.skip_bad_lines) fail(line, "cannot understand: " + shorten(text));
        warn(line, "ignored a line that is not part of a UnixBench report: " + shorten(text));
    }
    started_ = true;
    first_after_report_ = 0;
    expect_flags_ = false;
}

// A header field seen again before the copy-passes belongs to another report. One after the
// copy-passes began is the person's own text ("OS: upgraded to 6.1 since"): false, so the line
// is ignored with a warning.
bool ReportReader::begin_header_field(int number, const std::string &field,
                                      const std::string &line) {
    if (!runs_.empty()) return false;
    if (header_fields_.count(field) != 0) second_report(number);
    accept();
    header_fields_.insert(field);
    header_lines_.emplace_back(number, line);
    return true;
}

// The banner comes after lines that looked like a header's ("System: my new VPS" in the text
// above a paste): they were not the report's.
void ReportReader::forget_header() {
    for (const auto &[line, text] : header_lines_)
        warn(line, "ignored a line before the report's banner: " + shorten(text));
    header_lines_.clear();
    header_fields_.clear();
    system_ = json::object();
    cpus_.clear();
    pending_.clear();
}

bool ReportReader::parse_banner(int number, const std::string &line) {
    std::smatch m;
    if (!std::regex_match(line, m, banner_pattern())) return false;
    if (!runs_.empty()) second_report(number);
    if (started_) forget_header();
    accept();
    version_ = m[1];
    return true;
}

bool ReportReader::parse_header_line(int number, const std::string &line) {
    static const std::regex field(R"(^(System|OS|Machine|Language|Graphics): ?(.*)$)", kIcase);
    static const std::regex no_cpus(R"(^CPU: no details available$)", kIcase);
    std::smatch m;
    if (std::regex_match(line, no_cpus)) return begin_header_field(number, "cpu", line);
    if (!std::regex_match(line, m, field)) return false;
    const std::string name = name_key(m[1]);
    const std::string value = m[2];
    if (!begin_header_field(number, name, line)) return false;
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
    if (!begin_header_field(number, "cpu " + m[1].str(), line)) return false;
    CpuInfo info;
    info.line = number;
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
    // One flag alone is one UnixBench knows: "CPU lines 1-14 left out" is no flags line.
    static const std::regex single(
        R"(^(?:x86-64|MMX|AMD MMX|Cyrix MMX|Physical Address Ext|SYSENTER/SYSEXIT|SYSCALL/SYSRET|Streaming SIMD(?:-[23])?|Hyper-Threading|IA-64 processor|(?:Intel|AMD) virtualization)$)",
        kIcase);
    if (!std::regex_match(line, flags) ||
        (line.find(',') == std::string::npos && !std::regex_match(line, single)))
        return false;
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
    if (!begin_header_field(number, "uptime", line)) return false;
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
    std::smatch m;
    if (!std::regex_match(line, m, run_heading_pattern())) return false;
    accept();
    CopyPass &run = start_run(number);
    if (!parse_run_period(m[1], run.start, run.end) && !m[1].str().empty()) {
        run.date_text = m[1];
        warn(number,
             "cannot read the date and time of this copy-pass; kept as written: " + shorten(m[1]));
    }
    return true;
}

bool ReportReader::parse_cpu_count_line(int number, const std::string &line) {
    std::smatch m;
    if (!std::regex_match(line, m, cpu_count_pattern())) return false;
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

bool ReportReader::parse_result_line(int number, const std::string &line) {
    std::smatch m;
    if (!std::regex_match(line, m, result_pattern())) return false;
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

bool ReportReader::parse_index_header(int number, const std::string &line) {
    std::smatch m;
    if (!std::regex_match(line, m, index_header_pattern())) return false;
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

bool ReportReader::parse_index_line(int number, const std::string &line) {
    std::smatch m;
    if (!std::regex_match(line, m, index_row_pattern())) return false;
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

bool ReportReader::parse_score_line(int number, const std::string &line) {
    std::smatch m;
    if (!std::regex_match(line, m, score_pattern())) return false;
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

// What was undone or left out, once per file: the line where it is first seen.
void ReportReader::warn_about_the_text() {
    if (html_line_ != 0)
        warn(html_line_,
             "HTML tags and entities (<br>, &nbsp;, &amp;, ...) read as the text they stand "
             "for, here and below");
    if (typographic_line_ != 0)
        warn(typographic_line_,
             "typographic quotes, dashes or spaces read as plain ASCII, here and below");
    int online = 0;
    for (const CopyPass &run : runs_)
        if (run.cpus) online = std::max(online, *run.cpus);
    if (!cpus_.empty() && size_t(online) > cpus_.size())
        warn(cpus_.front().line, "the header lists " + std::to_string(cpus_.size()) + " of the " +
                                     std::to_string(online) +
                                     " CPUs; the other per-CPU lines were left out");
}

ImportOutcome ReportReader::finish(const std::string &text) {
    if (!started_)
        throw ImportError(file_ +
                          ": no UnixBench report found (no header, copy-pass, result or index "
                          "line)");
    if (std::none_of(runs_.begin(), runs_.end(),
                     [](const CopyPass &run) { return !run.tests.empty(); }))
        throw ImportError(file_ +
                          ": no copy-pass with test lines (result or index lines) in this "
                          "UnixBench report");
    warn_about_the_text();
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
    if (!run.date_text.empty()) j["date_text"] = run.date_text;
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
