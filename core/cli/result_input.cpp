// Results given on the command line: result files, UnixBench text reports
// and history references, and rendering them with a reporter.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <future>
#include <iostream>
#include <stdexcept>

#include "base/file_io.h"
#include "base/text.h"
#include "cli/terminal_output.h"
#include "commands.h"
#include "import/unixbench_import.h"
#include "plugins/report_rendering.h"
#include "process/cleanup_on_signal.h"
#include "results/history.h"
#include "results/result_reader.h"

namespace bytebench::cli {
namespace {

// A file that is not JSON at all may be a UnixBench report; JSON that is
// not a result is an error either way.
bool looks_like_json(const std::string &text) {
    const size_t first = text.find_first_not_of(kWhiteSpace);
    return first != std::string::npos && (text[first] == '{' || text[first] == '[');
}

nlohmann::json result_from_file(const std::string &path, const Suite &suite) {
    const std::string text = read_whole_file(path);
    if (!looks_like_json(text)) {
        try {
            return import_unixbench_report(text, path, suite).document;
        } catch (const ImportError &e) {
            throw std::runtime_error(std::string(e.what()) +
                                     " (neither a bytebench result nor a UnixBench report)");
        }
    }
    return parse_result_document(text, path);
}

LoadedResult result_from_history(const std::string &reference, const GlobalOptions &global) {
    if (global.no_history)
        throw std::runtime_error(reference +
                                 ": history references cannot be used with --no-history");
    const History history(history_path(global));
    const std::optional<int64_t> id = history.resolve(reference);
    if (!id)
        throw std::runtime_error(reference + ": no such run in the history (" +
                                 history_path(global) + "; see bytebench history)");
    std::optional<nlohmann::json> document = history.document(*id);
    if (!document) throw std::runtime_error(reference + ": the history has no document for it");
    return {reference, id, std::move(*document)};
}

}  // namespace

std::string history_path(const GlobalOptions &global) {
    return global.db.empty() ? History::default_path() : global.db;
}

LoadedResult load_result(const std::string &source, const GlobalOptions &global,
                         const Suite &suite) {
    if (History::is_reference(source)) return result_from_history(source, global);
    return {source, std::nullopt, result_from_file(source, suite)};
}

std::vector<LoadedResult> load_results(const std::vector<std::string> &sources,
                                       const GlobalOptions &global, const Suite &suite) {
    // Each on a thread of its own: reading a large result is mostly parsing
    // it, one core's work (two results of 30,000 tests: 2 s each).
    std::vector<std::future<LoadedResult>> loading;
    for (const std::string &source : sources)
        loading.push_back(std::async(std::launch::async, [&global, &suite, &source] {
            return load_result(source, global, suite);
        }));
    std::vector<LoadedResult> loaded;
    for (std::future<LoadedResult> &f : loading) loaded.push_back(f.get());  // the first error
    return loaded;
}

int print_rendered(const Environment &env, const std::string &format, nlohmann::json document,
                   bool brief, const std::string &output, bool stats) {
    RenderOptions render;
    render.brief = brief;
    render.stats = stats;
    // SIGINT, SIGTERM, SIGHUP: end at once, but without leaving the scratch
    // folder or a temporary report behind.
    install_cleanup_on_signal();
    const std::string base = default_tmpdir();
    std::string scratch = base + "/bytebench-report-XXXXXX";
    if (mkdtemp(scratch.data()) == nullptr) {
        print_error("cannot create a temporary folder in " + base + ": " + std::strerror(errno));
        return kExitTestFailed;
    }
    const RemovedOnSignal scratch_guard(scratch);
    int rc = kExitOk;
    try {
        if (output.empty()) {
            const std::string text = render_to_string(env.catalog, env.layout.worker, format,
                                                      std::move(document), render, scratch);
            // Straight to fd 1 (after what stdio holds), so that a failure
            // keeps its errno: "cannot write standard output: No space left
            // on device".
            std::cout.flush();
            std::fflush(stdout);
            write_to_descriptor(STDOUT_FILENO, shown_on_standard_output(text), "standard output");
        } else
            render_report(env.catalog, env.layout.worker, format, std::move(document), render,
                          output, scratch);
    } catch (const FileError &e) {  // the report, or its input, could not be written
        print_error(e.what());
        rc = kExitTestFailed;
    } catch (const std::exception &e) {
        print_error(e.what());
        rc = kExitBadInput;
    }
    rmdir(scratch.c_str());
    return rc;
}

}  // namespace bytebench::cli
