#include "process/file_budget.h"

#include <dirent.h>
#include <sys/resource.h>

#include "base/text.h"

namespace bytebench {
namespace {

std::string limit_text(uint64_t n) {
    return n == uint64_t(RLIM_INFINITY) ? "unlimited" : std::to_string(n);
}

// Set once by raise_file_limit(), read between fork and exec.
struct rlimit g_user_limit {};
bool g_raised = false;

}  // namespace

FileVerdict judge_file_budget(uint64_t copies, const FileSnapshot &s) {
    const uint64_t needed = s.open_now + kDescriptorsPerWorker * copies + kDescriptorMargin;
    FileVerdict v;
    if (needed <= s.soft) return v;
    if (needed <= s.hard) {
        v.raise_soft = true;
        return v;
    }
    v.fits = false;
    v.reason = "needs " + std::to_string(needed) + " file descriptors (" +
               std::to_string(kDescriptorsPerWorker) + " for each of " + copies_text(copies) +
               ", " + std::to_string(s.open_now) + " open now and " +
               std::to_string(kDescriptorMargin) + " spare) but the hard RLIMIT_NOFILE is " +
               limit_text(s.hard) + "; raise it to at least " + std::to_string(needed) +
               " with \"ulimit -Hn " + std::to_string(needed) +
               "\" (as root) or \"nofile\" in /etc/security/limits.conf";
    return v;
}

FileSnapshot take_file_snapshot() {
    FileSnapshot s;
    if (DIR *dir = opendir("/proc/self/fd"); dir != nullptr) {
        while (const dirent *e = readdir(dir))
            if (e->d_name[0] != '.') ++s.open_now;
        closedir(dir);
        if (s.open_now > 0) --s.open_now;  // the directory's own descriptor
    }
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0) {
        s.soft = limit.rlim_cur;
        s.hard = limit.rlim_max;
    }
    return s;
}

std::string ensure_file_budget(uint64_t copies) {
    const FileSnapshot snapshot = take_file_snapshot();
    const FileVerdict verdict = judge_file_budget(copies, snapshot);
    if (verdict.raise_soft) raise_file_limit();
    return verdict.fits ? "" : verdict.reason;
}

void raise_file_limit() {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= limit.rlim_max) return;
    if (!g_raised) g_user_limit = limit;
    limit.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_NOFILE, &limit) == 0) g_raised = true;
}

void restore_file_limit() {
    if (g_raised) setrlimit(RLIMIT_NOFILE, &g_user_limit);
}

}  // namespace bytebench
