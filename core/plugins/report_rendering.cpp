#include "plugins/report_rendering.h"

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/file_io.h"
#include "base/json_text.h"
#include "process/worker_process.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {
constexpr double kReportTimeoutS = 60;

PluginCatalog::ReporterRef reporter_for(const PluginCatalog &catalog, const std::string &format) {
    const auto ref = catalog.find_reporter(format);
    if (!ref) {
        std::string known;
        for (const PluginInfo &p : catalog.plugins())
            for (const ReporterInfo &r : p.reporters) known += (known.empty() ? "" : ", ") + r.id;
        throw ReportError("unknown report format '" + format +
                          "' (available: " + (known.empty() ? "none" : known) + ")");
    }
    return *ref;
}
}  // namespace

std::string report_extension(const PluginCatalog &catalog, const std::string &format) {
    const auto ref = reporter_for(catalog, format);
    return ref.reporter->extension.empty() ? format : ref.reporter->extension;
}

void render_report(const PluginCatalog &catalog, const std::string &worker_program,
                   const std::string &format, nlohmann::json document, const RenderOptions &options,
                   const std::string &out_path, const std::string &scratch_dir) {
    const auto ref = reporter_for(catalog, format);
    document["render"] = {{"brief", options.brief}, {"stats", options.stats}};
    const std::string input =
        (fs::path(scratch_dir) / ("report-input-" + std::to_string(getpid()) + ".json")).string();
    const std::string tmp_out = atomic_temp_path(out_path, getpid());
    write_file_atomically(input, json_text(document));
    const WorkerOutcome out =
        run_worker_to_end(worker_program,
                          {"report", "--plugin", ref.plugin->path, "--reporter", format, "--input",
                           input, "--out", tmp_out},
                          kReportTimeoutS);
    std::error_code ec;
    fs::remove(input, ec);
    if (!out.error.empty()) {
        fs::remove(tmp_out, ec);
        // The reporter only knows the temporary name; the user knows the real one.
        std::string error = out.error;
        if (const auto at = error.find(tmp_out); at != std::string::npos)
            error.replace(at, tmp_out.size(), out_path);
        throw ReportError("report format '" + format + "' (" + ref.plugin->path + "): " + error);
    }
    if (std::rename(tmp_out.c_str(), out_path.c_str()) != 0) {
        fs::remove(tmp_out, ec);
        throw ReportError("cannot write " + out_path + ": " + std::strerror(errno));
    }
}

std::string render_to_string(const PluginCatalog &catalog, const std::string &worker_program,
                             const std::string &format, const nlohmann::json &document,
                             const RenderOptions &options, const std::string &scratch_dir) {
    const std::string path =
        (fs::path(scratch_dir) / ("report-output-" + std::to_string(getpid()))).string();
    render_report(catalog, worker_program, format, document, options, path, scratch_dir);
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    std::error_code ec;
    fs::remove(path, ec);
    return text.str();
}

}  // namespace bytebench
