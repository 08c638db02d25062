#include "wire.h"

#include <gtest/gtest.h>
#include <unistd.h>

namespace bytebench {
namespace {

TEST(Wire, MessagesSurviveSplitReads) {
    MessageReader reader;
    EXPECT_TRUE(reader.feed("{\"t\":\"rea", 9).empty());
    auto m = reader.feed("dy\"}\n{\"t\":\"log\",\"msg\":\"x\"}\n", 28);
    ASSERT_EQ(m.size(), 2u);
    EXPECT_EQ(m[0]["t"], "ready");
    EXPECT_EQ(m[1]["msg"], "x");
}

TEST(Wire, GarbageLinesAreMarkedNotFatal) {
    MessageReader reader;
    auto m = reader.feed("not json\n", 9);
    ASSERT_EQ(m.size(), 1u);
    EXPECT_EQ(m[0]["t"], "garbage");
}

TEST(Wire, AnEndlessLineIsDroppedNotKept) {
    MessageReader reader;
    const std::string chunk(64 * 1024, 'x');
    std::vector<nlohmann::json> seen;
    for (size_t fed = 0; fed <= 2 * MessageReader::kMaxLine; fed += chunk.size())
        for (auto &m : reader.feed(chunk.data(), chunk.size())) seen.push_back(std::move(m));
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_EQ(seen[0]["t"], "garbage");
    // The channel recovers at the next newline.
    auto m = reader.feed("tail\n{\"t\":\"ready\"}\n", 19);
    ASSERT_EQ(m.size(), 1u);
    EXPECT_EQ(m[0]["t"], "ready");
}

TEST(Wire, WriteThenReadRoundTrips) {
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    ASSERT_TRUE(write_message(fds[1], {{"t", "result"}, {"count", 12.5}}));
    char buf[256];
    const ssize_t n = read(fds[0], buf, sizeof buf);
    MessageReader reader;
    auto m = reader.feed(buf, size_t(n));
    ASSERT_EQ(m.size(), 1u);
    EXPECT_EQ(m[0]["count"], 12.5);
    close(fds[0]);
    close(fds[1]);
}

}  // namespace
}  // namespace bytebench
