// A test's worker log lines, limited per kind and per test, and what the
// end of the test says of the lines it dropped.
#include "exec/worker_log.h"

#include <gtest/gtest.h>

#include <string>

namespace bytebench {
namespace {

TEST(WorkerLog, AKindIsTheLineWithoutItsNumbersAndQuotedWords) {
    EXPECT_EQ(log_line_kind("t: record_detail(\"k123\") ignored: the copy already recorded 64"),
              "t: record_detail(\"\xE2\x80\xA6\") ignored: the copy already recorded #");
    EXPECT_EQ(log_line_kind("copy 3/16 pass 10: 'x y' and 'z'"),
              "copy #/# pass #: '\xE2\x80\xA6' and '\xE2\x80\xA6'");
    EXPECT_EQ(log_line_kind("no numbers"), "no numbers");
    EXPECT_EQ(log_line_kind("an \"unclosed quote 12"), "an \"");
}

TEST(WorkerLog, TheFirstTwentyOfAKindAreShownAndTheRestCounted) {
    WorkerLogLimit limit;
    int shown = 0;
    for (int i = 0; i < 100000; ++i)
        if (limit.admit(2, "t: record_detail(\"k" + std::to_string(i) + "\") ignored")) ++shown;
    EXPECT_EQ(shown, WorkerLogLimit::kPerKind);
    const auto lines = limit.drop_summaries();
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0].first, 2);
    EXPECT_EQ(lines[0].second,
              "99980 more lines like this were dropped: t: record_detail(\"k0\") ignored");
}

TEST(WorkerLog, KindsAndLevelsAreCountedApart) {
    WorkerLogLimit limit;
    for (int i = 0; i < 25; ++i) {
        limit.admit(2, "warn " + std::to_string(i));
        limit.admit(1, "warn " + std::to_string(i));  // the same text at info: another kind
        limit.admit(2, "other");
    }
    const auto lines = limit.drop_summaries();
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0],
              std::make_pair(2, std::string("5 more lines like this were dropped: warn 0")));
    EXPECT_EQ(lines[1],
              std::make_pair(1, std::string("5 more lines like this were dropped: warn 0")));
    EXPECT_EQ(lines[2],
              std::make_pair(2, std::string("5 more lines like this were dropped: other")));
}

TEST(WorkerLog, NothingDroppedSaysNothing) {
    WorkerLogLimit limit;
    for (int i = 0; i < WorkerLogLimit::kPerKind; ++i) EXPECT_TRUE(limit.admit(1, "same"));
    EXPECT_TRUE(limit.drop_summaries().empty());
}

// Letters, not numbers: a distinct kind for each i.
std::string kind_number(int i) {
    std::string text = "line ";
    for (int n = i; n > 0; n /= 26) text += char('a' + n % 26);
    return text;
}

TEST(WorkerLog, ATestShowsAtMostAThousandLinesOfAnyKinds) {
    WorkerLogLimit limit;
    int shown = 0;
    for (int i = 0; i < 500; ++i)  // 500 kinds, twice each: the test's cap holds
        for (int twice = 0; twice < 2; ++twice)
            if (limit.admit(1, kind_number(i))) ++shown;
    for (int i = 0; i < 30; ++i) limit.admit(1, kind_number(i));
    EXPECT_EQ(shown, WorkerLogLimit::kPerTest);
    const auto lines = limit.drop_summaries();
    // kPerKind kinds summed up one by one, then the others in one line.
    ASSERT_EQ(lines.size(), size_t(WorkerLogLimit::kPerKind) + 1);
    EXPECT_EQ(lines[0].second, "1 more line like this was dropped: line ");
    EXPECT_EQ(lines.back().second,
              "10 more log lines of other kinds from the workers were dropped");
}

TEST(WorkerLog, KindsBeyondTheRememberedOnesAreCountedTogether) {
    WorkerLogLimit limit;
    for (int i = 0; i < 1500; ++i) limit.admit(2, kind_number(i));
    const auto lines = limit.drop_summaries();
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0], std::make_pair(2, std::string("500 more log lines of other kinds from the "
                                                      "workers were dropped")));
}

TEST(WorkerLog, AScopeLimitsWhileItLivesAndNestedScopesCountApart) {
    EXPECT_TRUE(worker_log_admits(2, "x"));  // no scope: everything
    {
        const WorkerLogScope test;
        for (int i = 0; i < WorkerLogLimit::kPerKind; ++i) EXPECT_TRUE(worker_log_admits(2, "x"));
        EXPECT_FALSE(worker_log_admits(2, "x"));
        {
            const WorkerLogScope inner;
            EXPECT_TRUE(worker_log_admits(2, "x"));
        }
        EXPECT_FALSE(worker_log_admits(2, "x"));
    }
    EXPECT_TRUE(worker_log_admits(2, "x"));
}

}  // namespace
}  // namespace bytebench
