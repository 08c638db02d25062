// The names of the documents bytebench writes and reads, and the one check
// of a document's "schema" member: "<prefix><major>" or a later minor of it
// ("bytebench.result/1", "bytebench.result/1.2"), never another major
// ("/10", "/2"). Used by the core's result reader and by every first-party
// reporter; header-only.
#pragma once

#include <string>

namespace bytebench {

inline constexpr const char *kResultSchemaPrefix = "bytebench.result/";
inline constexpr const char *kComparisonSchemaPrefix = "bytebench.comparison/";
inline constexpr const char *kFailureSchemaPrefix = "bytebench.failure/";
inline constexpr int kFailureSchemaMajor = 1;
inline constexpr int kResultSchemaMajor = 1;
inline constexpr int kComparisonSchemaMajor = 2;

// What this build writes.
inline constexpr const char *kResultSchema = "bytebench.result/1";
inline constexpr const char *kComparisonSchema = "bytebench.comparison/2";

inline bool schema_matches(const std::string &name, const std::string &prefix, int major) {
    const std::string number = std::to_string(major);
    const size_t end = prefix.size() + number.size();
    return name.compare(0, prefix.size(), prefix) == 0 &&
           name.compare(prefix.size(), number.size(), number) == 0 &&
           (name.size() == end || name[end] == '.');
}

inline bool is_known_result_schema(const std::string &name) {
    return schema_matches(name, kResultSchemaPrefix, kResultSchemaMajor);
}

// A failure record: what a fleet run writes for a host that gave no result
// (docs/fleet.md).
inline bool is_known_failure_schema(const std::string &name) {
    return schema_matches(name, kFailureSchemaPrefix, kFailureSchemaMajor);
}

inline bool is_known_comparison_schema(const std::string &name) {
    return schema_matches(name, kComparisonSchemaPrefix, kComparisonSchemaMajor);
}

}  // namespace bytebench
