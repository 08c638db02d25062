// Everything that crosses the pipes between the CLI and a worker process,
// in one place: the messages a worker sends, and the lines the CLI sends its
// janitor. Both ends are built from the same source and always come from the
// same install, so this is not a stable interface: it may change with any
// release (the descriptor cache is keyed by the worker binary for that
// reason).
//
// Worker -> CLI: the message channel (fd 3 in a worker started by the CLI;
// `--msg-fd 1` prints them when the worker is run by hand). One JSON object
// per line, the message type under "type". The worker writes a handful of
// lines per pass and nothing from inside a timed loop.
//
//   {"type":"ready","stop_watch":true}         run: create() done, at the barrier; whether
//                                              the worker can tell that the stop flag
//                                              was read after the deadline
//   {"type":"stop_seen"}                       run: the workload read the stop flag after
//                                              the deadline (at most once per copy)
//   {"type":"log","level":1,"text":"..."}      any mode: the plugin's log line
//   {"type":"progress","fraction":0.5}         run: the workload's progress
//   {"type":"result","status":"ok","count":1.0,"elapsed_ns":1,"start_ns":1,
//    "error":"","details":{"k":"v"},"metrics":{"p99_us":12.5},
//    "cpu_start":0,"cpu_end":0}
//                                              run: the copy's outcome;
//                                              report: {"type":"result","status":"ok"}
//   {"type":"describe","plugin":{...}}         describe: the plugin's descriptors
//                                              (model/plugin_info.h, to_json)
//   {"type":"fail","error":"..."}              any mode: the worker could not do its job
//   {"type":"fail","error":"...","refused":{"workloads":[...],"reporters":[...]}}
//                                              describe: the plugin was refused (a rule
//                                              of plugin.h); the ids it offers
//
// A count that is not a finite number (a workload's NaN or infinity) is sent
// as the text "nan", "inf" or "-inf": JSON has no such numbers. A result
// without a count, or with anything else there, decodes to a count of NaN.
// A metric value travels the same way; a metric member that is neither a
// number nor one of those texts is dropped.
//
// A line that is not one of these (not JSON, no known type, too long) is read
// as a GarbageMessage, so that a confused worker or a plugin that writes to
// fd 3 is visible, not fatal. Members are read leniently (base/json_read.h):
// a missing or mistyped one takes its default below.
//
// CLI -> janitor: the janitor's stdin (process/janitor_client.h), one line
// per command: "+PGID" (a worker's process group started), "-PGID" (it was
// reaped and killed), "end" (a normal end: nothing to clean up).
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "model/status.h"

namespace bytebench {

struct ReadyMessage {
    bool stop_watch = false;  // a StopSeenMessage will come if the flag is read late
};

// The workload read the stop flag after the deadline had set it (sent from
// the worker's watcher thread while run() may still be running).
struct StopSeenMessage {};

struct LogMessage {
    int level = 1;  // bb_log_level: 0 debug, 1 info, 2 warn, 3 error
    std::string text;
};

struct ProgressMessage {
    double fraction = 0;
};

struct ResultMessage {
    Status status = Status::error;
    double count = 0;         // bb_run_result.count, as the workload gave it (maybe NaN)
    uint64_t elapsed_ns = 0;  // the workload's own, else the worker's time of run()
    uint64_t start_ns = 0;    // CLOCK_MONOTONIC when run() was called
    std::string error;        // with error and skipped
    std::map<std::string, std::string> details;  // bb_host.record_detail (ABI 1.1)
    std::map<std::string, double> metrics;       // bb_host.record_metric (ABI 1.2)
    int cpu_start = -1;  // the CPU when run() began and when it returned; -1: unknown
    int cpu_end = -1;
};

struct DescribeMessage {
    nlohmann::json plugin;  // to_json(PluginInfo); read with plugin_info_from_json
};

struct FailMessage {
    std::string error;
    // describe: the plugin was refused, and these are the ids it offers
    // (`refused` false: it could not be loaded at all, or offers none we
    // could read).
    bool refused = false;
    std::vector<std::string> workload_ids{}, reporter_ids{};
};

// How a describe worker's FailMessage begins when the file is a shared
// library but no plugin (no entry point): the catalog counts such a file
// among a folder's other non-plugin files (a vendor's helper library),
// not among plugins that failed to load.
inline constexpr const char *kNotAPlugin = "not a bytebench plugin";

struct GarbageMessage {
    std::string text;  // the line, or what happened to it
};

using WorkerMessage = std::variant<ReadyMessage, LogMessage, ProgressMessage, ResultMessage,
                                   DescribeMessage, FailMessage, GarbageMessage, StopSeenMessage>;

// The JSON form of a message, and back. decode_message never throws: what
// is not a message becomes a GarbageMessage holding `line`.
nlohmann::json encode_message(const WorkerMessage &message);
WorkerMessage decode_message(const nlohmann::json &object, const std::string &line);

// Writes one message as a line. Returns false when the channel is broken.
// Not async-signal-safe (it allocates).
bool write_message(int fd, const WorkerMessage &message);

// Splits a byte stream into messages. Feed it what read() returned; it keeps
// an incomplete last line for the next call. A line longer than kMaxLine is
// dropped as it arrives (one GarbageMessage says so): a plugin that writes
// endlessly to the message channel costs the CLI at most kMaxLine bytes.
class MessageReader {
  public:
    static constexpr size_t kMaxLine = 1 << 20;
    std::vector<WorkerMessage> feed(const char *data, size_t size);

  private:
    std::string pending_;
    bool dropping_ = false;  // inside a line that was too long, until its newline
};

// A line to the janitor.
struct JanitorCommand {
    enum class Kind { track, untrack, end };
    Kind kind = Kind::end;
    pid_t pgid = 0;  // track and untrack
};

// "+PGID", "-PGID" or "end", without the newline.
std::string encode_janitor_command(const JanitorCommand &command);
// nullopt for anything else, and for a pgid below 2 (never kill(-1) or
// kill(0), the janitor's own group, by mistake).
std::optional<JanitorCommand> decode_janitor_command(std::string_view line);

}  // namespace bytebench
