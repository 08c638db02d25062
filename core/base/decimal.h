// Decimal numbers that come from outside: the command line, a suite file, a
// plugin's result, an imported report. Each is accepted only when it is a
// finite number within the range its use allows; anything else becomes a
// one-line message that names where it came from:
//
//   --duration: nan is not a finite number
//   suite.toml:12:9: test 'x': duration must be from 0.001 to 86400 seconds, not 1e300
//
// NaN and infinity never get past these checks, so they never reach a
// comparison that would silently pass them (NaN < min is false), a result
// document (JSON has neither: nlohmann writes null) or an integer conversion.
#pragma once

#include <string>
#include <string_view>

namespace bytebench {

// Finite numbers from `min` to `max`, either end inclusive or not.
class DecimalRange {
  public:
    // [min, max]; `unit` ("seconds", "percent") ends the description.
    static DecimalRange from_to(double min, double max, std::string unit = "");
    // [min, largest double].
    static DecimalRange at_least(double min, std::string unit = "");
    // (0, largest double].
    static DecimalRange positive(std::string unit = "");
    // Any finite number.
    static DecimalRange any_finite();

    // False for NaN and the infinities, whatever the range.
    bool contains(double value) const;
    // "from 0.001 to 86400 seconds", "at least 0", "greater than 0", "finite".
    std::string describe() const;

  private:
    double min_ = 0, max_ = 0;
    bool min_open_ = false;  // min itself is outside
    bool has_max_ = true;    // false: up to the largest double
    std::string unit_;
};

// The shortest text that reads back as `value`, without exponent padding:
// "0.001", "86400", "1e300", "-2.5e-7", "nan", "inf", "-inf".
std::string decimal_text(double value);

// Why `value` may not be used, or "" when it may. `what` names the value for
// the message ("--duration", "test 'x': duration"; may be empty), `written`
// is how its source spelled it (else decimal_text(value)):
//   "<what>: <written> is not a finite number"
//   "<what> must be <range>, not <written>"
std::string decimal_problem(double value, const DecimalRange &range, std::string_view what,
                            std::string_view written = {});

// A number read from text: `value` when `error` is empty.
struct Decimal {
    double value = 0;
    std::string error;
    explicit operator bool() const { return error.empty(); }
};

// Reads the whole of `text` as a decimal number ("2", "+0.5", "-1e-3"; the
// C locale's point whatever the process's locale; no hex, no white space),
// then checks it against `range`. Besides decimal_problem's messages:
//   "<what>: 'abc' is not a number"
// A number too large for a double ("1e999") is not finite; one too small
// ("1e-999") reads as 0.
Decimal read_decimal(std::string_view text, const DecimalRange &range, std::string_view what);

}  // namespace bytebench
