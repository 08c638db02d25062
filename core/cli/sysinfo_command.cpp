// `bytebench sysinfo`: what a run would record about the machine (the
// result's "system"), without running anything. Text is the report header,
// drawn by the text reporter like a run's; json is bytebench.sysinfo/1, the
// "system" object in its "system" member.
#include <spdlog/spdlog.h>

#include <iostream>

#include "base/json_text.h"
#include "base/local_time.h"
#include "base/schema_name.h"
#include "cli/json_output.h"
#include "cli/terminal_output.h"
#include "commands.h"
#include "model/run_record.h"
#include "system/storage_info.h"
#include "system/sysinfo.h"

namespace bytebench::cli {
int sysinfo_command(const GlobalOptions &global, const SysinfoOptions &o) {
    set_benchmark_locale();  // the language line says what the workloads would run under
    Environment env;
    env.layout = locate_install();
    env.catalog = PluginCatalog::scan(plugin_search_path(env.layout, global.plugin_paths),
                                      scan_options(global, env.layout));
    // A plugin that did not load only leaves out its build; say so and go on.
    for (const PluginProblem &p : env.catalog.problems())
        if (p.kind != PluginProblem::Kind::ignored)
            spdlog::warn("plugin {} not loaded: {}", p.path, p.reason);

    nlohmann::json system = gather_system_info();
    add_workload_builds(system, env.catalog.plugins());
    system["tmpdir"] = describe_storage(o.tmpdir.empty() ? default_tmpdir() : o.tmpdir);

    if (o.format == "json") {
        print_json_document("sysinfo", {{"system", std::move(system)}});
        return kExitOk;
    }
    // A result without runs: the text reporter prints its banner and header.
    const nlohmann::json document = {
        {"schema", kResultSchema},
        {"tool", {{"name", "bytebench"}, {"version", BYTEBENCH_VERSION}, {"abi", BYTEBENCH_ABI}}},
        {"status", "complete"},
        {"system", system},
        {"runs", nlohmann::json::array()}};
    return print_rendered(env, "text", document, o.brief, "") == kExitOk ? kExitOk
                                                                         : kExitTestFailed;
}

}  // namespace bytebench::cli
