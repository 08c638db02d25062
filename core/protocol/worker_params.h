// How a test's parameters cross from the CLI to its workers: not on argv,
// where the kernel refuses an argument over 128 KiB (E2BIG, and exec fails
// with status 127), but in a sealed memory file the worker reads on a file
// descriptor (process/params_file.h; the worker's --params-fd).
//
// The bytes are the values as `--param` would give them, each record
// "KEY=VALUE" ended by a NUL byte: a key has no '=' (plugin.h: [a-z0-9_]+)
// and no value holds a NUL (model/param_rules.h refuses one), so every value
// arrives byte for byte, whatever else it holds (newlines, '=', bytes that
// are not UTF-8).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "model/param_rules.h"

namespace bytebench {

class WorkerParamsError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// "k1=v1\0k2=v2\0".
std::string encode_worker_params(const ParamValues &values);

// The records as "KEY=VALUE" texts, in order. Throws WorkerParamsError for
// bytes that do not end a record with NUL, or a record without '='.
std::vector<std::string> decode_worker_params(const std::string &bytes);

}  // namespace bytebench
