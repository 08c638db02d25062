// hanoi: UnixBench's "Recursion Test -- Tower of Hanoi" (hanoi.c).
//
// Each loop solves a tower of `disks` disks (2^disks - 1 moves) recursively,
// moving it from peg 1 to peg 3; a move updates the pegs' disk counts, which
// are global so that the optimiser must keep every move.
#include <sstream>
#include <stdexcept>

#include "kernels.h"

namespace bytebench::plugins::cpu {
namespace hanoi {

// Disks on each peg (index 1..3). Not static: the moves must stay visible.
// 32-bit, as UnixBench's int counters (the same instructions), but unsigned:
// they wrap, well defined, after 2^32 moves, and the check works modulo 2^32.
uint32_t g_pegs[4];

namespace {

// Solves so far. In static storage, as UnixBench's counter (which its
// SIGALRM handler reads), not on the stack, which some CPUs make cheaper.
volatile unsigned long g_iter;

// Moves n disks from peg `from` to peg `to`, using the third peg.
void move(int n, int from, int to) {
    if (n == 1) {
        g_pegs[from]--;
        g_pegs[to]++;
        return;
    }
    const int other = 6 - (from + to);
    move(n - 1, from, other);
    move(1, from, to);
    move(n - 1, other, to);
}

}  // namespace

unsigned long run(int disks, const volatile int32_t *stop) {
    if (disks < 1 || disks > 30) throw std::invalid_argument("hanoi: disks must be in 1..30");
    g_pegs[1] = static_cast<uint32_t>(disks);
    g_pegs[2] = 0;
    g_pegs[3] = 0;
    g_iter = 0;
    while (*stop == 0) {
        move(disks, 1, 3);
        g_iter = g_iter + 1;
    }
    // The pegs are not reset between solves: after n solves peg 1 has given
    // n * disks disks to peg 3 and peg 2 is empty (modulo 2^32).
    const unsigned long runs = g_iter;
    const uint32_t moved = static_cast<uint32_t>(runs * static_cast<unsigned long>(disks));
    const uint32_t left = static_cast<uint32_t>(disks) - moved;
    if (g_pegs[1] != left || g_pegs[2] != 0 || g_pegs[3] != moved) {
        std::ostringstream msg;
        msg << "hanoi self-check failed: after " << runs << " solves the pegs hold "
            << static_cast<int32_t>(g_pegs[1]) << ", " << static_cast<int32_t>(g_pegs[2]) << ", "
            << static_cast<int32_t>(g_pegs[3]) << " disks; expected " << static_cast<int32_t>(left)
            << ", 0, " << static_cast<int32_t>(moved);
        throw std::logic_error(msg.str());
    }
    return runs;
}

}  // namespace hanoi
}  // namespace bytebench::plugins::cpu
