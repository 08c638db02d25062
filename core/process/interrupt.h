// SIGINT/SIGTERM/SIGHUP handling for the CLI. The first signal asks the run
// to stop cleanly (workers killed, temp files removed, what was measured
// written as an incomplete result, reported and recorded). A second one ends
// the process at once (workers die with it through PR_SET_PDEATHSIG, and
// the janitor, janitor_client.h, kills what they started and removes the
// temporary files), but only when a person sent it:
//   - from the terminal (Ctrl-C, a hang-up: the kernel's tty driver sends
//     those, si_code SI_KERNEL), or
//   - more than kRepeatedStopSeconds after the first.
// A second kill() within that second is the same request again, not
// impatience: `timeout -s INT 60 bytebench run` signals the CLI and then
// its process group, so the CLI gets the signal twice at once, and `kill`
// of a shell script's job may do the same. Ignoring it keeps the clean stop
// (the text report and the history entry) that the first one asked for.
#pragma once

#include <signal.h>

namespace bytebench {

// How long after the first stop a second kill() is taken as "now".
inline constexpr double kRepeatedStopSeconds = 1.0;

void install_interrupt_handlers();
// 0 while no stop was requested, else the signal number.
int interrupt_signal();

// SIGINT, SIGTERM and SIGHUP held back in this thread while it lives, and
// delivered when it goes: for a step that must finish or not start (an
// import's file and its history entry).
class StopSignalsDeferred {
  public:
    StopSignalsDeferred();
    ~StopSignalsDeferred();
    StopSignalsDeferred(const StopSignalsDeferred &) = delete;
    StopSignalsDeferred &operator=(const StopSignalsDeferred &) = delete;

  private:
    sigset_t old_;
};

// What the handler does with a signal that arrives while a stop is already
// under way, `seconds_since_first` after the first: true ends the process.
bool second_signal_ends_at_once(bool from_terminal, double seconds_since_first);

}  // namespace bytebench
