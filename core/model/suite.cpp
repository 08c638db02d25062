#include "model/suite.h"

namespace bytebench {

const TestDef *Suite::find_test(const std::string &id) const {
    for (const TestDef &t : tests)
        if (t.id == id) return &t;
    return nullptr;
}

const std::vector<std::string> *Suite::find_group(const std::string &group) const {
    for (const auto &[n, members] : groups)
        if (n == group) return &members;
    return nullptr;
}

std::string Suite::category_title(const std::string &category) const {
    for (const CategoryDef &c : categories)
        if (c.id == category) return c.title;
    return category;
}

}  // namespace bytebench
