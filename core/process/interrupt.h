// SIGINT/SIGTERM/SIGHUP handling for the CLI. The first signal asks the run to stop
// cleanly (workers killed, temp files removed, what was measured written as
// an incomplete result); a second one ends the process at once — workers die
// with it through PR_SET_PDEATHSIG, and the janitor (janitor_client.h) kills what
// they started and removes the temporary files.
#pragma once

namespace bytebench {

void install_interrupt_handlers();
// 0 while no stop was requested, else the signal number.
int interrupt_signal();

}  // namespace bytebench
