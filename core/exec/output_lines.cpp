#include "exec/output_lines.h"

#include "base/text.h"

namespace bytebench {

void OutputLines::add(std::string_view piece) {
    if (cut_) return;
    const size_t room = kMaxLine + 1 - pending_.size();  // one byte more: to know it was cut
    pending_.append(piece.substr(0, room));
    cut_ = pending_.size() > kMaxLine;
}

std::string OutputLines::shown(std::string line) const {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // a CRLF line
    std::string text = terminal_safe(cut_ ? utf8_prefix(line, kMaxLine) : line);
    if (cut_) text += " [line cut at " + std::to_string(kMaxLine) + " bytes]";
    return text;
}

std::vector<std::string> OutputLines::feed(std::string_view data) {
    std::vector<std::string> lines;
    for (size_t nl; (nl = data.find('\n')) != std::string_view::npos; data.remove_prefix(nl + 1)) {
        add(data.substr(0, nl));
        lines.push_back(shown(std::move(pending_)));
        pending_.clear();
        cut_ = false;
    }
    add(data);
    return lines;
}

std::string OutputLines::finish() {
    std::string rest = pending_.empty() ? "" : shown(std::move(pending_));
    pending_.clear();
    cut_ = false;
    return rest;
}

}  // namespace bytebench
