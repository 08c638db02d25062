#include "model/param_rules.h"

#include <gtest/gtest.h>

#include <bytebench/plugin.hpp>
#include <cstdio>

#include "param_helper_in_c.h"

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
    for (const char *ok : {"0", "-5", "+7", "007", "9223372036854775807", "-9223372036854775808"})
        EXPECT_EQ(param_value_problem(i, ok), "") << ok;
    for (const char *bad : {"", " 5", "5 ", "5k", "0x10", "1.5", "5.0", "1e3", "-", "+"})
        EXPECT_EQ(param_value_problem(i, bad), std::string("must be an int, not '") + bad + "'");
    EXPECT_EQ(param_value_problem(i, "9223372036854775808"),
              "must be an int, not '9223372036854775808' (beyond the range of a 64-bit integer)");
    for (const char *ok : {"0", "-0.5", "1e3", "2.", ".5", "2.5E+6", "0e-999", "1e-310"})
        EXPECT_EQ(param_value_problem(f, ok), "") << ok;
    for (const char *bad : {"", "nan", "inf", "0x1p3", "1,5", " 1", "1e", ".", "1_000"})
        EXPECT_EQ(param_value_problem(f, bad), std::string("must be a number, not '") + bad + "'");
    EXPECT_EQ(param_value_problem(f, "1e999"),
              "must be a number, not '1e999' (beyond the range of a double)");
    EXPECT_EQ(param_value_problem(f, "1e-400"),
              "must be a number, not '1e-400' (not 0 but rounds to 0 as a double)");
    for (const char *ok : {"true", "false", "yes", "no", "on", "off", "1", "0"})
        EXPECT_EQ(param_value_problem(b, ok), "") << ok;
    EXPECT_EQ(param_value_problem(b, "True"), "must be true or false, not 'True'");
    EXPECT_EQ(param_value_problem(s, ""), "");
}

TEST(ParamRules, BoolsReachTheWorkloadAsTrueOrFalse) {
    WorkloadInfo w;
    w.id = "cc";
    w.params = {ParamInfo{"link", "bool", "yes", ""}, ParamInfo{"level", "string", "on", ""}};
    EXPECT_EQ(resolve_param_values(w, {}), (ParamValues{{"link", "true"}, {"level", "on"}}));
    EXPECT_EQ(resolve_param_values(w, {{"link", "off"}}),
              (ParamValues{{"link", "false"}, {"level", "on"}}));
    EXPECT_EQ(resolve_param_values(w, {{"link", "1"}}),
              (ParamValues{{"link", "true"}, {"level", "on"}}));
}

TEST(ParamRules, LongValuesAreQuotedByTheirStartAndCapped) {
    const ParamInfo i{"n", "int", "1", ""}, s{"s", "string", "", ""};
    const std::string long_text(100, '7');
    EXPECT_EQ(param_value_problem(i, long_text + "x"),
              "must be an int, not '" + std::string(48, '7') + "...'");
    EXPECT_EQ(param_value_problem(s, std::string(kMaxParamValueBytes, 'a')), "");
    EXPECT_EQ(param_value_problem(s, std::string(kMaxParamValueBytes + 1, 'a')),
              "is 1048577 bytes long, more than the 1048576 bytes (1 MiB) a value may have");
    EXPECT_EQ(param_value_problem(s, std::string("a\0b", 3)),
              "may not contain a NUL byte (a workload reads its values as C strings)");
    WorkloadInfo w;
    w.id = "big";
    for (const char *key : {"a", "b", "c", "d", "e"}) w.params.push_back({key, "string", "", ""});
    ParamValues given;
    for (const ParamInfo &p : w.params) given.emplace_back(p.key, std::string(1 << 20, 'x'));
    try {
        resolve_param_values(w, given);
        FAIL();
    } catch (const ParamError &e) {
        EXPECT_STREQ(e.what(),
                     "the parameters of workload 'big' are 5242880 bytes long in all, more than "
                     "the 4194304 bytes (4 MiB) a test's values may have");
    }
}

// The C++ helper's verdict (plugin.hpp): the parsed value as the C helper
// prints it, or the message of the exception.
bool cpp_helper_verdict(const std::string &type, const std::string &value, bool bounded,
                        std::string &message, std::string &parsed) {
    const char *keys[] = {"k"};
    const char *values[] = {value.c_str()};
    bb_run_context raw{};
    raw.struct_size = sizeof raw;
    raw.param_count = 1;
    raw.param_keys = keys;
    raw.param_values = values;
    const bytebench::Context ctx(nullptr, &raw);
    char text[64];
    try {
        if (type == "int") {
            const long long n =
                bounded ? ctx.param_int("k", kBoundedIntMin, kBoundedIntMax) : ctx.param_int("k");
            std::snprintf(text, sizeof text, "%lld", n);
        } else if (type == "float") {
            const double x = bounded ? ctx.param_double("k", kBoundedFloatMin, kBoundedFloatMax)
                                     : ctx.param_double("k");
            std::snprintf(text, sizeof text, "%.17g", x);
        } else {
            std::snprintf(text, sizeof text, "%d", ctx.param_bool("k") ? 1 : 0);
        }
    } catch (const std::invalid_argument &e) {
        message = e.what();
        return false;
    }
    parsed = text;
    return true;
}

