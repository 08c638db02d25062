// A private X server for the graphics tests: `run --display auto` on a
// machine without $DISPLAY (system/display_choice.h decides).
//
// Xvfb is started as
//   Xvfb -displayfd <fd> -screen 0 1280x1024x24 -nolisten tcp -noreset
// so that it picks a free display number itself and writes it to the fd once
// it accepts connections: no guessed numbers, no race with another server,
// and no polling. It runs in its own process group, away from the terminal's
// Ctrl-C, and it must not outlive the run, however the run ends:
//   - a normal end or a first SIGINT/SIGTERM: the destructor stops it
//     (SIGTERM to the group, SIGKILL after 3 s) and reaps it;
//   - a second Ctrl-C, a SIGKILL or a crash of the CLI: the janitor
//     (process/janitor_client.h) is told its process group like a worker's
//     and kills it when the CLI's pipe closes; PR_SET_PDEATHSIG (SIGTERM)
//     is a second line should there be no janitor.
// kill_orphans() (process/orphans.h) spares it between passes.
#pragma once

#include <sys/types.h>

#include <memory>
#include <string>
#include <vector>

namespace bytebench {

class PrivateDisplay {
  public:
    // Starts `xvfb_program` and waits up to `timeout_s` until it says which
    // display it serves. Its stderr goes to `log_path` (its last line is in
    // the message when it fails). Throws std::runtime_error with a one-line
    // reason ("Xvfb exited with status 1 before it was ready: ...").
    static std::unique_ptr<PrivateDisplay> start(const std::string &xvfb_program,
                                                 const std::string &log_path,
                                                 double timeout_s = 15);
    ~PrivateDisplay();
    PrivateDisplay(const PrivateDisplay &) = delete;
    PrivateDisplay &operator=(const PrivateDisplay &) = delete;

    const std::string &display() const { return display_; }  // ":12"
    pid_t pid() const { return pid_; }
    const std::string &screen() const { return screen_; }  // "1280x1024x24"

    // Stops it (idempotent): SIGTERM to its group, SIGKILL after
    // `grace_s`, reaped, and forgotten by the janitor.
    void stop(double grace_s = 3);

  private:
    PrivateDisplay(pid_t pid, std::string display) : pid_(pid), display_(std::move(display)) {}
    pid_t pid_ = -1;
    std::string display_;
    std::string screen_ = "1280x1024x24";
};

// Runs `argv` (argv[0] a path) with stdin from /dev/null and returns what it
// wrote on stdout (at most 64 KiB) when it exits 0 within `timeout_s`;
// otherwise throws std::runtime_error with the reason (its last stderr line,
// its exit status, or "no answer within 10 s"; it is then killed).
std::string program_output(const std::vector<std::string> &argv, double timeout_s = 10);

}  // namespace bytebench
