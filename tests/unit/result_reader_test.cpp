// Reading result files (core/src/result_reader.*): what is accepted, and the
// one-line errors for the rest. tests/fuzz/result_fuzzer.cpp feeds it
// arbitrary bytes.
#include "result_reader.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace bytebench {
namespace {

std::string error_of(const std::string &text) {
    try {
        parse_result_document(text, "r.json");
    } catch (const std::runtime_error &e) {
        return e.what();
    }
    return "";
}

std::string nested(int depth) {
    return R"({"schema": "bytebench.result/1", "x": )" + std::string(size_t(depth), '[') +
           std::string(size_t(depth), ']') + "}";
}

TEST(ResultReader, AcceptsTheSchemaAndItsLaterMinors) {
    EXPECT_EQ(parse_result_document(R"({"schema": "bytebench.result/1", "runs": []})", "r.json")
                  .at("runs"),
              nlohmann::json::array());
    EXPECT_NO_THROW(parse_result_document(R"({"schema": "bytebench.result/1.7"})", "r.json"));
}

TEST(ResultReader, OtherDocumentsAreNotResults) {
    for (const char *text : {R"({"schema": "bytebench.result/10"})",
                             R"({"schema": "bytebench.result/2"})", R"({"schema": 1})", "{}",
                             R"([{"schema": "bytebench.result/1"}])", R"("bytebench.result/1")"}) {
        const std::string error = error_of(text);
        EXPECT_EQ(error.rfind("r.json: not a bytebench result (schema '", 0), 0u) << text;
    }
}

TEST(ResultReader, CorruptJsonIsCorrupt) {
    EXPECT_EQ(error_of(R"({"schema": "bytebench.result/1", )").rfind("r.json: corrupt result: ", 0),
              0u);
    EXPECT_NE(error_of("").find("corrupt result"), std::string::npos);
    EXPECT_NE(error_of("{\"schema\": \"bytebench.result/1\", \"x\": \"\xff\"}").find("corrupt"),
              std::string::npos);  // not UTF-8
}

TEST(ResultReader, MessagesAreOneLineWhateverTheInput) {
    for (const std::string &text :
         {std::string(R"({"schema": "line\nbreak\u0000and a very long schema name indeed"})"),
          std::string("{\"schema\": \n\n tru\ne}"), std::string("\n\n\x01\x02\n")}) {
        const std::string error = error_of(text);
        EXPECT_FALSE(error.empty());
        EXPECT_EQ(error.find('\n'), std::string::npos) << error;
    }
    EXPECT_NE(error_of(R"({"schema": "a\nb"})").find("schema 'a?b'"), std::string::npos);
}

// Found in review (libFuzzer's inputs are too short to reach it): a result
// nested 100000 deep (200 KB) parsed, then overflowed the stack in nlohmann's
// recursive copy and dump, which the CLI does to every document it reads.
TEST(ResultReader, RefusesDeepNesting) {
    EXPECT_NO_THROW(parse_result_document(nested(kMaxResultDepth - 1), "r.json"));
    EXPECT_EQ(error_of(nested(kMaxResultDepth + 1)),
              "r.json: corrupt result: nested deeper than 64 levels");
    EXPECT_FALSE(error_of(nested(100000)).empty());
}

}  // namespace
}  // namespace bytebench
