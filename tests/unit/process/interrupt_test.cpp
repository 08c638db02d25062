// The CLI's stop signals (process/interrupt.h): the first asks for a clean
// stop; a second ends the process only when a person sent it (from the
// terminal, or more than a second later), not when the same request comes
// twice at once (`timeout -s INT` signals the CLI and then its group).
#include "process/interrupt.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

namespace bytebench {
namespace {

TEST(Interrupt, ASecondSignalEndsAtOnceOnlyFromTheTerminalOrLater) {
    EXPECT_FALSE(second_signal_ends_at_once(false, 0.0));
    EXPECT_FALSE(second_signal_ends_at_once(false, 0.9));
    EXPECT_TRUE(second_signal_ends_at_once(false, 1.1));
    EXPECT_TRUE(second_signal_ends_at_once(true, 0.0));
}

// In a child of its own: the handlers are the process's.
TEST(InterruptDeathTest, TheSameStopTwiceAtOnceIsOneStop) {
    EXPECT_EXIT(
        {
            install_interrupt_handlers();
            kill(getpid(), SIGINT);
            kill(getpid(), SIGTERM);
            kill(getpid(), SIGINT);
            _exit(interrupt_signal() == SIGINT ? 7 : 1);
        },
        ::testing::ExitedWithCode(7), "");
}

TEST(InterruptDeathTest, ASecondSignalASecondLaterEndsAtOnce) {
    EXPECT_EXIT(
        {
            install_interrupt_handlers();
            kill(getpid(), SIGTERM);
            usleep(1'200'000);
            kill(getpid(), SIGINT);
            _exit(1);
        },
        ::testing::KilledBySignal(SIGINT), "");
}

}  // namespace
}  // namespace bytebench
