// Outcome of a test, a pass or a copy, as recorded in results.
#pragma once

#include <string>
#include <string_view>

namespace bytebench {

enum class Status { ok, error, crashed, timeout, skipped };

std::string_view to_string(Status status);
// Parses "ok", "error", ...; returns false for anything else.
bool parse_status(std::string_view text, Status &out);

// The status that describes a group in which `a` and `b` both happened:
// any failure beats skipped, and skipped beats ok.
Status worse(Status a, Status b);

}  // namespace bytebench
