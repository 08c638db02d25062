// The private Xvfb of `run --display auto` and the helper runner, for real:
// Xvfb says its display once it accepts connections and is gone after
// stop(); a server that cannot start, and a helper that fails or hangs, give
// a one-line reason. The Xvfb tests are skipped where it is not installed.
#include "process/private_display.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "process/orphans.h"

namespace fs = std::filesystem;

namespace bytebench {
namespace {

std::string xvfb_program() {
    for (const char *path : {"/usr/bin/Xvfb", "/usr/local/bin/Xvfb"})
        if (::access(path, X_OK) == 0) return path;
    return "";
}

// The test process's scratch folder, removed when the process ends (the tests
// left one per process in $TMPDIR before).
const fs::path &scratch_folder() {
    struct Folder {
        fs::path path =
            fs::temp_directory_path() / ("bytebench-display-" + std::to_string(getpid()));
        Folder() { fs::create_directories(path); }
        ~Folder() {
            std::error_code ignored;
            fs::remove_all(path, ignored);
        }
    };
    static const Folder folder;
    return folder.path;
}

std::string temp_log(const std::string &name) { return (scratch_folder() / name).string(); }

bool alive(pid_t pid) { return ::kill(pid, 0) == 0 || errno != ESRCH; }

TEST(PrivateDisplay, SaysItsDisplayAndIsGoneAfterStop) {
    const std::string xvfb = xvfb_program();
    if (xvfb.empty()) GTEST_SKIP() << "Xvfb is not installed";
    std::unique_ptr<PrivateDisplay> display = PrivateDisplay::start(xvfb, temp_log("xvfb.log"));
    const std::string name = display->display();
    ASSERT_EQ(name.rfind(':', 0), 0u) << name;
    EXPECT_EQ(display->screen(), "1280x1024x24");
    const pid_t pid = display->pid();
    EXPECT_TRUE(fs::exists("/tmp/.X11-unix/X" + name.substr(1)));
    EXPECT_EQ(::getpgid(pid), pid);  // its own group: the janitor kills it whole
    // kill_orphans() spares it, as it must between passes.
    adopt_orphans();
    kill_orphans({});
    EXPECT_TRUE(alive(pid));
    display->stop();
    EXPECT_FALSE(alive(pid));
    EXPECT_FALSE(fs::exists("/tmp/.X11-unix/X" + name.substr(1)));
    display->stop();  // idempotent
}

TEST(PrivateDisplay, AServerThatExitsGivesItsStatusAndLastLine) {
    const std::string script = temp_log("fake-xvfb");
    std::ofstream(script)
        << "#!/bin/sh\necho 'Fatal server error:' >&2\necho 'no screens' >&2\nexit 1\n";
    fs::permissions(script, fs::perms::owner_all);
    try {
        PrivateDisplay::start(script, temp_log("fake.log"), 5);
        FAIL() << "no exception";
    } catch (const std::runtime_error &e) {
        EXPECT_EQ(std::string(e.what()),
                  script + " exited with status 1 before it was ready: no screens");
    }
}

TEST(PrivateDisplay, AServerThatNeverSaysItsDisplayIsKilled) {
    const std::string script = temp_log("silent-xvfb");
    std::ofstream(script) << "#!/bin/sh\nexec sleep 30\n";
    fs::permissions(script, fs::perms::owner_all);
    try {
        PrivateDisplay::start(script, temp_log("silent.log"), 0.3);
        FAIL() << "no exception";
    } catch (const std::runtime_error &e) {
        EXPECT_EQ(std::string(e.what()), script + " did not say its display within 300 ms");
    }
}

TEST(ProgramOutput, GivesStdoutOrTheReason) {
    EXPECT_EQ(program_output({"/bin/sh", "-c", "echo screen: 1x1x1; echo noise >&2"}),
              "screen: 1x1x1\n");
    try {
        program_output({"/bin/sh", "-c", "echo 'cannot open display' >&2; exit 1"});
        FAIL() << "no exception";
    } catch (const std::runtime_error &e) {
        EXPECT_EQ(std::string(e.what()), "/bin/sh exited with status 1: cannot open display");
    }
    try {
        program_output({"/bin/sh", "-c", "sleep 30"}, 0.3);
        FAIL() << "no exception";
    } catch (const std::runtime_error &e) {
        EXPECT_EQ(std::string(e.what()), "/bin/sh gave no answer within 300 ms");
    }
}

}  // namespace
}  // namespace bytebench
