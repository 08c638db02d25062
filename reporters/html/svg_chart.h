// Horizontal bar charts as inline SVG, drawn without any script so that a page works offline
// and prints as it shows.
//
// One chart has groups (one per test) of bars (one per series: a copy-pass or a compared
// run). A single-series chart is a plain bar chart; with several series the bars of a group
// sit together and a legend names the series. Every bar is a <rect class="bar">, and nothing
// else has that class, so tests can count them.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace bytebench::reporters::html {

// One slot of a group: a bar, or a note saying why there is none ("crashed", "missing").
struct ChartCell {
    std::optional<double> value;
    std::string note;
};

struct ChartGroup {
    std::string label;
    std::vector<ChartCell> cells;  // one per series
    bool reference = false;        // the group the others are measured against: label in bold,
                                   // bar in the reference colour
};

struct BarChart {
    std::string title;                // the SVG's <title>, read by screen readers
    std::vector<std::string> series;  // legend entries; no legend with a single series
    std::vector<ChartGroup> groups;
    // A dashed vertical line across the plot at this value (the baseline's), so that every bar
    // reads as above or below it; its label ("baseline") is written at its top.
    std::optional<double> reference;
    std::string reference_label;
};

// The fill colour of series `series` ("#4e79a7"), for legends outside the chart.
const char *series_colour(size_t series);

// The number of <rect class="bar"> that write_bar_chart() draws.
size_t bar_count(const BarChart &chart);

// Writes `<svg class="chart" ...>...</svg>`. Text is escaped here; pass it unescaped.
void write_bar_chart(const BarChart &chart, std::ostream &out);

}  // namespace bytebench::reporters::html
