// `bytebench report RESULT` and `bytebench show ID`: render a saved result.
#include <cctype>
#include <filesystem>
#include <stdexcept>

#include "commands.h"
#include "results/path_redaction.h"

namespace fs = std::filesystem;

namespace bytebench::cli {

int report_command(const GlobalOptions &global, const ReportOptions &o) {
    std::optional<Environment> env = load_environment(global);
    if (!env) return kExitBadInput;
    LoadedResult result;
    try {
        result = load_result(o.input, global, env->suite);
    } catch (const std::exception &e) {
        print_error(e.what());
        return kExitBadInput;
    }
    const nlohmann::json repeatability = run_to_run_for(global, result.document, result.history_id);
    if (o.redact_paths) {
        // The result's own folder, unless it came from the history by id.
        const std::string folder =
            result.history_id ? "" : fs::path(o.input).parent_path().string();
        result.document =
            redact_paths(std::move(result.document),
                         local_folders({folder, fs::path(o.output).parent_path().string()}));
    }
    return print_rendered(*env, o.format, std::move(result.document), o.brief, o.output, o.stats,
                          repeatability);
}

int show_command(const GlobalOptions &global, ReportOptions o) {
    // `show 12` means `show @12`: the argument is always a history id.
    if (!o.input.empty() && std::isdigit(static_cast<unsigned char>(o.input[0])))
        o.input = "@" + o.input;
    if (o.input.empty() || o.input[0] != '@') {
        print_error("show " + o.input + ": expected a history id (12, @12, @last, @last~1)");
        return kExitBadInput;
    }
    return report_command(global, o);
}

}  // namespace bytebench::cli
