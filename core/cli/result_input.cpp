// Results given on the command line: result files, UnixBench text reports
// and history references, and rendering them with a reporter.
#include <spdlog/spdlog.h>
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

#include "base/command_inputs.h"
#include "base/file_io.h"
#include "base/folder_walk.h"
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

// Registered as an input (base/command_inputs.h): no output of this
// command may replace it. `no_follow`: the folder walk found a regular file
// there, so a link that has taken its place since is refused.
nlohmann::json result_from_file(const std::string &path, const Suite &suite,
                                bool no_follow = false) {
    FileIdentity identity;
    const std::string text = read_whole_file(path, kMaxInputBytes, &identity, no_follow);
    nlohmann::json document;
    if (!looks_like_json(text)) {
        try {
            document = import_unixbench_report(text, path, suite).document;
        } catch (const ImportError &e) {
            throw std::runtime_error(std::string(e.what()) +
                                     " (neither a bytebench result nor a UnixBench report)");
        }
    } else {
        document = parse_result_document(text, path);
    }
    // Only what was read as a result: a comparison that `compare DIR -o
    // DIR/cmp.json` wrote before is left out of the inputs, and may be
    // written again.
    register_command_input(path, identity);
    return document;
}

LoadedResult result_from_history(const std::string &reference, const GlobalOptions &global) {
    if (global.no_history)
        throw std::runtime_error(reference +
                                 ": history references cannot be used with --no-history");
    const History history(history_path(global), HistoryAccess::read_only);
    const std::optional<int64_t> id = history.resolve(reference);
    if (!id)
        throw std::runtime_error(reference + ": no such run in the history (" +
                                 history_path(global) + "; see bytebench history)");
    std::optional<nlohmann::json> document = history.document(*id);
    if (!document) throw std::runtime_error(reference + ": the history has no document for it");
    // The file the run was saved to is its measurement as much as the
    // history's copy (`show 3 -o <that file>` would replace it), and the
    // history itself holds every run.
    if (const std::optional<HistoryEntry> entry = history.entry(*id);
        entry && !entry->result_path.empty())
        register_command_input(entry->result_path);
    register_command_input(history_path(global));
    return {reference, id, std::move(*document)};
}

// An input as loaded: a path or reference as given, or a file found in a
// folder that was given.
struct ResultSource {
    std::string source;
    bool in_folder = false;
    bool through_link = false;  // in a folder, as a link (else read without following one)
};

bool is_json_file(const std::string &path) { return fs::path(path).extension() == ".json"; }

// Every input, folders replaced by the *.json files under them. Throws for
// a folder without results, and when something in a folder could not be
// read and the user did not say to go on without it (accept_left_out()).
std::vector<ResultSource> result_sources(const std::vector<std::string> &sources,
                                         const FolderInputs &folders) {
    std::vector<ResultSource> out;
    std::vector<std::string> left_out;
    for (const std::string &source : sources) {
        std::error_code ec;
        if (History::is_reference(source) || !fs::is_directory(source, ec)) {
            out.push_back({source, false});
            continue;
        }
        const FolderListing listing = files_under(source, {folders.follow_links, &is_json_file});
        left_out.insert(left_out.end(), listing.left_out.begin(), listing.left_out.end());
        if (listing.files.empty() && listing.left_out.empty())
            throw std::runtime_error(source +
                                     ": no results in this folder (bytebench results "
                                     "are *.json files)");
        for (const std::string &file : listing.files)
            out.push_back({file, true, listing.is_link(file)});
    }
    if (!accept_left_out(left_out, folders)) throw std::runtime_error(left_out_summary(left_out));
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
        if (input.in_folder)
            return LoadedResult{input.source, std::nullopt,
                                result_from_file(input.source, suite, !input.through_link)};
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

std::string left_out_summary(const std::vector<std::string> &left_out) {
    const size_t count = left_out.size();
    const bool links = std::any_of(left_out.begin(), left_out.end(), [](const std::string &line) {
        return line.find(": a link out of ") != std::string::npos;
    });
    return std::to_string(count) + (count == 1 ? " entry" : " entries") +
           " of the folders given could not be read (named above): give --skip-unreadable to go "
           "on without " +
           (count == 1 ? "it" : "them") +
           (links ? ", or --follow-links to read through links out of the folder" : "");
}

bool accept_left_out(const std::vector<std::string> &left_out, const FolderInputs &folders) {
    for (const std::string &line : left_out) {
        if (folders.skip_unreadable)
            spdlog::warn("{}; left out (--skip-unreadable)", line);
        else
            print_error(line);
    }
    return left_out.empty() || folders.skip_unreadable;
}

std::vector<LoadedResult> load_results(const std::vector<std::string> &sources,
                                       const GlobalOptions &global, const Suite &suite,
                                       const FolderInputs &folders) {
    const std::vector<ResultSource> inputs = result_sources(sources, folders);
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
        return std::make_unique<History>(path, HistoryAccess::read_only);
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
    // Before anything is rendered: `compare a.json b.json -o a.json` would
    // replace a measurement with its report (base/command_inputs.h).
    if (!output.empty())
        if (const std::optional<std::string> input = command_input_at(output)) {
            print_error(output_is_input_message("-o " + output, *input));
            return kExitBadInput;
        }
    RenderOptions render;
    render.brief = brief;
    render.stats = stats;
    render.repeatability = repeatability;
    // SIGINT, SIGTERM, SIGHUP: end at once, but without leaving a temporary
    // report (or a scratch folder: plugins/report_rendering.h) behind.
    install_cleanup_on_signal();
    const std::string scratch = default_tmpdir();
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
    } catch (const OutputIsInputError &e) {  // became an input's name since the check
        print_error(e.what());
        rc = kExitBadInput;
    } catch (const FileError &e) {  // the report, or its input, could not be written
        print_error(e.what());
        rc = kExitTestFailed;
    } catch (const std::exception &e) {
        print_error(e.what());
        rc = kExitBadInput;
    }
    return rc;
}

}  // namespace bytebench::cli
