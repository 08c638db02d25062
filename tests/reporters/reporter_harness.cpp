#include "reporter_harness.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "fake_host.h"

namespace bytebench::test {
namespace {

// A new, empty file in the test's temporary directory.
std::string temp_file_path() {
    std::string path = ::testing::TempDir() + "bytebench-reporter-XXXXXX";
    const int fd = mkstemp(path.data());
    if (fd < 0) throw std::runtime_error("mkstemp: " + std::string(std::strerror(errno)));
    close(fd);
    return path;
}

}  // namespace

const bb_reporter &load_reporter(const std::string &library, const std::string &id) {
    return find_reporter(library, id);
}

bb_status write_report_to(const bb_reporter &reporter, const std::string &document,
                          const char *out_path, std::string &error) {
    char err[BB_ERROR_CAP] = "";
    const bb_status status =
        reporter.write(fake_host(), document.c_str(), document.size(), out_path, err, sizeof err);
    error = err;
    return status;
}

WriteOutcome write_report(const bb_reporter &reporter, const std::string &document) {
    const std::string path = temp_file_path();
    WriteOutcome outcome;
    outcome.status = write_report_to(reporter, document, path.c_str(), outcome.error);
    outcome.output = read_file(path);
    unlink(path.c_str());
    return outcome;
}

void write_file(const std::string &path, const std::string &content) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << content;
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace bytebench::test
