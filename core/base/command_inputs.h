// The files a command reads its measurements from, which no output of the
// same command may replace.
//
// `compare a.json b.json -o a.json`, `report r.json -o r.json` and
// `show 3 -o <the file run 3 was saved to>` would replace the only copy of a
// measurement with its rendering. So whoever reads an input registers the
// file it read, by identity (st_dev and st_ino of the open file, so another
// name for it, a hard link or a symbolic link, is the same input), and
// write_file() (base/file_io.h) refuses a path that leads to one of them,
// before it creates anything (OutputIsInputError). The commands check their
// `-o` the same way before they render anything, so that the refusal is
// the first and only thing they do (exit 2).
//
// One registry per process, safe to use from several threads (compare reads
// its inputs in parallel).
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>

namespace bytebench {

// What st_dev and st_ino say: the file, whatever name reaches it.
struct FileIdentity {
    dev_t device = 0;
    ino_t inode = 0;
    bool operator==(const FileIdentity &other) const {
        return device == other.device && inode == other.inode;
    }
};

// Registers `path`, the name it was read under, with the identity of what
// was read.
void register_command_input(const std::string &path, const FileIdentity &identity);
// Registers the file at `path` (stat(2): through links); a path that does
// not exist, or is not a regular file, registers nothing.
void register_command_input(const std::string &path);

// The name of the registered input that `path` is (stat(2): a link is
// followed to what it points at), or nullopt: not an input, or nothing at
// the path.
std::optional<std::string> command_input_at(const std::string &path);

// "-o a.json is the input b.json: ...": the one line that refuses an output
// which is an input. `what` names the output as the user gave it ("-o
// a.json", or a path).
std::string output_is_input_message(const std::string &what, const std::string &input);

// Forgets every registered input (tests).
void forget_command_inputs();

}  // namespace bytebench
