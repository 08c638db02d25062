// The columns of a comparison that has many of them: a pivot (`compare --by host`,
// `--by label:KEY,...`; comparison-schema.md, "pivot") or more than three inputs. Reports then
// use a compact layout (one cell per column and row, columns split into blocks that fit the
// page); this header says when, describes a column in the same words everywhere and splits
// columns into blocks. Header-only, nlohmann-json only.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "base/failure_state.h"
#include "base/json_read.h"
#include "common/comparison_access.h"
#include "common/number_text.h"

namespace bytebench::reporters {

// Up to this many inputs without a pivot keep the layout of a value, index, delta, verdict and
// p-value column per input, which fits 100 columns of text at two inputs and a screen at three.
inline constexpr size_t kMostInputsSideBySide = 3;

// Whether the document pivots results into columns (it has a "pivot" object).
inline bool is_pivot(const nlohmann::json &doc) { return member(doc, "pivot").is_object(); }

// Whether reports lay the comparison out compactly: a pivot, or more inputs than fit side by
// side.
inline bool uses_compact_layout(const nlohmann::json &doc) {
    return is_pivot(doc) || elements(member(doc, "inputs")).size() > kMostInputsSideBySide;
}

// What the pivot is by, "label:kernel, label:smt" ("" without a pivot).
inline std::string pivot_by(const nlohmann::json &doc) {
    std::string text;
    for (const nlohmann::json &by : elements(member(member(doc, "pivot"), "by")))
        text += (text.empty() ? "" : ", ") + text_of(by);
    return text;
}

// "complete", "incomplete" or "failed": a column's status ("complete" when it does not say).
inline std::string column_status(const nlohmann::json &input) {
    const std::string status = string_member(input, "status");
    return status.empty() ? "complete" : status;
}

inline bool column_failed(const nlohmann::json &input) { return column_status(input) == "failed"; }

// The hosts behind a column, each once, in order: its members' hostnames; without members
// (a plain input, a failed column), the input's own.
inline std::vector<std::string> column_hosts(const nlohmann::json &input) {
    std::vector<std::string> hosts;
    const auto add = [&hosts](const std::string &host) {
        if (host.empty()) return;
        for (const std::string &known : hosts)
            if (known == host) return;
        hosts.push_back(host);
    };
    for (const nlohmann::json &m : elements(member(input, "members")))
        add(string_member(m, "hostname"));
    if (hosts.empty()) add(string_member(input, "hostname"));
    return hosts;
}

// How many results a column pools: its "results", else its members, else 1 (a plain input).
inline long long column_results(const nlohmann::json &input) {
    if (const auto results = number_member(input, "results")) return to_integer(*results);
    const size_t members = elements(member(input, "members")).size();
    return members > 0 ? static_cast<long long>(members) : 1;
}

// A column described in parts, empty when unknown (the caller escapes and joins them):
// "2 results", "hosts: db-1, db-2", "incomplete" (nothing when complete; "failed" is said
// with its reason by column_failure()).
inline std::vector<std::string> column_parts(const nlohmann::json &input) {
    std::vector<std::string> parts;
    if (!column_failed(input)) parts.push_back(counted(column_results(input), "result", "results"));
    std::string hosts;
    for (const std::string &host : column_hosts(input)) hosts += (hosts.empty() ? "" : ", ") + host;
    const size_t count = column_hosts(input).size();
    if (!hosts.empty()) parts.push_back((count == 1 ? "host: " : "hosts: ") + hosts);
    const std::string status = column_status(input);
    if (status != "complete" && status != "failed") parts.push_back(status);
    return parts;
}

// "failed (lost): unreachable: ssh timed out" for a failed column (the state when the failure
// record gives one); "" otherwise.
inline std::string column_failure(const nlohmann::json &input) {
    if (!column_failed(input)) return "";
    return failed_text(string_member(input, "state"), string_member(input, "reason"));
}

// A cell of the compact layout in parts: the number shown (the index when its row has one,
// else the value; the status word when the cell is not ok), the delta, the verdict.
struct CompactCell {
    std::string number;
    std::string delta;
    Verdict verdict = Verdict::none;
};

// `missing` is what a missing cell shows ("-" in text); a failed column's cells say "failed".
inline CompactCell compact_cell(const nlohmann::json &cell, bool row_indexed, bool failed_column,
                                const std::string &missing) {
    CompactCell compact;
    const auto index = cell_index(cell);
    const auto value = number_member(cell, "value");
    if (failed_column)
        compact.number = "failed";
    else if (row_indexed && index)
        compact.number = value_text(*index);
    else if (cell_is_ok(cell) && value)
        compact.number = value_text(*value);
    else
        compact.number = cell_status(cell) == "missing" ? missing : cell_status(cell);
    if (const auto delta = number_member(cell, "delta_pct")) compact.delta = delta_text(*delta);
    compact.verdict = cell_verdict(cell);
    return compact;
}

// The columns split into blocks, each [first, last), such that `fixed` (the row labels)
// plus every column's width and `gap` before it fits `limit`; at least one column per block.
// Blocks are balanced: as many as the greedy split needs, with their columns spread evenly
// over them, so that the last block is not a lone column.
inline std::vector<std::pair<size_t, size_t>> column_blocks(const std::vector<size_t> &widths,
                                                            size_t fixed, size_t gap,
                                                            size_t limit) {
    const auto greedy = [&](size_t most_per_block) {
        std::vector<std::pair<size_t, size_t>> blocks;
        size_t first = 0;
        while (first < widths.size()) {
            size_t used = fixed;
            size_t last = first;
            while (last < widths.size() && last - first < most_per_block &&
                   (last == first || used + gap + widths[last] <= limit))
                used += gap + widths[last++];
            blocks.emplace_back(first, last);
            first = last;
        }
        return blocks;
    };
    std::vector<std::pair<size_t, size_t>> blocks = greedy(widths.size());
    // Fewer columns per block, as long as that needs no more blocks.
    for (size_t most = widths.size(); most > 1 && !blocks.empty(); --most) {
        const auto fewer = greedy(most - 1);
        if (fewer.size() > blocks.size()) break;
        blocks = fewer;
    }
    return blocks;
}

}  // namespace bytebench::reporters
