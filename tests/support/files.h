// File helpers shared by the tests.
#pragma once

#include <string>

namespace bytebench::test {

// `root`/`name`, emptied or created.
std::string fresh_dir(const std::string &root, const std::string &name);

// The whole content of `path`; throws std::runtime_error when it cannot be
// read.
std::string read_file(const std::string &path);

}  // namespace bytebench::test
