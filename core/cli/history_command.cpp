// `bytebench history`: the runs recorded in the history database.
#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "base/text.h"
#include "cli/json_output.h"
#include "cli/terminal_output.h"
#include "commands.h"
#include "model/labels.h"
#include "results/history.h"

namespace bytebench::cli {
namespace {

std::string date_text(const HistoryEntry &e) {
    std::string when = e.started_at.empty() ? e.recorded_at : e.started_at;
    if (when.size() > 16) when.resize(16);  // 2026-11-30T06:40
    if (when.size() > 10) when[10] = ' ';
    return when;
}

std::string shortened(std::string text, size_t width) {
    if (text.size() > width) text = text.substr(0, width - 3) + "...";
    return text;
}

std::string joined_copies(const HistoryEntry &e) {
    std::string out;
    for (int c : e.copies) out += (out.empty() ? "" : ",") + std::to_string(c);
    return out.empty() ? "-" : out;
}

// The mark of a partial index, and what it means (as compare marks one).
constexpr const char *kPartial = "*";
constexpr const char *kPartialLegend =
    "*: a partial index (fewer tests than the suite's index has: not comparable with a full one)";

bool is_partial(const HistoryEntry &e, size_t copy_pass) {
    return copy_pass < e.partial.size() && e.partial[copy_pass];
}

std::string joined_scores(const HistoryEntry &e) {
    std::string out;
    for (size_t i = 0; i < e.scores.size(); ++i) {
        const std::optional<double> &s = e.scores[i];
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.1f", s.value_or(0));
        out += (out.empty() ? "" : ", ") + (s ? std::string(buffer) : std::string("-")) +
               (s && is_partial(e, i) ? kPartial : "");
    }
    return out.empty() ? "-" : out;
}

std::string suite_text(const HistoryEntry &e) {
    std::string text = e.suite;
    if (e.source == "imported") text += " (imported)";
    if (e.status != "complete") text += " [" + e.status + "]";
    return text;
}

// The labels column is the last: at most this many bytes, so that a run with
// many labels still fits a line.
constexpr size_t kLabelsWidth = 48;

std::string labels_text(const HistoryEntry &e) {
    std::string text;
    for (const auto &[key, value] : e.labels) text += (text.empty() ? "" : " ") + key + "=" + value;
    if (text.empty()) return "-";
    if (text.size() > kLabelsWidth) text = utf8_prefix(text, kLabelsWidth - 3) + "…";
    return text;
}

// "kernel=6.1 smt=off", for the line saying that nothing matched.
std::string wanted_text(const Labels &labels) {
    std::string text;
    for (const auto &[key, value] : labels) text += (text.empty() ? "" : " ") + key + "=" + value;
    return text;
}

void print_entries(const std::vector<HistoryEntry> &entries) {
    // The suite column is as wide as its widest text: the labels follow it.
    int suite_width = int(std::string("SUITE").size());
    for (const HistoryEntry &e : entries)
        suite_width = std::max(suite_width, int(suite_text(e).size()));
    print_out(text_format("%5s  %-16s  %-16s  %-28s  %-8s  %-16s  %-*s  %s\n", "ID", "DATE", "HOST",
                          "CPU", "COPIES", "SCORE", suite_width, "SUITE", "LABELS"));
    for (const HistoryEntry &e : entries)
        print_out(text_format("%5lld  %-16s  %-16s  %-28s  %-8s  %-16s  %-*s  %s\n",
                              static_cast<long long>(e.id), date_text(e).c_str(),
                              shortened(e.host, 16).c_str(), shortened(e.cpu, 28).c_str(),
                              joined_copies(e).c_str(), joined_scores(e).c_str(), suite_width,
                              suite_text(e).c_str(), labels_text(e).c_str()));
    const bool any_partial = std::any_of(entries.begin(), entries.end(), [](const HistoryEntry &e) {
        return joined_scores(e).find(kPartial) != std::string::npos;
    });
    if (any_partial) print_out(std::string(kPartialLegend) + "\n");
}

nlohmann::json entry_json(const HistoryEntry &e) {
    nlohmann::json scores = nlohmann::json::array(), labels = nlohmann::json::object();
    for (size_t i = 0; i < e.scores.size(); ++i)
        scores.push_back(
            {{"copies", i < e.copies.size() ? nlohmann::json(e.copies[i]) : nlohmann::json()},
             {"score", e.scores[i] ? nlohmann::json(*e.scores[i]) : nlohmann::json()},
             {"partial", is_partial(e, i)}});
    for (const auto &[key, value] : e.labels) labels[key] = value;
    return {{"id", e.id},
            {"started_at", e.started_at},
            {"recorded_at", e.recorded_at},
            {"host", e.host},
            {"cpu", e.cpu},
            {"copies", e.copies},
            {"scores", scores},
            {"suite", e.suite},
            {"status", e.status},
            {"source", e.source},
            {"tool", e.tool},
            {"result_file", e.result_path},
            {"labels", labels}};
}

void print_entries_json(const std::string &database, const std::vector<HistoryEntry> &entries) {
    nlohmann::json runs = nlohmann::json::array();
    for (const HistoryEntry &e : entries) runs.push_back(entry_json(e));
    print_json_document("history", {{"database", database}, {"runs", runs}});
}

}  // namespace

int history_command(const GlobalOptions &global, const HistoryOptions &o) {
    if (global.no_history) {
        print_error("history: --no-history turns the history off");
        return kExitBadInput;
    }
    Labels wanted;
    try {
        wanted = parse_label_filter(o.labels);
    } catch (const std::invalid_argument &e) {
        print_error(e.what());
        return kExitBadInput;
    }
    try {
        // Read-only: a history this user may only read (another user's) is
        // listed, and nothing is written beside it.
        const History history(history_path(global), HistoryAccess::read_only);
        const std::vector<HistoryEntry> entries = history.list(o.limit, wanted);
        if (o.format == "json")
            print_entries_json(history_path(global), entries);
        else if (entries.empty() && wanted.empty())
            print_out(text_format("No runs recorded yet in %s\n", history_path(global).c_str()));
        else if (entries.empty())
            print_out(text_format("No runs labelled %s in %s\n", wanted_text(wanted).c_str(),
                                  history_path(global).c_str()));
        else
            print_entries(entries);
    } catch (const std::exception &e) {
        print_error(e.what());
        return kExitBadInput;
    }
    return kExitOk;
}

}  // namespace bytebench::cli
