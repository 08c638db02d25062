// printf-style formatting in the C locale. A worker may run under the user's locale, whose
// decimal separator can be ','; reports always print '.', so every reporter formats numbers
// inside a CLocaleScope. Header-only.
#pragma once

#include <locale.h>

#include <cstdarg>
#include <cstdio>
#include <string>

namespace bytebench::reporters {

// Switches this thread to the C locale for its lifetime (uselocale, so other threads and the
// process locale are untouched).
class CLocaleScope {
  public:
    CLocaleScope() : c_locale_(newlocale(LC_ALL_MASK, "C", nullptr)) {
        if (c_locale_ != nullptr) previous_ = uselocale(c_locale_);
    }
    ~CLocaleScope() {
        if (c_locale_ == nullptr) return;
        uselocale(previous_);
        freelocale(c_locale_);
    }
    CLocaleScope(const CLocaleScope &) = delete;
    CLocaleScope &operator=(const CLocaleScope &) = delete;

  private:
    locale_t c_locale_;
    locale_t previous_ = nullptr;
};

// printf into a std::string. Reports are defined by printf formats (UnixBench's are Perl
// printf formats, which pad and round as C's do).
[[gnu::format(printf, 1, 2)]] inline std::string format(const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    va_list measure;
    va_copy(measure, args);
    const int size = std::vsnprintf(nullptr, 0, fmt, measure);
    va_end(measure);
    std::string text(size > 0 ? static_cast<size_t>(size) : 0, '\0');
    if (size > 0) std::vsnprintf(text.data(), text.size() + 1, fmt, args);
    va_end(args);
    return text;
}

}  // namespace bytebench::reporters
