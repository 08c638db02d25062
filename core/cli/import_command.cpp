// `bytebench import PATH ... [--label KEY=VALUE ...] [-o DIR]`: UnixBench
// text reports (files, or folders searched for them) to bytebench result
// documents, added to the history.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "base/file_io.h"
#include "base/folder_walk.h"
#include "base/json_text.h"
#include "cli/terminal_output.h"
#include "commands.h"
#include "import/unixbench_import.h"
#include "model/labels.h"
#include "results/history.h"

namespace fs = std::filesystem;

namespace bytebench::cli {
namespace {

// results/<report file name without extension>.json; never replaces a file.
std::string output_path(const std::string &dir, const std::string &report) {
    fs::path name = fs::path(report).filename();
    if (name.has_extension() && name.extension() != ".json") name.replace_extension();
    return (fs::path(dir) / name).string() + ".json";
}

std::string lower_extension(const fs::path &path) {
    std::string extension = path.extension().string();
    for (char &c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
    return extension;
}

// UnixBench writes results/<host>-<date>-NN with a .html, .log and .csv beside it: those are
// not text reports.
bool is_companion(const fs::path &path) {
    const std::string extension = lower_extension(path);
    if (extension != ".html" && extension != ".log" && extension != ".csv") return false;
    std::error_code ec;
    return fs::is_regular_file(fs::path(path).replace_extension(), ec);
}

bool is_report(const std::string &path) {
    return lower_extension(path) != ".json" && !is_companion(path);
}

// The reports in a folder and its subfolders, in name order: regular files that are not
// results (.json), hidden files and UnixBench's companions of a report left out. What could
// not be read is added to `left_out` (base/folder_walk.h).
std::vector<std::string> reports_in(const std::string &dir, const FolderInputs &folders,
                                    std::vector<std::string> &left_out) {
    FolderListing listing = files_under(dir, {folders.follow_links, &is_report});
    left_out.insert(left_out.end(), listing.left_out.begin(), listing.left_out.end());
    if (listing.files.empty() && listing.left_out.empty())
        throw std::runtime_error(dir + ": no UnixBench reports here (files that are not .json)");
    return std::move(listing.files);
}

// Converts and writes one report; returns the written path. Throws with a
// one-line message; nothing is written then.
std::string import_one(const std::string &file, const ImportCommandOptions &o, const Suite &suite,
                       const Labels &labels, nlohmann::json &document) {
    ImportOutcome outcome = import_unixbench_report(read_whole_file(file), file, suite);
    for (const std::string &warning : outcome.warnings) spdlog::warn("{}", warning);
    if (!labels.empty()) outcome.document["labels"] = labels_json(labels);
    const std::string path = output_path(o.output_dir, file);
    std::error_code ec;
    fs::create_directories(o.output_dir, ec);
    if (ec) throw std::runtime_error(o.output_dir + ": cannot create: " + ec.message());
    if (fs::exists(path))
        throw std::runtime_error(path + ": exists; not replaced (remove it or choose another -o)");
    write_file(path, json_text(outcome.document, 2) + "\n", {/*exclusive=*/true});
    document = outcome.document;
    return path;
}

// Adds the imported document to the history. An import is the result file
// and its history entry together: when the entry cannot be added (the
// database is locked by another run past the busy timeout, the disk is
// full), the file just written is removed again, so that the same import
// can simply be run again.
int64_t record(History &history, const nlohmann::json &document, const std::string &path) {
    try {
        return history.add(document, fs::absolute(path).string());
    } catch (const std::exception &e) {
        std::error_code ec;
        fs::remove(path, ec);
        throw std::runtime_error(std::string(e.what()) + "; " + path +
                                 " was not kept: run the import again, or add --no-history");
    }
}

// Imports one report and records it; false (after a one-line message) when it failed.
bool import_and_record(const std::string &file, const ImportCommandOptions &o, const Suite &suite,
                       const Labels &labels, std::optional<History> &history) {
    try {
        nlohmann::json document;
        const std::string path = import_one(file, o, suite, labels, document);
        std::string id;
        if (history) id = " (history @" + std::to_string(record(*history, document, path)) + ")";
        print_out(file + " -> " + path + id + "\n");
        return true;
    } catch (const std::exception &e) {
        print_error(e.what());
        return false;
    }
}

}  // namespace

int import_command(const GlobalOptions &global, const ImportCommandOptions &o) {
    Labels labels;
    try {
        labels = parse_labels(o.labels);
    } catch (const std::exception &e) {
        print_error(e.what());
        return kExitBadInput;
    }
    std::optional<Environment> env = load_environment(global);
    if (!env) return kExitBadInput;
    std::optional<History> history;
    if (!global.no_history) {
        try {
            history.emplace(history_path(global));
        } catch (const std::exception &e) {
            print_error(std::string(e.what()) + " (use --no-history to import without it)");
            return kExitBadInput;
        }
    }
    int rc = kExitOk;
    // Every folder is walked before anything is imported: what cannot be
    // read stops the import whole, unless --skip-unreadable.
    std::vector<std::string> files, left_out;
    for (const std::string &path : o.files) {
        std::error_code ec;
        if (!fs::is_directory(path, ec)) {
            files.push_back(path);
            continue;
        }
        try {
            for (std::string &file : reports_in(path, o.folders, left_out))
                files.push_back(std::move(file));
        } catch (const std::exception &e) {
            print_error(e.what());
            rc = kExitBadInput;
        }
    }
    if (!accept_left_out(left_out, o.folders)) {
        print_error(left_out_summary(left_out) + "; nothing was imported");
        return kExitBadInput;
    }
    for (const std::string &file : files)
        if (!import_and_record(file, o, env->suite, labels, history)) rc = kExitBadInput;
    return rc;
}

}  // namespace bytebench::cli
