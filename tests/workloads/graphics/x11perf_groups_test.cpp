// The x11perf table, arguments and arithmetic of the 2D graphics tests
// (plugins/graphics/x11perf_groups.h), against x11perf output fixtures in
// x11perf's layout (fixtures/) and hand-computed numbers.
#include "x11perf_groups.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace bytebench::plugins::graphics {
namespace {

std::string fixture(const std::string &name) {
    std::ifstream in(std::string(GRAPHICS_FIXTURES) + "/" + name);
    EXPECT_TRUE(in) << name;
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// --- the table --------------------------------------------------------------

TEST(X11perfGroups, AreUnixBenchsTenGroupsInOrder) {
    const std::vector<std::string> ids = {"2d-rects",  "2d-lines",    "2d-circle", "2d-ellipse",
                                          "2d-shapes", "2d-aashapes", "2d-polys",  "2d-text",
                                          "2d-blit",   "2d-window"};
    ASSERT_EQ(x11perf_groups().size(), ids.size());
    for (size_t i = 0; i < ids.size(); ++i) {
        const X11perfGroup &g = x11perf_groups()[i];
        EXPECT_EQ(g.workload_id, ids[i]);
        // The group name is the test name without "2d-".
        EXPECT_EQ(std::string("2d-") + g.group, ids[i]);
    }
}

TEST(X11perfGroups, KeepTheReferenceTablesQuirks) {
    const X11perfGroup *text = find_x11perf_group("2d-text");
    ASSERT_NE(text, nullptr);
    EXPECT_STREQ(text->tests[1].name, "rgb24text");
    EXPECT_EQ(text->tests[1].reference_rate, 2510);  // the later "core" entry, not 10200
    const X11perfGroup *blit = find_x11perf_group("blit");
    ASSERT_NE(blit, nullptr);
    EXPECT_STREQ(blit->tests[3].name, "putimagexy500");
    EXPECT_EQ(blit->tests[3].reference_rate, 0.1);
}

TEST(X11perfGroups, NameTheirTestsAndReferences) {
    const X11perfGroup *rects = find_x11perf_group("2d-rects");
    ASSERT_NE(rects, nullptr);
    EXPECT_STREQ(rects->logmsg, "2D graphics: rectangles");
    const char *names[] = {"rect10", "rect100", "oddtilerect10", "eschertilerect100"};
    const double refs[] = {7180000, 110000, 1430000, 18000};
    for (size_t i = 0; i < 4; ++i) {
        EXPECT_STREQ(rects->tests[i].name, names[i]);
        EXPECT_EQ(rects->tests[i].reference_rate, refs[i]);
    }
    EXPECT_STREQ(find_x11perf_group("2d-aashapes")->tests[0].name, "aa4trap300");
    EXPECT_STREQ(find_x11perf_group("2d-window")->logmsg, "2D graphics: windows");
    EXPECT_EQ(find_x11perf_group("3d-gears"), nullptr);
}

// --- arguments ----------------------------------------------------------------

TEST(X11perfArguments, AreUnixBenchsByDefault) {
    const std::vector<std::string> expected = {"x11perf", "-repeat", "3", "-subs",
                                               "25",      "-time",   "2", "-rect10"};
    EXPECT_EQ(x11perf_arguments({"rect10", 7180000}, X11perfSettings{}), expected);
}

TEST(X11perfArguments, TakeRepeatTimeAndAFixedRepCount) {
    X11perfSettings s;
    s.repeat = 2;
    s.time_s = 1;
    s.reps = 50;
    const std::vector<std::string> expected = {"x11perf", "-repeat", "2",     "-subs", "25",
                                               "-time",   "1",       "-reps", "50",    "-popup"};
    EXPECT_EQ(x11perf_arguments({"popup", 660000}, s), expected);
}

// --- output -------------------------------------------------------------------

TEST(X11perfOutput, TakesTheTrepLinesRate) {
    const X11perfReading r = read_x11perf_output(fixture("rect10-repeat3.txt"));
    EXPECT_TRUE(r.measured);
    EXPECT_FALSE(r.omitted);
    EXPECT_DOUBLE_EQ(r.rate, 9870000.0);  // not a reps line's
    EXPECT_EQ(r.rate_text, "9870000.0");
}

TEST(X11perfOutput, ReadsPaddedSmallRates) {
    EXPECT_DOUBLE_EQ(read_x11perf_output(fixture("putimagexy500-slow.txt")).rate, 77.7);
    EXPECT_DOUBLE_EQ(read_x11perf_output(fixture("popup-25-kids.txt")).rate, 1320000.0);
}

TEST(X11perfOutput, TakesTheLastTrepLine) {
    const X11perfReading r = read_x11perf_output(fixture("two-treps.txt"));
    EXPECT_DOUBLE_EQ(r.rate, 250000.0);
}

TEST(X11perfOutput, AnOmittedTestHasNoRate) {
    const X11perfReading r = read_x11perf_output(fixture("caa10text-omitted.txt"));
    EXPECT_TRUE(r.omitted);
    EXPECT_FALSE(r.measured);
    EXPECT_EQ(r.rate, 0);
    EXPECT_EQ(r.omitted_line, "Could not load font 'charter-10', benchmark omitted");
}

TEST(X11perfOutput, AnUnmeasurablyFastTestHasNoRate) {
    const X11perfReading r = read_x11perf_output(fixture("scroll100-unmeasurable.txt"));
    EXPECT_FALSE(r.measured);
    EXPECT_FALSE(r.omitted);
    EXPECT_EQ(r.rate, 0);
}

TEST(X11perfOutput, OneRepeatPrintsNoTrepLine) {
    const X11perfReading r = read_x11perf_output(fixture("rect10-repeat1.txt"));
    EXPECT_FALSE(r.measured);
    EXPECT_EQ(r.rate, 0);
}

TEST(X11perfOutput, NothingOrGarbageHasNoRate) {
    EXPECT_FALSE(read_x11perf_output("").measured);
    EXPECT_FALSE(read_x11perf_output("   12 trep @ 1.0 msec (fast/sec): x\n").measured);
    EXPECT_FALSE(read_x11perf_output("   12 trep @ 1.0 msec (12.5/min): x").measured);
    const X11perfReading r = read_x11perf_output("   12 trep @ 1.0 msec (12.5/sec): x");
    EXPECT_TRUE(r.measured);  // no final newline
    EXPECT_DOUBLE_EQ(r.rate, 12.5);
}

// --- arithmetic ---------------------------------------------------------------

TEST(X11perfScore, IsTheRateOverTheReferenceTimesAThousand) {
    EXPECT_DOUBLE_EQ(x11perf_score(9870000, 7180000), 9870000.0 / 7180000.0 * 1000.0);
    EXPECT_DOUBLE_EQ(x11perf_score(3590000, 7180000), 500.0);
    EXPECT_NEAR(x11perf_score(77.7, 0.1), 777000.0, 1e-6);
    EXPECT_EQ(x11perf_score(0, 15300), 0.0);
}

TEST(GroupValue, IsTheArithmeticMeanWithZerosIncluded) {
    EXPECT_DOUBLE_EQ(group_value({1000, 500, 2000, 4500}), 2000.0);
    EXPECT_DOUBLE_EQ(group_value({2000, 500, 0, 2000}), 1125.0);
    EXPECT_EQ(group_value({0, 0, 0, 0}), 0.0);
    EXPECT_EQ(group_value({}), 0.0);
}

// The blit group by hand: scroll100 52000/s = 1000, copypixwin10 251000/s =
// 500, deepcopyplane10 302000/s = 2000, putimagexy500 77.7/s = 777000 (its
// reference of 0.1): (1000 + 500 + 2000 + 777000) / 4 = 195125.
TEST(GroupValue, OfTheBlitGroupIsDominatedByPutimagexy500) {
    const X11perfGroup &blit = *find_x11perf_group("2d-blit");
    const double rates[] = {52000, 251000, 302000,
                            read_x11perf_output(fixture("putimagexy500-slow.txt")).rate};
    std::vector<double> scores;
    for (size_t i = 0; i < 4; ++i)
        scores.push_back(x11perf_score(rates[i], blit.tests[i].reference_rate));
    EXPECT_NEAR(scores[3], 777000.0, 1e-6);
    EXPECT_NEAR(group_value(scores), 195125.0, 1e-6);
}

// The text group with caa10text omitted: polytext16 738000/s = 2000,
// rgb24text 1255/s = 500, caa10text 0, ca24text 5080/s = 2000:
// (2000 + 500 + 0 + 2000) / 4 = 1125.
TEST(GroupValue, OfTheTextGroupCountsAnOmittedTestAsZero) {
    const X11perfGroup &text = *find_x11perf_group("2d-text");
    const double rates[] = {738000, 1255,
                            read_x11perf_output(fixture("caa10text-omitted.txt")).rate, 5080};
    std::vector<double> scores;
    for (size_t i = 0; i < 4; ++i)
        scores.push_back(x11perf_score(rates[i], text.tests[i].reference_rate));
    EXPECT_NEAR(group_value(scores), 1125.0, 1e-9);
}

// --- error text ---------------------------------------------------------------

TEST(OutputTail, KeepsTheLastLinesOnOneLine) {
    EXPECT_EQ(output_tail("", 100), "");
    EXPECT_EQ(output_tail("one\ntwo\n", 100), "one | two");
    EXPECT_EQ(output_tail("first line\nsecond line\nthird\n", 14), "third");
    EXPECT_EQ(output_tail("abcdefghij", 4), "ghij");
}

}  // namespace
}  // namespace bytebench::plugins::graphics
