#include "protocol/worker_params.h"

#include <gtest/gtest.h>

namespace bytebench {
namespace {

TEST(WorkerParams, EveryValueArrivesByteForByte) {
    const std::string big(300 * 1024, 'x');  // over the kernel's 128 KiB per argument
    const ParamValues values = {{"mode", "copy"},      {"expr", "a=b=c"}, {"lines", "one\ntwo\r\n"},
                                {"latin1", "caf\xe9"}, {"empty", ""},     {"big", big}};
    const std::vector<std::string> records = decode_worker_params(encode_worker_params(values));
    ASSERT_EQ(records.size(), values.size());
    for (size_t i = 0; i < values.size(); ++i)
        EXPECT_EQ(records[i], values[i].first + "=" + values[i].second) << i;
    EXPECT_TRUE(decode_worker_params(encode_worker_params({})).empty());
}

TEST(WorkerParams, BytesThatAreNotRecordsAreRefused) {
    const auto error = [](const std::string &bytes) {
        try {
            decode_worker_params(bytes);
        } catch (const WorkerParamsError &e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    EXPECT_EQ(error(std::string("a=1\0b=2", 7)),
              "the parameters end without a NUL byte after 1 records");
    EXPECT_EQ(error(std::string("a=1\0b\0", 6)), "parameter record 2 has no '='");
}

}  // namespace
}  // namespace bytebench
