// The display choice of `run --display` on made-up machines, the display
// names it accepts, the connect check, and system.display from a describer's
// output.
#include "system/display_choice.h"

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>

namespace bytebench {
namespace {

using Action = DisplayChoice::Action;

DisplayOption option(const std::string &text) { return *parse_display_option(text); }

DisplayFacts with_xvfb() {
    DisplayFacts facts;
    facts.xvfb_program = "/usr/bin/Xvfb";
    return facts;
}

TEST(DisplayOption, AcceptsAutoNoneAndDisplayNames) {
    EXPECT_EQ(option("auto").mode, DisplayMode::automatic);
    EXPECT_EQ(option("none").mode, DisplayMode::none);
    for (const char *name : {":1", ":0.0", "unix:12", "localhost:10.0", "host.example:3"}) {
        const auto o = parse_display_option(name);
        ASSERT_TRUE(o) << name;
        EXPECT_EQ(o->mode, DisplayMode::given);
        EXPECT_EQ(o->display, name);
    }
    for (const char *bad : {"", "1", ":", ":x", ":1.x", "Auto", "host:", ":123456"})
        EXPECT_FALSE(parse_display_option(bad)) << bad;
    EXPECT_EQ(display_option_text(option(":3")), "--display :3");
}

TEST(DisplayNumber, IsTheNumberAfterTheLastColon) {
    EXPECT_EQ(display_number(":12"), 12);
    EXPECT_EQ(display_number("unix:12.0"), 12);
    EXPECT_EQ(display_number("localhost:10.0"), 10);
    EXPECT_EQ(display_number("nothing"), -1);
}

TEST(DisplayChoice, NothingIsDecidedWhenNoTestNeedsADisplay) {
    for (const char *o : {"auto", "none", ":5"}) {
        const DisplayChoice c = choose_display(option(o), false, with_xvfb());
        EXPECT_EQ(c.action, Action::nothing) << o;
    }
}

TEST(DisplayChoice, AutoUsesAnAnsweringDisplayVariable) {
    DisplayFacts facts = with_xvfb();
    facts.env_display = ":0";
    const DisplayChoice c = choose_display(option("auto"), true, facts);
    EXPECT_EQ(c.action, Action::use_display);
    EXPECT_EQ(c.display, ":0");
    EXPECT_EQ(c.source, "$DISPLAY");
}

TEST(DisplayChoice, AutoStartsXvfbWithoutADisplayVariable) {
    const DisplayChoice c = choose_display(option("auto"), true, with_xvfb());
    EXPECT_EQ(c.action, Action::start_xvfb);
    EXPECT_EQ(c.source, "private Xvfb");
    EXPECT_EQ(c.note, "");
}

TEST(DisplayChoice, AutoStartsXvfbWhenTheDisplayVariableDoesNotAnswer) {
    DisplayFacts facts = with_xvfb();
    facts.env_display = ":7";
    facts.env_display_problem = "no X server on /tmp/.X11-unix/X7";
    const DisplayChoice c = choose_display(option("auto"), true, facts);
    EXPECT_EQ(c.action, Action::start_xvfb);
    EXPECT_EQ(c.note,
              "$DISPLAY :7 does not answer (no X server on /tmp/.X11-unix/X7): starting a "
              "private Xvfb instead");
}

TEST(DisplayChoice, AutoWithNeitherSkipsNamingThePackage) {
    const DisplayChoice c = choose_display(option("auto"), true, DisplayFacts{});
    EXPECT_EQ(c.action, Action::unavailable);
    EXPECT_EQ(c.skip_reason, kNoDisplayFound);
    EXPECT_EQ(c.skip_reason,
              "needs an X display: install xvfb (Debian package xvfb) or set DISPLAY");
    EXPECT_EQ(c.source, "none");
}

TEST(DisplayChoice, AutoWithADeadDisplayAndNoXvfbSaysBoth) {
    DisplayFacts facts;
    facts.env_display = ":7";
    facts.env_display_problem = "refused";
    const DisplayChoice c = choose_display(option("auto"), true, facts);
    EXPECT_EQ(c.action, Action::unavailable);
    EXPECT_EQ(c.skip_reason,
              "needs an X display: $DISPLAY :7 does not answer (refused); install xvfb (Debian "
              "package xvfb) for a private one");
}

TEST(DisplayChoice, NoneSkips) {
    const DisplayChoice c = choose_display(option("none"), true, with_xvfb());
    EXPECT_EQ(c.action, Action::unavailable);
    EXPECT_EQ(c.skip_reason, "needs an X display (--display none)");
    EXPECT_EQ(c.source, "none");
}

TEST(DisplayChoice, AGivenDisplayIsUsedWhenItAnswersAndNeverReplacedByXvfb) {
    DisplayFacts facts = with_xvfb();
    facts.env_display = ":0";
    DisplayChoice c = choose_display(option(":3"), true, facts);
    EXPECT_EQ(c.action, Action::use_display);
    EXPECT_EQ(c.display, ":3");
    EXPECT_EQ(c.source, "--display :3");
    facts.given_display_problem = "no X server on /tmp/.X11-unix/X3 (Connection refused)";
    c = choose_display(option(":3"), true, facts);
    EXPECT_EQ(c.action, Action::unavailable);
    EXPECT_EQ(c.skip_reason,
              "needs an X display: --display :3 does not answer (no X server on "
              "/tmp/.X11-unix/X3 (Connection refused))");
}

TEST(DisplayProblem, NamesTheSocketThatDoesNotAnswer) {
    const std::string why = display_problem(":98765", 0.2);
    EXPECT_EQ(why.rfind("no X server on /tmp/.X11-unix/X98765 (", 0), 0u) << why;
    EXPECT_EQ(display_problem("nonsense"), "'nonsense' is not an X display name");
}

TEST(DisplayProblem, AnAbstractSocketThatListensAnswers) {
    // A listener on the abstract name Linux X servers use, for a display
    // number no server has.
    const std::string path = "/tmp/.X11-unix/X" + std::to_string(60000 + getpid() % 5000);
    const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    ASSERT_GE(fd, 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::memcpy(address.sun_path + 1, path.data(), path.size());
    const auto size = socklen_t(offsetof(sockaddr_un, sun_path) + 1 + path.size());
    ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr *>(&address), size), 0) << std::strerror(errno);
    ASSERT_EQ(::listen(fd, 1), 0);
    EXPECT_EQ(display_problem(":" + path.substr(path.rfind('X') + 1), 1), "");
    ::close(fd);
}

const char *kXvfbInfo =
    "x_server_vendor: The X.Org Foundation\n"
    "x_server_release: 12101007\n"
    "screen: 1280x1024x24\n"
    "gl_vendor: Mesa\n"
    "gl_renderer: llvmpipe (LLVM 15.0.6, 256 bits)\n"
    "gl_version: 4.5 (Compatibility Profile) Mesa 22.3.6\n";

TEST(DisplayJson, TakesTheHelpersInfoAndLabelsSoftwareRendering) {
    const nlohmann::json j = display_json("private Xvfb", ":12", std::string(kXvfbInfo), "");
    EXPECT_EQ(j["source"], "private Xvfb");
    EXPECT_EQ(j["display"], ":12");
    EXPECT_EQ(j["server"], "The X.Org Foundation 12101007");
    EXPECT_EQ(j["screen"], "1280x1024x24");
    EXPECT_EQ(j["gl_vendor"], "Mesa");
    EXPECT_EQ(j["gl_renderer"], "llvmpipe (LLVM 15.0.6, 256 bits)");
    EXPECT_EQ(j["gl_version"], "4.5 (Compatibility Profile) Mesa 22.3.6");
    EXPECT_EQ(j["software_rendering"], true);
    EXPECT_FALSE(j.contains("why"));
}

TEST(DisplayJson, AHardwareRendererIsNotLabelled) {
    const nlohmann::json j = display_json(
        "$DISPLAY", ":0", std::string("gl_renderer: NVIDIA GeForce RTX 3060/PCIe/SSE2\n"), "");
    EXPECT_FALSE(j.contains("software_rendering"));
    EXPECT_EQ(j["server"], "unknown");
    EXPECT_EQ(j["why"]["server"], "the program that describes the display did not say");
}

TEST(DisplayJson, WithoutADescriberEverythingIsUnknownWithWhy) {
    const nlohmann::json j = display_json("private Xvfb", ":12", std::nullopt,
                                          "no test that needs the display says what describes it");
    for (const char *key : {"server", "screen", "gl_vendor", "gl_renderer", "gl_version"}) {
        EXPECT_EQ(j[key], "unknown") << key;
        EXPECT_EQ(j["why"][key], "no test that needs the display says what describes it") << key;
    }
    EXPECT_FALSE(j.contains("software_rendering"));
}

TEST(SoftwareRenderer, KnowsMesasCpuRasterizers) {
    EXPECT_TRUE(is_software_renderer("llvmpipe (LLVM 15.0.6, 256 bits)"));
    EXPECT_TRUE(is_software_renderer("Gallium 0.4 on softpipe"));
    EXPECT_TRUE(is_software_renderer("Mesa X11 swrast"));
    EXPECT_FALSE(is_software_renderer("AMD Radeon RX 6600 (radeonsi, navi23)"));
}

}  // namespace
}  // namespace bytebench
