#include "plugins/report_rendering.h"

#include <unistd.h>

#include <filesystem>
#include <utility>

#include "base/file_io.h"
#include "base/json_text.h"
#include "base/schema_name.h"
#include "process/cleanup_on_signal.h"
#include "process/worker_process.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {
constexpr double kReportTimeoutS = 60;

PluginCatalog::ReporterRef reporter_for(const PluginCatalog &catalog, const std::string &format) {
    const auto ref = catalog.find_reporter(format);
    if (!ref) {
        if (const std::string why = catalog.refusal_of_reporter(format); !why.empty())
            throw ReportError("report format '" + format + "' is not available: " + why);
        std::string known;
        for (const PluginInfo &p : catalog.plugins())
            for (const ReporterInfo &r : p.reporters) known += (known.empty() ? "" : ", ") + r.id;
        throw ReportError("unknown report format '" + format +
                          "' (available: " + (known.empty() ? "none" : known) + ")");
    }
    return *ref;
}

bool renders(const ReporterInfo &reporter, bool comparison) {
    return comparison ? reporter.renders_comparisons : reporter.renders_results;
}

// Refuses, before any worker starts, a format whose reporter does not
// render this kind of document (bb_reporter.documents), naming those that do.
void check_renders(const PluginCatalog &catalog, const PluginCatalog::ReporterRef &ref,
                   const std::string &format, const nlohmann::json &document) {
    const bool comparison = is_known_comparison_schema(document.value("schema", ""));
    if (renders(*ref.reporter, comparison)) return;
    std::string able;
    for (const PluginInfo &p : catalog.plugins())
        for (const ReporterInfo &r : p.reporters)
            if (renders(r, comparison)) able += (able.empty() ? "" : ", ") + r.id;
    const char *kind = comparison ? "comparisons" : "results";
    throw ReportError("report format '" + format + "' (" + ref.plugin->path + ") does not render " +
                      kind + " (formats that do: " + (able.empty() ? "none" : able) + ")");
}
}  // namespace

std::string report_extension(const PluginCatalog &catalog, const std::string &format) {
    const auto ref = reporter_for(catalog, format);
    return ref.reporter->extension.empty() ? format : ref.reporter->extension;
}

namespace {

// The largest report read back from a reporter: reports are a fraction of
// the document they render (base/file_io.h: kMaxInputBytes), and a reporter
// that writes without end is stopped by its timeout before this.
constexpr std::size_t kMaxReportBytes = std::size_t(1) << 30;

// Registers the temporary names of write_file() for removal on a signal.
void track_temp(const std::string &temp, bool in_use) {
    if (in_use)
        remove_on_signal(temp);
    else
        forget_on_signal(temp);
}

WriteOptions tracked(mode_t mode) {
    WriteOptions options;
    options.mode = mode;
    options.track_temp = &track_temp;
    return options;
}

// Runs the reporter with the document in `scratch_dir` and returns what it
// wrote. Both of its files are gone afterwards, and are removed by a
// terminating signal meanwhile.
std::string render(const PluginCatalog &catalog, const std::string &worker_program,
                   const std::string &format, nlohmann::json document, const RenderOptions &options,
                   const std::string &scratch_dir) {
    const auto ref = reporter_for(catalog, format);
    check_renders(catalog, ref, format, document);
    document["render"] = {{"brief", options.brief}, {"stats", options.stats}};
    if (!options.repeatability.is_null())
        document["render"]["repeatability"] = options.repeatability;
    const std::string pid = std::to_string(getpid());
    const std::string input = (fs::path(scratch_dir) / ("report-input-" + pid + ".json")).string();
    const std::string output = (fs::path(scratch_dir) / ("report-output-" + pid)).string();
    const RemovedOnSignal input_guard(input), output_guard(output);
    write_file(input, json_text(document), tracked(0600));
    const WorkerOutcome out =
        run_worker_to_end(worker_program,
                          {"report", "--plugin", ref.plugin->path, "--reporter", format, "--input",
                           input, "--out", output},
                          kReportTimeoutS);
    std::error_code ec;
    fs::remove(input, ec);
    std::string text;
    std::string error = out.error;
    if (error.empty()) {
        try {
            text = read_whole_file(output, kMaxReportBytes);
        } catch (const FileError &e) {
            error = e.what();
        }
    }
    fs::remove(output, ec);
    if (!error.empty())
        throw ReportError("report format '" + format + "' (" + ref.plugin->path + "): " + error);
    return text;
}

}  // namespace

void render_report(const PluginCatalog &catalog, const std::string &worker_program,
                   const std::string &format, nlohmann::json document, const RenderOptions &options,
                   const std::string &out_path, const std::string &scratch_dir) {
    const std::string text =
        render(catalog, worker_program, format, std::move(document), options, scratch_dir);
    write_file(out_path, text, tracked(0644));
}

std::string render_to_string(const PluginCatalog &catalog, const std::string &worker_program,
                             const std::string &format, nlohmann::json document,
                             const RenderOptions &options, const std::string &scratch_dir) {
    return render(catalog, worker_program, format, std::move(document), options, scratch_dir);
}

}  // namespace bytebench
