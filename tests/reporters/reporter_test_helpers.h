// What the reporter tests share: their fixtures, rendering that expects success, the check of
// a refusal, and the documents every reporter must survive. Only for the test program; the
// e2e tests and bytebench_html_render use reporter_harness.h alone.
#pragma once

#include <bytebench/plugin.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace bytebench::test {

// The first-party reporters of this build (loaded once, as a worker loads them).
const bb_reporter &text_reporter();
const bb_reporter &json_reporter();
const bb_reporter &csv_reporter();
const bb_reporter &csv_long_reporter();
const bb_reporter &markdown_reporter();
const bb_reporter &html_reporter();

// The document `name` in tests/reporters/fixtures/.
std::string fixture(const std::string &name);

// "full-2run.json" -> "full-2run": a fixture's golden files are named after it.
std::string stem(const std::string &fixture_name);

// Success when `reporter`'s table is filled in as the host expects: this SDK's struct size,
// `id`, `extension` and a write().
::testing::AssertionResult describes_itself(const bb_reporter &reporter, const std::string &id,
                                            const std::string &extension);

// What `reporter` writes for `document`; a test failure, with its error, when it fails.
std::string render(const bb_reporter &reporter, const std::string &document);

// What `reporter` writes for the fixture `name`.
std::string render_fixture(const bb_reporter &reporter, const std::string &name);

// Success when `reporter` refuses `document` with an error that starts with its id ("csv: ",
// as the SDK promises) and contains `message`.
::testing::AssertionResult refuses(const bb_reporter &reporter, const std::string &document,
                                   const std::string &message);

// The lines of `text`, without their '\n'.
std::vector<std::string> lines_of(const std::string &text);

// The columns `line` takes on a terminal: one per UTF-8 code point.
size_t display_columns(const std::string &line);

// `text` with every run of blanks and line breaks made one blank, so that a sentence is found
// wherever a report wrapped it.
std::string unwrapped(const std::string &text);

// The labels of the fixture comparison `name`'s inputs (its columns), in order.
std::vector<std::string> column_labels(const std::string &name);

// Documents from a buggy writer: members of unexpected types or sizes. A reporter must write
// what it can from them, without failing or undefined behaviour.
extern const char *const kOddResult;
extern const char *const kOddComparison;  // its gate failed
// The same and more: members that are absent, null or out of range in other ways.
const std::vector<std::string> &odd_documents();

}  // namespace bytebench::test
