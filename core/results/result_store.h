// Where a run's files go: <dir>/<host>-<YYYY-MM-DD>-NN.{json,log,txt,...},
// <host> being the host name as one file name part (base/names.h's
// file_name_part(): no '/', never "..", at most 128 bytes; "host" for an
// empty name) so that the files stay in <dir> whatever the host is called,
// NN being the first number for which no such file exists yet. Files are
// written atomically (temporary name, then rename) and an existing result is
// never overwritten.
#pragma once

#include <stdexcept>
#include <string>

namespace bytebench {

class ResultStoreError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class ResultStore {
  public:
    // Creates `dir` if needed and claims the next free base name by creating
    // its .json file exclusively with `initial_json`. Throws with a one-line
    // reason when the folder cannot be written.
    ResultStore(const std::string &dir, const std::string &host, const std::string &initial_json);

    const std::string &base() const { return base_; }  // without extension
    std::string path(const std::string &extension) const { return base_ + "." + extension; }

    // Replaces the result document atomically. Throws on failure (the
    // previous version stays in place).
    void write_result(const std::string &json) const;

  private:
    std::string base_;
};

}  // namespace bytebench
