#include "plugins/report_rendering.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string_view>
#include <utility>

#include "base/file_io.h"
#include "base/json_text.h"
#include "base/schema_name.h"
#include "base/text.h"
#include "process/cleanup_on_signal.h"
#include "process/scratch_folder.h"
#include "process/worker_process.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {
constexpr double kReportTimeoutS = 60;
// The scratch folders of a rendering that cannot go through memory:
// bytebench-report-<pid>-XXXXXX.
constexpr const char *kScratchKind = "report";

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

// The document and the report through one memory file (memfd): the worker
// reads the document from /dev/fd/5 to its end, then the reporter opens the
// same path to write, which truncates it, and what is in it when the worker
// has ended is the report. Nothing touches a disk, so a full --tmpdir or
// results folder cannot lose the text report, and a command killed with
// SIGKILL leaves nothing: the kernel frees the file with the last
// descriptor. One file and not two: the worker then holds one descriptor
// more than its own (a run at RLIMIT_NOFILE 12 still reports).
// Returns nullopt where that cannot be done (no memfd_create, no /proc to
// reopen it through): then render_in_scratch().
class MemoryDocument {
  public:
    static std::optional<MemoryDocument> make(const std::string &text) {
        const int fd = memfd_create("bytebench-report", MFD_CLOEXEC);
        if (fd < 0) return std::nullopt;
        MemoryDocument doc(fd);
        if (!reopens(fd) || write_all(fd, text) != 0) return std::nullopt;
        return doc;
    }
    MemoryDocument(MemoryDocument &&other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
    ~MemoryDocument() {
        if (fd_ >= 0) ::close(fd_);
    }
    int fd() const { return fd_; }
    // What the reporter left in it.
    std::string content(std::size_t max_bytes) const {
        std::string text;
        char buffer[65536];
        for (off_t at = 0;;) {
            const ssize_t n = ::pread(fd_, buffer, sizeof buffer, at);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0)
                throw FileError(std::string("cannot read the report: ") + std::strerror(errno));
            if (n == 0) return text;
            if (text.size() + size_t(n) > max_bytes)
                throw FileError("the report is larger than " + size_text(double(max_bytes)));
            text.append(buffer, size_t(n));
            at += n;
        }
    }

  private:
    explicit MemoryDocument(int fd) : fd_(fd) {}
    // Whether the worker can open it by path (/proc mounted and ours).
    static bool reopens(int fd) {
        const int again =
            ::open(("/proc/self/fd/" + std::to_string(fd)).c_str(), O_RDONLY | O_CLOEXEC);
        if (again < 0) return false;
        ::close(again);
        return true;
    }
    static int write_all(int fd, std::string_view text) {
        try {
            write_to_descriptor(fd, text, "the report's document");
            return 0;
        } catch (const FileError &) {
            return -1;
        }
    }
    int fd_;
};

// The reporter's error, with its format and plugin.
[[noreturn]] void reporter_failed(const std::string &format, const PluginCatalog::ReporterRef &ref,
                                  const std::string &error) {
    throw ReportError("report format '" + format + "' (" + ref.plugin->path + "): " + error);
}

std::string render_in_memory(const std::string &worker_program, const std::string &format,
                             const PluginCatalog::ReporterRef &ref, const MemoryDocument &doc) {
    const std::string path = "/dev/fd/" + std::to_string(WorkerProcess::kFirstPassedFd);
    const WorkerOutcome out =
        run_worker_to_end(worker_program,
                          {"report", "--plugin", ref.plugin->path, "--reporter", format, "--input",
                           path, "--out", path},
                          kReportTimeoutS, {}, {doc.fd()});
    if (!out.error.empty()) reporter_failed(format, ref, out.error);
    try {
        return doc.content(kMaxReportBytes);
    } catch (const FileError &e) {
        reporter_failed(format, ref, e.what());
    }
}

// Runs the reporter with the document in a scratch folder of its own under
// `scratch_base` (process/scratch_folder.h), and returns what it wrote. The
// folder is gone afterwards, is removed by a terminating signal meanwhile,
// and by the next command should this one be killed.
std::string render_in_scratch(const std::string &worker_program, const std::string &format,
                              const PluginCatalog::ReporterRef &ref, const std::string &text,
                              const std::string &scratch_base) {
    const ScratchFolder scratch(scratch_base, kScratchKind);
    const std::string input = scratch.path() + "/input.json";
    const std::string output = scratch.path() + "/output";
    const RemovedOnSignal input_guard(input), output_guard(output);
    write_file(input, text, tracked(0600));
    const WorkerOutcome out =
        run_worker_to_end(worker_program,
                          {"report", "--plugin", ref.plugin->path, "--reporter", format, "--input",
                           input, "--out", output},
                          kReportTimeoutS);
    std::error_code ec;
    fs::remove(input, ec);
    std::string report;
    std::string error = out.error;
    if (error.empty()) {
        try {
            report = read_whole_file(output, kMaxReportBytes);
        } catch (const FileError &e) {
            error = e.what();
        }
    }
    fs::remove(output, ec);
    if (!error.empty()) reporter_failed(format, ref, error);
    return report;
}

// Runs the reporter on the document and returns what it wrote.
std::string render(const PluginCatalog &catalog, const std::string &worker_program,
                   const std::string &format, nlohmann::json document, const RenderOptions &options,
                   const std::string &scratch_base) {
    const auto ref = reporter_for(catalog, format);
    check_renders(catalog, ref, format, document);
    document["render"] = {{"brief", options.brief}, {"stats", options.stats}};
    if (!options.repeatability.is_null())
        document["render"]["repeatability"] = options.repeatability;
    // What a killed rendering left (in the scratch folder's way, or not).
    collect_abandoned_scratch(scratch_base, kScratchKind);
    const std::string text = json_text(document);
    if (const std::optional<MemoryDocument> doc = MemoryDocument::make(text))
        return render_in_memory(worker_program, format, ref, *doc);
    return render_in_scratch(worker_program, format, ref, text, scratch_base);
}

}  // namespace

void render_report(const PluginCatalog &catalog, const std::string &worker_program,
                   const std::string &format, nlohmann::json document, const RenderOptions &options,
                   const std::string &out_path, const std::string &scratch_base) {
    const std::string text =
        render(catalog, worker_program, format, std::move(document), options, scratch_base);
    write_file(out_path, text, tracked(0644));
}

std::string render_to_string(const PluginCatalog &catalog, const std::string &worker_program,
                             const std::string &format, nlohmann::json document,
                             const RenderOptions &options, const std::string &scratch_base) {
    return render(catalog, worker_program, format, std::move(document), options, scratch_base);
}

}  // namespace bytebench
