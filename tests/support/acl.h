// POSIX ACLs for the tests of the plugin permission check (link libacl).
#pragma once

#include <acl/libacl.h>
#include <sys/acl.h>

#include <string>

namespace bytebench::test {

// Sets the access ACL of `path` from its text form ("u::rw-,u:65534:rw-,...");
// false when the file system keeps no ACLs.
inline bool set_acl(const std::string &path, const std::string &text) {
    acl_t acl = acl_from_text(text.c_str());
    if (acl == nullptr) return false;
    const bool ok = acl_set_file(path.c_str(), ACL_TYPE_ACCESS, acl) == 0;
    acl_free(acl);
    return ok;
}

}  // namespace bytebench::test
