#include "x11perf_groups.h"

#include <cstdio>

namespace bytebench::plugins::graphics {
namespace {

// UnixBench 6.0's groups and reference rates (docs/graphics.md has the table).
const std::array<X11perfGroup, 10> kGroups = {{
    {"2d-rects",
     "rects",
     "2D graphics: rectangles",
     {{{"rect10", 7180000},
       {"rect100", 110000},
       {"oddtilerect10", 1430000},
       {"eschertilerect100", 18000}}}},
    {"2d-lines",
     "lines",
     "2D graphics: lines",
     {{{"seg100c3", 421000}, {"wvseg100", 584000}, {"ddline100", 453000}, {"worect500", 9790}}}},
    {"2d-circle",
     "circle",
     "2D graphics: circles",
     {{{"circle500", 28900},
       {"wddcircle100", 8300},
       {"wpcircle100", 39000},
       {"fspcircle100", 187000}}}},
    {"2d-ellipse",
     "ellipse",
     "2D graphics: ellipses",
     {{{"ddellipse100", 88900},
       {"wddellipse100", 6680},
       {"pellipse10", 1350000},
       {"fspellipse100", 269000}}}},
    {"2d-shapes",
     "shapes",
     "2D graphics: polygons",
     {{{"triangle10", 969000},
       {"trap300", 11600},
       {"oddostrap300", 2080},
       {"eschertiletrap300", 2450}}}},
    {"2d-aashapes",
     "aashapes",
     "2D graphics: aa polygons",
     {{{"aa4trap300", 1460, true},
       {"aa1trap10", 357000},
       {"aatrap2x300", 5710},
       {"addaatrapezoid300", 4460}}}},
    {"2d-polys",
     "polys",
     "2D graphics: complex polygons",
     {{{"complex10", 655000},
       {"64poly100convex", 105000},
       {"64poly10complex", 353000},
       {"64poly100complex", 105000}}}},
    // rgb24text: UnixBench lists it twice; the later "core" reference wins.
    {"2d-text",
     "text",
     "2D graphics: text",
     {{{"polytext16", 369000}, {"rgb24text", 2510}, {"caa10text", 15300}, {"ca24text", 2540}}}},
    // putimagexy500: a reference of 0.1, which dominates the group's mean.
    {"2d-blit",
     "blit",
     "2D graphics: images and blits",
     {{{"scroll100", 52000},
       {"copypixwin10", 502000},
       {"deepcopyplane10", 151000},
       {"putimagexy500", 0.1}}}},
    {"2d-window",
     "window",
     "2D graphics: windows",
     {{{"popup", 660000}, {"move", 120000}, {"movetree", 877000}, {"resize", 136000}}}},
}};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A plain decimal number ("9690000.0", "77.8") at the start of `s`, read
// without the locale (strtod would take the worker's decimal separator).
// Returns the characters read, 0 when there is no number.
size_t read_decimal(std::string_view s, double &value) {
    size_t i = 0;
    double v = 0;
    while (i < s.size() && is_digit(s[i])) v = v * 10 + (s[i++] - '0');
    const size_t integer_digits = i;
    if (i < s.size() && s[i] == '.') {
        double scale = 0.1;
        size_t j = i + 1;
        while (j < s.size() && is_digit(s[j])) {
            v += (s[j++] - '0') * scale;
            scale /= 10;
        }
        if (j > i + 1 || integer_digits > 0) i = j;
    }
    if (integer_digits == 0 && i == 0) return 0;
    value = v;
    return i;
}

// The rate of a line `<n> trep @ <t> msec (<R>/sec): <label>`, as printed.
bool trep_rate(std::string_view line, std::string &text, double &rate) {
    const size_t at = line.find(" trep @ ");
    if (at == std::string_view::npos) return false;
    const size_t open = line.find('(', at);
    if (open == std::string_view::npos) return false;
    std::string_view rest = line.substr(open + 1);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    double value = 0;
    const size_t length = read_decimal(rest, value);
    if (length == 0 || rest.substr(length, 5) != "/sec)") return false;
    text = std::string(rest.substr(0, length));
    rate = value;
    return true;
}

}  // namespace

const std::array<X11perfGroup, 10> &x11perf_groups() { return kGroups; }

const X11perfGroup *find_x11perf_group(std::string_view name) {
    for (const X11perfGroup &g : kGroups)
        if (name == g.workload_id || name == g.group) return &g;
    return nullptr;
}

std::vector<std::string> x11perf_arguments(const X11perfTest &test,
                                           const X11perfSettings &settings) {
    std::vector<std::string> args = {"x11perf", "-repeat", std::to_string(settings.repeat), "-subs",
                                     "25",      "-time",   std::to_string(settings.time_s)};
    if (settings.reps > 0) {
        args.push_back("-reps");
        args.push_back(std::to_string(settings.reps));
    }
    args.push_back(std::string("-") + test.name);
    return args;
}

X11perfReading read_x11perf_output(std::string_view output) {
    X11perfReading reading;
    while (!output.empty()) {
        const size_t end = output.find('\n');
        const std::string_view line = output.substr(0, end);
        output.remove_prefix(end == std::string_view::npos ? output.size() : end + 1);
        std::string text;
        double rate = 0;
        if (trep_rate(line, text, rate)) {
            reading.rate = rate;
            reading.rate_text = text;
            reading.measured = true;
        } else if (line.find("benchmark omitted") != std::string_view::npos) {
            reading.omitted = true;
            if (reading.omitted_line.empty()) reading.omitted_line = std::string(trimmed(line));
        }
    }
    return reading;
}

double x11perf_score(double rate, double reference_rate) { return rate / reference_rate * 1000.0; }

double group_value(const std::vector<double> &scores) {
    if (scores.empty()) return 0;
    double sum = 0;
    for (double s : scores) sum += s;
    return sum / static_cast<double>(scores.size());
}

std::string output_tail(std::string_view text, size_t max_bytes) {
    text = trimmed(text);
    if (text.size() > max_bytes) {
        text = text.substr(text.size() - max_bytes);
        const size_t line_start = text.find('\n');
        if (line_start != std::string_view::npos && line_start + 1 < text.size())
            text.remove_prefix(line_start + 1);
    }
    std::string shown;
    text = trimmed(text);
    while (!text.empty()) {
        const size_t end = text.find('\n');
        const std::string_view line = trimmed(text.substr(0, end));
        text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
        if (line.empty()) continue;
        if (!shown.empty()) shown += " | ";
        shown += line;
    }
    return shown;
}

}  // namespace bytebench::plugins::graphics
