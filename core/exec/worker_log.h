// The log lines a test's workers send (bb_host.log, and the host's own
// warnings about the workload's calls), limited per test: 100,000
// record_detail() calls in each of two copies once gave 199,880 warning
// lines and a 24 MB log. The first kPerKind lines of a kind are shown, and at
// most kPerTest lines of the test in all; when the test ends one line per
// kind says how many more were dropped. A kind is the line with its numbers
// and quoted words blanked out, so "record_detail("k7") ignored: the copy
// already recorded 64 details" and its 99,999 fellows are one kind.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace bytebench {

// The kind of a log line: digits replaced by '#', text in quotes by "…".
std::string log_line_kind(const std::string &text);

class WorkerLogLimit {
  public:
    static constexpr int kPerKind = 20;
    static constexpr int kPerTest = 1000;
    // Kinds remembered with their counts; the lines of any further kind are
    // dropped and counted together.
    static constexpr size_t kKinds = 1000;

    // Whether to show this line (bb_log_level `level`); counts it either way.
    bool admit(int level, const std::string &text);

    // What was dropped, one {level, line} per kind in the order the kinds
    // first came: "12 more lines like this were dropped: <its first line>";
    // at most kPerKind of them, then one line for the other kinds. Empty
    // when nothing was dropped.
    std::vector<std::pair<int, std::string>> drop_summaries() const;

  private:
    struct Kind {
        int level = 0;
        std::string first;  // the kind's first line, as it was shown
        long shown = 0;
        long dropped = 0;
    };
    std::map<std::pair<int, std::string>, size_t> index_;  // {level, kind} -> kinds_
    std::vector<Kind> kinds_;
    long shown_ = 0;
    long dropped_unkinded_ = 0;  // lines of kinds beyond kKinds
    int unkinded_level_ = 0;
};

// While one lives (the scheduler makes one for each test), log_worker_line()
// (exec/console.h) shows a line only when the test's WorkerLogLimit admits
// it; when it ends, it logs the drop summaries. Scopes nest (the inner one
// counts); one per thread of control, the CLI's.
class WorkerLogScope {
  public:
    WorkerLogScope();
    ~WorkerLogScope();
    WorkerLogScope(const WorkerLogScope &) = delete;
    WorkerLogScope &operator=(const WorkerLogScope &) = delete;

  private:
    WorkerLogLimit limit_;
    WorkerLogScope *outer_;
    friend bool worker_log_admits(int level, const std::string &text);
};

// True when no scope lives, else what its limit says.
bool worker_log_admits(int level, const std::string &text);

}  // namespace bytebench
