#include "protocol/worker_protocol.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace bytebench {
namespace {

std::vector<WorkerMessage> feed(MessageReader &reader, const std::string &bytes) {
    return reader.feed(bytes.data(), bytes.size());
}

TEST(WorkerProtocol, MessagesSurviveSplitReads) {
    MessageReader reader;
    EXPECT_TRUE(feed(reader, "{\"type\":\"rea").empty());
    auto m = feed(reader, "dy\"}\n{\"type\":\"log\",\"text\":\"x\"}\n");
    ASSERT_EQ(m.size(), 2u);
    EXPECT_TRUE(std::holds_alternative<ReadyMessage>(m[0]));
    ASSERT_TRUE(std::holds_alternative<LogMessage>(m[1]));
    EXPECT_EQ(std::get<LogMessage>(m[1]).text, "x");
    EXPECT_EQ(std::get<LogMessage>(m[1]).level, 1);  // the default
}

TEST(WorkerProtocol, GarbageLinesAreMarkedNotFatal) {
    MessageReader reader;
    for (const std::string line :
         {"not json", "[1,2]", "{\"type\":\"nonsense\"}", "{\"t\":\"ready\"}"}) {
        auto m = feed(reader, line + "\n");
        ASSERT_EQ(m.size(), 1u) << line;
        ASSERT_TRUE(std::holds_alternative<GarbageMessage>(m[0])) << line;
        EXPECT_EQ(std::get<GarbageMessage>(m[0]).text, line);
    }
}

// A worker (plugin code) could nest a description deeper than the CLI's
// stack allows nlohmann's recursive copy and dump to go.
TEST(WorkerProtocol, ADeeplyNestedMessageIsGarbage) {
    MessageReader reader;
    const int depth = 400000;  // within kMaxLine
    const std::string line = R"({"type":"describe","plugin":{"a":)" + std::string(depth, '[') +
                             std::string(depth, ']') + "}}";
    ASSERT_LT(line.size(), MessageReader::kMaxLine);
    auto m = feed(reader, line + "\n");
    ASSERT_EQ(m.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<GarbageMessage>(m[0]));
}

TEST(WorkerProtocol, AnEndlessLineIsDroppedNotKept) {
    MessageReader reader;
    const std::string chunk(64 * 1024, 'x');
    std::vector<WorkerMessage> seen;
    for (size_t fed = 0; fed <= 2 * MessageReader::kMaxLine; fed += chunk.size())
        for (auto &m : reader.feed(chunk.data(), chunk.size())) seen.push_back(std::move(m));
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<GarbageMessage>(seen[0]));
    // The channel recovers at the next newline.
    auto m = feed(reader, "tail\n{\"type\":\"ready\"}\n");
    ASSERT_EQ(m.size(), 1u);
    EXPECT_TRUE(std::holds_alternative<ReadyMessage>(m[0]));
}

TEST(WorkerProtocol, WriteThenReadRoundTrips) {
    ResultMessage sent;
    sent.status = Status::skipped;
    sent.count = 12.5;
    sent.elapsed_ns = 10'000'000'123ull;
    sent.start_ns = 42;
    sent.error = "no AVX-512 here";
    sent.details = {{"level", "x86-64-v3"}};
    sent.cpu_start = 1;
    sent.cpu_end = 0;
    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    ASSERT_TRUE(write_message(fds[1], sent));
    char buf[512];
    const ssize_t n = read(fds[0], buf, sizeof buf);
    close(fds[0]);
    close(fds[1]);
    MessageReader reader;
    auto m = reader.feed(buf, size_t(n));
    ASSERT_EQ(m.size(), 1u);
    ASSERT_TRUE(std::holds_alternative<ResultMessage>(m[0]));
    const ResultMessage &got = std::get<ResultMessage>(m[0]);
    EXPECT_EQ(got.status, Status::skipped);
    EXPECT_EQ(got.count, 12.5);
    EXPECT_EQ(got.elapsed_ns, sent.elapsed_ns);
    EXPECT_EQ(got.start_ns, 42u);
    EXPECT_EQ(got.error, sent.error);
    EXPECT_EQ(got.details, sent.details);
    EXPECT_EQ(got.cpu_start, 1);
    EXPECT_EQ(got.cpu_end, 0);
}

