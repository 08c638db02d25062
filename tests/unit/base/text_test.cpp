#include "base/text.h"

#include <gtest/gtest.h>

#include <cmath>

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

TEST(Text, AnExcerptIsShortAndEscaped) {
    EXPECT_EQ(excerpt("plain"), "plain");
    EXPECT_EQ(excerpt(std::string(40, 'a')), std::string(40, 'a'));
    EXPECT_EQ(excerpt(std::string(41, 'a')), std::string(40, 'a') + "...");
    EXPECT_EQ(excerpt("a\x1b[2J\n\\b\xc3\xa9\xff"), "a\\x1b[2J\\x0a\\\\b\\xc3\\xa9\\xff");
    EXPECT_EQ(excerpt("abcdef", 3), "abc...");
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

TEST(DurationText, BelowASecondInWholeMilliseconds) {
    EXPECT_EQ(duration_text(0.25), "250 ms");
    EXPECT_EQ(duration_text(0.001), "1 ms");
    EXPECT_EQ(duration_text(0.0004), "less than 1 ms");
    EXPECT_EQ(duration_text(0), "0 s");
    EXPECT_EQ(duration_text(0.9996), "1 s");  // rounds up into seconds
}

TEST(DurationText, SecondsWithoutTrailingZeros) {
    EXPECT_EQ(duration_text(1), "1 s");
    EXPECT_EQ(duration_text(1.5), "1.5 s");
    EXPECT_EQ(duration_text(10.15), "10.15 s");
    EXPECT_EQ(duration_text(3.000001), "3 s");
}

TEST(DurationText, MinutesAndHours) {
    EXPECT_EQ(duration_text(59.999), "1 min");  // never "60 s"
    EXPECT_EQ(duration_text(150), "2 min 30 s");
    EXPECT_EQ(duration_text(120), "2 min");
    EXPECT_EQ(duration_text(3900), "1 h 5 min");
    EXPECT_EQ(duration_text(3600), "1 h");
    EXPECT_EQ(duration_text(3599.6), "1 h");
    EXPECT_EQ(duration_text(100 * 3600.0), "100 h");
}

TEST(DurationText, WhatIsNoDurationIsUnknown) {
    EXPECT_EQ(duration_text(-1), "unknown");
    EXPECT_EQ(duration_text(std::nan("")), "unknown");
    EXPECT_EQ(duration_text(HUGE_VAL), "unknown");
}

TEST(SizeText, BytesThenBinaryUnits) {
    EXPECT_EQ(size_text(512), "512 bytes");
    EXPECT_EQ(size_text(4096), "4 KiB");
    EXPECT_EQ(size_text(4300), "4.2 KiB");
    EXPECT_EQ(size_text(1.5 * 1024 * 1024), "1.5 MiB");
}

TEST(CountText, OneIsSingularEverythingElsePlural) {
    EXPECT_EQ(count_text(1, "copy", "copies"), "1 copy");
    EXPECT_EQ(count_text(3, "copy", "copies"), "3 copies");
    EXPECT_EQ(count_text(0, "copy", "copies"), "0 copies");
    EXPECT_EQ(count_text(2, "CPU", "CPUs"), "2 CPUs");
    EXPECT_EQ(count_text(1, "time", "times"), "1 time");
}

TEST(CountText, CopiesAreTheCoresOwnCount) {
    EXPECT_EQ(copies_text(1), "1 copy");
    EXPECT_EQ(copies_text(16), "16 copies");
    EXPECT_EQ(copies_text(-1), "0 copies");  // no caller has one; never a wrapped number
}

TEST(CountText, LargeCountsAreWrittenInFull) {
    EXPECT_EQ(count_text(18446744073709551615ull, "label", "labels"),
              "18446744073709551615 labels");
}

}  // namespace
}  // namespace bytebench
