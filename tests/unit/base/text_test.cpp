#include "base/text.h"

#include <gtest/gtest.h>

namespace bytebench {
namespace {

TEST(Text, TrimRemovesWhiteSpaceAtBothEndsOnly) {
    EXPECT_EQ(trim("  a b \t\r\n"), "a b");
    EXPECT_EQ(trim("\v\fx\f\v"), "x");
    EXPECT_EQ(trim("x"), "x");
    EXPECT_EQ(trim(" \t\r\n"), "");
    EXPECT_EQ(trim(""), "");
}

TEST(Text, Utf8PrefixNeverCutsACharacter) {
    EXPECT_EQ(utf8_prefix("abcdef", 3), "abc");
    EXPECT_EQ(utf8_prefix("ab", 8), "ab");
    // "é" is two bytes (C3 A9): a prefix of 2 bytes of "aé" would split it.
    EXPECT_EQ(utf8_prefix("a\xC3\xA9z", 2), "a");
    EXPECT_EQ(utf8_prefix("a\xC3\xA9z", 3), "a\xC3\xA9");
    // A four-byte character (U+1F600) is kept whole or left out.
    EXPECT_EQ(utf8_prefix("\xF0\x9F\x98\x80", 3), "");
}

TEST(Text, TerminalSafeShowsControlsAsQuestionMarks) {
    EXPECT_EQ(terminal_safe("plain text\twith tab\n"), "plain text\twith tab\n");
    EXPECT_EQ(terminal_safe("\x1b]0;owned\x07\x1b[2J"), "?]0;owned??[2J");
    EXPECT_EQ(terminal_safe("over\rwrite\b\x7f"), "over?write??");
    EXPECT_EQ(terminal_safe("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"),
              "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");  // UTF-8 kept
    EXPECT_EQ(terminal_safe("\xc2\x9b"
                            "31m"),
              "?31m");  // U+009B, CSI
    EXPECT_EQ(terminal_safe("\x9b"
                            "31m"),
              "?31m");                                                        // a lone C1 byte
    EXPECT_EQ(terminal_safe("\xc0\xaf \xed\xa0\x80 \xe2\x82"), "?? ??? ??");  // not UTF-8
    EXPECT_EQ(terminal_safe(""), "");
}

}  // namespace
}  // namespace bytebench
