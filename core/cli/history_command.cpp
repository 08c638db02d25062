// `bytebench history`: the runs recorded in the history database.
#include <cstdio>
#include <string>

#include "cli/terminal_output.h"
#include "commands.h"
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

std::string joined_scores(const HistoryEntry &e) {
    std::string out;
    for (const std::optional<double> &s : e.scores) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.1f", s.value_or(0));
        out += (out.empty() ? "" : ", ") + (s ? std::string(buffer) : std::string("-"));
    }
    return out.empty() ? "-" : out;
}

std::string suite_text(const HistoryEntry &e) {
    std::string text = e.suite;
    if (e.source == "imported") text += " (imported)";
    if (e.status != "complete") text += " [" + e.status + "]";
    return text;
}

}  // namespace

int history_command(const GlobalOptions &global, const HistoryOptions &o) {
    if (global.no_history) {
        print_error("history: --no-history turns the history off");
        return kExitBadInput;
    }
    try {
        const History history(history_path(global));
        const std::vector<HistoryEntry> entries = history.list(o.limit);
        if (entries.empty()) {
            print_out(text_format("No runs recorded yet in %s\n", history_path(global).c_str()));
            return kExitOk;
        }
        print_out(text_format("%5s  %-16s  %-16s  %-28s  %-8s  %-16s  %s\n", "ID", "DATE", "HOST",
                              "CPU", "COPIES", "SCORE", "SUITE"));
        for (const HistoryEntry &e : entries)
            print_out(text_format(
                "%5lld  %-16s  %-16s  %-28s  %-8s  %-16s  %s\n", static_cast<long long>(e.id),
                date_text(e).c_str(), shortened(e.host, 16).c_str(), shortened(e.cpu, 28).c_str(),
                joined_copies(e).c_str(), joined_scores(e).c_str(), suite_text(e).c_str()));
    } catch (const std::exception &e) {
        print_error(e.what());
        return kExitBadInput;
    }
    return kExitOk;
}

}  // namespace bytebench::cli
