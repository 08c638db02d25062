// Reading a bytebench result document (bytebench.result/1) from its text:
// the JSON, then the checks every consumer relies on. Everything that reads
// a result file goes through here (`report`, `compare`), and
// tests/fuzz/result_fuzzer.cpp feeds it arbitrary bytes.
//
// What it promises: the document is a JSON object whose "schema" is a
// supported bytebench.result/1 and that nests at most kMaxResultDepth deep.
// Nothing more: members may be missing or of any type, so code that reads a
// document must check what it finds (compare_results and the history do).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace bytebench {

// A result nests about 6 deep; far deeper is hostile, and would recurse
// deeply in nlohmann's copy and dump.
inline constexpr int kMaxResultDepth = 64;

// Throws std::runtime_error with one line, "NAME: what is wrong".
nlohmann::json parse_result_document(const std::string &text, const std::string &name);

}  // namespace bytebench
