// A test's parameters for its workers (protocol/worker_params.h): a memory
// file (memfd) holding the encoded values, sealed so that no worker can
// change what the next one reads, and handed to each worker of a pass or
// phase as descriptor WorkerProcess::kParamsFd. One file serves every copy of
// a pass: the workers read it with pread, from offset 0, and close it.
#pragma once

#include <string>

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

    // Close-on-exec in the CLI; a worker gets a duplicate at kParamsFd.
    int fd() const { return fd_; }

  private:
    int fd_ = -1;
};

}  // namespace bytebench
