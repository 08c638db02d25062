// `bytebench report RESULT.json --format F [-o FILE]`: renders a saved result.
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../src/reporting.h"
#include "../src/run_record.h"
#include "commands.h"

namespace bytebench::cli {
namespace {

// Reads and checks a result document; a one-line reason on failure.
std::optional<nlohmann::json> read_result(const std::string &path, std::string &error) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = path + ": cannot read: " + std::strerror(errno);
        return std::nullopt;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    try {
        nlohmann::json doc = nlohmann::json::parse(buffer.str());
        const std::string schema = doc.is_object() ? doc.value("schema", "") : "";
        if (!is_supported_result_schema(schema)) {
            error = path + ": not a bytebench result (schema '" + schema + "', expected " +
                    kResultSchema + ")";
            return std::nullopt;
        }
        return doc;
    } catch (const nlohmann::json::exception &e) {
        error = path + ": corrupt result: " + e.what();
        return std::nullopt;
    }
}

}  // namespace

int report_command(const GlobalOptions &global, const ReportOptions &o) {
    std::string error;
    const std::optional<nlohmann::json> doc = read_result(o.input, error);
    if (!doc) {
        print_error(error);
        return kExitBadInput;
    }
    std::optional<Environment> env = load_environment(global);
    if (!env) return kExitBadInput;
    RenderOptions render;
    render.brief = o.brief;
    char scratch[] = "/tmp/bytebench-report-XXXXXX";
    if (mkdtemp(scratch) == nullptr) {
        print_error(std::string("cannot create a temporary folder: ") + std::strerror(errno));
        return kExitBadInput;
    }
    int rc = kExitOk;
    try {
        if (o.output.empty())
            std::cout << render_to_string(env->catalog, env->layout.worker, o.format, *doc, render,
                                          scratch)
                      << std::flush;
        else
            render_report(env->catalog, env->layout.worker, o.format, *doc, render, o.output,
                          scratch);
    } catch (const std::exception &e) {
        print_error(e.what());
        rc = kExitBadInput;
    }
    rmdir(scratch);
    return rc;
}

}  // namespace bytebench::cli
