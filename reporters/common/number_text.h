// How the reporters write numbers: one place, so that a value, a delta or a p-value reads the
// same in every format. Call inside a CLocaleScope (c_format.h). Header-only.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "base/json_read.h"
#include "common/c_format.h"

namespace bytebench::reporters {

// "1 CPU", "2 CPUs", "1 copy", "16 copies".
inline std::string counted(long long n, const char *one, const char *many) {
    return format("%lld %s", n, n == 1 ? one : many);
}

// object[key] formatted with `fmt` (one number), or "-" when it is not a number.
inline std::string formatted_member(const nlohmann::json &object, const char *key,
                                    const char *fmt) {
    const std::optional<double> value = number_member(object, key);
    return value ? format(fmt, *value) : "-";
}

// A result value or index as UnixBench prints them: one decimal.
inline std::string value_text(double value) { return format("%.1f", value); }

// A delta in percent, always signed so that the direction shows: "+6.5%", "-5.1%".
inline std::string delta_text(double percent) { return format("%+.1f%%", percent); }

// A p-value in at most two significant digits, and "<0.001" below that: the exact figure of
// a tiny p-value says nothing more.
inline std::string p_text(double p) { return p < 0.001 ? "<0.001" : format("%.2g", p); }

// "p=0.031", "p<0.001".
inline std::string p_label(double p) {
    const std::string text = p_text(p);
    return text[0] == '<' ? "p" + text : "p=" + text;
}

// A number exactly as the document holds it (shortest text that reads back to the same
// double, integers without a fraction), for machine-readable formats; "" when not a number.
inline std::string json_number_text(const nlohmann::json &value) {
    return value.is_number() ? value.dump() : std::string();
}

inline std::string json_number_text(const nlohmann::json &object, const char *key) {
    return json_number_text(member(object, key));
}

}  // namespace bytebench::reporters
