// Reading a whole file, and writing one atomically: a reader (or a CLI that
// dies half way) sees the old file or the new one, never a part of one.
#pragma once

#include <sys/types.h>

#include <stdexcept>
#include <string>

namespace bytebench {

// One line, naming the file: "PATH: cannot read: No such file or directory".
class FileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};
// write_file_atomically(..., exclusive) found the file there already.
class FileExistsError : public FileError {
  public:
    using FileError::FileError;
};

// The whole content of `path`. Throws FileError.
std::string read_whole_file(const std::string &path);

struct AtomicWriteOptions {
    bool exclusive = false;  // fail with FileExistsError instead of replacing a file
    mode_t mode = 0644;      // of a new file (before the umask)
};

// Writes `content` to a temporary file beside `path`
// (atomic_temp_path(path)), fsyncs it and renames it over `path` (links it,
// when exclusive). The temporary file is never left behind by an error; a
// process that is killed half way leaves it, and the janitor
// (worker/janitor.h) removes the CLI's. Throws FileError naming `path`.
void write_file_atomically(const std::string &path, const std::string &content,
                           const AtomicWriteOptions &options = {});

// "<path>.tmp-<pid>": the temporary name of an atomic write by process `pid`.
std::string atomic_temp_path(const std::string &path, pid_t pid);
// ".tmp-<pid>": what every temporary name of process `pid` ends with.
std::string atomic_temp_suffix(pid_t pid);

}  // namespace bytebench
