// The sections of a comparison document (`bytebench.comparison/2`) that every format shows
// around its tables (report_model.h): the gate, the comparability warnings and the
// environment differences, built here once from comparison_access.h and laid out by each
// format's section renderer (where on the page is the format's choice: HTML puts the gate
// first, the terminal last, where it is seen after the tables scroll by). Call inside a
// CLocaleScope. Header-only.
#pragma once

#include <cctype>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/json_read.h"
#include "common/comparison_access.h"
#include "common/join.h"
#include "common/number_text.h"
#include "common/report_model.h"

namespace bytebench::reporters {

// "dhry2reg in B, -6.5% (p=0.031)", under the section it failed in.
inline model::Item gate_failure_item(const nlohmann::json &failure) {
    std::string text = gate_failure_subject(failure) + " in " + string_member(failure, "input");
    if (const std::optional<double> delta = number_member(failure, "delta_pct"))
        text += ", " + delta_text(*delta);
    if (const std::optional<double> p = number_member(failure, "p"))
        text += " (" + p_label(*p) + ")";
    return {string_member(failure, "section"), text, {}};
}

// The gate (`compare --fail-on`): passed, failed with each failure, or inconclusive with its
// reason; nothing when the comparison had no gate.
inline std::optional<model::Section> gate_section(const nlohmann::json &doc) {
    const nlohmann::json &gate = member(doc, "gate");
    if (!gate.is_object()) return std::nullopt;
    model::Section section;
    section.id = "gate";
    section.title = "Gate";
    section.status = gate_status(gate);
    section.item_noun = "failures";
    const std::string threshold = gate_threshold_text(gate);
    if (section.status == "inconclusive") {
        section.tone = model::Tone::bad;
        // The reason is a clause ("nothing of B could be judged ..."); here it is a sentence.
        section.lead = string_member(gate, "reason") + ".";
        section.lead[0] =
            static_cast<char>(std::toupper(static_cast<unsigned char>(section.lead[0])));
    } else if (section.status == "failed") {
        section.tone = model::Tone::bad;
        section.lead = "Significantly worse by " + threshold + ":";
        for (const nlohmann::json &failure : elements(member(gate, "failures")))
            section.items.push_back(gate_failure_item(failure));
    } else {
        section.tone = model::Tone::good;
        section.lead = "Nothing is significantly worse by " + threshold + ".";
    }
    return section;
}

// Why the inputs may not compare (the comparison's `warnings`); nothing without any.
inline std::optional<model::Section> warnings_section(const nlohmann::json &doc) {
    model::Section section;
    section.id = "warnings";
    section.title = "Warnings";
    section.tone = model::Tone::warn;
    for (const nlohmann::json &warning : elements(member(doc, "warnings")))
        if (const std::string text = text_of(warning); !text.empty())
            section.items.push_back({"", text, {}});
    if (section.items.empty()) return std::nullopt;
    return section;
}

// What differs between the machines and runs, which may explain the verdicts: a line each,
// or a line and one per value when that would be long (EnvironmentDifferenceText).
inline std::optional<model::Section> environment_differences_section(const nlohmann::json &doc) {
    model::Section section;
    section.id = "environment-differences";
    section.title = "Environment differences";
    for (const EnvironmentDifferenceText &text : environment_difference_texts(doc)) {
        if (text.fits_one_line())
            section.items.push_back({"", text.one_line(), {}});
        else
            section.items.push_back({"", text.head, text.values});
    }
    if (section.items.empty()) return std::nullopt;
    return section;
}

// The inputs of a comparison laid out side by side (up to three): each by its label, where it
// came from, then its machine, its run and its run-to-run spread as details under it.
inline model::Section inputs_section(const nlohmann::json &doc) {
    const ComparisonInputs inputs = comparison_inputs(doc);
    const nlohmann::json &list = elements(member(doc, "inputs"));
    model::Section section;
    section.id = "inputs";
    section.title = "Inputs (deltas against " + inputs.labels[inputs.baseline] + ")";
    for (size_t i = 0; i < inputs.labels.size(); ++i) {
        const nlohmann::json &input = element(list, i);
        model::Item item{inputs.labels[i],
                         join_known({join_known(input_source_parts(input), " "),
                                     i == inputs.baseline ? "baseline" : ""},
                                    ", "),
                         {}};
        for (const std::string &detail :
             {join_known(input_machine_parts(input), ", "),
              join_known(input_run_parts(input), ", "), input_run_to_run_text(input)})
            if (!detail.empty()) item.details.push_back(detail);
        section.items.push_back(std::move(item));
    }
    section.item_noun = "inputs";
    return section;
}

// "system index": an index score's name where rows go by their ids.
inline std::string index_short_name(const nlohmann::json &index) {
    const std::string category = string_member(index, "category");
    return category.empty() ? "index" : category + " index";
}

// Under a section's table: why rows and index scores are not comparable (each note once, with
// the ids it is on, marked † as in the table), why a cell has no value, and the section's own
// notes (why a column has no copy-pass here); nothing when there are none. Rows go by their
// ids, the names the command line takes, as in the terminal's tables.
inline std::optional<model::Section> notes_section(const nlohmann::json &section,
                                                   const std::vector<std::string> &labels) {
    model::Section notes;
    notes.id = "notes";
    notes.title = "Notes";
    for (const char *group : {"rows", "indexes"})
        for (const GroupedNote &grouped : grouped_notes(member(section, group))) {
            std::string names;
            for (const nlohmann::json *row : grouped.rows)
                names += (names.empty() ? "" : ", ") + (std::string(group) == "rows"
                                                            ? string_member(*row, "id")
                                                            : index_short_name(*row));
            notes.items.push_back({"\u2020 " + names, grouped.note, {}});  // †
        }
    for (const nlohmann::json &row : elements(member(section, "rows")))
        for (size_t i = 0; i < labels.size(); ++i) {
            const nlohmann::json &cell = cell_at(row, i);
            if (const std::string error = string_member(cell, "error"); !error.empty())
                notes.items.push_back(
                    {string_member(row, "id") + " in " + labels[i] + " (" + cell_status(cell) + ")",
                     error,
                     {}});
        }
    for (std::string &note : section_notes(section))
        notes.items.push_back({"", std::move(note), {}});
    if (notes.items.empty()) return std::nullopt;
    return notes;
}

}  // namespace bytebench::reporters
