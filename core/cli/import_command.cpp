// `bytebench import FILE ... [-o DIR]`: UnixBench text reports to bytebench
// result documents, added to the history.
#include <spdlog/spdlog.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "base/file_io.h"
#include "base/json_text.h"
#include "cli/terminal_output.h"
#include "commands.h"
#include "import/unixbench_import.h"
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

// Converts and writes one report; returns the written path. Throws with a
// one-line message; nothing is written then.
std::string import_one(const std::string &file, const ImportCommandOptions &o, const Suite &suite,
                       nlohmann::json &document) {
    ImportOptions options;
    options.skip_bad_lines = o.skip_bad_lines;
    const ImportOutcome outcome =
        import_unixbench_report(read_whole_file(file), file, suite, options);
    for (const std::string &warning : outcome.warnings) spdlog::warn("{}", warning);
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

}  // namespace

int import_command(const GlobalOptions &global, const ImportCommandOptions &o) {
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
    for (const std::string &file : o.files) {
        try {
            nlohmann::json document;
            const std::string path = import_one(file, o, env->suite, document);
            std::string id;
            if (history)
                id = " (history @" + std::to_string(record(*history, document, path)) + ")";
            print_out(file + " -> " + path + id + "\n");
        } catch (const std::exception &e) {
            print_error(e.what());
            rc = kExitBadInput;
        }
    }
    return rc;
}

}  // namespace bytebench::cli
