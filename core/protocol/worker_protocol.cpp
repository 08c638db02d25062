#include "protocol/worker_protocol.h"

#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

#include "base/decimal.h"
#include "base/json_read.h"
#include "base/json_text.h"

namespace bytebench {
namespace {

using nlohmann::json;

template <class... Handlers>
struct Overloaded : Handlers... {
    using Handlers::operator()...;
};
template <class... Handlers>
Overloaded(Handlers...) -> Overloaded<Handlers...>;

// A whole number that fits `T`, else `fallback`.
template <class T>
T whole_member(const json &object, const char *key, T fallback) {
    const json &value = member(object, key);
    if (value.is_number_unsigned()) {
        const uint64_t n = value.get<uint64_t>();
        return n <= uint64_t(std::numeric_limits<T>::max()) ? T(n) : fallback;
    }
    if (value.is_number_integer()) {
        const int64_t n = value.get<int64_t>();
        return n >= int64_t(std::numeric_limits<T>::min()) &&
                       n <= int64_t(std::numeric_limits<T>::max())
                   ? T(n)
                   : fallback;
    }
    return fallback;
}

// The string members of object[key] (a worker sends only strings; anything
// else is ignored rather than trusted).
std::map<std::string, std::string> string_members(const json &object, const char *key) {
    std::map<std::string, std::string> out;
    const json &value = member(object, key);
    if (!value.is_object()) return out;
    for (const auto &[k, v] : value.items())
        if (v.is_string()) out[k] = v.get<std::string>();
    return out;
}

// JSON has no NaN or infinity (nlohmann writes null for them), so a count
// that is not a finite number travels as its text: "nan", "inf", "-inf".
json count_json(double count) {
    if (std::isfinite(count)) return count;
    return decimal_text(count);
}

// A number, or one of the texts count_json writes; nullopt for anything else.
std::optional<double> number_of(const json &value) {
    if (value.is_number()) return value.get<double>();
    const std::string text = text_of(value);
    if (text == "nan") return std::numeric_limits<double>::quiet_NaN();
    if (text == "inf") return std::numeric_limits<double>::infinity();
    if (text == "-inf") return -std::numeric_limits<double>::infinity();
    return std::nullopt;
}

// A count that is missing, null or neither a number nor one of those texts
// is NaN, never 0: the pass runner refuses it as the copy's error.
double count_of(const json &value) {
    return number_of(value).value_or(std::numeric_limits<double>::quiet_NaN());
}

json metrics_json(const std::map<std::string, double> &metrics) {
    json out = json::object();
    for (const auto &[key, value] : metrics) out[key] = count_json(value);
    return out;
}

std::map<std::string, double> metrics_of(const json &value) {
    std::map<std::string, double> out;
    if (!value.is_object()) return out;
    for (const auto &[key, v] : value.items())
        if (const std::optional<double> number = number_of(v)) out[key] = *number;
    return out;
}

ResultMessage decode_result(const json &m) {
    ResultMessage r;
    parse_status(string_member(m, "status"), r.status);  // unknown: stays error
    r.count = count_of(member(m, "count"));
    r.elapsed_ns = whole_member<uint64_t>(m, "elapsed_ns", 0);
    r.start_ns = whole_member<uint64_t>(m, "start_ns", 0);
    r.error = string_member(m, "error");
    r.details = string_members(m, "details");
    r.metrics = metrics_of(member(m, "metrics"));
    r.cpu_start = whole_member<int>(m, "cpu_start", -1);
    r.cpu_end = whole_member<int>(m, "cpu_end", -1);
    return r;
}

std::vector<std::string> texts_of(const json &value) {
    std::vector<std::string> out;
    for (const json &v : elements(value))
        if (v.is_string()) out.push_back(v.get<std::string>());
    return out;
}

FailMessage decode_fail(const json &m) {
    FailMessage f;
    f.error = string_member(m, "error");
    const json &refused = member(m, "refused");
    f.refused = refused.is_object();
    f.workload_ids = texts_of(member(refused, "workloads"));
    f.reporter_ids = texts_of(member(refused, "reporters"));
    return f;
}

}  // namespace

json encode_message(const WorkerMessage &message) {
    return std::visit(
        Overloaded{
            [](const ReadyMessage &m) {
                return json{{"type", "ready"}, {"stop_watch", m.stop_watch}};
            },
            [](const StopSeenMessage &) {
                return json{{"type", "stop_seen"}};
            },
            [](const LogMessage &m) {
                return json{{"type", "log"}, {"level", m.level}, {"text", m.text}};
            },
            [](const ProgressMessage &m) {
                return json{{"type", "progress"}, {"fraction", m.fraction}};
            },
            [](const ResultMessage &m) {
                const json count = count_json(m.count);
                return json{
                    {"type", "result"},         {"status", std::string(to_string(m.status))},
                    {"count", count},           {"elapsed_ns", m.elapsed_ns},
                    {"start_ns", m.start_ns},   {"error", m.error},
                    {"details", m.details},     {"metrics", metrics_json(m.metrics)},
                    {"cpu_start", m.cpu_start}, {"cpu_end", m.cpu_end}};
            },
            [](const DescribeMessage &m) {
                return json{{"type", "describe"}, {"plugin", m.plugin}};
            },
            [](const FailMessage &m) {
                json j{{"type", "fail"}, {"error", m.error}};
                if (m.refused)
                    j["refused"] = {{"workloads", m.workload_ids}, {"reporters", m.reporter_ids}};
                return j;
            },
            [](const GarbageMessage &m) {
                return json{{"type", "garbage"}, {"text", m.text}};
            },
        },
        message);
}

WorkerMessage decode_message(const json &object, const std::string &line) {
    const std::string type = string_member(object, "type");
    if (type == "ready") {
        const json &watch = member(object, "stop_watch");
        return ReadyMessage{watch.is_boolean() && watch.get<bool>()};
    }
    if (type == "stop_seen") return StopSeenMessage{};
    if (type == "log")
        return LogMessage{whole_member<int>(object, "level", 1), string_member(object, "text")};
    if (type == "progress") return ProgressMessage{number_member(object, "fraction").value_or(0)};
    if (type == "result") return decode_result(object);
    if (type == "describe" && member(object, "plugin").is_object())
        return DescribeMessage{object["plugin"]};
    if (type == "fail") return decode_fail(object);
    return GarbageMessage{line};
}

bool write_message(int fd, const WorkerMessage &message) {
    const std::string line = json_text(encode_message(message)) + "\n";
    size_t done = 0;
    while (done < line.size()) {
        const ssize_t n = ::write(fd, line.data() + done, line.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

std::vector<WorkerMessage> MessageReader::feed(const char *data, size_t size) {
    std::vector<WorkerMessage> messages;
    if (dropping_) {  // the rest of an overlong line, up to its newline
        const void *nl = std::memchr(data, '\n', size);
        if (nl == nullptr) return messages;
        dropping_ = false;
        const size_t skip = size_t(static_cast<const char *>(nl) - data) + 1;
        data += skip;
        size -= skip;
    }
    pending_.append(data, size);
    size_t start = 0;
    for (size_t nl; (nl = pending_.find('\n', start)) != std::string::npos; start = nl + 1) {
        const std::string line = pending_.substr(start, nl - start);
        if (line.empty()) continue;
        const json parsed = parse_json_or_discarded(line);
        messages.push_back(decode_message(parsed, line));
    }
    pending_.erase(0, start);
    if (pending_.size() > kMaxLine) {
        messages.push_back(GarbageMessage{"(a message line longer than " +
                                          std::to_string(kMaxLine) + " bytes, dropped)"});
        pending_.clear();
        pending_.shrink_to_fit();
        dropping_ = true;
    }
    return messages;
}

std::string encode_janitor_command(const JanitorCommand &command) {
    switch (command.kind) {
        case JanitorCommand::Kind::track:
            return "+" + std::to_string(command.pgid);
        case JanitorCommand::Kind::untrack:
            return "-" + std::to_string(command.pgid);
        case JanitorCommand::Kind::end:
            break;
    }
    return "end";
}

std::optional<JanitorCommand> decode_janitor_command(std::string_view line) {
    if (line == "end") return JanitorCommand{JanitorCommand::Kind::end, 0};
    if (line.size() < 2 || (line[0] != '+' && line[0] != '-')) return std::nullopt;
    pid_t pgid = 0;
    const auto [end, error] = std::from_chars(line.data() + 1, line.data() + line.size(), pgid);
    if (error != std::errc() || end != line.data() + line.size() || pgid <= 1) return std::nullopt;
    return JanitorCommand{
        line[0] == '+' ? JanitorCommand::Kind::track : JanitorCommand::Kind::untrack, pgid};
}

}  // namespace bytebench
