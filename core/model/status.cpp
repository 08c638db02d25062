#include "model/status.h"

#include <array>

namespace bytebench {
namespace {
constexpr std::array<std::string_view, 5> kNames = {"ok", "error", "crashed", "timeout", "skipped"};
int rank(Status s) {
    switch (s) {
        case Status::ok:
            return 0;
        case Status::skipped:
            return 1;
        case Status::error:
            return 2;
        case Status::timeout:
            return 3;
        case Status::crashed:
            return 4;
    }
    return 0;
}
}  // namespace

std::string_view to_string(Status status) { return kNames[static_cast<size_t>(status)]; }

bool parse_status(std::string_view text, Status &out) {
    for (size_t i = 0; i < kNames.size(); ++i) {
        if (kNames[i] == text) {
            out = static_cast<Status>(i);
            return true;
        }
    }
    return false;
}

Status worse(Status a, Status b) { return rank(a) >= rank(b) ? a : b; }

}  // namespace bytebench
