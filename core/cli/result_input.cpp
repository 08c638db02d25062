// Results given on the command line: result files, UnixBench text reports
// and history references, and rendering them with a reporter.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <system_error>
#include <thread>

#include "base/file_io.h"
#include "base/json_read.h"
#include "base/json_text.h"
#include "base/schema_name.h"
#include "base/text.h"
#include "cli/terminal_output.h"
#include "commands.h"
#include "compare/run_to_run.h"
#include "import/unixbench_import.h"
#include "plugins/report_rendering.h"
#include "process/cleanup_on_signal.h"
#include "results/history.h"
#include "results/result_reader.h"

namespace bytebench::cli {
namespace {

namespace fs = std::filesystem;

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

// An input as loaded: a path or reference as given, or a file found in a
// folder that was given.
struct ResultSource {
    std::string source;
    bool in_folder = false;
};

// The *.json files under `folder`, by path.
std::vector<std::string> json_files_under(const std::string &folder) {
    std::vector<std::string> files;
    for (std::string &file : visible_files_under(folder))
        if (fs::path(file).extension() == ".json") files.push_back(std::move(file));
    return files;
}

std::vector<ResultSource> result_sources(const std::vector<std::string> &sources) {
    std::vector<ResultSource> out;
    for (const std::string &source : sources) {
        std::error_code ec;
        if (History::is_reference(source) || !fs::is_directory(source, ec)) {
            out.push_back({source, false});
            continue;
        }
        const std::vector<std::string> files = json_files_under(source);
        if (files.empty())
            throw std::runtime_error(source +
                                     ": no results in this folder (bytebench results "
                                     "are *.json files)");
        for (const std::string &file : files) out.push_back({file, true});
    }
    return out;
}

bool is_comparison_file(const std::string &path) {
    try {
        const nlohmann::json doc = parse_json(read_whole_file(path), kMaxResultDepth);
        return is_known_comparison_schema(string_member(doc, "schema"));
    } catch (const std::exception &) {
        return false;
    }
}

// nullopt for a comparison document found in a folder: what `compare -o`
// may have left beside the results it compared.
std::optional<LoadedResult> load_source(const ResultSource &input, const GlobalOptions &global,
                                        const Suite &suite) {
    try {
        return load_result(input.source, global, suite);
    } catch (const std::runtime_error &) {
        if (input.in_folder && is_comparison_file(input.source)) return std::nullopt;
        throw;
    }
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
    const std::vector<ResultSource> inputs = result_sources(sources);
    std::vector<std::optional<LoadedResult>> slots(inputs.size());
    std::vector<std::exception_ptr> errors(inputs.size());
    // Reading a large result is mostly parsing it, one core's work (two
    // results of 30,000 tests: 2 s each): a thread per CPU takes the next.
    std::atomic<size_t> next{0};
    auto work = [&] {
        for (size_t i = next++; i < inputs.size(); i = next++) try {
                slots[i] = load_source(inputs[i], global, suite);
            } catch (...) {
                errors[i] = std::current_exception();
            }
    };
    const size_t threads =
        std::min<size_t>(inputs.size(), std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> pool;
    // A thread that cannot be started (no memory for its stack under a
    // ulimit -v) leaves the work to those that were: never an exception
    // past threads still running, which would be std::terminate.
    for (size_t t = 1; t < threads; ++t) try {
            pool.emplace_back(work);
        } catch (const std::system_error &) {
            break;
        }
    work();
    for (std::thread &t : pool) t.join();
    std::vector<LoadedResult> loaded;
    for (size_t i = 0; i < inputs.size(); ++i) {
        if (errors[i]) std::rethrow_exception(errors[i]);  // the first error
        if (slots[i]) loaded.push_back(std::move(*slots[i]));
    }
    return loaded;
}

// The spread is an extra: a history that cannot be read only leaves it out.
std::unique_ptr<History> history_for_run_to_run(const GlobalOptions &global) {
    if (global.no_history) return nullptr;
    try {
        const std::string path = history_path(global);
        std::error_code ec;
        if (!fs::exists(path, ec)) return nullptr;
        return std::make_unique<History>(path);
    } catch (const std::exception &) {
        return nullptr;
    }
}

nlohmann::json run_to_run_for(const History *history, const nlohmann::json &document,
                              std::optional<int64_t> history_id) {
    if (!history) return nullptr;
    try {
        return run_to_run_from_history(*history, {document, history_id});
    } catch (const std::exception &) {
        return nullptr;
    }
}

nlohmann::json run_to_run_for(const GlobalOptions &global, const nlohmann::json &document,
                              std::optional<int64_t> history_id) {
    const std::unique_ptr<History> history = history_for_run_to_run(global);
    return run_to_run_for(history.get(), document, history_id);
}

int print_rendered(const Environment &env, const std::string &format, nlohmann::json document,
                   bool brief, const std::string &output, bool stats,
                   const nlohmann::json &repeatability) {
    RenderOptions render;
    render.brief = brief;
    render.stats = stats;
    render.repeatability = repeatability;
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
