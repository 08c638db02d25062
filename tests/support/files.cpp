#include "files.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace bytebench::test {

std::string fresh_dir(const std::string &root, const std::string &name) {
    const std::filesystem::path dir = std::filesystem::path(root) / name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir.string();
}

std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace bytebench::test
