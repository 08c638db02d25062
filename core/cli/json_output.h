// What a command prints with --format json: one document on standard output,
// named "bytebench.<command>/<major>" (the rules of base/schema_name.h), so
// that scripts read members instead of parsing text. docs/cli-json.md
// describes each document. Errors stay one line on standard error.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace bytebench::cli {

// Each command document starts at major 1; a member removed or changing its
// meaning makes the next major, a member added does not (docs/cli-json.md).
inline constexpr int kCommandSchemaMajor = 1;

// "bytebench.list/1" for "list".
std::string command_schema(const std::string &command);

// Prints `body` with its "schema" member set for `command`, then a newline.
void print_json_document(const std::string &command, nlohmann::json body);

// The values every --format of a command without reporters takes.
inline constexpr const char *kTextOrJson = "text|json";

}  // namespace bytebench::cli
