// The STREAM-style kernels, the arrays they run over, the chunked timed loop
// and the check of the arrays afterwards. See stream.h.
#include <sys/mman.h>

#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

#include "stream.h"

namespace bytebench::plugins::memory {

const char *kernel_name(Kernel k) {
    switch (k) {
        case Kernel::copy:
            return "copy";
        case Kernel::scale:
            return "scale";
        case Kernel::add:
            return "add";
        case Kernel::triad:
            return "triad";
    }
    return "?";
}

int arrays_used(Kernel k) { return k == Kernel::copy || k == Kernel::scale ? 2 : 3; }

uint64_t bytes_per_element(Kernel k) { return uint64_t(arrays_used(k)) * kElementBytes; }

// --- the kernels -----------------------------------------------------------------
// Out of line, so that every chunk is a real call whose stores the caller
// cannot see through; the arrays are read back by validate() afterwards.

__attribute__((noinline)) void copy(double *__restrict c, const double *__restrict a, size_t n) {
    for (size_t i = 0; i < n; ++i) c[i] = a[i];
}

__attribute__((noinline)) void scale(double *__restrict b, const double *__restrict c, double q,
                                     size_t n) {
    for (size_t i = 0; i < n; ++i) b[i] = q * c[i];
}

__attribute__((noinline)) void add(double *__restrict c, const double *__restrict a,
                                   const double *__restrict b, size_t n) {
    for (size_t i = 0; i < n; ++i) c[i] = a[i] + b[i];
}

__attribute__((noinline)) void triad(double *__restrict a, const double *__restrict b,
                                     const double *__restrict c, double q, size_t n) {
    for (size_t i = 0; i < n; ++i) a[i] = b[i] + q * c[i];
}

// --- values ------------------------------------------------------------------------

double initial_a(size_t i) { return 1.0 + double(i & 1023); }
double initial_b(size_t i) { return 2.0 + double((i * 3) & 1023); }
double initial_c(size_t i) { return 0.5 + double((i * 5) & 1023); }

double expected_output(Kernel k, size_t i) {
    switch (k) {
        case Kernel::copy:
            return initial_a(i);
        case Kernel::scale:
            return kScalar * initial_c(i);
        case Kernel::add:
            return initial_a(i) + initial_b(i);
        case Kernel::triad:
            return initial_b(i) + kScalar * initial_c(i);
    }
    return 0.0;
}

// --- arrays --------------------------------------------------------------------------

namespace {

constexpr size_t kHugePage = 2 * kMiB;
constexpr size_t kStagger = 17 * 64;  // bytes; array k starts k * kStagger past 2 MiB

size_t round_up(size_t v, size_t to) { return (v + to - 1) / to * to; }

// Which of a, b, c the kernel uses.
bool uses(Kernel k, char array) {
    switch (k) {
        case Kernel::copy:
            return array == 'a' || array == 'c';
        case Kernel::scale:
            return array == 'b' || array == 'c';
        case Kernel::add:
        case Kernel::triad:
            return true;
    }
    return false;
}

}  // namespace

Arrays::Arrays(Kernel k, size_t elements) : kernel_(k), elements_(elements) {
    if (elements == 0) throw std::invalid_argument("memory: arrays need at least one element");
    if (elements > (SIZE_MAX - 2 * kHugePage) / kElementBytes / 4)
        throw std::invalid_argument("memory: arrays too large for the address space");
    const size_t stride = round_up(elements * kElementBytes + 3 * kStagger, kHugePage);
    const int count = arrays_used(k);
    map_bytes_ = size_t(count) * stride + kHugePage;  // + 2 MiB to align the start
    map_ = mmap(nullptr, map_bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (map_ == MAP_FAILED) {
        map_ = nullptr;
        throw std::runtime_error("memory: cannot map " + format_bytes(map_bytes_) +
                                 " for the arrays: " + std::strerror(errno));
    }
    const uintptr_t base = round_up(reinterpret_cast<uintptr_t>(map_), kHugePage);
#ifdef MADV_HUGEPAGE
    advised_ = madvise(reinterpret_cast<void *>(base), size_t(count) * stride, MADV_HUGEPAGE) == 0;
#endif
    int slot = 0;
    for (char name : {'a', 'b', 'c'}) {
        if (!uses(k, name)) continue;
        double *p = reinterpret_cast<double *>(base + size_t(slot) * (stride + kStagger));
        (name == 'a' ? a_ : name == 'b' ? b_ : c_) = p;
        ++slot;
    }
}

Arrays::~Arrays() {
    if (map_ != nullptr) munmap(map_, map_bytes_);
}

double *Arrays::output() const {
    switch (kernel_) {
        case Kernel::copy:
        case Kernel::add:
            return c_;
        case Kernel::scale:
            return b_;
        case Kernel::triad:
            return a_;
    }
    return nullptr;
}

void initialise(Arrays &arrays) {
    const size_t n = arrays.elements();
    double *out = arrays.output();
    if (double *a = arrays.a(); a != nullptr && a != out)
        for (size_t i = 0; i < n; ++i) a[i] = initial_a(i);
    if (double *b = arrays.b(); b != nullptr && b != out)
        for (size_t i = 0; i < n; ++i) b[i] = initial_b(i);
    if (double *c = arrays.c(); c != nullptr && c != out)
        for (size_t i = 0; i < n; ++i) c[i] = initial_c(i);
    reset_output(arrays);
}

void reset_output(Arrays &arrays) {
    double *out = arrays.output();
    for (size_t i = 0, n = arrays.elements(); i < n; ++i) out[i] = kUnwritten;
}

void run_range(Arrays &arrays, size_t begin, size_t end) {
    const size_t n = end - begin;
    switch (arrays.kernel()) {
        case Kernel::copy:
            copy(arrays.c() + begin, arrays.a() + begin, n);
            break;
        case Kernel::scale:
            scale(arrays.b() + begin, arrays.c() + begin, kScalar, n);
            break;
        case Kernel::add:
            add(arrays.c() + begin, arrays.a() + begin, arrays.b() + begin, n);
            break;
        case Kernel::triad:
            triad(arrays.a() + begin, arrays.b() + begin, arrays.c() + begin, kScalar, n);
            break;
    }
}

void sweep_until(Arrays &arrays, Progress &p, const volatile int32_t *stop, size_t chunk) {
    const size_t n = arrays.elements();
    if (chunk == 0) chunk = n;
    while (*stop == 0) {
        const size_t end = n - p.position > chunk ? p.position + chunk : n;
        run_range(arrays, p.position, end);
        p.elements += end - p.position;
        p.position = end;
        if (p.position == n) {
            ++p.sweeps;
            p.position = 0;
        }
    }
}

// --- validation ------------------------------------------------------------------------

namespace {

struct Findings {
    uint64_t wrong = 0;
    std::string first;  // the first wrong element
};

template <class Expect>
void check(const char *name, const double *x, size_t begin, size_t end, Expect expect,
           Findings &f) {
    for (size_t i = begin; i < end; ++i) {
        const double want = expect(i);
        if (x[i] == want) continue;
        if (f.wrong++ == 0) {
            char line[160];
            std::snprintf(line, sizeof line, "%s[%zu] is %.17g but should be %.17g", name, i, x[i],
                          want);
            f.first = line;
        }
    }
}

}  // namespace

std::string validate(const Arrays &arrays, const Progress &p) {
    const Kernel k = arrays.kernel();
    const size_t n = arrays.elements();
    const double *out = arrays.output();
    Findings f;
    if (arrays.a() != nullptr && arrays.a() != out) check("a", arrays.a(), 0, n, initial_a, f);
    if (arrays.b() != nullptr && arrays.b() != out) check("b", arrays.b(), 0, n, initial_b, f);
    if (arrays.c() != nullptr && arrays.c() != out) check("c", arrays.c(), 0, n, initial_c, f);
    const char *out_name = out == arrays.a() ? "a" : out == arrays.b() ? "b" : "c";
    const size_t written = p.sweeps > 0 ? n : p.position;
    check(
        out_name, out, 0, written, [k](size_t i) { return expected_output(k, i); }, f);
    check(
        out_name, out, written, n, [](size_t) { return kUnwritten; }, f);
    if (f.wrong == 0) return "";
    char tail[160];
    std::snprintf(tail, sizeof tail,
                  " (%" PRIu64 " of %zu elements wrong), after %" PRIu64
                  " whole sweeps and %zu elements",
                  f.wrong, n, p.sweeps, p.position);
    return f.first + tail;
}

}  // namespace bytebench::plugins::memory
