// The machine lines of the text report's header, after UnixBench's own
// (System, OS, Machine, Language, CPU n, uptime): distribution, CPU,
// topology, caches, frequency, memory, virtualisation, temp folder and
// compilers, in UnixBench's "   Name: value" style. A line is written only
// when the document has its member, so older results print as before.
#ifndef BYTEBENCH_REPORTERS_TEXT_SYSTEM_TEXT_HPP
#define BYTEBENCH_REPORTERS_TEXT_SYSTEM_TEXT_HPP

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace bytebench::reporters::text {

// `system` is the result's "system" member.
void write_machine_lines(const nlohmann::json &system, std::ostream &out);

// "48 KiB", "2 MiB", "20.2 GiB": binary units, one decimal unless whole.
std::string bytes_text(double bytes);

// "0-3,8,10-11" for a list of CPU numbers.
std::string ranges_text(const nlohmann::json &numbers);

}  // namespace bytebench::reporters::text

#endif  // BYTEBENCH_REPORTERS_TEXT_SYSTEM_TEXT_HPP
