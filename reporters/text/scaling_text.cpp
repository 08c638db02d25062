#include "scaling_text.h"

#include <optional>
#include <string>

#include "base/json_read.h"
#include "common/c_format.h"
#include "common/number_text.h"
#include "text_table.h"

namespace bytebench::reporters::text {

using nlohmann::json;

namespace {}  // namespace

void write_scaling(const json &doc, std::ostream &out) {
    const json &scaling = member(doc, "scaling");
    if (!scaling.is_object()) return;
    out << "Scaling against 1 copy (speedup = value / value at 1 copy; efficiency = speedup / "
           "copies)\n\n";
    TextTable table({{false, 0}, {true, 2}, {true, 2}, {false, 1}, {true, 2}, {true, 2}});
    table.add_row({"Test", "copies", "value", "", "speedup", "efficiency"});
    table.add_rule();
    for (const json &test : elements(member(scaling, "tests"))) {
        bool first = true;
        for (const json &point : elements(member(test, "points"))) {
            const std::optional<double> efficiency = number_member(point, "efficiency");
            table.add_row({first ? string_member(test, "name") : "",
                           formatted_member(point, "copies", "%.0f"),
                           formatted_member(point, "value", "%.1f"),
                           first ? string_member(test, "unit") : "",
                           formatted_member(point, "speedup", "%.2f"),
                           efficiency ? format("%.0f%%", *efficiency * 100.0) : "-"});
            first = false;
        }
    }
    for (const json &index : elements(member(scaling, "indexes"))) {
        bool first = true;
        for (const json &point : elements(member(index, "points"))) {
            table.add_row({first ? string_member(index, "title") + " Index Score" : "",
                           formatted_member(point, "copies", "%.0f"),
                           formatted_member(point, "score", "%.1f"), "", "", ""});
            first = false;
        }
    }
    table.write(out);
    out << "\n";
}

}  // namespace bytebench::reporters::text
