#include "process/params_file.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cerrno>

#include "protocol/worker_params.h"

namespace bytebench {
namespace {

// What a worker reads: pread from 0 to the end.
std::string read_all(int fd) {
    std::string bytes;
    char buf[4096];
    for (off_t at = 0;;) {
        const ssize_t n = pread(fd, buf, sizeof buf, at);
        if (n <= 0) break;
        bytes.append(buf, size_t(n));
        at += n;
    }
    return bytes;
}

TEST(ParamsFile, HoldsTheEncodedValuesForEveryReader) {
    const ParamValues values = {{"text", std::string(200 * 1024, 'y')}, {"n", "3"}};
    const ParamsFile file(values);
    ASSERT_GE(file.fd(), 0);
    // Every copy of a pass reads the same descriptor, from offset 0.
    EXPECT_EQ(read_all(file.fd()), encode_worker_params(values));
    EXPECT_EQ(read_all(file.fd()), encode_worker_params(values));
    EXPECT_EQ(fcntl(file.fd(), F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
}

TEST(ParamsFile, NoWorkerCanChangeWhatTheNextOneReads) {
    const ParamsFile file(ParamValues{{"mode", "copy"}});
    EXPECT_EQ(pwrite(file.fd(), "X", 1, 0), -1);
    EXPECT_EQ(errno, EPERM);
    EXPECT_NE(ftruncate(file.fd(), 0), 0);
    EXPECT_EQ(read_all(file.fd()), std::string("mode=copy\0", 10));
}

}  // namespace
}  // namespace bytebench
