// A test's parameters for its workers (protocol/worker_params.h): a memory
// file (memfd) holding the encoded values, sealed so that no worker can
// change what the next one reads, and handed to each worker of a pass or
// phase as one of its passed descriptors (hand_to). One file serves every copy of
// a pass: the workers read it with pread, from offset 0, and close it.
#pragma once

#include <string>
#include <vector>

#include "model/param_rules.h"

namespace bytebench {

class ParamsFile {
  public:
    // Throws std::runtime_error ("cannot hand the parameters to the
    // workers: ...") when the kernel gives no memory file.
    explicit ParamsFile(const ParamValues &values);
    ~ParamsFile();
    ParamsFile(const ParamsFile &) = delete;
    ParamsFile &operator=(const ParamsFile &) = delete;

    // Close-on-exec in the CLI.
    int fd() const { return fd_; }

    // Adds this file to the descriptors a WorkerProcess will pass
    // (`passed_fds`) and `--params-fd N` to its arguments, N being where the
    // worker finds it.
    void hand_to(std::vector<std::string> &args, std::vector<int> &passed_fds) const;

  private:
    int fd_ = -1;
};

}  // namespace bytebench
