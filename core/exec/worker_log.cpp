#include "exec/worker_log.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>

namespace bytebench {
namespace {

WorkerLogScope *g_scope = nullptr;

spdlog::level::level_enum spdlog_level(int level) {
    if (level <= 0) return spdlog::level::debug;
    if (level == 1) return spdlog::level::info;
    if (level == 2) return spdlog::level::warn;
    return spdlog::level::err;
}

}  // namespace

std::string log_line_kind(const std::string &text) {
    std::string kind;
    char quote = 0;
    for (const char c : text) {
        if (quote != 0) {
            if (c == quote) {
                kind += "\xE2\x80\xA6";  // …
                kind += c;
                quote = 0;
            }
            continue;
        }
        if (c == '"' || c == '\'') {
            quote = c;
            kind += c;
        } else if (std::isdigit(static_cast<unsigned char>(c)) != 0) {
            if (kind.empty() || kind.back() != '#') kind += '#';
        } else {
            kind += c;
        }
    }
    return kind;
}

bool WorkerLogLimit::admit(int level, const std::string &text) {
    const auto key = std::make_pair(level, log_line_kind(text));
    auto it = index_.find(key);
    if (it == index_.end()) {
        if (kinds_.size() >= kKinds) {
            if (dropped_unkinded_++ == 0) unkinded_level_ = level;
            return false;
        }
        it = index_.emplace(key, kinds_.size()).first;
        kinds_.push_back({level, text, 0, 0});
    }
    Kind &kind = kinds_[it->second];
    if (kind.shown >= kPerKind || shown_ >= kPerTest) {
        ++kind.dropped;
        return false;
    }
    ++kind.shown;
    ++shown_;
    return true;
}

std::vector<std::pair<int, std::string>> WorkerLogLimit::drop_summaries() const {
    std::vector<std::pair<int, std::string>> lines;
    long other_lines = dropped_unkinded_;
    int other_level = unkinded_level_;
    for (const Kind &k : kinds_) {
        if (k.dropped == 0) continue;
        if (lines.size() < size_t(kPerKind)) {
            lines.emplace_back(k.level, std::to_string(k.dropped) +
                                            (k.dropped == 1 ? " more line like this was"
                                                            : " more lines like this were") +
                                            " dropped: " + k.first);
            continue;
        }
        other_lines += k.dropped;
        other_level = std::max(other_level, k.level);
    }
    if (other_lines > 0)
        lines.emplace_back(other_level, std::to_string(other_lines) +
                                            " more log lines of other kinds from the workers "
                                            "were dropped");
    return lines;
}

WorkerLogScope::WorkerLogScope() : outer_(g_scope) { g_scope = this; }

WorkerLogScope::~WorkerLogScope() {
    g_scope = outer_;
    for (const auto &[level, line] : limit_.drop_summaries())
        spdlog::log(spdlog_level(level), "{}", line);
}

bool worker_log_admits(int level, const std::string &text) {
    return g_scope == nullptr || g_scope->limit_.admit(level, text);
}

}  // namespace bytebench
