#include "base/names.h"

#include <gtest/gtest.h>

namespace bytebench {
namespace {

TEST(Names, EveryIdOfTheShippedSuitesAndPluginsIsAName) {
    // The standard suite's "C", plugin ids (plugin.h's narrower rule),
    // dotted test-plugin ids, a vendor's prefixed ids.
    for (const char *name : {"C", "dhry2reg", "fstime-w-4096", "test.chatty", "test.setup_hang",
                             "org.bytebench.cpu", "acme.fma-throughput", "2d-rects", "index"})
        EXPECT_TRUE(is_name(name)) << name;
    EXPECT_TRUE(is_name(std::string(kMaxNameBytes, 'a')));
}

TEST(Names, NothingThatCouldLeaveAFolderOrPassForAnOptionIsAName) {
    for (const char *name : {"", ".", "..", "../../victim", "a/b", "/etc", ".hidden", "-rf", "_x",
                             "a b", "a\\b", "caf\xc3\xa9", "a\nb", "a\x1b[31m"})
        EXPECT_FALSE(is_name(name)) << name;
    EXPECT_FALSE(is_name(std::string(kMaxNameBytes + 1, 'a')));
    EXPECT_FALSE(is_name(std::string("a\0b", 3)));
}

TEST(Names, TheProblemIsOneLineWithTheRule) {
    EXPECT_EQ(name_problem("test", "dhry2reg"), "");
    EXPECT_EQ(name_problem("test", "../../victim"),
              "test '../../victim' is not a name: a name is 1 to 128 letters, digits, '.', '_' "
              "and '-', starting with a letter or a digit");
    // What cannot be shown is escaped, and a long name is cut.
    EXPECT_EQ(name_problem("group", "a\nb\x1b"),
              std::string("group 'a\\x0ab\\x1b' is not a name: ") + kNameRule);
    EXPECT_EQ(name_problem("test", std::string(200, '/')),
              "test '" + std::string(40, '/') + "...' is not a name: " + kNameRule);
}

TEST(Names, TextIsUtf8WithoutControlsLineBreaksOrBidiControls) {
    for (const char *text : {"6.1.0-13-amd64", "caf\xc3\xa9", "\xe6\x97\xa5\xe6\x9c\xac",
                             "with spaces, commas and = signs", "\xf0\x9f\x98\x80", ""})
        EXPECT_EQ(text_problem("value", text), "") << text;
    EXPECT_EQ(text_problem("value", "k\xff"), "value is not valid UTF-8 (byte 0xff at 1)");
    EXPECT_EQ(text_problem("value", "\xc3"), "value is not valid UTF-8 (byte 0xc3 at 0)");
    EXPECT_EQ(text_problem("value", "\xc0\xaf"), "value is not valid UTF-8 (byte 0xc0 at 0)");
    EXPECT_EQ(text_problem("value", "\xed\xa0\x80"), "value is not valid UTF-8 (byte 0xed at 0)");
    EXPECT_EQ(text_problem("value", "a\tb"), "value holds the control character U+0009");
    EXPECT_EQ(text_problem("value", "a\x7f"), "value holds the control character U+007F");
    EXPECT_EQ(text_problem("value", "a\xc2\x85"), "value holds the control character U+0085");
    EXPECT_EQ(text_problem("value",
                           "a\xc2\x9b"
                           "2J"),
              "value holds the control character U+009B");
    EXPECT_EQ(text_problem("value", "a\xe2\x80\xa8"), "value holds the line break U+2028");
    EXPECT_EQ(text_problem("value",
                           "evil\xe2\x80\xae"
                           "cod.exe"),
              "value holds the bidirectional control U+202E");
    EXPECT_EQ(text_problem("value", "\xe2\x81\xa6x"),
              "value holds the bidirectional control U+2066");
    EXPECT_EQ(text_problem("value", "\xe2\x81\xa9"),
              "value holds the bidirectional control U+2069");
}

TEST(FileNamePart, KeepsPlainNamesAndReplacesTheRest) {
    EXPECT_EQ(file_name_part("web-01.example.com"), "web-01.example.com");
    EXPECT_EQ(file_name_part("a/b\\c\x1b[31m"), "a_b_c__31m");
    EXPECT_EQ(file_name_part(".hidden"), "_hidden");
    EXPECT_EQ(file_name_part("-rf"), "_rf");
    EXPECT_EQ(file_name_part(""), "_");
    EXPECT_EQ(file_name_part("h\xc3\xa9te"), "h__te");
}

TEST(FileNamePart, IsOneComponentInsideItsFolderWhateverTheText) {
    for (const std::string text : {"..", ".", "../../victim", "/", "a/../../b", "\xff/.."}) {
        const std::string part = file_name_part(text);
        EXPECT_EQ(part.find('/'), std::string::npos) << text;
        EXPECT_NE(part, "..");
        EXPECT_NE(part, ".");
        EXPECT_NE(part[0], '.');
    }
    EXPECT_EQ(file_name_part("../../victim"), "_._.._victim");
    EXPECT_EQ(file_name_part(std::string(1000, 'x')), std::string(kMaxNameBytes, 'x'));
    // A name is its own part: the folders of the shipped tests keep their names.
    EXPECT_EQ(file_name_part("C"), "C");
    EXPECT_EQ(file_name_part("test.chatty"), "test.chatty");
}

}  // namespace
}  // namespace bytebench
