#include "model/labels.h"

#include <stdexcept>

#include "base/json_read.h"
#include "base/names.h"
#include "base/text.h"

namespace bytebench {
namespace {

// A label as typed, in its own message: as is when it is a short text, else
// escaped and cut (it may hold what it is refused for).
std::string shown(std::string_view text) {
    constexpr size_t kShownBytes = 80;
    if (text.size() <= kShownBytes && text_problem("", text).empty()) return std::string(text);
    return quoted_for_message(text);
}

[[noreturn]] void bad_label(std::string_view text, const std::string &why) {
    throw std::invalid_argument("--label " + shown(text) + ": " + why);
}

std::string labels_text(size_t n) { return count_text(n, "label", "labels"); }

Labels parse_each(const std::vector<std::string> &typed) {
    Labels labels;
    for (const std::string &text : typed) {
        auto [key, value] = parse_label(text);
        if (labels.count(key)) bad_label(text, "the key " + key + " is given twice");
        labels.emplace(std::move(key), std::move(value));
    }
    return labels;
}

}  // namespace

std::string label_problem(std::string_view key, std::string_view value) {
    if (key.empty()) return "the key is empty";
    if (const std::string problem = name_problem("the key", key); !problem.empty()) return problem;
    if (key.size() > kMaxLabelKey)
        return "the key is longer than " + std::to_string(kMaxLabelKey) + " bytes";
    if (value.empty()) return "the value is empty";
    if (value.size() > kMaxLabelValue)
        return "the value is longer than " + std::to_string(kMaxLabelValue) + " bytes";
    return text_problem("the value", value);
}

std::pair<std::string, std::string> parse_label(std::string_view text) {
    const size_t eq = text.find('=');
    if (eq == std::string_view::npos) bad_label(text, "give KEY=VALUE, e.g. kernel=6.1");
    const std::string_view key = text.substr(0, eq), value = text.substr(eq + 1);
    if (key.empty()) bad_label(text, "the key before '=' is empty");
    if (value.empty()) bad_label(text, "the value after '=' is empty");
    if (const std::string problem = label_problem(key, value); !problem.empty())
        bad_label(text, problem);
    return {std::string(key), std::string(value)};
}

Labels parse_labels(const std::vector<std::string> &typed) {
    Labels labels = parse_each(typed);
    if (labels.size() > kMaxLabels)
        throw std::invalid_argument("--label: " + labels_text(labels.size()) + ", more than the " +
                                    std::to_string(kMaxLabels) + " a result may have");
    return labels;
}

Labels parse_label_filter(const std::vector<std::string> &typed) { return parse_each(typed); }

std::string labels_problem(const nlohmann::json &labels) {
    if (labels.is_null()) return "";
    if (!labels.is_object()) return "labels: not an object";
    if (labels.size() > kMaxLabels)
        return "labels: " + labels_text(labels.size()) + ", more than the " +
               std::to_string(kMaxLabels) + " a result may have";
    for (const auto &[key, value] : labels.items()) {
        // A key that is not a name is named by its own problem.
        const std::string where = "labels: " + (is_name(key) ? key + ": " : "");
        if (!value.is_string()) return where + "the value is not a text";
        if (const std::string problem = label_problem(key, value.get_ref<const std::string &>());
            !problem.empty())
            return where + problem;
    }
    return "";
}

nlohmann::json labels_json(const Labels &labels) {
    nlohmann::json out = nlohmann::json::object();
    for (const auto &[key, value] : labels) out[key] = value;
    return out;
}

Labels labels_of(const nlohmann::json &result) {
    Labels labels;
    const nlohmann::json &given = member(result, "labels");
    if (given.is_object())
        for (const auto &[key, value] : given.items())
            if (value.is_string()) labels[key] = value.get<std::string>();
    if (!labels.count(kHostLabel)) {
        const std::string host = string_member(member(result, "system"), "hostname");
        if (!host.empty()) labels[kHostLabel] = host;
    }
    return labels;
}

}  // namespace bytebench
