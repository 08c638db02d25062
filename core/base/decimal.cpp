#include "base/decimal.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <system_error>

namespace bytebench {
namespace {

std::string with_unit(std::string text, const std::string &unit) {
    return unit.empty() ? text : text + " " + unit;
}

// Whether a decimal that from_chars found out of range ("1e999", "0.{400 zeros}1",
// "123e-400") is too large rather than too small: its order of magnitude, the
// position of the first non-zero digit plus the exponent, is positive.
bool too_large(std::string_view text) {
    size_t i = 0;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    bool nonzero = false, point = false;
    long long integer_digits = 0, leading_fraction_zeros = 0;
    for (; i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.');
         ++i) {
        if (text[i] == '.') {
            point = true;
        } else if (!point) {
            if (nonzero || text[i] != '0') {
                nonzero = true;
                ++integer_digits;
            }
        } else if (!nonzero) {
            if (text[i] == '0')
                ++leading_fraction_zeros;
            else
                nonzero = true;
        }
    }
    // Of the mantissa: 0 for "1.5", 2 for "123", -3 for "0.001".
    const long long magnitude =
        integer_digits > 0 ? integer_digits - 1 : -(leading_fraction_zeros + 1);
    long long exponent = 0;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        const bool negative = i < text.size() && text[i] == '-';
        if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
        for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i)
            if (exponent < 1000000000) exponent = exponent * 10 + (text[i] - '0');
        if (negative) exponent = -exponent;
    }
    return magnitude + exponent > 0;
}

}  // namespace

DecimalRange DecimalRange::from_to(double min, double max, std::string unit) {
    DecimalRange r;
    r.min_ = min;
    r.max_ = max;
    r.unit_ = std::move(unit);
    return r;
}

DecimalRange DecimalRange::at_least(double min, std::string unit) {
    DecimalRange r = from_to(min, std::numeric_limits<double>::max(), std::move(unit));
    r.has_max_ = false;
    return r;
}

DecimalRange DecimalRange::positive(std::string unit) {
    DecimalRange r = at_least(0, std::move(unit));
    r.min_open_ = true;
    return r;
}

DecimalRange DecimalRange::any_finite() { return at_least(std::numeric_limits<double>::lowest()); }

bool DecimalRange::contains(double value) const {
    if (!std::isfinite(value)) return false;
    if (min_open_ ? !(value > min_) : !(value >= min_)) return false;
    return value <= max_;
}

std::string DecimalRange::describe() const {
    if (min_ == std::numeric_limits<double>::lowest() && !has_max_) return "a finite number";
    if (has_max_)
        return with_unit("from " + decimal_text(min_) + " to " + decimal_text(max_), unit_);
    return with_unit((min_open_ ? "greater than " : "at least ") + decimal_text(min_), unit_);
}

std::string decimal_text(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
    char buf[64];
    const auto result = std::to_chars(buf, buf + sizeof buf, value);
    std::string text(buf, result.ptr);
    // "1e+300" -> "1e300", "1e-06" -> "1e-6"
    const size_t e = text.find('e');
    if (e == std::string::npos) return text;
    std::string exponent = text.substr(e + 1);
    const bool negative = !exponent.empty() && exponent[0] == '-';
    if (!exponent.empty() && (exponent[0] == '-' || exponent[0] == '+')) exponent.erase(0, 1);
    const size_t first = exponent.find_first_not_of('0');
    exponent = first == std::string::npos ? "0" : exponent.substr(first);
    return text.substr(0, e + 1) + (negative ? "-" : "") + exponent;
}

std::string decimal_problem(double value, const DecimalRange &range, std::string_view what,
                            std::string_view written) {
    if (range.contains(value)) return "";
    const std::string shown = written.empty() ? decimal_text(value) : std::string(written);
    const std::string name(what);
    if (!std::isfinite(value))
        return (name.empty() ? "" : name + ": ") + shown + " is not a finite number";
    return (name.empty() ? "must be " : name + " must be ") + range.describe() + ", not " + shown;
}

Decimal read_decimal(std::string_view text, const DecimalRange &range, std::string_view what) {
    Decimal out;
    const std::string name(what);
    std::string_view digits = text;
    // from_chars takes no '+'; a person may write one ("+5"), but not "+-5".
    if (!digits.empty() && digits[0] == '+' && digits.size() > 1 && digits[1] != '-' &&
        digits[1] != '+')
        digits.remove_prefix(1);
    double value = 0;
    const char *end = digits.data() + digits.size();
    const auto [ptr, ec] = std::from_chars(digits.data(), end, value);
    if (digits.empty() || ptr != end ||
        (ec != std::errc() && ec != std::errc::result_out_of_range)) {
        out.error =
            (name.empty() ? "" : name + ": ") + "'" + std::string(text) + "' is not a number";
        return out;
    }
    if (ec == std::errc::result_out_of_range) {
        const bool negative = digits[0] == '-';
        value = too_large(digits) ? std::numeric_limits<double>::infinity() : 0.0;
        if (negative) value = -value;
    }
    out.value = value;
    out.error = decimal_problem(value, range, what, text);
    return out;
}

}  // namespace bytebench
