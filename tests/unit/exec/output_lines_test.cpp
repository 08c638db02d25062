#include "exec/output_lines.h"

#include <gtest/gtest.h>

namespace bytebench {
namespace {

using Lines = std::vector<std::string>;

TEST(OutputLines, SplitsAtNewLinesAcrossReads) {
    OutputLines lines;
    EXPECT_EQ(lines.feed("one\ntw"), Lines{"one"});
    EXPECT_EQ(lines.feed("o\r\n\nthree"), (Lines{
                                              "two",
                                              "",
                                          }));
    EXPECT_EQ(lines.finish(), "three");
    EXPECT_EQ(lines.finish(), "");
}

TEST(OutputLines, ALongLineIsCutAndTheRestDropped) {
    OutputLines lines;
    const std::string lng(OutputLines::kMaxLine + 500, 'x');
    EXPECT_TRUE(lines.feed(lng).empty());
    const Lines got = lines.feed(lng + "\nnext\n");
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(got[0], std::string(OutputLines::kMaxLine, 'x') + " [line cut at 1000 bytes]");
    EXPECT_EQ(got[1], "next");
}

TEST(OutputLines, ALineAtTheCapIsNotCut) {
    OutputLines lines;
    const std::string full(OutputLines::kMaxLine, 'y');
    EXPECT_EQ(lines.feed(full + "\n"), Lines{full});
}

TEST(OutputLines, ControlsAndBytesThatAreNotUtf8AreShownAsQuestionMarks) {
    OutputLines lines;
    EXPECT_EQ(lines.feed("\x1b[2Jcaf\xc3\xa9 \xff\n"), Lines{"?[2Jcaf\xc3\xa9 ?"});
}

}  // namespace
}  // namespace bytebench
