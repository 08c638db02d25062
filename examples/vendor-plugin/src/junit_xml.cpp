#include "junit_xml.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iomanip>
#include <locale>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

namespace vendor {
namespace {

using Json = nlohmann::json;

// ---------------------------------------------------------------------------
// Reading the document. Members that are missing or of another type than the
// schema says are treated as missing: a reporter ignores what it does not know.

const Json *member(const Json &object, const char *key) {
    if (!object.is_object()) return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

std::string text(const Json &object, const char *key, const std::string &fallback = "") {
    const Json *m = member(object, key);
    return m != nullptr && m->is_string() ? m->get<std::string>() : fallback;
}

const Json *number(const Json &object, const char *key) {
    const Json *m = member(object, key);
    return m != nullptr && m->is_number() ? m : nullptr;
}

std::optional<double> number_value(const Json &object, const char *key) {
    const Json *m = number(object, key);
    if (m == nullptr) return std::nullopt;
    return m->get<double>();
}

const Json &array(const Json &object, const char *key) {
    static const Json kEmpty = Json::array();
    const Json *m = member(object, key);
    return m != nullptr && m->is_array() ? *m : kEmpty;
}

// A JSON number as the document has it (shortest round-trip form, C locale).
std::string number_text(const Json &n) { return n.dump(); }

// A scalar or an array of them as one line of text ("a, b").
std::string value_text(const Json &v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_array()) {
        std::string joined;
        for (const Json &e : v) joined += (joined.empty() ? "" : ", ") + value_text(e);
        return joined;
    }
    return v.dump();
}

// Seconds with millisecond precision, whatever the global locale is.
std::string seconds_text(double seconds) {
    std::ostringstream s;
    s.imbue(std::locale::classic());
    s << std::fixed << std::setprecision(3) << (std::isfinite(seconds) ? seconds : 0.0);
    return s.str();
}

// "2026-11-30T02:45:57+00:00" (fraction and offset optional) -> seconds since
// the epoch; a time without offset is taken as UTC (imported documents have
// none, for start and end alike, so differences still hold).
std::optional<double> parse_time(const std::string &iso) {
    int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, used = 0;
    if (std::sscanf(iso.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d%n", &year, &month, &day, &hour, &minute,
                    &second, &used) != 6 ||
        used != 19)
        return std::nullopt;
    std::tm tm{};
    tm.tm_year = year - 1900;
    tm.tm_mon = month - 1;
    tm.tm_mday = day;
    tm.tm_hour = hour;
    tm.tm_min = minute;
    tm.tm_sec = second;
    double t = double(::timegm(&tm));  // glibc and the BSDs have it
    std::size_t pos = 19;
    if (pos < iso.size() && iso[pos] == '.') {
        const std::size_t start = pos++;
        while (pos < iso.size() && iso[pos] >= '0' && iso[pos] <= '9') ++pos;
        t += std::strtod(("0" + iso.substr(start, pos - start)).c_str(), nullptr);
    }
    if (pos < iso.size() && (iso[pos] == '+' || iso[pos] == '-')) {
        int oh = 0, om = 0;
        if (std::sscanf(iso.c_str() + pos + 1, "%2d:%2d", &oh, &om) != 2) return std::nullopt;
        const double offset = oh * 3600.0 + om * 60.0;
        t -= iso[pos] == '+' ? offset : -offset;
    }
    return t;
}

// ---------------------------------------------------------------------------
// Checking that this is a result document.

void check_schema(const Json &doc) {
    const std::string schema = text(doc, "schema");
    if (schema.empty())
        throw std::runtime_error(
            "junit: not a bytebench result document: it has no \"schema\" member");
    const std::string result_prefix = "bytebench.result/";
    if (schema.rfind("bytebench.comparison/", 0) == 0)
        throw std::runtime_error("junit: \"" + schema +
                                 "\" is a comparison document; the junit format renders run "
                                 "results (bytebench.result/1) only");
    if (schema.rfind(result_prefix, 0) != 0)
        throw std::runtime_error("junit: not a bytebench result document (schema \"" + schema +
                                 "\")");
    const std::string version = schema.substr(result_prefix.size());
    const std::string major = version.substr(0, version.find('.'));
    if (major != "1")
        throw std::runtime_error("junit: unsupported result schema \"" + schema +
                                 "\"; this reporter reads bytebench.result/1");
}

// ---------------------------------------------------------------------------
// The model: what the XML says, computed before anything is written.

struct Property {
    std::string name, value;
};

struct TestCase {
    std::string classname, name;
    double seconds = 0.0;
    std::vector<Property> properties;
    std::string outcome;  // "" (passed), "error" or "skipped"
    std::string outcome_type, message;
    std::string output;  // <system-out>
};

struct Suite {
    std::string name, hostname, timestamp;
    double seconds = 0.0;
    std::vector<Property> properties;
    std::vector<TestCase> cases;
    std::string error_output;  // <system-err>
    int errors = 0, skipped = 0;
};

std::string copies_text(const Json &run) {
    const Json *copies = number(run, "copies");
    if (copies == nullptr) return "unknown copies";
    const std::string n = number_text(*copies);
    return n + (n == "1" ? " copy" : " copies");
}

// Seconds a test ran: its passes' timed intervals added up; else its mean
// pass time times the kept passes; else 0.
double test_seconds(const Json &test) {
    double sum = 0.0;
    bool any = false;
    for (const Json &pass : array(test, "passes"))
        if (const auto s = number_value(pass, "seconds")) sum += *s, any = true;
    if (any) return sum;
    const auto mean = number_value(test, "time_s");
    if (!mean) return 0.0;
    const auto samples = number_value(test, "samples");
    return *mean * (samples ? *samples : 1.0);
}

TestCase make_case(const Json &test) {
    TestCase tc;
    const std::string id = text(test, "id");
    const std::string display = text(test, "name");
    const std::string category = text(test, "category");
    tc.classname = category.empty() ? "bytebench" : "bytebench." + category;
    if (!id.empty() && !display.empty() && id != display)
        tc.name = id + ": " + display;
    else
        tc.name = !id.empty() ? id : !display.empty() ? display : "(unnamed test)";
    tc.seconds = test_seconds(test);

    const std::string status = text(test, "status", "unknown");
    const std::string unit = text(test, "unit");
    auto add = [&tc](const std::string &name, const std::string &value) {
        tc.properties.push_back({name, value});
    };
    add("status", status);
    if (const Json *v = number(test, "value")) add("value", number_text(*v));
    if (!unit.empty()) add("unit", unit);
    if (const Json *v = number(test, "index")) add("index", number_text(*v));
    if (const Json *v = number(test, "baseline")) add("baseline", number_text(*v));
    if (const Json *v = number(test, "samples")) add("samples", number_text(*v));
    if (const Json *stats = member(test, "stats"))
        for (const char *key : {"min", "median", "max", "stddev"})
            if (const Json *v = number(*stats, key))
                add(std::string("stats.") + key, number_text(*v));
    for (const char *key : {"workload", "plugin_id", "version", "build"})
        if (const std::string v = text(test, key); !v.empty()) add(key, v);
    for (const char *group : {"params", "details"})
        if (const Json *values = member(test, group); values != nullptr && values->is_object())
            for (const auto &[key, value] : values->items())
                add(std::string(group) + "." + key, value_text(value));

    // The human-readable lines CI systems show beside the test.
    std::string out;
    if (const Json *v = number(test, "value")) {
        out += (display.empty() ? tc.name : display) + ": " + number_text(*v);
        if (!unit.empty()) out += " " + unit;
        if (const Json *index = number(test, "index"))
            out += " (index " + number_text(*index) + ")";
        out += "\n";
    }
    std::string passes;
    for (const Json &pass : array(test, "passes")) {
        const Json *v = number(pass, "value");
        const std::string pass_status = text(pass, "status", "ok");
        std::string entry = v != nullptr && pass_status == "ok" ? number_text(*v) : pass_status;
        const Json *kept = member(pass, "kept");
        if (pass_status == "ok" && kept != nullptr && kept->is_boolean() && !kept->get<bool>())
            entry += " (dropped)";
        passes += (passes.empty() ? "" : ", ") + entry;
    }
    if (!passes.empty()) out += "passes: " + passes + "\n";
    tc.output = out;

    if (status == "ok") return tc;
    std::string reason = text(test, "error");
    if (status == "skipped") {
        tc.outcome = "skipped";
        tc.message = reason.empty() ? "skipped" : reason;
    } else {  // error, crashed, timeout, and any status this reporter does not know
        tc.outcome = "error";
        tc.outcome_type = status;
        tc.message = reason.empty() ? "test status: " + status : reason;
    }
    return tc;
}

Suite make_suite(const Json &doc, const Json &run, std::size_t position,
                 std::set<std::string> &names_used) {
    Suite suite;
    suite.name = "bytebench: " + copies_text(run);
    if (!names_used.insert(suite.name).second) suite.name += " #" + std::to_string(position + 1);
    names_used.insert(suite.name);
    const Json *system = member(doc, "system");
    suite.hostname = system != nullptr ? text(*system, "hostname", "unknown") : "unknown";
    const std::string start = text(run, "start");
    const std::string end = text(run, "end");
    if (parse_time(start)) suite.timestamp = start.substr(0, 19);  // JUnit: no UTC offset

    auto add = [&suite](const std::string &name, const std::string &value) {
        suite.properties.push_back({name, value});
    };
    if (const Json *v = number(run, "copies")) add("copies", number_text(*v));
    if (const Json *v = number(run, "cpus")) add("cpus", number_text(*v));
    if (!start.empty()) add("start", start);
    if (!end.empty()) add("end", end);
    if (const Json *tool = member(doc, "tool"))
        if (const std::string v = text(*tool, "version"); !v.empty())
            add("tool", text(*tool, "name", "bytebench") + " " + v);
    if (const Json *s = member(doc, "suite"))
        if (const std::string v = text(*s, "name"); !v.empty()) add("suite", v);
    if (system != nullptr)
        for (const char *key : {"cpu_model", "kernel", "machine"})
            if (const std::string v = text(*system, key); !v.empty()) add(key, v);
    for (const Json &index : array(run, "indexes")) {
        const std::string category = text(index, "category");
        const Json *score = number(index, "score");
        if (category.empty() || score == nullptr) continue;
        add("index." + category, number_text(*score));
        const Json *partial = member(index, "partial");
        if (partial != nullptr && partial->is_boolean() && partial->get<bool>())
            add("index." + category + ".partial", "true");
    }
    const std::string run_status = text(doc, "status", "unknown");
    add("run_status", run_status);
    if (run_status != "complete")
        suite.error_output = "bytebench: the run is " + run_status +
                             " (interrupted, or still going on when this report was written): "
                             "tests it did not reach are missing from this report.\n";

    double case_seconds = 0.0;
    for (const Json &test : array(run, "tests")) {
        if (!test.is_object()) continue;
        suite.cases.push_back(make_case(test));
        const TestCase &tc = suite.cases.back();
        case_seconds += tc.seconds;
        if (tc.outcome == "error") ++suite.errors;
        if (tc.outcome == "skipped") ++suite.skipped;
    }
    // The copy-pass's wall time (settling included), from its start and end;
    // those have whole seconds, so never less than its tests' own times.
    suite.seconds = case_seconds;
    const auto t0 = parse_time(start), t1 = parse_time(end);
    if (t0 && t1) {
        double span = *t1 - *t0;
        if (span < 0 && end.size() == 19) span += 86400.0;  // no offsets: past midnight
        if (span > suite.seconds) suite.seconds = span;
    }
    return suite;
}

// ---------------------------------------------------------------------------
// Writing.

std::string attr(const std::string &name, const std::string &value) {
    return " " + name + "=\"" + xml_escape(value, true) + "\"";
}

void write_properties(std::ostream &out, const std::vector<Property> &properties,
                      const std::string &indent) {
    if (properties.empty()) return;
    out << indent << "<properties>\n";
    for (const Property &p : properties)
        out << indent << "  <property" << attr("name", p.name) << attr("value", p.value) << "/>\n";
    out << indent << "</properties>\n";
}

void write_case(std::ostream &out, const TestCase &tc) {
    out << "    <testcase" << attr("classname", tc.classname) << attr("name", tc.name)
        << attr("time", seconds_text(tc.seconds)) << ">\n";
    write_properties(out, tc.properties, "      ");
    if (tc.outcome == "skipped")
        out << "      <skipped" << attr("message", tc.message) << "/>\n";
    else if (tc.outcome == "error")
        out << "      <error" << attr("message", tc.message) << attr("type", tc.outcome_type) << ">"
            << xml_escape(tc.message, false) << "</error>\n";
    if (!tc.output.empty())
        out << "      <system-out>" << xml_escape(tc.output, false) << "</system-out>\n";
    out << "    </testcase>\n";
}

void write_suite(std::ostream &out, const Suite &suite, std::size_t id) {
    out << "  <testsuite" << attr("name", suite.name)
        << attr("tests", std::to_string(suite.cases.size())) << attr("failures", "0")
        << attr("errors", std::to_string(suite.errors))
        << attr("skipped", std::to_string(suite.skipped))
        << attr("time", seconds_text(suite.seconds));
    if (!suite.timestamp.empty()) out << attr("timestamp", suite.timestamp);
    out << attr("hostname", suite.hostname) << attr("id", std::to_string(id))
        << attr("package", "bytebench") << ">\n";
    write_properties(out, suite.properties, "    ");
    for (const TestCase &tc : suite.cases) write_case(out, tc);
    if (!suite.error_output.empty())
        out << "    <system-err>" << xml_escape(suite.error_output, false) << "</system-err>\n";
    out << "  </testsuite>\n";
}

// Appends code point `cp` as UTF-8.
void append_utf8(std::string &out, char32_t cp) {
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

// Decodes one UTF-8 sequence at text[i]; returns the code point and its
// length, or U+FFFD and 1 for a byte that does not start a well-formed one
// (overlong forms and surrogates included).
std::pair<char32_t, std::size_t> decode_utf8(std::string_view text, std::size_t i) {
    const auto byte = [&text](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    std::size_t length = 0;
    char32_t cp = 0, min = 0;
    if (lead >= 0xC2 && lead <= 0xDF)
        length = 2, cp = lead & 0x1F, min = 0x80;
    else if (lead >= 0xE0 && lead <= 0xEF)
        length = 3, cp = lead & 0x0F, min = 0x800;
    else if (lead >= 0xF0 && lead <= 0xF4)
        length = 4, cp = lead & 0x07, min = 0x10000;
    else
        return {0xFFFD, 1};
    if (i + length > text.size()) return {0xFFFD, 1};
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return {0xFFFD, 1};
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return {0xFFFD, 1};
    return {cp, length};
}

}  // namespace

std::string xml_escape(std::string_view text, bool attribute) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            ++i;
            switch (c) {
                case '&':
                    out += "&amp;";
                    break;
                case '<':
                    out += "&lt;";
                    break;
                case '>':
                    out += "&gt;";
                    break;
                case '"':
                    out += "&quot;";
                    break;
                case '\'':
                    out += "&apos;";
                    break;
                case '\t':
                    out += attribute ? "&#9;" : "\t";
                    break;
                case '\n':
                    out += attribute ? "&#10;" : "\n";
                    break;
                case '\r':
                    out += "&#13;";
                    break;
                default:
                    if (c >= 0x20 && c != 0x7F) out += char(c);  // other controls: dropped
            }
            continue;
        }
        const auto [cp, length] = decode_utf8(text, i);
        i += length;
        if (cp <= 0x9F || cp == 0xFFFE || cp == 0xFFFF) continue;  // C1 controls, non-characters
        append_utf8(out, cp);
    }
    return out;
}