// The host's verdict (param_rules), with the helpers' "parameter 'k' " in
// front of its words, and the value it hands the workload.
bool host_verdict(const std::string &type, const std::string &value, bool bounded,
                  std::string &message, std::string &handed) {
    ParamInfo p{"k", type, "", ""};
    if (bounded && type == "int") p.min_value = "1", p.max_value = "256";
    if (bounded && type == "float") p.min_value = "0", p.max_value = "60";
    const std::string problem = param_value_problem(p, value);
    message = problem.empty() ? "" : "parameter 'k' " + problem;
    handed = canonical_param_value(p, value);
    return problem.empty();
}

// One table of values through the host, the C helper and the C++ helper:
// the same verdict, the same words, and the same number.
TEST(ParamParsing, TheHostAndBothHelpersGiveTheSameVerdicts) {
    struct Row {
        const char *type, *value;
        bool bounded;
    };
    const std::string too_long = "0." + std::string(300, '0') + "1";
    const std::vector<Row> rows = {{"int", "0", false},
                                   {"int", "42", false},
                                   {"int", "-7", false},
                                   {"int", "+007", false},
                                   {"int", "9223372036854775807", false},
                                   {"int", "-9223372036854775808", false},
                                   {"int", "9223372036854775808", false},
                                   {"int", "-9223372036854775809", false},
                                   {"int", "99999999999999999999999", false},
                                   {"int", "", false},
                                   {"int", " 5", false},
                                   {"int", "5 ", false},
                                   {"int", "5.0", false},
                                   {"int", "1e3", false},
                                   {"int", "0x10", false},
                                   {"int", "5k", false},
                                   {"int", "-", false},
                                   {"int", "\u0663", false},
                                   {"int", "0", true},
                                   {"int", "1", true},
                                   {"int", "256", true},
                                   {"int", "257", true},
                                   {"int", "-1", true},
                                   {"float", "2", false},
                                   {"float", "-0.5", false},
                                   {"float", ".5", false},
                                   {"float", "5.", false},
                                   {"float", "1e-3", false},
                                   {"float", "2.5E+6", false},
                                   {"float", "1e400", false},
                                   {"float", "-1e400", false},
                                   {"float", "1e-400", false},
                                   {"float", "-1e-400", false},
                                   {"float", "0e-400", false},
                                   {"float", "0.000", false},
                                   {"float", "-0", false},
                                   {"float", "1e-310", false},
                                   {"float", "1.7976931348623157e308", false},
                                   {"float", "1.8e308", false},
                                   {"float", "nan", false},
                                   {"float", "inf", false},
                                   {"float", "0x1p3", false},
                                   {"float", "1,5", false},
                                   {"float", " 1", false},
                                   {"float", "1e", false},
                                   {"float", "e3", false},
                                   {"float", ".", false},
                                   {"float", "-.e1", false},
                                   {"float", "1_000", false},
                                   {"float", too_long.c_str(), false},
                                   {"float", "-0.1", true},
                                   {"float", "0", true},
                                   {"float", "60", true},
                                   {"float", "60.0000001", true},
                                   {"float", "1e-400", true},
                                   {"bool", "true", false},
                                   {"bool", "false", false},
                                   {"bool", "yes", false},
                                   {"bool", "no", false},
                                   {"bool", "on", false},
                                   {"bool", "off", false},
                                   {"bool", "1", false},
                                   {"bool", "0", false},
                                   {"bool", "True", false},
                                   {"bool", "TRUE", false},
                                   {"bool", "", false},
                                   {"bool", "y", false},
                                   {"bool", "2", false}};
    for (const Row &r : rows) {
        const std::string what =
            std::string(r.type) + " '" + r.value + "'" + (r.bounded ? " (bounded)" : "");
        char c_err[BB_ERROR_CAP], c_parsed[64];
        const bool c_ok = c_helper_verdict(r.type, r.value, r.bounded, c_err, sizeof c_err,
                                           c_parsed, sizeof c_parsed) != 0;
        std::string cpp_message, cpp_parsed, host_message, handed;
        const bool cpp_ok = cpp_helper_verdict(r.type, r.value, r.bounded, cpp_message, cpp_parsed);
        const bool host_ok = host_verdict(r.type, r.value, r.bounded, host_message, handed);
        EXPECT_EQ(c_ok, host_ok) << what;
        EXPECT_EQ(cpp_ok, host_ok) << what;
        if (!host_ok) {
            EXPECT_EQ(c_err, host_message) << what;
            EXPECT_EQ(cpp_message, host_message) << what;
            continue;
        }
        EXPECT_STREQ(c_parsed, cpp_parsed.c_str()) << what;
        // What the host hands over reads as the same value again.
        char again_err[BB_ERROR_CAP], again[64];
        ASSERT_NE(c_helper_verdict(r.type, handed.c_str(), r.bounded, again_err, sizeof again_err,
                                   again, sizeof again),
                  0)
            << what;
        EXPECT_STREQ(again, c_parsed) << what;
    }
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
