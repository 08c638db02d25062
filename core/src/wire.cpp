#include "wire.h"

#include <unistd.h>

#include <cerrno>

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
    pending_.append(data, size);
    std::vector<nlohmann::json> messages;
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
    return messages;
}

}  // namespace bytebench
