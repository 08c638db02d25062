// The local time as the result files show it.
#pragma once

#include <string>

namespace bytebench {

// Current local time as ISO 8601 with offset: 2026-11-30T02:45:57+00:00.
std::string iso_now();
// Current local time formatted with strftime's `format`; "" when that is
// longer than 63 bytes.
std::string local_time_text(const char *format);

}  // namespace bytebench
