#include "model/param_rules.h"

#include <gtest/gtest.h>

namespace bytebench {
namespace {

ParamInfo ranged(const std::string &type, const char *min, const char *max,
                 const std::string &default_value = "1") {
    ParamInfo p{"level", type, default_value, ""};
    if (min != nullptr) p.min_value = min;
    if (max != nullptr) p.max_value = max;
    return p;
}

ParamInfo with_choices(const std::string &type, std::vector<std::string> choices,
                       const std::string &default_value) {
    ParamInfo p{"mode", type, default_value, ""};
    p.choices = std::move(choices);
    return p;
}

TEST(ParamRules, ValuesOfEachType) {
    const ParamInfo i{"n", "int", "1", ""}, f{"x", "float", "1", ""}, b{"on", "bool", "true", ""},
        s{"s", "string", "", ""};
    for (const char *ok : {"0", "-5", "+7", "9223372036854775807"})
        EXPECT_EQ(param_value_problem(i, ok), "") << ok;
    for (const char *bad : {"", " 5", "5k", "0x10", "1.5", "9223372036854775808", "-"})
        EXPECT_EQ(param_value_problem(i, bad), std::string("must be an int, not '") + bad + "'");
    for (const char *ok : {"0", "-0.5", "1e3", "2."})
        EXPECT_EQ(param_value_problem(f, ok), "") << ok;
    for (const char *bad : {"", "nan", "inf", "1e999", "0x1p3", "1,5"})
        EXPECT_EQ(param_value_problem(f, bad), std::string("must be a number, not '") + bad + "'");
    EXPECT_EQ(param_value_problem(b, "false"), "");
    EXPECT_EQ(param_value_problem(b, "yes"), "must be true or false, not 'yes'");
    EXPECT_EQ(param_value_problem(s, ""), "");
}

TEST(ParamRules, RangesAreInclusiveAndNamedInTheMessage) {
    const ParamInfo p = ranged("int", "1", "256");
    EXPECT_EQ(param_value_problem(p, "1"), "");
    EXPECT_EQ(param_value_problem(p, "256"), "");
    EXPECT_EQ(param_value_problem(p, "0"), "must be an int from 1 to 256, not '0'");
    EXPECT_EQ(param_value_problem(p, "257"), "must be an int from 1 to 256, not '257'");
    EXPECT_EQ(param_value_problem(ranged("float", "0.5", nullptr), "0.25"),
              "must be a number at least 0.5, not '0.25'");
    EXPECT_EQ(param_value_problem(ranged("float", nullptr, "1"), "1.5"),
              "must be a number at most 1, not '1.5'");
    EXPECT_EQ(allowed_values_text(p), "from 1 to 256");
    EXPECT_EQ(allowed_values_text(ParamInfo{"n", "int", "1", ""}), "");
}

TEST(ParamRules, ChoicesAreTheOnlyValues) {
    const ParamInfo p = with_choices("string", {"auto", "on", "off"}, "auto");
    EXPECT_EQ(param_value_problem(p, "on"), "");
    EXPECT_EQ(param_value_problem(p, "bogus"), "must be one of auto, on, off, not 'bogus'");
    EXPECT_EQ(allowed_values_text(p), "one of auto, on, off");
}

TEST(ParamRules, SoundDeclarationsPass) {
    EXPECT_EQ(param_declaration_problem(with_choices("string", {"auto", "on"}, "auto")), "");
    EXPECT_EQ(param_declaration_problem(with_choices("int", {"1", "2", "4"}, "2")), "");
    EXPECT_EQ(param_declaration_problem(ranged("int", "1", "256")), "");
    EXPECT_EQ(param_declaration_problem(ranged("float", "0", "1", "0.5")), "");
    EXPECT_EQ(param_declaration_problem(ranged("int", "1", "1")), "");
    EXPECT_EQ(param_declaration_problem(ParamInfo{"flag", "bool", "false", ""}), "");
}

TEST(ParamRules, EachBrokenRuleHasItsOwnMessage) {
    EXPECT_EQ(param_declaration_problem(ParamInfo{"k", "long", "1", ""}),
              "has an unknown type 'long' (int, float, bool or string)");
    EXPECT_EQ(param_declaration_problem(with_choices("int", {"1", "many"}, "1")),
              "choice 'many' is not an int");
    EXPECT_EQ(param_declaration_problem(with_choices("string", {"a", "b", "a"}, "a")),
              "choice 'a' appears twice");
    EXPECT_EQ(param_declaration_problem(with_choices("bool", {"true", "false"}, "true")),
              "a bool parameter may not have choices");
    EXPECT_EQ(param_declaration_problem(with_choices("string", {"fast", "slow"}, "medium")),
              "default_value 'medium' is not one of fast, slow");
    EXPECT_EQ(param_declaration_problem(ranged("int", "9", "1", "5")),
              "min_value 9 is above max_value 1");
    EXPECT_EQ(param_declaration_problem(ranged("int", "low", nullptr)),
              "min_value 'low' is not an int");
    EXPECT_EQ(param_declaration_problem(ranged("float", nullptr, "1e999")),
              "max_value '1e999' is not a number");
    EXPECT_EQ(param_declaration_problem(ranged("float", "0.5", "1", "0.25")),
              "default_value '0.25' is not a number from 0.5 to 1");
    EXPECT_EQ(param_declaration_problem(ranged("string", "a", nullptr, "b")),
              "a string parameter may not have min_value or max_value");
    ParamInfo both = ranged("int", "1", "4", "2");
    both.choices = {"2", "8"};
    EXPECT_EQ(param_declaration_problem(both), "choice '8' is not an int from 1 to 4");
}

TEST(ParamRules, ResolveFillsDefaultsInDeclarationOrderAndTheLastValueWins) {
    WorkloadInfo w;
    w.id = "disk-rand-read";
    w.params = {ranged("int", "1", "256"), with_choices("string", {"auto", "on"}, "auto")};
    EXPECT_EQ(resolve_param_values(w, {}), (ParamValues{{"level", "1"}, {"mode", "auto"}}));
    EXPECT_EQ(resolve_param_values(w, {{"mode", "on"}, {"level", "3"}, {"level", "4"}}),
              (ParamValues{{"level", "4"}, {"mode", "on"}}));
    try {
        resolve_param_values(w, {{"depth", "1"}});
        FAIL();
    } catch (const ParamError &e) {
        EXPECT_STREQ(e.what(),
                     "workload 'disk-rand-read' has no parameter 'depth' (it has: level, mode)");
    }
    try {
        resolve_param_values(w, {{"mode", "bogus"}});
        FAIL();
    } catch (const ParamError &e) {
        EXPECT_STREQ(e.what(),
                     "parameter 'mode' of workload 'disk-rand-read' must be one of auto, on, not "
                     "'bogus'");
    }
}

}  // namespace
}  // namespace bytebench
