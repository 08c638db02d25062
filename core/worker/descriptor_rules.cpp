#include "descriptor_rules.h"

#include <algorithm>
#include <cstring>

namespace bytebench::worker {
namespace {

bool lower_or_digit(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); }

// The name as it appears in a message: quoted, and cut so that a runaway
// string cannot make the line unreadable.
std::string quoted(const char *name) {
    constexpr size_t kShown = 80;
    const size_t length = std::strlen(name);
    return "'" + std::string(name, std::min(length, kShown)) + (length > kShown ? "...'" : "'");
}

std::string rule_problem(const std::string &what, const char *name, bool follows,
                         const char *rule) {
    if (name == nullptr || *name == '\0') return what + " is missing";
    if (follows) return "";
    return what + " " + quoted(name) + " breaks the rule " + rule + " of plugin.h";
}

}  // namespace

bool follows_id_rule(const char *id) {
    if (id == nullptr || !lower_or_digit(*id)) return false;
    for (const char *p = id + 1; *p != '\0'; ++p)
        if (!lower_or_digit(*p) && *p != '.' && *p != '_' && *p != '-') return false;
    return true;
}

bool follows_key_rule(const char *key) {
    if (key == nullptr || *key == '\0') return false;
    for (const char *p = key; *p != '\0'; ++p)
        if (!lower_or_digit(*p) && *p != '_') return false;
    return true;
}

std::string id_problem(const std::string &what, const char *id) {
    return rule_problem(what, id, follows_id_rule(id), kIdRule);
}

std::string key_problem(const std::string &what, const char *key) {
    return rule_problem(what, key, follows_key_rule(key), kKeyRule);
}

std::string relative_path_problem(const char *path) {
    const std::string p = text_of(path);
    if (p.empty()) return "is empty";
    if (p.front() == '/') return "is an absolute path; give it relative to the plugin's folder";
    for (const char c : p)
        if (static_cast<unsigned char>(c) < ' ' || c == 0x7f) return "holds a control character";
    for (size_t start = 0; start <= p.size();) {
        const size_t end = std::min(p.find('/', start), p.size());
        if (p.compare(start, end - start, "..") == 0)
            return "leaves the plugin's folder (a \"..\" component)";
        start = end + 1;
    }
    return "";
}

std::string size_problem(const std::string &what, uint32_t struct_size,
                         const std::vector<FieldEnd> &fields, const char *abi) {
    for (const FieldEnd &f : fields)
        if (struct_size < f.end)
            return what + ": its descriptor is " + std::to_string(struct_size) +
                   " bytes, too small for `" + f.name + "` (ABI " + abi + " needs " +
                   std::to_string(fields.back().end) + ")";
    return "";
}

}  // namespace bytebench::worker
