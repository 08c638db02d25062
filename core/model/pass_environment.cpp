#include "model/pass_environment.h"

#include <cmath>
#include <cstdio>

#include "base/text.h"

namespace bytebench {
namespace {

std::optional<double> share_of(const PassEnvironment &env, const std::optional<double> &seconds) {
    if (!seconds || env.wall_s <= 0 || env.cpus <= 0) return std::nullopt;
    return *seconds / (env.wall_s * env.cpus);
}

std::string percent(double share) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f%%", share * 100);
    return text;
}

// Three significant decimals are more than /proc/stat's ticks give.
double rounded(double value, double unit) { return std::round(value / unit) * unit; }

// `value` under `key`, or "unknown" with the reason from env.why.
void put(nlohmann::json &j, const PassEnvironment &env, const std::string &key,
         const nlohmann::json &value, bool known) {
    if (known) {
        j[key] = value;
        return;
    }
    j[key] = "unknown";
    const auto why = env.why.find(key);
    j["why"][key] = why != env.why.end() ? why->second : "not measured";
}

}  // namespace

std::optional<double> PassEnvironment::steal_share() const { return share_of(*this, steal_s); }

std::optional<double> PassEnvironment::foreign_share() const {
    return share_of(*this, foreign_cpu_s);
}

std::optional<double> PassEnvironment::average_w() const {
    if (!energy_j || wall_s <= 0) return std::nullopt;
    return *energy_j / wall_s;
}

double PassEnvironment::share_resolution() const { return wall_s > 0 ? 2 * tick_s / wall_s : 1.0; }

void judge_disturbance(PassEnvironment &env, const DisturbanceLimits &limits) {
    env.disturbed.clear();
    const double margin = env.share_resolution();
    if (const auto steal = env.steal_share(); steal && *steal > limits.steal_share + margin)
        env.disturbed.push_back("steal was " + percent(*steal) + " of the CPU time (more than " +
                                percent(limits.steal_share) + ")");
    if (const auto foreign = env.foreign_share();
        foreign && *foreign > limits.foreign_share + margin)
        env.disturbed.push_back("other processes used " + percent(*foreign) +
                                " of the CPU time (more than " + percent(limits.foreign_share) +
                                ")");
    if (env.throttle_events && *env.throttle_events > 0)
        env.disturbed.push_back("the CPUs were throttled " +
                                count_text(*env.throttle_events, "time", "times") +
                                " (too hot or over their power limit)");
}

nlohmann::json to_json(const DisturbanceLimits &limits) {
    return {{"steal_share", limits.steal_share},
            {"foreign_share", limits.foreign_share},
            {"throttle_events", 0}};
}

nlohmann::json to_json(const PassEnvironment &env) {
    nlohmann::json j = {{"wall_s", rounded(env.wall_s, 1e-4)}, {"cpus", env.cpus}};
    const auto steal = env.steal_share();
    put(j, env, "steal_s", env.steal_s ? rounded(*env.steal_s, 1e-3) : 0.0, bool(env.steal_s));
    if (steal) j["steal_share"] = rounded(*steal, 1e-4);
    put(j, env, "own_cpu_s", env.own_cpu_s ? rounded(*env.own_cpu_s, 1e-3) : 0.0,
        bool(env.own_cpu_s));
    put(j, env, "foreign_cpu_s", env.foreign_cpu_s ? rounded(*env.foreign_cpu_s, 1e-3) : 0.0,
        bool(env.foreign_cpu_s));
    if (const auto foreign = env.foreign_share()) j["foreign_share"] = rounded(*foreign, 1e-4);
    j["share_resolution"] = rounded(env.share_resolution(), 1e-4);
    put(j, env, "frequency_mhz", env.frequency_mhz ? rounded(*env.frequency_mhz, 1.0) : 0.0,
        bool(env.frequency_mhz));
    if (env.frequency_mhz) j["frequency_source"] = env.frequency_source;
    put(j, env, "throttle_events", env.throttle_events.value_or(0), bool(env.throttle_events));
    put(j, env, "energy_j", env.energy_j ? rounded(*env.energy_j, 1e-3) : 0.0, bool(env.energy_j));
    if (const auto watts = env.average_w()) j["average_w"] = rounded(*watts, 1e-3);
    if (!env.disturbed.empty()) j["disturbed"] = env.disturbed;
    return j;
}

}  // namespace bytebench
