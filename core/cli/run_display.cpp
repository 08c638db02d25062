#include "cli/run_display.h"

#include <bytebench/plugin.h>
#include <spdlog/spdlog.h>
#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <optional>

#include "model/isa_level.h"
#include "system/sysinfo_readers.h"

namespace fs = std::filesystem;

namespace bytebench::cli {
namespace {

// How long the workload's program that describes the display may take
// (plugin.h, bb_requirements.display_info).
constexpr double kDescriberTimeout_s = 20;

// A test that will start workers and needs a display: a single-copy test
// (the graphics tests) in a run without a 1-copy pass is skipped anyway.
bool needs_display(const PlannedTest &t, const std::vector<int> &copies) {
    if (!t.unavailable.empty() || !t.workload.requirements.display) return false;
    const bool single = (t.workload.flags & BB_WORKLOAD_SINGLE_COPY) != 0;
    return !single || std::find(copies.begin(), copies.end(), 1) != copies.end();
}

void mark_unavailable(std::vector<PlannedTest> &tests, const std::vector<int> &copies,
                      const std::string &reason) {
    for (PlannedTest &t : tests)
        if (needs_display(t, copies)) t.unavailable = reason;
}

// The first test that needs a display.
const PlannedTest *first_needing(const std::vector<PlannedTest> &tests,
                                 const std::vector<int> &copies) {
    for (const PlannedTest &t : tests)
        if (needs_display(t, copies)) return &t;
    return nullptr;
}

// The first test that needs a display and says what describes it.
const PlannedTest *first_describing(const std::vector<PlannedTest> &tests,
                                    const std::vector<int> &copies) {
    for (const PlannedTest &t : tests)
        if (needs_display(t, copies) && !t.workload.requirements.display_info.empty()) return &t;
    return nullptr;
}

// system.display from what the describing test's program says of `display`
// (DISPLAY is set); without one, the display's name and source only.
nlohmann::json describe_display(const std::string &source, const std::string &display,
                                const PlannedTest *describing) {
    if (describing == nullptr)
        return display_json(source, display, std::nullopt,
                            "no test that needs the display says what describes it");
    std::string why;
    std::optional<std::string> info;
    std::vector<std::string> command = describing->workload.requirements.display_info;
    command[0] = display_describer(describing->plugin_path, command[0], why);
    if (!command[0].empty()) {
        try {
            info = program_output(command, kDescriberTimeout_s);
        } catch (const std::exception &e) {
            why = describing->workload.requirements.display_info[0] + ": " + e.what();
        }
    }
    return display_json(source, display, info, why);
}

// What Xvfb was told, when the helper could not say.
void fill_xvfb_screen(nlohmann::json &j, const PrivateDisplay &xvfb) {
    if (j.value("screen", "") != kUnknown) return;
    j["screen"] = xvfb.screen();
    if (j.contains("why")) {
        j["why"].erase("screen");
        if (j["why"].empty()) j.erase("why");
    }
}

}  // namespace

std::string display_describer(const std::string &plugin_path, const std::string &program,
                              std::string &why) {
    // A portable build's levels/<level>/x.so has its helpers beside the
    // baseline file, as the workload finds them (bb_host.plugin_dir).
    const fs::path path = fs::path(plugin_package_dir(plugin_path)) / program;
    if (::access(path.c_str(), X_OK) == 0) return path.string();
    why = "the program that describes the display, " + path.string() + ", is " +
          (::access(path.c_str(), F_OK) == 0 ? "not executable" : "missing");
    return "";
}

std::unique_ptr<PrivateDisplay> prepare_display(const DisplayOption &option,
                                                std::vector<PlannedTest> &tests,
                                                const std::vector<int> &copies,
                                                const std::string &temp_root,
                                                nlohmann::json &system) {
    const PlannedTest *first = first_needing(tests, copies);
    const DisplayFacts facts = read_display_facts(option, first != nullptr);
    const DisplayChoice choice = choose_display(option, first != nullptr, facts);
    if (!choice.note.empty()) spdlog::info("{}", choice.note);
    std::unique_ptr<PrivateDisplay> xvfb;
    std::string display = choice.display, skip_reason = choice.skip_reason;
    switch (choice.action) {
        case DisplayChoice::Action::nothing:
            return nullptr;
        case DisplayChoice::Action::start_xvfb:
            try {
                xvfb = PrivateDisplay::start(facts.xvfb_program, temp_root + "/xvfb.log");
                display = xvfb->display();
            } catch (const std::exception &e) {
                skip_reason = std::string("needs an X display: ") + e.what();
            }
            break;
        case DisplayChoice::Action::use_display:
        case DisplayChoice::Action::unavailable:
            break;
    }
    if (!skip_reason.empty()) {
        mark_unavailable(tests, copies, skip_reason);
        system["display"] = {{"source", "none"}, {"reason", skip_reason}};
        spdlog::warn("no X display: the tests that need one are skipped: {}", skip_reason);
        return nullptr;
    }
    ::setenv("DISPLAY", display.c_str(), 1);  // the workers inherit it
    nlohmann::json j = describe_display(choice.source, display, first_describing(tests, copies));
    if (xvfb) fill_xvfb_screen(j, *xvfb);
    spdlog::info("display: {} {} ({})", choice.source, display,
                 j.value("gl_renderer", std::string(kUnknown)));
    system["display"] = std::move(j);
    return xvfb;
}

}  // namespace bytebench::cli
