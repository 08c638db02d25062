// A worker's stdout and stderr as lines for the console (-v): split at new
// lines, each line cut at kMaxLine bytes (a workload that writes megabytes
// without a new line costs the CLI kMaxLine bytes, not megabytes) and made
// safe to show (terminal_safe: controls and bytes that are not UTF-8 become
// '?'), so a plugin's output can neither flood memory nor drive the
// terminal, nor the .log.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace bytebench {

class OutputLines {
  public:
    static constexpr size_t kMaxLine = 1000;

    // The lines `data` completes, in order. A partial last line waits for
    // the next call.
    std::vector<std::string> feed(std::string_view data);
    // What is left without a new line at the end of the output ("" when
    // nothing); also resets.
    std::string finish();

  private:
    void add(std::string_view piece);
    std::string shown(std::string line) const;

    std::string pending_;
    bool cut_ = false;  // the pending line was longer than kMaxLine: the rest is dropped
};

}  // namespace bytebench
