// The one JSON parse and the one dump of the core (base/json_text.h).
#include "base/json_text.h"

#include <gtest/gtest.h>

#include <string>

namespace bytebench {
namespace {

std::string nested(int depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(ParseJson, ReadsADocument) {
    const nlohmann::json doc = parse_json(R"({"a": [1, {"b": "c"}]})");
    EXPECT_EQ(doc["a"][1]["b"], "c");
}

// Depth as nlohmann's callback counts it: the top-level value is at 0, so a
// value may sit kMaxJsonDepth levels below it.
TEST(ParseJson, NestingIsCapped) {
    EXPECT_NO_THROW(parse_json(nested(kMaxJsonDepth + 1)));
    try {
        parse_json(nested(kMaxJsonDepth + 2));
        ADD_FAILURE() << "nested too deep, and accepted";
    } catch (const JsonTextError &e) {
        EXPECT_STREQ(e.what(), "nested deeper than 64 levels");
    }
    // Deep enough to overflow the stack if anything recursed over it.
    EXPECT_THROW(parse_json(nested(1000000)), JsonTextError);
    EXPECT_THROW(parse_json(std::string(1000000, '[')), JsonTextError);
    EXPECT_THROW(parse_json(nested(10), 5), JsonTextError);
}

TEST(ParseJson, ErrorsAreOneLine) {
    try {
        parse_json("{\"a\":\n\x01}");
        ADD_FAILURE() << "accepted";
    } catch (const JsonTextError &e) {
        EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
    }
}

// The parse error of a file holding a secret quoted the whole token it had
// read: an unterminated string is the rest of the file (issue 35).
TEST(ParseJson, AnErrorQuotesAShortEscapedExcerptOnly) {
    const std::string secret = "SECRET-TOKEN-" + std::string(5000, 'x') + "\x1b[31m-tail";
    for (const std::string &text : {"{\"a\": \"" + secret, "[1, \"" + secret + "\n\"]"}) {
        try {
            parse_json(text);
            ADD_FAILURE() << "accepted";
        } catch (const JsonTextError &e) {
            const std::string what = e.what();
            EXPECT_NE(what.find("; last read: '\"SECRET-TOKEN-" + std::string(26, 'x') + "...'"),
                      std::string::npos)
                << what;
            EXPECT_EQ(what.find("-tail"), std::string::npos) << what;
            EXPECT_LT(what.size(), 300u) << what;
        }
    }
    // "; expected ..." after the token stays, the token is cut.
    try {
        parse_json("{\"a\" \"" + std::string(100, 'y') + "\n\"}");
        ADD_FAILURE() << "accepted";
    } catch (const JsonTextError &e) {
        EXPECT_EQ(std::string(e.what()).substr(std::string(e.what()).find("last read")),
                  "last read: '\"" + std::string(39, 'y') + "...'; expected ':'");
    }
}

TEST(ParseJson, OrDiscardedNeverThrows) {
    EXPECT_TRUE(parse_json_or_discarded("{not json").is_discarded());
    EXPECT_TRUE(parse_json_or_discarded(nested(100000)).is_discarded());
    EXPECT_EQ(parse_json_or_discarded("[1]"), nlohmann::json::array({1}));
}

TEST(JsonText, InvalidUtf8IsReplacedNotThrown) {
    const nlohmann::json doc = {{"path", "/tmp/a\xff\xfe"}, {"ok", "h\xc3\xa9"}};
    EXPECT_THROW((void)doc.dump(), nlohmann::json::type_error);
    EXPECT_EQ(json_text(doc), "{\"ok\":\"h\xc3\xa9\",\"path\":\"/tmp/a\xef\xbf\xbd\xef\xbf\xbd\"}");
}

TEST(JsonText, ValidDocumentsAreWrittenAsDumpWritesThem) {
    const nlohmann::json doc = {
        {"a", {1, 2.5, "x"}}, {"b", {{"c", nullptr}}}, {"d", "\xe2\x82\xac"}};
    EXPECT_EQ(json_text(doc), doc.dump());
    EXPECT_EQ(json_text(doc, 2), doc.dump(2));
    EXPECT_EQ(json_text(doc, 1), doc.dump(1));
}

}  // namespace
}  // namespace bytebench
