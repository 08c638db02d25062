#include "results/result_store.h"

#include <ctime>
#include <filesystem>

#include "base/file_io.h"
#include "base/local_time.h"
#include "base/names.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

bool any_file_with_base(const std::string &dir, const std::string &stem) {
    std::error_code ec;
    for (const auto &entry : fs::directory_iterator(dir, ec))
        if (entry.path().stem() == stem) return true;
    return false;
}

}  // namespace

ResultStore::ResultStore(const std::string &dir, const std::string &host,
                         const std::string &initial_json) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir))
        throw ResultStoreError("cannot create results folder " + dir + ": " +
                               (ec ? ec.message() : "not a folder"));
    const std::string prefix =
        (host.empty() ? "host" : file_name_part(host)) + "-" + local_time_text("%Y-%m-%d") + "-";
    for (int n = 1;; ++n) {
        char number[16];
        std::snprintf(number, sizeof number, "%02d", n);
        const std::string stem = prefix + number;
        if (any_file_with_base(dir, stem)) continue;
        base_ = (fs::path(dir) / stem).string();
        try {
            write_file(path("json"), initial_json, {/*exclusive=*/true});
            return;
        } catch (const FileExistsError &) {
            continue;  // another run took this number a moment ago
        }
    }
}

void ResultStore::write_result(const std::string &json) const { write_file(path("json"), json); }

}  // namespace bytebench
