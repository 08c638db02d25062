#include "plugins/level_choice.h"

#include <map>

#include "base/text.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

// A file of the plugin at one level (an index into the levels).
struct LevelFile {
    size_t level;
    std::string path;
};

// The `.so` files of levels/<level>/ for each level, by file name.
void add_level_files(const fs::path &dir, const std::vector<IsaLevel> &levels,
                     std::map<std::string, std::vector<LevelFile>> &found) {
    for (size_t i = 0; i < levels.size(); ++i) {
        std::error_code ec;
        fs::directory_iterator it(dir / kLevelsFolder / levels[i].name, ec);
        for (const fs::directory_iterator end; !ec && it != end; it.increment(ec))
            if (it->path().extension() == ".so" && it->is_regular_file(ec))
                found[it->path().filename().string()].push_back({i, it->path().string()});
    }
}

LevelChoice choose(const std::string &name, const std::vector<LevelFile> &files,
                   const std::vector<IsaLevel> &levels, const fs::path &dir) {
    LevelChoice choice;
    choice.file_name = name;
    std::vector<const LevelFile *> by_level(levels.size(), nullptr);
    for (const LevelFile &file : files)
        if (by_level[file.level] == nullptr) by_level[file.level] = &file;
    std::vector<std::string> runs;
    for (size_t i = 0; i < levels.size(); ++i) {
        if (levels[i].supported) runs.push_back(levels[i].name);
        if (by_level[i] == nullptr) continue;
        choice.packaged.push_back(levels[i].name);
        if (levels[i].supported) {
            choice.path = by_level[i]->path;
            choice.isa_level = levels[i].name;
        }
    }
    if (choice.path.empty())
        choice.problem = "this CPU runs none of the levels packaged for " + name + " (" +
                         joined(choice.packaged, ", ") + ", in " + (dir / kLevelsFolder).string() +
                         "); it runs " + joined(runs, ", ");
    return choice;
}

}  // namespace

std::vector<LevelChoice> choose_levels(const fs::path &dir, const std::vector<fs::path> &top_files,
                                       const std::vector<IsaLevel> &levels) {
    std::map<std::string, std::vector<LevelFile>> found;
    add_level_files(dir, levels, found);
    std::map<std::string, std::string> top;
    for (const fs::path &file : top_files) top[file.filename().string()] = file.string();

    std::map<std::string, LevelChoice> choices;
    for (const auto &[name, path] : top) {
        const auto variants = found.find(name);
        if (variants == found.end()) {  // packaged once
            choices[name] = {name, path, "", {}, ""};
            continue;
        }
        std::vector<LevelFile> files = {{0, path}};  // the baseline
        files.insert(files.end(), variants->second.begin(), variants->second.end());
        choices[name] = choose(name, files, levels, dir);
    }
    for (const auto &[name, files] : found)
        if (top.count(name) == 0) choices[name] = choose(name, files, levels, dir);

    std::vector<LevelChoice> sorted;
    for (auto &[name, choice] : choices) sorted.push_back(std::move(choice));
    return sorted;
}

}  // namespace bytebench
