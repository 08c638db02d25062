// arith: UnixBench's "Arithmetic Test" (arith.c) and "Arithoh".
//
// Each loop calls dumb_stuff(), which runs
//   for i = 2..101: x = i; y = x*x; z += y/(y-1)
// in the datum type and returns x + y + z; the `none` type (Arithoh) is the
// empty counting loop.
//
// Unlike UnixBench's binaries, the arithmetic really runs. dumb_stuff() is an
// opaque call (noipa), so the optimiser can neither hoist its loop-invariant
// result out of the timed loop nor drop it; its series starts from a value
// the optimiser cannot see, so it cannot be folded at compile time either;
// and every result goes to a volatile sink. (With GCC 12 -O3 -ffast-math,
// UnixBench's arith binaries keep only an empty 100-iteration loop, whatever
// the type: their numbers measure no arithmetic.)
//
// The loop counter is volatile, as in UnixBench 6.0, and in static storage,
// as UnixBench's (its SIGALRM handler reads it): CPUs that rename stack
// memory run a counter on the stack much faster (4x for the empty loop on a
// Sapphire Rapids VM).
#include <stdexcept>

#include "kernels.h"

namespace bytebench::plugins::cpu {
namespace arith {
namespace {

volatile double g_sink;
volatile unsigned long g_iter;

template <class Datum>
[[gnu::noipa]] Datum dumb_stuff_of(int i) {
    int first = 2;
    asm("" : "+r"(first));  // the compiler no longer knows it is 2
    Datum x = 0, y = 0, z = 0;
    for (i = first; i <= 101; i++) {
        x = static_cast<Datum>(i);
        y = static_cast<Datum>(x * x);
        z = static_cast<Datum>(z + y / static_cast<Datum>(y - 1));
    }
    return static_cast<Datum>(x + y + z);
}

template <class Datum>
unsigned long loop(const volatile int32_t *stop) {
    g_iter = 0;
    Datum result = 0;
    while (*stop == 0) {
        result = dumb_stuff_of<Datum>(static_cast<int>(result));
        g_sink = static_cast<double>(result);
        g_iter = g_iter + 1;
    }
    return g_iter;
}

unsigned long empty_loop(const volatile int32_t *stop) {
    g_iter = 0;
    while (*stop == 0) g_iter = g_iter + 1;
    return g_iter;
}

}  // namespace

Type parse_type(const std::string &name) {
    if (name == "none") return Type::none;
    if (name == "short") return Type::short_;
    if (name == "int") return Type::int_;
    if (name == "long") return Type::long_;
    if (name == "float") return Type::float_;
    if (name == "double") return Type::double_;
    throw std::invalid_argument("arith: unknown type '" + name +
                                "' (expected none, short, int, long, float or double)");
}

double dumb_stuff(Type type) {
    switch (type) {
        case Type::none:
            return 0.0;
        case Type::short_:
            return dumb_stuff_of<short>(0);
        case Type::int_:
            return dumb_stuff_of<int>(0);
        case Type::long_:
            return static_cast<double>(dumb_stuff_of<long>(0));
        case Type::float_:
            return dumb_stuff_of<float>(0);
        case Type::double_:
            return dumb_stuff_of<double>(0);
    }
    return 0.0;
}

unsigned long run(Type type, const volatile int32_t *stop) {
    switch (type) {
        case Type::none:
            return empty_loop(stop);
        case Type::short_:
            return loop<short>(stop);
        case Type::int_:
            return loop<int>(stop);
        case Type::long_:
            return loop<long>(stop);
        case Type::float_:
            return loop<float>(stop);
        case Type::double_:
            return loop<double>(stop);
    }
    return 0;
}

}  // namespace arith
}  // namespace bytebench::plugins::cpu
