// Renders a result document with a reporter plugin, inside a worker process
// (a crashing reporter costs only its own output file).
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "plugins/plugin_catalog.h"

namespace bytebench {

class ReportError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct RenderOptions {
    bool brief = false;  // no per-CPU lines in the header
    bool stats = false;  // a statistics section (the text report's --stats)
    // render.repeatability: the run-to-run spread from the history
    // (compare/run_to_run.h); null when there is none to show.
    nlohmann::json repeatability;
};

// Renders `document` in `format` into `out_path`. The document goes to the
// reporter's worker, and its report comes back, through a memory file
// (memfd, /dev/fd/5 in the worker): no disk space is needed, and nothing is
// left should the command be killed. Where that cannot be (no memfd, no
// /proc), the reporter writes into a private scratch folder made under
// `scratch_base` (process/scratch_folder.h: no link can be planted there,
// and the reporter's own open need not be careful). The report is then
// written to `out_path` by write_file() (base/file_io.h): atomically for a
// new or a regular file, in place for a device, a FIFO or a link such as
// /dev/stdout. The temporary files are registered with
// process/cleanup_on_signal.h while they exist. Throws ReportError naming
// the format and plugin when the reporter fails, FileError when `out_path`
// cannot be written.
void render_report(const PluginCatalog &catalog, const std::string &worker_program,
                   const std::string &format, nlohmann::json document, const RenderOptions &options,
                   const std::string &out_path, const std::string &scratch_base);

// Renders to a string (for printing to stdout). Throws ReportError.
std::string render_to_string(const PluginCatalog &catalog, const std::string &worker_program,
                             const std::string &format, nlohmann::json document,
                             const RenderOptions &options, const std::string &scratch_base);

// The file extension a format's reporter asks for ("txt" for text).
std::string report_extension(const PluginCatalog &catalog, const std::string &format);

}  // namespace bytebench
