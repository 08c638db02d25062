#include "base/command_inputs.h"

#include <sys/stat.h>

#include <mutex>
#include <utility>
#include <vector>

namespace bytebench {
namespace {

struct Input {
    std::string path;
    FileIdentity identity;
};

// A command reads a handful of inputs (a folder of results: some hundreds),
// and writes one or a few outputs: a list is enough.
std::mutex g_mutex;
std::vector<Input> g_inputs;

}  // namespace

void register_command_input(const std::string &path, const FileIdentity &identity) {
    const std::lock_guard<std::mutex> lock(g_mutex);
    for (const Input &input : g_inputs)
        if (input.identity == identity) return;  // the first name it was read under is kept
    g_inputs.push_back({path, identity});
}

void register_command_input(const std::string &path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return;
    register_command_input(path, {st.st_dev, st.st_ino});
}

std::optional<std::string> command_input_at(const std::string &path) {
    const std::lock_guard<std::mutex> lock(g_mutex);
    if (g_inputs.empty()) return std::nullopt;  // no stat(2) for commands without inputs
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    const FileIdentity identity{st.st_dev, st.st_ino};
    for (const Input &input : g_inputs)
        if (input.identity == identity) return input.path;
    return std::nullopt;
}

std::string output_is_input_message(const std::string &what, const std::string &input) {
    return what + " is the input " + input +
           " (the same file): writing there would replace a measurement with its report; "
           "choose another output";
}

void forget_command_inputs() {
    const std::lock_guard<std::mutex> lock(g_mutex);
    g_inputs.clear();
}

}  // namespace bytebench
