// The one way the tool reads an input file and the one way it writes a file.
//
// Reading (read_whole_file): only a regular file, and only up to a size cap.
// A FIFO, a device, a folder or a socket is refused at once, without
// blocking (it is opened with O_NONBLOCK and looked at with fstat before a
// byte is read), so `--suite /dev/zero` or a FIFO nobody writes to is one
// line, not an endless read or a hang.
//
// Writing (write_file) depends on what is at the path now (lstat):
//   - nothing, or a regular file: the content goes to a temporary file beside
//     it, created with O_EXCL|O_NOFOLLOW (a link planted at that name is
//     refused, never followed; a name that is taken, by a stale temporary
//     file or a planted link, is skipped for the next one), fsynced, then
//     renamed over the path (linked to it, when exclusive). A reader, or a
//     process killed half way, sees the old file or the new one, never part
//     of one.
//   - anything else (a character device such as /dev/null or /dev/full, a
//     FIFO, a symbolic link such as /dev/stdout, wherever it points): written
//     in place, through the link, never renamed over. Opened without O_CREAT
//     (a dangling link is an error, not a new file at its target) and with
//     O_NONBLOCK (a FIFO nobody reads is ENXIO, not a hang); a regular file
//     reached that way is truncated first, as the shell's `>` does, and is
//     not atomic, unless it is standard output's own file (/dev/stdout
//     with `>> log`): that one is written through fd 1, appending where fd 1
//     appends. Renaming over a link would replace the link itself (as root,
//     /dev/stdout for the whole machine), and resolving it ourselves would
//     step around the kernel's protected_symlinks.
// Before either, a path that leads to one of the command's inputs (base/
// command_inputs.h: `compare a.json b.json -o a.json`) is refused with
// OutputIsInputError, and nothing is created.
// Every write(2), the fsync of a regular file, and close(2) are checked. A
// failure throws FileError with one line naming the file and the errno text;
// a temporary file is never left behind by an error (one killed half way is
// removed by the janitor for `run`, process/janitor_client.h, and by
// process/cleanup_on_signal.h for the other commands).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "base/command_inputs.h"

namespace bytebench {

// One line, naming the file: "PATH: cannot read: No such file or directory",
// "cannot write PATH: No space left on device".
class FileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};
// write_file(..., exclusive) found something at the path already.
class FileExistsError : public FileError {
  public:
    using FileError::FileError;
};

// write_file() was asked to write over one of the command's inputs
// (base/command_inputs.h). Bad input (exit 2), not a failed write.
class OutputIsInputError : public FileError {
  public:
    using FileError::FileError;
};

// The largest input file read_whole_file() reads unless told otherwise:
// result documents (report, compare), UnixBench reports. The largest real
// inputs are results of many copies: each copy of each pass of each test is
// a ~185-byte object in the indented JSON (measured), so 1024 copies x 30
// tests x 10 passes is ~56 MB (64 MB pinned with --placement), and a
// --scaling sweep up to 1024 copies (2047 copies in all) twice that.
// 256 MiB leaves room for that, and still refuses a runaway file before it
// costs gigabytes (a parsed document takes several times its size).
constexpr std::size_t kMaxInputBytes = std::size_t(256) << 20;

// The whole content of the regular file `path`, at most `max_bytes` long.
// Throws FileError: "PATH: cannot read: not a regular file (a FIFO)",
// "PATH: cannot read: 300.0 MiB, more than the 256 MiB an input may have".
// `identity`, when given, is set to the file that was read (fstat of the
// open file: what a link led to), for register_command_input().
// `no_follow`: a symbolic link at `path` is refused (ELOOP: "Too many levels
// of symbolic links"), for a file a folder walk found as a regular file.
std::string read_whole_file(const std::string &path, std::size_t max_bytes = kMaxInputBytes,
                            FileIdentity *identity = nullptr, bool no_follow = false);

struct WriteOptions {
    // Fail with FileExistsError when anything is at the path (a file, a
    // link, a device), instead of replacing or writing into it.
    bool exclusive = false;
    mode_t mode = 0644;  // of a new file (before the umask)
    // Told each temporary name just before the file is created (true) and
    // once it is gone, renamed or removed (false): what a caller needs to
    // remove it should the process be ended half way
    // (process/cleanup_on_signal.h).
    std::function<void(const std::string &temp, bool in_use)> track_temp = nullptr;
};

// Writes `content` to `path` as described at the top. Throws FileError
// naming `path` ("cannot write PATH: REASON"), FileExistsError
// ("PATH: exists") when exclusive, OutputIsInputError when `path` is one of
// the command's inputs.
void write_file(const std::string &path, std::string_view content,
                const WriteOptions &options = {});

// Writes all of `content` to the open descriptor `fd` (standard output),
// retrying short writes. Throws FileError: "cannot write NAME: REASON".
void write_to_descriptor(int fd, std::string_view content, const std::string &name);

// The temporary names of a write by process `pid` beside `path`:
// "<path>.tmp-<pid>" first, then "<path>.<n>.tmp-<pid>" (n = attempt) when
// that one is taken. All end with atomic_temp_suffix(pid), which is how the
// janitor finds the CLI's.
std::string atomic_temp_path(const std::string &path, pid_t pid, int attempt = 0);
// ".tmp-<pid>": what every temporary name of process `pid` ends with.
std::string atomic_temp_suffix(pid_t pid);

}  // namespace bytebench
