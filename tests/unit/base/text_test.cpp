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

}  // namespace
}  // namespace bytebench
