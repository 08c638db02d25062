// The message channel from a worker process to the CLI: one JSON object per
// line on a pipe. Kept tiny on purpose; the worker writes a handful of lines
// per pass and nothing from inside a timed loop.
//
//   {"t":"log","level":1,"msg":"..."}
//   {"t":"progress","fraction":0.5}
//   {"t":"ready"}                                   create() done, at the barrier
//   {"t":"result","status":"ok","count":1.0,"elapsed_ns":1,"start_ns":1,"error":""}
//   {"t":"describe","plugin":{...}}                 answer of `worker describe`
//   {"t":"fail","error":"..."}                      the worker could not do its job
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace bytebench {

// Writes one message as a line. Returns false when the channel is broken.
bool write_message(int fd, const nlohmann::json &message);

// Splits a byte stream into messages. Feed it what read() returned; it keeps
// an incomplete last line for the next call. A line that is not JSON becomes
// {"t":"garbage","text":...} so that a confused worker is visible, not fatal.
// A line longer than kMaxLine is dropped as it arrives (one garbage message
// says so): a plugin that writes endlessly to the message channel costs the
// CLI at most kMaxLine bytes.
class MessageReader {
  public:
    static constexpr size_t kMaxLine = 1 << 20;
    std::vector<nlohmann::json> feed(const char *data, size_t size);

  private:
    std::string pending_;
    bool dropping_ = false;  // inside a line that was too long, until its newline
};

}  // namespace bytebench
