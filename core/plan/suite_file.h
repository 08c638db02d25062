// Suite files: the TOML format of docs/suites.md, read into a Suite
// (model/suite.h). Every error names the file, and line:column where it can.
#pragma once

#include <stdexcept>
#include <string>

#include "model/suite.h"

namespace bytebench {

// Every message names the file, and line:column where it can.
class SuiteError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

Suite load_suite(const std::string &path);
Suite parse_suite(const std::string &text, const std::string &path);

std::string sha256_hex(const std::string &bytes);

}  // namespace bytebench
