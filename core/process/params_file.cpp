#include "process/params_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "process/worker_process.h"
#include "protocol/worker_params.h"

namespace bytebench {
namespace {

[[noreturn]] void fail(int fd, const char *what) {
    const int error = errno;
    if (fd >= 0) close(fd);
    throw std::runtime_error(std::string("cannot hand the parameters to the workers: ") + what +
                             ": " + std::strerror(error));
}

}  // namespace

ParamsFile::ParamsFile(const ParamValues &values) {
    const std::string bytes = encode_worker_params(values);
    const int fd = memfd_create("bytebench-params", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) fail(-1, "memfd_create");
    for (size_t done = 0; done < bytes.size();) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail(fd, "write");
        done += size_t(n);
    }
    if (fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL) != 0)
        fail(fd, "sealing");
    fd_ = fd;
}

void ParamsFile::hand_to(std::vector<std::string> &args, std::vector<int> &passed_fds) const {
    args.push_back("--params-fd");
    args.push_back(std::to_string(WorkerProcess::kFirstPassedFd + int(passed_fds.size())));
    passed_fds.push_back(fd_);
}

ParamsFile::~ParamsFile() {
    if (fd_ >= 0) close(fd_);
}

}  // namespace bytebench
