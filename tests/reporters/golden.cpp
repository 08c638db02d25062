#include "golden.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <utility>
#include <vector>

#include "reporter_harness.h"

namespace bytebench::test {
namespace {

constexpr size_t kContext = 3;

// Lines with their '\n' kept, so that a missing final newline shows up in the diff.
std::vector<std::string> split_lines(const std::string &text) {
    std::vector<std::string> lines;
    size_t start = 0;
    while (start < text.size()) {
        const size_t end = text.find('\n', start);
        const size_t stop = end == std::string::npos ? text.size() : end + 1;
        lines.push_back(text.substr(start, stop - start));
        start = stop;
    }
    return lines;
}

struct Edit {
    char op;  // ' ' kept, '-' only in expected, '+' only in actual
    std::string line;
};

// Longest-common-subsequence diff; reports are a few hundred lines at most.
std::vector<Edit> diff_lines(const std::vector<std::string> &a, const std::vector<std::string> &b) {
    std::vector<std::vector<size_t>> lcs(a.size() + 1, std::vector<size_t>(b.size() + 1, 0));
    for (size_t i = a.size(); i-- > 0;)
        for (size_t j = b.size(); j-- > 0;)
            lcs[i][j] =
                a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    std::vector<Edit> edits;
    size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        if (i < a.size() && j < b.size() && a[i] == b[j]) {
            edits.push_back({' ', a[i++]});
            ++j;
        } else if (i < a.size() && (j == b.size() || lcs[i + 1][j] >= lcs[i][j + 1])) {
            edits.push_back({'-', a[i++]});  // removals first, as diff -u prints them
        } else {
            edits.push_back({'+', b[j++]});
        }
    }
    return edits;
}

// One diff line. A line ending in blanks gets a '$' appended and a missing final newline is
// noted, because both are invisible in a test log and both break byte-exact reports.
std::string show(const Edit &edit) {
    std::string line = edit.line;
    const bool has_newline = !line.empty() && line.back() == '\n';
    if (has_newline) line.pop_back();
    std::string text(1, edit.op);
    text += line;
    if (!line.empty() && line.back() == ' ') text += "$";
    text += has_newline ? "\n" : "\n\\ No newline at end of file\n";
    return text;
}

bool update_requested() {
    const char *value = std::getenv("BYTEBENCH_UPDATE_GOLDEN");
    return value != nullptr && std::strcmp(value, "1") == 0;
}

}  // namespace

std::string golden_path(const std::string &name) {
    return std::string(BYTEBENCH_REPORTER_GOLDEN_DIR) + "/" + name;
}

std::string unified_diff(const std::string &expected, const std::string &actual,
                         const std::string &expected_label, const std::string &actual_label) {
    if (expected == actual) return "";
    const std::vector<Edit> edits = diff_lines(split_lines(expected), split_lines(actual));
    // Hunks: every change with kContext lines around it, overlapping ones merged.
    std::vector<std::pair<size_t, size_t>> hunks;
    for (size_t m = 0; m < edits.size(); ++m) {
        if (edits[m].op == ' ') continue;
        const size_t begin = m > kContext ? m - kContext : 0;
        const size_t end = std::min(edits.size(), m + kContext + 1);
        if (!hunks.empty() && begin <= hunks.back().second)
            hunks.back().second = end;
        else
            hunks.emplace_back(begin, end);
    }
    std::ostringstream out;
    out << "--- " << expected_label << "\n+++ " << actual_label << "\n";
    size_t old_line = 1, new_line = 1, m = 0;
    for (const auto &[begin, end] : hunks) {
        for (; m < begin; ++m) {
            old_line += edits[m].op != '+';
            new_line += edits[m].op != '-';
        }
        size_t old_count = 0, new_count = 0;
        for (size_t n = begin; n < end; ++n) {
            old_count += edits[n].op != '+';
            new_count += edits[n].op != '-';
        }
        out << "@@ -" << old_line << "," << old_count << " +" << new_line << "," << new_count
            << " @@\n";
        for (size_t n = begin; n < end; ++n) out << show(edits[n]);
    }
    return out.str();
}

::testing::AssertionResult matches_golden(const std::string &name, const std::string &actual) {
    const std::string path = golden_path(name);
    if (update_requested()) {
        write_file(path, actual);
        std::printf("[ golden   ] rewrote %s\n", path.c_str());
        return ::testing::AssertionSuccess();
    }
    std::string expected;
    try {
        expected = read_file(path);
    } catch (const std::exception &e) {
        return ::testing::AssertionFailure()
               << e.what() << " (create it with BYTEBENCH_UPDATE_GOLDEN=1)";
    }
    if (expected == actual) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << "output differs from golden file " << path
           << " (if the change is intended, rerun with BYTEBENCH_UPDATE_GOLDEN=1)\n"
           << unified_diff(expected, actual, "golden/" + name, "actual");
}

}  // namespace bytebench::test
