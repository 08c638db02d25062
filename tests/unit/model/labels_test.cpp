// Labels as typed (`run --label`, `import --label`, `history --label`) and
// as read from a result (model/labels.h): one rule, caps and one-line errors.
#include "model/labels.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "base/names.h"

namespace bytebench {
namespace {

std::string label_error(const std::string &text) {
    try {
        parse_label(text);
    } catch (const std::invalid_argument &e) {
        return e.what();
    }
    return "";
}

std::string labels_error(const std::vector<std::string> &typed) {
    try {
        parse_labels(typed);
    } catch (const std::invalid_argument &e) {
        return e.what();
    }
    return "";
}

TEST(Labels, AKeyIsANameAndAValueIsAText) {
    EXPECT_EQ(parse_label("kernel=6.1.0-13-amd64"),
              (std::pair<std::string, std::string>{"kernel", "6.1.0-13-amd64"}));
    EXPECT_EQ(parse_label("site=Z\xc3\xbcrich, rack 4=b").second, "Z\xc3\xbcrich, rack 4=b");
    EXPECT_EQ(parse_label(std::string(64, 'k') + "=" + std::string(256, 'v')).second.size(), 256u);
    EXPECT_EQ(label_error("kernel"), "--label kernel: give KEY=VALUE, e.g. kernel=6.1");
    EXPECT_EQ(label_error("=6.1"), "--label =6.1: the key before '=' is empty");
    EXPECT_EQ(label_error("k="), "--label k=: the value after '=' is empty");
    EXPECT_EQ(label_error("a b=c"),
              std::string("--label a b=c: the key 'a b' is not a name: ") + kNameRule);
    EXPECT_EQ(label_error(std::string(65, 'k') + "=v"),
              "--label " + std::string(65, 'k') + "=v: the key is longer than 64 bytes");
    EXPECT_EQ(label_error("k=" + std::string(257, 'v')),
              "--label 'k=" + std::string(38, 'v') + "...': the value is longer than 256 bytes");
}

// `--label $'k=\xff'` was stored as U+FFFD in the JSON and the raw byte in
// the history; C1 controls and U+202E were accepted.
TEST(Labels, ValuesThatAreNotUtf8OrHoldControlsAreRefusedAndShownEscaped) {
    EXPECT_EQ(label_error("k=\xff"),
              "--label 'k=\\xff': the value is not valid UTF-8 (byte 0xff at 0)");
    EXPECT_EQ(label_error("k=a\x01"),
              "--label 'k=a\\x01': the value holds the control character U+0001");
    EXPECT_EQ(label_error("k=a\xc2\x9b"),
              "--label 'k=a\\xc2\\x9b': the value holds the control character U+009B");
    EXPECT_EQ(label_error("k=abc\xe2\x80\xae"),
              "--label 'k=abc\\xe2\\x80\\xae': the value holds the bidirectional control U+202E");
}

TEST(Labels, AResultHasAtMostSixtyFourAndNoKeyTwice) {
    std::vector<std::string> typed;
    for (int i = 0; i < 64; ++i) typed.push_back("k" + std::to_string(i) + "=v");
    EXPECT_EQ(parse_labels(typed).size(), 64u);
    typed.push_back("one=more");
    EXPECT_EQ(labels_error(typed), "--label: 65 labels, more than the 64 a result may have");
    EXPECT_EQ(labels_error({"a=1", "a=2"}), "--label a=2: the key a is given twice");
    // A filter only selects: no cap on how many.
    EXPECT_EQ(parse_label_filter(typed).size(), 65u);
    EXPECT_THROW(parse_label_filter({"a=1", "a=2"}), std::invalid_argument);
    EXPECT_THROW(parse_label_filter({"k=\xff"}), std::invalid_argument);
}

TEST(Labels, AResultsLabelsObjectIsHeldToTheSameRule) {
    EXPECT_EQ(labels_problem(nullptr), "");
    EXPECT_EQ(labels_problem({{"kernel", "6.1"}}), "");
    EXPECT_EQ(labels_problem(nlohmann::json::object()), "");
    EXPECT_EQ(labels_problem(42), "labels: not an object");
    EXPECT_EQ(labels_problem({{"kernel", nullptr}}), "labels: kernel: the value is not a text");
    EXPECT_EQ(labels_problem({{"", "x"}}), "labels: the key is empty");
    EXPECT_EQ(labels_problem({{"k", "a\tb"}}),
              "labels: k: the value holds the control character U+0009");
    nlohmann::json many = nlohmann::json::object();
    for (int i = 0; i < 100000; ++i) many["k" + std::to_string(i)] = "v";
    EXPECT_EQ(labels_problem(many), "labels: 100000 labels, more than the 64 a result may have");
}

TEST(Labels, TheHostIsALabelUnlessGiven) {
    const nlohmann::json doc = {{"system", {{"hostname", "db-3"}}}, {"labels", {{"k", "v"}}}};
    EXPECT_EQ(labels_of(doc), (Labels{{"host", "db-3"}, {"k", "v"}}));
    EXPECT_EQ(labels_of({{"system", {{"hostname", "db-3"}}}, {"labels", {{"host", "x"}}}}),
              (Labels{{"host", "x"}}));
}

}  // namespace
}  // namespace bytebench
