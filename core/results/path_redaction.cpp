#include "results/path_redaction.h"

#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>

namespace fs = std::filesystem;

namespace bytebench {
namespace {

using nlohmann::json;

// A character that continues a path's component: a folder found in a text
// must not be the start of a longer name ("/home/al" in "/home/alice").
bool name_char(char c) {
    const auto u = static_cast<unsigned char>(c);
    return std::isalnum(u) || u >= 0x80 || c == '_' || c == '-' || c == '.' || c == '+' ||
           c == '~' || c == '@' || c == ',';
}

std::string without_trailing_slashes(std::string path) {
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    return path;
}

// "/a/b/c.toml" -> "/a/b", "a/c" -> "a", "/c" -> "/", "c" -> "".
std::string folder_of(const std::string &path) {
    const std::string p = without_trailing_slashes(path);
    const size_t slash = p.rfind('/');
    if (slash == std::string::npos) return "";
    return slash == 0 ? "/" : p.substr(0, slash);
}

std::string last_component(const std::string &path) {
    const std::string p = without_trailing_slashes(path);
    const size_t slash = p.rfind('/');
    return slash == std::string::npos ? p : p.substr(slash + 1);
}

int components(const std::string &path) {
    int n = 0;
    for (size_t i = 0; i < path.size(); ++i) n += path[i] != '/' && (i == 0 || path[i - 1] == '/');
    return n;
}

// "<redacted>/c.toml" for a path with a folder, else the path as it is.
std::string redacted(const std::string &path) {
    const std::string folder = folder_of(path);
    if (folder.empty() || folder == "/") return path;
    return std::string(kRedactedPath) + "/" + last_component(path);
}

// A command-line word or parameter: "KEY=PATH" keeps its key.
std::string redacted_word(const std::string &word) {
    const size_t slash = word.find('/');
    if (slash == std::string::npos) return word;
    const size_t equals = word.find('=');
    if (equals != std::string::npos && equals < slash)
        return word.substr(0, equals + 1) + redacted(word.substr(equals + 1));
    return redacted(word);
}

std::vector<std::string> words_of(const std::string &text) {
    std::vector<std::string> words;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t end = std::min(text.find(' ', start), text.size());
        words.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    return words;
}

class Redactor {
  public:
    explicit Redactor(const std::vector<std::string> &local) {
        for (const std::string &folder : local) add_folder(folder, 1);
    }

    // The folder of a path the document holds (two components or more:
    // /tmp alone gives nothing away).
    void add_path(const std::string &path) {
        const size_t slash = path.find('/');
        if (slash == std::string::npos) return;
        const size_t equals = path.find('=');
        const std::string value =
            equals != std::string::npos && equals < slash ? path.substr(equals + 1) : path;
        if (value.empty() || value[0] != '/') return;
        add_folder(folder_of(value), 2);
    }

    // Each folder, where it stands as a whole path in `text`, becomes
    // "<redacted>"; the longest first, so that none is left half-done.
    std::string in_text(std::string text) const {
        for (const std::string &folder : folders_) {
            for (size_t at = text.find(folder); at != std::string::npos;
                 at = text.find(folder, at)) {
                const size_t end = at + folder.size();
                const bool starts = at == 0 || (!name_char(text[at - 1]) && text[at - 1] != '/');
                const bool ends = end == text.size() || text[end] == '/' || !name_char(text[end]);
                if (starts && ends) {
                    text.replace(at, folder.size(), kRedactedPath);
                    at += std::string(kRedactedPath).size();
                } else {
                    at = end;
                }
            }
        }
        return text;
    }

    void in_every_string(json &value) const {
        if (value.is_string()) {
            value = in_text(value.get<std::string>());
        } else if (value.is_object() || value.is_array()) {
            for (json &element : value) in_every_string(element);
        }
    }

