// The naming rules of plugin.h and the size check of its structs, as
// one-line reasons: a vendor reads the rule in the message itself, not only
// "invalid".
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace bytebench::worker {

// plugin.h's rule for plugin, workload and reporter ids.
inline constexpr const char *kIdRule = "[a-z0-9][a-z0-9._-]*";
// plugin.h's rule for parameter keys.
inline constexpr const char *kKeyRule = "[a-z0-9_]+";

// A descriptor's string, "" for NULL.
inline std::string text_of(const char *s) { return s != nullptr ? s : ""; }

bool follows_id_rule(const char *id);
bool follows_key_rule(const char *key);

// "" when `id` follows the id rule, else "<what> 'Acme.X' breaks the rule
// [a-z0-9][a-z0-9._-]* of plugin.h" (or "<what> is missing" for NULL or "").
std::string id_problem(const std::string &what, const char *id);
// The same for a parameter key and kKeyRule.
std::string key_problem(const std::string &what, const char *key);

// "" when `path` is a relative path that stays inside the folder it is
// relative to (no leading '/', no ".." component, no control character),
// else why not ("is an absolute path", ...).
std::string relative_path_problem(const char *path);

// Where one field of a struct ends; a struct whose struct_size is below it
// does not have the field.
struct FieldEnd {
    const char *name;
    size_t end;
};
#define BB_FIELD_END(T, f) \
    ::bytebench::worker::FieldEnd { #f, offsetof(T, f) + sizeof(((const T *)0)->f) }

// "" when a struct of `struct_size` bytes holds every one of `fields` (the
// fields every reader needs, in order), else "<what>: its descriptor is N
// bytes, too small for `field` (ABI 1.0 needs M)", naming the first field it
// lacks; `abi` is the version that introduced the struct (a metric
// descriptor is 1.2's).
std::string size_problem(const std::string &what, uint32_t struct_size,
                         const std::vector<FieldEnd> &fields, const char *abi = "1.0");

// Entry `i` of a plugin's descriptor array (params, metrics): the array
// holds structs of the size the plugin was compiled with (first's
// struct_size), smaller than ours for a plugin built against an older minor.
template <class T>
const T &entry_at(const T *first, uint32_t i) {
    const auto *bytes = reinterpret_cast<const char *>(first);
    return *reinterpret_cast<const T *>(bytes + size_t(i) * first->struct_size);
}

}  // namespace bytebench::worker
