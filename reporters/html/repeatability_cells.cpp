#include "repeatability_cells.h"

#include <optional>

#include "format.h"
#include "html_page.h"

namespace bytebench::reporters::html {
namespace {

constexpr const char *kNoRunToRun = "—";

const json &repeatability(const json &doc) {
    return member(member(doc, "render"), "repeatability");
}

std::optional<double> cov_of(const RunToRun &spread, const char *group, const std::string &key) {
    if (!spread.pass) return std::nullopt;
    return number_member(member(member(*spread.pass, group), key.c_str()), "cov");
}

std::string cov_cell(std::optional<double> cov) {
    return number_cell(cov ? fixed(*cov, 2) + "%" : kNoRunToRun);
}

}  // namespace

RunToRun run_to_run_of(const json &doc, const json &run) {
    const json &r = repeatability(doc);
    RunToRun spread;
    spread.why = string_member(r, "why");
    const std::optional<long long> copies = integer_member(run, "copies");
    for (const json &pass : elements(member(r, "copy_passes")))
        if (copies && integer_member(pass, "copies") == copies) spread.pass = &pass;
    return spread;
}

std::string run_to_run_test_cell(const RunToRun &spread, const json &test) {
    return cov_cell(cov_of(spread, "tests", string_member(test, "id")));
}

std::string run_to_run_index_cell(const RunToRun &spread, const json &index) {
    return cov_cell(cov_of(spread, "indexes", string_member(index, "category")));
}

std::string run_to_run_score_text(const RunToRun &spread, const json &index) {
    const std::string category = string_member(index, "category");
    const std::optional<double> cov = cov_of(spread, "indexes", category);
    if (!cov) return "";
    const json &entry = member(member(*spread.pass, "indexes"), category.c_str());
    return "run-to-run CoV " + fixed(*cov, 2) + "% (" +
           std::to_string(integer_member(entry, "n").value_or(0)) + " runs)";
}

std::string run_to_run_note(const json &doc, const RunToRun &spread) {
    const json &r = repeatability(doc);
    if (!spread.why.empty()) return "No run-to-run CoV: " + spread.why + ".";
    if (!spread.column()) return "";
    std::string text = "Run-to-run CoV: sample standard deviation / mean of the values of " +
                       std::to_string(integer_member(*spread.pass, "runs").value_or(0)) +
                       " whole runs";
    const std::string matched = string_member(r, "matched");
    if (!matched.empty()) text += " of " + matched;
    const std::string history = string_member(r, "history");
    if (!history.empty()) text += ", from the history " + history;
    return text + " (the newest, this one included).";
}

}  // namespace bytebench::reporters::html