  private:
    void add_folder(std::string folder, int least_components) {
        folder = without_trailing_slashes(folder);
        if (folder.size() < 2 || folder[0] != '/' || components(folder) < least_components) return;
        if (std::find(folders_.begin(), folders_.end(), folder) != folders_.end()) return;
        folders_.insert(std::upper_bound(folders_.begin(), folders_.end(), folder,
                                         [](const std::string &a, const std::string &b) {
                                             return a.size() > b.size();
                                         }),
                        folder);
    }

    std::vector<std::string> folders_;  // longest first
};

// Calls `f` on every string member `key` of each element of `array`.
template <typename F>
void for_each_member(json &array, const char *key, F f) {
    if (!array.is_array()) return;
    for (json &element : array)
        if (element.is_object() && element.contains(key)) f(element[key]);
}

// The members that hold a path or paths (path_redaction.h).
template <typename F>
void for_each_path_field(json &doc, F f) {
    if (!doc.is_object()) return;
    const auto field = [&](json &object, const char *key) {
        if (object.is_object() && object.contains(key) && object[key].is_string()) f(object[key]);
    };
    if (doc.contains("suite")) field(doc["suite"], "file");
    if (doc.contains("imported")) field(doc["imported"], "file");
    if (doc.contains("system") && doc["system"].is_object() && doc["system"].contains("tmpdir"))
        field(doc["system"]["tmpdir"], "path");
    if (doc.contains("runs") && doc["runs"].is_array())
        for (json &run : doc["runs"]) {
            if (!run.is_object() || !run.contains("tests")) continue;
            for_each_member(run["tests"], "plugin", [&](json &plugin) {
                if (plugin.is_string()) f(plugin);
            });
            for_each_member(run["tests"], "params", [&](json &params) {
                if (params.is_object())
                    for (json &value : params)
                        if (value.is_string() && value.get<std::string>().find('/') == 0) f(value);
            });
        }
}

// document[outer][inner] when it is of `type`, else nullptr (nothing is added).
json *member_of(json &document, const char *outer, const char *inner, json::value_t type) {
    if (!document.is_object()) return nullptr;
    const auto o = document.find(outer);
    if (o == document.end() || !o->is_object()) return nullptr;
    const auto i = o->find(inner);
    return i != o->end() && i->type() == type ? &*i : nullptr;
}

}  // namespace

json redact_paths(json document, const std::vector<std::string> &local) {
    Redactor redactor(local);
    json *command_line = member_of(document, "options", "command_line", json::value_t::string);
    json *params = member_of(document, "options", "params", json::value_t::array);
    // What the document says its paths are: their folders, found anywhere.
    for_each_path_field(document, [&](json &path) { redactor.add_path(path.get<std::string>()); });
    if (command_line)
        for (const std::string &word : words_of(command_line->get<std::string>()))
            redactor.add_path(word);
    if (params)
        for (const json &param : *params)
            if (param.is_string()) redactor.add_path(param.get<std::string>());
    // The path fields keep their last component...
    for_each_path_field(document, [&](json &path) { path = redacted(path.get<std::string>()); });
    if (command_line) {
        std::string line;
        for (const std::string &word : words_of(command_line->get<std::string>()))
            line += (line.empty() ? "" : " ") + redacted_word(word);
        *command_line = line;
    }
    if (params)
        for (json &param : *params)
            if (param.is_string()) param = redacted_word(param.get<std::string>());
    // ...and the folders go from every other string.
    redactor.in_every_string(document);
    return document;
}

std::vector<std::string> local_folders(const std::vector<std::string> &also) {
    std::vector<std::string> folders;
    if (const char *home = std::getenv("HOME"); home != nullptr && *home != '\0')
        folders.emplace_back(home);
    if (const passwd *user = getpwuid(getuid()); user != nullptr && user->pw_dir != nullptr)
        folders.emplace_back(user->pw_dir);
    std::error_code ec;
    if (const fs::path here = fs::current_path(ec); !ec) folders.push_back(here.string());
    for (const std::string &path : also) {
        if (path.empty()) continue;
        const fs::path absolute = fs::absolute(path, ec);
        if (!ec) folders.push_back(absolute.lexically_normal().string());
    }
    return folders;
}

}  // namespace bytebench