TEST(WorkerProtocol, EveryMessageRoundTripsThroughItsJson) {
    const std::vector<WorkerMessage> all = {ReadyMessage{},
                                            ReadyMessage{true},
                                            LogMessage{3, "disk full"},
                                            ProgressMessage{0.25},
                                            DescribeMessage{{{"id", "p"}}},
                                            FailMessage{"no such workload"},
                                            FailMessage{"refused", true, {"a.x"}, {"a.fmt"}},
                                            StopSeenMessage{}};
    for (const WorkerMessage &message : all) {
        const nlohmann::json j = encode_message(message);
        const WorkerMessage back = decode_message(j, j.dump());
        EXPECT_EQ(back.index(), message.index()) << j.dump();
        EXPECT_EQ(encode_message(back), j);
    }
}

// A describe worker's refusal carries the ids the plugin offers; a plain
// failure carries none, and ids that are not strings are dropped.
TEST(WorkerProtocol, ARefusalSaysWhichIdsThePluginOffers) {
    const auto refusal = std::get<FailMessage>(decode_message(
        nlohmann::json::parse(R"({"type":"fail","error":"bad key",)"
                              R"("refused":{"workloads":["a.x",7],"reporters":["a.fmt"]}})"),
        ""));
    EXPECT_TRUE(refusal.refused);
    EXPECT_EQ(refusal.workload_ids, std::vector<std::string>{"a.x"});
    EXPECT_EQ(refusal.reporter_ids, std::vector<std::string>{"a.fmt"});
    const auto failure = std::get<FailMessage>(
        decode_message(nlohmann::json::parse(R"({"type":"fail","error":"crashed"})"), ""));
    EXPECT_FALSE(failure.refused);
    EXPECT_TRUE(failure.workload_ids.empty());
    EXPECT_FALSE(encode_message(FailMessage{"crashed"}).contains("refused"));
}

TEST(WorkerProtocol, ReadySaysWhetherTheStopFlagIsWatched) {
    MessageReader reader;
    const std::string lines =
        "{\"type\":\"ready\",\"stop_watch\":true}\n{\"type\":\"ready\"}\n"
        "{\"type\":\"ready\",\"stop_watch\":1}\n{\"type\":\"stop_seen\"}\n";
    const auto m = reader.feed(lines.data(), lines.size());
    ASSERT_EQ(m.size(), 4u);
    EXPECT_TRUE(std::get<ReadyMessage>(m[0]).stop_watch);
    EXPECT_FALSE(std::get<ReadyMessage>(m[1]).stop_watch);
    EXPECT_FALSE(std::get<ReadyMessage>(m[2]).stop_watch) << "only a JSON true says yes";
    EXPECT_TRUE(std::holds_alternative<StopSeenMessage>(m[3]));
}

TEST(WorkerProtocol, MistypedMembersTakeTheirDefaults) {
    const nlohmann::json odd = {{"type", "result"},
                                {"status", "maybe"},
                                {"count", "12"},
                                {"elapsed_ns", -1},
                                {"details", {{"k", 1}, {"ok", "v"}}},
                                {"cpu_start", 1e300}};
    const WorkerMessage m = decode_message(odd, odd.dump());
    ASSERT_TRUE(std::holds_alternative<ResultMessage>(m));
    const ResultMessage &r = std::get<ResultMessage>(m);
    EXPECT_EQ(r.status, Status::error);
    EXPECT_TRUE(std::isnan(r.count)) << "a count that is no number is NaN, never 0";
    EXPECT_EQ(r.elapsed_ns, 0u);
    EXPECT_EQ(r.details, (std::map<std::string, std::string>{{"ok", "v"}}));
    EXPECT_EQ(r.cpu_start, -1);
}

