#include "svg_chart.h"

#include <algorithm>
#include <cmath>

#include "format.h"

namespace bytebench::reporters::html {
namespace {

// Geometry in SVG user units. The SVG shrinks with the page (CSS), so these are proportions
// more than pixels; at full size one unit is one CSS pixel.
constexpr double kWidth = 960;
constexpr double kLabelRight = 292;  // test names end here, right-aligned
constexpr double kPlotLeft = 300;
constexpr double kPlotRight = kWidth - 72;  // room for the value after the longest bar
constexpr double kMargin = 8;
constexpr double kAxisHeight = 26;
constexpr double kLegendRow = 22;
constexpr double kBarGap = 2;
constexpr double kGroupGap = 10;
// SVG text cannot wrap, and its width cannot be measured without a script: names are cut to
// what fits left of the bars, and legend widths are estimated from an average glyph width.
constexpr size_t kMaxLabelChars = 44;
constexpr double kGlyphWidth = 6.8;

// Tableau 10 without its red and green, which the comparison page uses for worse/better.
const char *const kPalette[] = {"#4e79a7", "#f28e2b", "#76b7b2", "#b07aa1",
                                "#edc948", "#9c755f", "#ff9da7", "#bab0ac"};
// The reference group's bar (the baseline), dark so that it stands out among the others.
const char *const kReferenceColour = "#1f2328";

// Whole numbers without ".0": the coordinates are easier to read in the page source.
std::string coord(double value) {
    std::string text = fixed(value, 1);
    if (text.size() > 2 && text.compare(text.size() - 2, 2, ".0") == 0)
        text.resize(text.size() - 2);
    return text;
}

double bar_height(size_t series) {
    if (series <= 1) return 18;
    return series <= 3 ? 12 : 9;
}

double group_height(size_t series) {
    const double n = double(std::max<size_t>(series, 1));
    return n * bar_height(series) + (n - 1) * kBarGap;
}

// The axis: 0 to a round maximum at or above the largest value, in 1-2-2.5-5 steps, about
// six of them.
struct Scale {
    double max;
    double step;
};

Scale nice_scale(double largest) {
    // Nothing to scale (or values so small that log10 below would overflow): a plain 0-10.
    if (!(largest > 1e-12) || !std::isfinite(largest)) return {10, 2};
    const double raw = largest / 6;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double norm = raw / magnitude;
    const double factor = norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 2.5 ? 2.5 : norm <= 5 ? 5 : 10;
    const double step = factor * magnitude;
    return {std::ceil(largest / step - 1e-9) * step, step};
}

int tick_decimals(double step) {
    if (step >= 1 && std::floor(step) == step) return 0;
    return std::max(0, int(-std::floor(std::log10(step)))) + 1;
}

double largest_value(const BarChart &chart) {
    double largest = 0;
    for (const ChartGroup &group : chart.groups)
        for (const ChartCell &cell : group.cells)
            if (cell.value && std::isfinite(*cell.value)) largest = std::max(largest, *cell.value);
    return largest;
}

// Where each legend entry goes: entries flow left to right from the plot's left edge and wrap.
struct LegendItem {
    std::string name;
    double x;
    int row;
};

std::vector<LegendItem> legend_layout(const BarChart &chart) {
    std::vector<LegendItem> items;
    if (chart.series.size() < 2) return items;  // one series needs no legend
    double x = kPlotLeft;
    int row = 0;
    for (const std::string &series : chart.series) {
        const std::string name = truncated(series, 60);
        const double width = 20 + kGlyphWidth * double(name.size()) + 18;
        if (x > kPlotLeft && x + width > kWidth) {
            x = kPlotLeft;
            ++row;
        }
        items.push_back({name, x, row});
        x += width;
    }
    return items;
}

int legend_rows(const std::vector<LegendItem> &items) {
    return items.empty() ? 0 : items.back().row + 1;
}

void write_legend(const std::vector<LegendItem> &items, double top, std::ostream &out) {
    if (items.empty()) return;
    out << "<g class=\"legend\">\n";
    for (size_t i = 0; i < items.size(); ++i) {
        const double y = top + items[i].row * kLegendRow;
        out << "<rect class=\"swatch\" x=\"" << coord(items[i].x) << "\" y=\"" << coord(y + 3)
            << "\" width=\"12\" height=\"12\" rx=\"2\" fill=\"" << series_colour(i) << "\"/>"
            << "<text x=\"" << coord(items[i].x + 18) << "\" y=\"" << coord(y + 9)
            << "\" dy=\"0.35em\">" << escape(items[i].name) << "</text>\n";
    }
    out << "</g>\n";
}

void write_axis(const Scale &scale, double top, double bottom, std::ostream &out) {
    out << "<g class=\"axis\">\n";
    const int decimals = tick_decimals(scale.step);
    const int ticks = int(std::lround(scale.max / scale.step));
    for (int i = 0; i <= ticks; ++i) {
        const double value = scale.step * i;
        const double x = kPlotLeft + (kPlotRight - kPlotLeft) * value / scale.max;
        out << "<line class=\"grid\" x1=\"" << coord(x) << "\" y1=\"" << coord(top) << "\" x2=\""
            << coord(x) << "\" y2=\"" << coord(bottom) << "\"/>"
            << "<text class=\"tick\" x=\"" << coord(x) << "\" y=\"" << coord(bottom + 14)
            << "\" text-anchor=\"middle\">" << fixed(value, decimals) << "</text>\n";
    }
    out << "<line class=\"baseline\" x1=\"" << coord(kPlotLeft) << "\" y1=\"" << coord(top)
        << "\" x2=\"" << coord(kPlotLeft) << "\" y2=\"" << coord(bottom) << "\"/>\n";
    out << "</g>\n";
}

void write_cell(const BarChart &chart, const ChartGroup &group, size_t series, double y,
                const Scale &scale, std::ostream &out) {
    const ChartCell &cell = group.cells[series];
    const double height = bar_height(chart.series.size());
    const double middle = y + height / 2;
    if (!cell.value || !std::isfinite(*cell.value)) {
        if (!cell.note.empty())
            out << "<text class=\"note\" x=\"" << coord(kPlotLeft + 6) << "\" y=\"" << coord(middle)
                << "\" dy=\"0.35em\">" << escape(cell.note) << "</text>\n";
        return;
    }
    const double value = std::max(0.0, *cell.value);
    const double width = (kPlotRight - kPlotLeft) * std::min(value / scale.max, 1.0);
    std::string tooltip = group.label;
    if (series < chart.series.size()) tooltip += ", " + chart.series[series];
    tooltip += ": " + value_text(*cell.value);
    out << "<rect class=\"bar\" x=\"" << coord(kPlotLeft) << "\" y=\"" << coord(y) << "\" width=\""
        << coord(width) << "\" height=\"" << coord(height) << "\" fill=\""
        << (group.reference ? kReferenceColour : series_colour(series)) << "\"><title>"
        << escape(tooltip) << "</title></rect>"
        << "<text class=\"value\" x=\"" << coord(kPlotLeft + width + 4) << "\" y=\""
        << coord(middle) << "\" dy=\"0.35em\">" << value_text(*cell.value) << "</text>\n";
}

void write_group(const BarChart &chart, const ChartGroup &group, double top, const Scale &scale,
                 std::ostream &out) {
    const size_t series = std::max<size_t>(chart.series.size(), 1);
    const std::string label = truncated(group.label, kMaxLabelChars);
    out << "<g class=\"group\">\n<text class=\"label\" x=\"" << coord(kLabelRight) << "\" y=\""
        << coord(top + group_height(chart.series.size()) / 2)
        << "\" dy=\"0.35em\" text-anchor=\"end\""
        << (group.reference ? " font-weight=\"bold\"" : "") << ">" << escape(label);
    // The whole name as a tooltip when it had to be cut.
    if (label != group.label) out << "<title>" << escape(group.label) << "</title>";
    out << "</text>\n";
    const double pitch = bar_height(chart.series.size()) + kBarGap;
    for (size_t i = 0; i < series && i < group.cells.size(); ++i)
        write_cell(chart, group, i, top + pitch * double(i), scale, out);
    out << "</g>\n";
}

// The reference line, drawn under the bars and their values so that it never hides a number,
// its label above the plot (write_bar_chart() leaves room for it).
void write_reference(const BarChart &chart, const Scale &scale, double top, double bottom,
                     std::ostream &out) {
    if (!chart.reference || !std::isfinite(*chart.reference) || *chart.reference < 0) return;
    const double x =
        kPlotLeft + (kPlotRight - kPlotLeft) * std::min(*chart.reference / scale.max, 1.0);
    out << "<g class=\"reference\"><line x1=\"" << coord(x) << "\" y1=\"" << coord(top)
        << "\" x2=\"" << coord(x) << "\" y2=\"" << coord(bottom) << "\" stroke=\""
        << kReferenceColour << "\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>";
    if (!chart.reference_label.empty())
        out << "<text class=\"tick\" x=\"" << coord(x) << "\" y=\"" << coord(top - 4)
            << "\" text-anchor=\"middle\">" << escape(chart.reference_label) << "</text>";
    out << "</g>\n";
}

}  // namespace

const char *series_colour(size_t series) {
    return kPalette[series % (sizeof kPalette / sizeof kPalette[0])];
}

size_t bar_count(const BarChart &chart) {
    const size_t series = std::max<size_t>(chart.series.size(), 1);
    size_t bars = 0;
    for (const ChartGroup &group : chart.groups)
        for (size_t i = 0; i < series && i < group.cells.size(); ++i)
            if (group.cells[i].value && std::isfinite(*group.cells[i].value)) ++bars;
    return bars;
}

void write_bar_chart(const BarChart &chart, std::ostream &out) {
    const Scale scale = nice_scale(largest_value(chart));
    const std::vector<LegendItem> legend = legend_layout(chart);
    const int rows = legend_rows(legend);
    const double reference_room = chart.reference && !chart.reference_label.empty() ? 14 : 0;
    const double plot_top = kMargin + rows * kLegendRow + (rows > 0 ? 6 : 0) + reference_room;
    const double pitch = group_height(chart.series.size()) + kGroupGap;
    const double plot_bottom = plot_top + pitch * double(chart.groups.size()) - kGroupGap / 2;
    const double height = plot_bottom + kAxisHeight;

    out << "<svg class=\"chart\" viewBox=\"0 0 " << coord(kWidth) << " " << coord(height)
        << "\" width=\"" << coord(kWidth) << "\" height=\"" << coord(height)
        << "\" role=\"img\" aria-label=\"" << escape(chart.title) << "\">\n<title>"
        << escape(chart.title) << "</title>\n";
    write_legend(legend, kMargin, out);
    write_axis(scale, plot_top - kGroupGap / 2, plot_bottom, out);
    write_reference(chart, scale, plot_top - kGroupGap / 2, plot_bottom, out);
    for (size_t i = 0; i < chart.groups.size(); ++i)
        write_group(chart, chart.groups[i], plot_top + pitch * double(i), scale, out);
    out << "</svg>\n";
}

}  // namespace bytebench::reporters::html
