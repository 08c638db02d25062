// The state of a failure record (bytebench.failure/1 "state", written by the
// fleet engines: docs/result-schema.md, "Failure records"): how a host came
// to give no result, and the one way reports say it. Used by the core's
// result reader and comparisons and by the first-party reporters;
// header-only.
#pragma once

#include <string>

namespace bytebench {

// failed: the run ended with an error; timeout: it was stopped at its time
// limit; lost: the host stopped answering; node_fail: the scheduler lost the
// node; cancelled: someone cancelled it.
inline constexpr const char *kFailureStates[] = {"failed", "timeout", "lost", "node_fail",
                                                 "cancelled"};

inline bool is_failure_state(const std::string &state) {
    for (const char *known : kFailureStates)
        if (state == known) return true;
    return false;
}

// "failed, timeout, lost, node_fail, cancelled": for the message refusing
// another.
inline std::string failure_states_text() {
    std::string out;
    for (const char *known : kFailureStates) out += (out.empty() ? "" : ", ") + std::string(known);
    return out;
}

// How every report names a failed input: "failed (lost): REASON", "failed:
// REASON" without a state, "failed" without either.
inline std::string failed_text(const std::string &state, const std::string &reason) {
    std::string out = state.empty() ? "failed" : "failed (" + state + ")";
    return reason.empty() ? out : out + ": " + reason;
}

}  // namespace bytebench