// JSON has no NaN or infinity: nlohmann would write null, read back as 0.
TEST(WorkerProtocol, CountsThatAreNotFiniteSurviveTheTrip) {
    for (const double count :
         {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
          -std::numeric_limits<double>::infinity(), -1e300, 0.0, 1e300}) {
        ResultMessage sent;
        sent.status = Status::ok;
        sent.count = count;
        MessageReader reader;
        const std::string line = encode_message(sent).dump() + "\n";
        EXPECT_EQ(line.find("null"), std::string::npos) << line;
        const auto got = reader.feed(line.data(), line.size());
        ASSERT_EQ(got.size(), 1u);
        ASSERT_TRUE(std::holds_alternative<ResultMessage>(got[0])) << line;
        const double back = std::get<ResultMessage>(got[0]).count;
        if (std::isnan(count))
            EXPECT_TRUE(std::isnan(back)) << line;
        else
            EXPECT_EQ(back, count) << line;
    }
}

TEST(WorkerProtocol, MetricsSurviveTheTripAndMistypedOnesAreDropped) {
    ResultMessage sent;
    sent.status = Status::ok;
    sent.metrics = {{"p99_us", 1234.5}, {"bad", std::numeric_limits<double>::infinity()}};
    const std::string line = encode_message(sent).dump();
    EXPECT_EQ(line.find("null"), std::string::npos) << line;
    const WorkerMessage back = decode_message(nlohmann::json::parse(line), line);
    ASSERT_TRUE(std::holds_alternative<ResultMessage>(back)) << line;
    const auto &metrics = std::get<ResultMessage>(back).metrics;
    EXPECT_EQ(metrics.at("p99_us"), 1234.5);
    EXPECT_TRUE(std::isinf(metrics.at("bad")));  // the pass runner refuses it
    const std::string odd =
        R"({"type":"result","status":"ok","count":1,"metrics":{"a":"x","b":[1],"c":2,"d":"nan"}})";
    const WorkerMessage decoded = decode_message(nlohmann::json::parse(odd), odd);
    const auto &lenient = std::get<ResultMessage>(decoded).metrics;
    ASSERT_EQ(lenient.size(), 2u);
    EXPECT_EQ(lenient.at("c"), 2.0);
    EXPECT_TRUE(std::isnan(lenient.at("d")));
}

TEST(WorkerProtocol, AMissingOrNullCountIsNaNNotZero) {
    for (const char *line : {R"({"type":"result","status":"ok","elapsed_ns":1})",
                             R"({"type":"result","status":"ok","count":null,"elapsed_ns":1})",
                             R"({"type":"result","status":"ok","count":"many","elapsed_ns":1})"}) {
        const WorkerMessage m = decode_message(nlohmann::json::parse(line), line);
        ASSERT_TRUE(std::holds_alternative<ResultMessage>(m)) << line;
        EXPECT_TRUE(std::isnan(std::get<ResultMessage>(m).count)) << line;
    }
}

TEST(WorkerProtocol, JanitorCommandsRoundTrip) {
    for (const JanitorCommand c : {JanitorCommand{JanitorCommand::Kind::track, 1234},
                                   JanitorCommand{JanitorCommand::Kind::untrack, 99},
                                   JanitorCommand{JanitorCommand::Kind::end, 0}}) {
        const auto back = decode_janitor_command(encode_janitor_command(c));
        ASSERT_TRUE(back.has_value()) << encode_janitor_command(c);
        EXPECT_EQ(back->kind, c.kind);
        EXPECT_EQ(back->pgid, c.pgid);
    }
    EXPECT_EQ(encode_janitor_command({JanitorCommand::Kind::track, 77}), "+77");
    EXPECT_EQ(encode_janitor_command({JanitorCommand::Kind::untrack, 77}), "-77");
}

TEST(WorkerProtocol, TheJanitorNeverKillsEveryoneOrItself) {
    for (const char *line : {"+1", "+0", "-1", "+-5", "+", "+12x", "x12", "", "ended"})
        EXPECT_FALSE(decode_janitor_command(line).has_value()) << line;
}

}  // namespace
}  // namespace bytebench
