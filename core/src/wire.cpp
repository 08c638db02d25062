#include "wire.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace bytebench {

bool write_message(int fd, const nlohmann::json &message) {
    const std::string line =
        message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    size_t done = 0;
    while (done < line.size()) {
        const ssize_t n = ::write(fd, line.data() + done, line.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

std::vector<nlohmann::json> MessageReader::feed(const char *data, size_t size) {
    std::vector<nlohmann::json> messages;
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
        auto parsed = nlohmann::json::parse(line, nullptr, false);
        if (parsed.is_discarded() || !parsed.is_object())
            parsed = {{"t", "garbage"}, {"text", line}};
        messages.push_back(std::move(parsed));
    }
    pending_.erase(0, start);
    if (pending_.size() > kMaxLine) {
        messages.push_back({{"t", "garbage"},
                            {"text", "(a message line longer than " + std::to_string(kMaxLine) +
                                         " bytes, dropped)"}});
        pending_.clear();
        pending_.shrink_to_fit();
        dropping_ = true;
    }
    return messages;
}

}  // namespace bytebench
