// What pasting does to a report's lines, undone (moved here from
// unixbench_import_test.cpp, which tests the importer that reads through it).
#include "import/pasted_text.h"

#include <gtest/gtest.h>

namespace bytebench {
namespace {

TEST(PastedText, NormalizeLineUndoesPasting) {
    EXPECT_EQ(normalize_line("\xC2\xA0\xC2\xA0 System:\tvm:  GNU/Linux\r"),
              "System: vm: GNU/Linux");
    EXPECT_EQ(normalize_line("> >  OS: GNU/Linux \xE2\x80\x93 6.1 \xE2\x80\x94 #1"),
              "OS: GNU/Linux - 6.1 - #1");
    EXPECT_EQ(normalize_line("charmap=\xE2\x80\x9CUTF-8\xE2\x80\x9D (system\xE2\x80\x99s) "
                             "\xE2\x88\x92 \xE2\x80\xA6"),
              "charmap=\"UTF-8\" (system's) - ...");
    EXPECT_EQ(normalize_line("\xEF\xBB\xBF   BYTE UNIX Benchmarks"), "BYTE UNIX Benchmarks");
    EXPECT_EQ(normalize_line("a\x96"
                             "b\xA0"
                             "c"),
              "a-b c");                                       // Windows-1252 bytes
    EXPECT_EQ(normalize_line("Caf\xC3\xA9"), "Caf\xC3\xA9");  // other UTF-8 is kept
}

TEST(PastedText, PastedLinesSplitAtBreakingTags) {
    const std::vector<PastedLine> lines =
        pasted_lines("a&nbsp;&amp;&#8212;b<br/>c &lt;d&gt; <span class=\"x\">e</span>");
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_EQ(lines[0].text, "a &-b");
    EXPECT_TRUE(lines[0].html);
    EXPECT_TRUE(lines[0].typographic);
    EXPECT_EQ(lines[1].text, "c <d> e");
    EXPECT_EQ(normalize_line("x &amp;nbsp; &bogus; &#xZZ; <3 a < b"),
              "x &nbsp; &bogus; &#xZZ; <3 a < b");
    EXPECT_FALSE(pasted_lines("plain")[0].html);
    EXPECT_FALSE(pasted_lines("plain")[0].typographic);
}

TEST(PastedText, AnEmptyOrBlankLineIsOneEmptyLine) {
    EXPECT_EQ(normalize_line(""), "");
    EXPECT_EQ(normalize_line(" \t\xC2\xA0\r"), "");
    const std::vector<PastedLine> lines = pasted_lines("");
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0].text, "");
}

}  // namespace
}  // namespace bytebench
