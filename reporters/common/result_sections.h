// The sections of a result document (`bytebench.result/1`) that follow all its copy-passes in
// every format (report_model.h), built here once from the document: today the scaling against
// 1 copy. Call inside a CLocaleScope. Header-only.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "base/json_read.h"
#include "common/c_format.h"
#include "common/number_text.h"
#include "common/report_model.h"

namespace bytebench::reporters {

namespace detail {

// A number of a scaling point in `fmt`; empty when the point has none.
inline model::Cell point_cell(const nlohmann::json &point, const char *key, const char *fmt,
                              double scale = 1.0) {
    model::Cell cell;
    if (const std::optional<double> value = number_member(point, key))
        cell.text = format(fmt, *value * scale);
    return cell;
}

inline model::Cell text_cell(std::string text) {
    model::Cell cell;
    cell.text = std::move(text);
    return cell;
}

}  // namespace detail

// The speedup and efficiency of each test, and each index score, against 1 copy (the
// document's `scaling`, computed by the core); nothing without it. The text report, whose
// default is UnixBench's layout, shows it after a --scaling run (or with --stats).
inline std::optional<model::Section> scaling_section(const nlohmann::json &doc) {
    const nlohmann::json &scaling = member(doc, "scaling");
    if (!scaling.is_object()) return std::nullopt;
    model::Section section;
    section.id = "scaling";
    section.title = "Scaling against 1 copy";
    section.detail = !flag_member(member(doc, "options"), "scaling");
    using model::Align;
    section.table.columns = {{"Test", Align::left},     {"Copies", Align::right},
                             {"Value", Align::right},   {"Unit", Align::left},
                             {"Speedup", Align::right}, {"Efficiency", Align::right}};
    for (const nlohmann::json &test : elements(member(scaling, "tests")))
        for (const nlohmann::json &point : elements(member(test, "points"))) {
            section.table.rows.push_back(
                {detail::text_cell(string_member(test, "name")),
                 detail::point_cell(point, "copies", "%.0f"),
                 detail::point_cell(point, "value", "%.1f"),
                 detail::text_cell(string_member(test, "unit")),
                 detail::point_cell(point, "speedup", "%.2f"),
                 detail::point_cell(point, "efficiency", "%.0f%%", 100.0)});
        }
    for (const nlohmann::json &index : elements(member(scaling, "indexes")))
        for (const nlohmann::json &point : elements(member(index, "points")))
            section.table.rows.push_back(
                {detail::text_cell(string_member(index, "title") + " Index Score"),
                 detail::point_cell(point, "copies", "%.0f"),
                 detail::point_cell(point, "score", "%.1f"),
                 {},
                 {},
                 {}});
    section.legend =
        "Speedup: the value over the value at 1 copy; efficiency: the speedup over "
        "the copies.";
    return section;
}

// The sections after all copy-passes, in the order every format shows them.
inline std::vector<model::Section> result_sections(const nlohmann::json &doc) {
    std::vector<model::Section> sections;
    if (std::optional<model::Section> scaling = scaling_section(doc))
        sections.push_back(std::move(*scaling));
    return sections;
}

}  // namespace bytebench::reporters
