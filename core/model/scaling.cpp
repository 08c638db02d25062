#include "model/scaling.h"

#include <map>

namespace bytebench {

nlohmann::json scaling_json(const std::vector<CopyPassRecord> &runs) {
    const CopyPassRecord *one = nullptr;
    for (const CopyPassRecord &r : runs)
        if (r.copies == 1 && one == nullptr) one = &r;
    if (one == nullptr || runs.size() < 2) return nullptr;

    nlohmann::json tests = nlohmann::json::array();
    for (const TestRecord &base : one->tests) {
        if (!base.score || base.score->value <= 0) continue;
        nlohmann::json points = nlohmann::json::array();
        for (const CopyPassRecord &r : runs)
            for (const TestRecord &t : r.tests)
                if (t.test.id == base.test.id && t.score) {
                    const double speedup = t.score->value / base.score->value;
                    points.push_back({{"copies", r.copies},
                                      {"value", t.score->value},
                                      {"speedup", speedup},
                                      {"efficiency", speedup / r.copies}});
                }
        tests.push_back({{"id", base.test.id},
                         {"name", base.test.name},
                         {"unit", base.test.workload.unit},
                         {"points", points}});
    }
    std::map<std::string, nlohmann::json> by_category;
    std::vector<std::string> order;
    for (const CopyPassRecord &r : runs)
        for (const IndexRecord &i : r.indexes) {
            if (by_category.count(i.category) == 0) {
                order.push_back(i.category);
                by_category[i.category] = {{"category", i.category},
                                           {"title", i.title},
                                           {"points", nlohmann::json::array()}};
            }
            by_category[i.category]["points"].push_back(
                {{"copies", r.copies}, {"score", i.score.score}, {"partial", i.score.partial}});
        }
    nlohmann::json indexes = nlohmann::json::array();
    for (const std::string &c : order) indexes.push_back(by_category[c]);
    return {{"baseline_copies", 1}, {"tests", tests}, {"indexes", indexes}};
}

}  // namespace bytebench
