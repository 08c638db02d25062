#include "base/local_time.h"

#include <ctime>

namespace bytebench {

std::string local_time_text(const char *format) {
    const std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char buf[64];
    // 0 when the text does not fit, and then buf's content is undefined:
    // never read past what strftime says it wrote.
    const size_t length = std::strftime(buf, sizeof buf, format, &local);
    return std::string(buf, length);
}

std::string iso_now() {
    std::string s = local_time_text("%Y-%m-%dT%H:%M:%S%z");  // +0000 -> +00:00
    if (s.size() >= 5) s.insert(s.size() - 2, ":");
    return s;
}

}  // namespace bytebench
