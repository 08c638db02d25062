// The --format json documents of the commands (json_output.h).
#include "cli/json_output.h"

#include "base/json_text.h"
#include "cli/terminal_output.h"

namespace bytebench::cli {

std::string command_schema(const std::string &command) {
    return "bytebench." + command + "/" + std::to_string(kCommandSchemaMajor);
}

void print_json_document(const std::string &command, nlohmann::json body) {
    body["schema"] = command_schema(command);
    print_out(json_text(body, 2) + "\n");
}

}  // namespace bytebench::cli
