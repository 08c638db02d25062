// Which file of a plugin to load when a portable build packaged it per ISA
// level (model/isa_level.h): the highest level this CPU runs. A plugin
// packaged once (a native build, a vendor's plugin) is its only file.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "model/isa_level.h"

namespace bytebench {

// One plugin of a folder, by file name, and the file chosen for it.
struct LevelChoice {
    std::string file_name;  // "cpu.so"
    std::string path;       // the file to load; "" when this CPU runs none
    // Its level; "" for a plugin packaged once (no levels/*/<file_name>).
    std::string isa_level;
    std::vector<std::string> packaged;  // every level found, lowest first
    std::string problem;                // when `path` is "": why, in one line
};

// The plugins of `dir`: each `.so` in `top_files` (the folder's own files),
// the baseline level when levels/<level>/ holds the same name, and each name
// found only in levels/<level>/ folders. `levels` are the architecture's
// (isa_levels()); a levels/ folder of another name is not looked in.
// Sorted by file name.
std::vector<LevelChoice> choose_levels(const std::filesystem::path &dir,
                                       const std::vector<std::filesystem::path> &top_files,
                                       const std::vector<IsaLevel> &levels);

}  // namespace bytebench
