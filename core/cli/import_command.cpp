// `bytebench import PATH ... [--label KEY=VALUE ...] [-o DIR]`: UnixBench
// text reports (files, or folders searched for them) to bytebench result
// documents, added to the history.
#include <spdlog/spdlog.h>
#include <sys/stat.h>

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
#include "cli/json_output.h"
#include "cli/terminal_output.h"
#include "commands.h"
#include "import/unixbench_import.h"
#include "model/labels.h"
#include "process/interrupt.h"
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

// One report converted, not yet kept.
struct Converted {
    nlohmann::json document;
    std::string text;  // as written
    std::string path;  // where it goes
};

// Converts one report. Throws with a one-line message.
Converted convert(const std::string &file, const ImportCommandOptions &o, const Suite &suite,
                  const Labels &labels) {
    ImportOutcome outcome = import_unixbench_report(read_whole_file(file), file, suite);
    for (const std::string &warning : outcome.warnings) spdlog::warn("{}", warning);
    if (!labels.empty()) outcome.document["labels"] = labels_json(labels);
    std::string text = json_text(outcome.document, 2) + "\n";
    return {std::move(outcome.document), std::move(text), output_path(o.output_dir, file)};
}

// What is at a result's path already: nothing, this very conversion (the
// same import run again, or one ended between its file and its history
// entry), or something else.
enum class Found { nothing, same, other };

Found found_at(const std::string &path, const std::string &text) {
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0) return errno == ENOENT ? Found::nothing : Found::other;
    if (!S_ISREG(st.st_mode) || uint64_t(st.st_size) != text.size()) return Found::other;
    try {
        return read_whole_file(path, text.size(), nullptr, /*no_follow=*/true) == text
                   ? Found::same
                   : Found::other;
    } catch (const FileError &) {
        return Found::other;
    }
}

// Adds the imported document to the history. An import is the result file
// and its history entry together: when the entry cannot be added (the
// database is locked by another run past the busy timeout, the disk is
// full), a file just written (`written`) is removed again, so that the same
// import can simply be run again.
int64_t record(History &history, const Converted &c, bool written) {
    try {
        return history.add(c.document, fs::absolute(c.path).string());
    } catch (const std::exception &e) {
        std::error_code ec;
        if (written) fs::remove(c.path, ec);
        throw std::runtime_error(std::string(e.what()) + "; " + c.path +
                                 (written ? " was not kept" : " is not in the history") +
                                 ": run the import again, or add --no-history");
    }
}

// What keep() did with one converted report.
struct Kept {
    // "written"; "already there" (the same file, from an import before);
    // "already imported" (that file, with its history entry).
    std::string state = "written";
    std::optional<int64_t> history_id;
};

// What the line of a report says after its path.
std::string kept_text(const Kept &k) {
    const std::string id = k.history_id ? "history @" + std::to_string(*k.history_id) : "";
    if (k.state == "already imported") return " (already imported: " + id + ")";
    if (k.state == "already there") return " (already there" + (id.empty() ? "" : "; " + id) + ")";
    return id.empty() ? "" : " (" + id + ")";
}

// Writes the result and its history entry, both or neither, and says what
// it did. SIGINT, SIGTERM and
// SIGHUP wait until then: an import ended by one leaves no temporary file
// and no result without its entry. What SIGKILL (or a power cut) leaves
// between the two, a file without its entry, is adopted when the same
// import runs again: the file is exactly what it would write.
Kept keep(const Converted &c, const std::string &output_dir, std::optional<History> &history) {
    const StopSignalsDeferred deferred;
    std::error_code ec;
    fs::create_directories(output_dir, ec);
    if (ec) throw std::runtime_error(output_dir + ": cannot create: " + ec.message());
    switch (found_at(c.path, c.text)) {
        case Found::other:
            throw std::runtime_error(c.path +
                                     ": exists; not replaced (remove it or choose another -o)");
        case Found::same:
            if (!history) return {"already there", std::nullopt};
            if (const std::optional<int64_t> id =
                    history->find_result_path(fs::absolute(c.path).string()))
                return {"already imported", id};
            return {"already there", record(*history, c, false)};
        case Found::nothing:
            break;
    }
    write_file(c.path, c.text, {/*exclusive=*/true});
    if (!history) return {};
    return {"written", record(*history, c, true)};
}

enum class Outcome { imported, failed, stopped };

// Imports one report and records it; `failed` after a one-line message. A
// stop asked for before it was kept leaves it unwritten (`stopped`).
// With --format json, `done` collects each report's member of
// bytebench.import/1 instead of a line on standard output.
Outcome import_and_record(const std::string &file, const ImportCommandOptions &o,
                          const Suite &suite, const Labels &labels, std::optional<History> &history,
                          nlohmann::json &done) {
    try {
        if (interrupt_signal() != 0) return Outcome::stopped;
        const Converted converted = convert(file, o, suite, labels);
        if (interrupt_signal() != 0) return Outcome::stopped;
        const Kept kept = keep(converted, o.output_dir, history);
        if (o.format != "json") print_out(file + " -> " + converted.path + kept_text(kept) + "\n");
        done["imported"].push_back(
            {{"report", file},
             {"result", converted.path},
             {"state", kept.state},
             {"history_id", kept.history_id ? nlohmann::json(*kept.history_id) : nullptr}});
        return Outcome::imported;
    } catch (const std::exception &e) {
        print_error(e.what());
        done["failed"].push_back({{"report", file}, {"error", e.what()}});
        return Outcome::failed;
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
    // A stop (Ctrl-C, kill) ends the import between two reports, never
    // inside one (keep()).
    install_interrupt_handlers();
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
    nlohmann::json done = {{"imported", nlohmann::json::array()},
                           {"failed", nlohmann::json::array()},
                           {"interrupted", false}};
    for (const std::string &file : files) {
        const Outcome outcome = import_and_record(file, o, env->suite, labels, history, done);
        if (outcome == Outcome::failed) rc = kExitBadInput;
        if (outcome != Outcome::stopped) continue;
        print_error("interrupted before " + file +
                    " was written: the reports before it are imported, each with its history "
                    "entry; the same import run again does the rest");
        rc = 128 + interrupt_signal();
        done["interrupted"] = true;
        break;
    }
    if (o.format == "json") print_json_document("import", std::move(done));
    return rc;
}

}  // namespace bytebench::cli
