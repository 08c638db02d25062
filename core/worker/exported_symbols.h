// What a plugin file exports besides its entry point, read from its ELF
// dynamic symbol table (.dynsym), without running any of its code.
//
// A plugin should export bytebench_plugin_entry alone: every other exported
// symbol can clash with another plugin's or with the host's (a shared
// library's default-visibility symbols interpose). Boost.DLL 1.74's
// library_info reads .symtab only (empty in a stripped plugin) and checks no
// bounds, so the table is read here, every offset checked against the file.
#pragma once

#include <string>
#include <vector>

namespace bytebench::worker {

// The names of the functions and objects `path` defines and exports
// (global or weak, default or protected visibility, in one of its own
// sections), in table order, but for bytebench_plugin_entry and the
// linker's _init and _fini. Empty when the file cannot be read or is not an
// ELF object of this machine's class: this is a diagnostic, and the loader
// has its own say on such a file.
std::vector<std::string> extra_exported_symbols(const std::string &path);

}  // namespace bytebench::worker
