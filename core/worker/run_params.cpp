#include "run_params.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "model/param_rules.h"
#include "protocol/worker_params.h"

namespace bytebench::worker {

RunParams::RunParams(const WorkloadInfo &w, const std::vector<std::string> &given) {
    ParamValues pairs;
    for (const std::string &kv : given) {
        const size_t eq = kv.find('=');
        if (eq == std::string::npos)
            throw ParamError("workload '" + w.id + "': --param " + kv + ": expected KEY=VALUE");
        pairs.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
    }
    for (auto &[key, value] : resolve_param_values(w, pairs)) {
        keys_.push_back(std::move(key));
        values_.push_back(std::move(value));
    }
    // Only now: the strings no longer move.
    for (size_t i = 0; i < keys_.size(); ++i) {
        key_ptrs_.push_back(keys_[i].c_str());
        value_ptrs_.push_back(values_[i].c_str());
    }
}

namespace {

// bb_run_context and bb_setup_context hold the parameters in members of the
// same names and types.
template <typename Context>
void point_at(Context &ctx, const std::vector<const char *> &keys,
              const std::vector<const char *> &values) {
    ctx.param_count = static_cast<uint32_t>(keys.size());
    ctx.param_keys = keys.empty() ? nullptr : keys.data();
    ctx.param_values = values.empty() ? nullptr : values.data();
}

}  // namespace

void RunParams::apply(bb_run_context &ctx) const { point_at(ctx, key_ptrs_, value_ptrs_); }

void RunParams::apply(bb_setup_context &ctx) const { point_at(ctx, key_ptrs_, value_ptrs_); }

std::vector<std::string> read_params_fd(int fd) {
    const std::string where = "--params-fd " + std::to_string(fd) + ": ";
    std::string bytes;
    char buf[65536];
    for (off_t at = 0;;) {
        const ssize_t n = ::pread(fd, buf, sizeof buf, at);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const int error = errno;
            ::close(fd);
            throw ParamError(where + "cannot read the parameters: " + std::strerror(error));
        }
        if (n == 0) break;
        // A test's parameters are at most kMaxParamBytes, and the keys and
        // separators a little more; anything far beyond is not a ParamsFile.
        if (bytes.size() + size_t(n) > 2 * kMaxParamBytes) {
            ::close(fd);
            throw ParamError(where + "more bytes than a test's parameters may have");
        }
        bytes.append(buf, size_t(n));
        at += n;
    }
    ::close(fd);
    try {
        return decode_worker_params(bytes);
    } catch (const WorkerParamsError &e) {
        throw ParamError(where + e.what());
    }
}

std::vector<std::string> param_arguments(int fd, const std::vector<std::string> &given) {
    std::vector<std::string> all = fd >= 0 ? read_params_fd(fd) : std::vector<std::string>{};
    all.insert(all.end(), given.begin(), given.end());
    return all;
}

}  // namespace bytebench::worker