void write_junit(std::string_view json, std::ostream &out) {
    Json doc;
    try {
        doc = Json::parse(json.begin(), json.end());
    } catch (const Json::parse_error &e) {
        throw std::runtime_error(std::string("junit: the document is not valid JSON: ") + e.what());
    }
    if (!doc.is_object())
        throw std::runtime_error("junit: not a bytebench result document: not a JSON object");
    check_schema(doc);

    std::vector<Suite> suites;
    std::set<std::string> names_used;
    for (const Json &run : array(doc, "runs"))
        if (run.is_object()) suites.push_back(make_suite(doc, run, suites.size(), names_used));
    if (suites.empty()) {
        // No copy-pass at all (a run interrupted before its first test): one
        // empty suite, so that the report still says what happened.
        Suite empty;
        const Json *system = member(doc, "system");
        empty.name = "bytebench";
        empty.hostname = system != nullptr ? text(*system, "hostname", "unknown") : "unknown";
        const std::string run_status = text(doc, "status", "unknown");
        empty.properties.push_back({"run_status", run_status});
        empty.error_output =
            "bytebench: the result holds no copy-pass (run status: " + run_status + ").\n";
        suites.push_back(empty);
    }

    std::size_t tests = 0;
    int errors = 0, skipped = 0;
    double seconds = 0.0;
    for (const Suite &s : suites) {
        tests += s.cases.size();
        errors += s.errors;
        skipped += s.skipped;
        seconds += s.seconds;
    }
    out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        << "<testsuites" << attr("name", "bytebench") << attr("tests", std::to_string(tests))
        << attr("failures", "0") << attr("errors", std::to_string(errors))
        << attr("skipped", std::to_string(skipped)) << attr("time", seconds_text(seconds)) << ">\n";
    for (std::size_t i = 0; i < suites.size(); ++i) write_suite(out, suites[i], i);
    out << "</testsuites>\n";
}

}  // namespace vendor
