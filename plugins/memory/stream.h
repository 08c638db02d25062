// The memory plugin's STREAM-style kernels, sizing rules and arrays, free of
// the plugin ABI so that tests can drive them directly. Built into the static
// library bytebench_memory_kernels with the workload flags.
//
// The four kernels (double precision, scalar q = 3.0), each run alone by one
// workload:
//   copy   c = a          2 arrays moved: 16 bytes per element
//   scale  b = q * c      2 arrays moved: 16 bytes per element
//   add    c = a + b      3 arrays moved: 24 bytes per element
//   triad  a = b + q * c  3 arrays moved: 24 bytes per element
// Bytes are counted as STREAM counts them (every array read or written once
// per element, no write-allocate traffic), so MB/s = 10^6 such bytes per s.
#ifndef BYTEBENCH_MEMORY_STREAM_H
#define BYTEBENCH_MEMORY_STREAM_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace bytebench::plugins::memory {

enum class Kernel { copy, scale, add, triad };

constexpr double kScalar = 3.0;                         // STREAM's q
constexpr uint64_t kElementBytes = sizeof(double);      // 8
constexpr uint64_t kMiB = uint64_t(1) << 20;            //
constexpr uint64_t kMinArrayBytes = 16 * kMiB;          // floor of the auto size
constexpr uint64_t kFallbackLlcBytes = 32 * kMiB;       // when sysfs says nothing
constexpr uint64_t kChunkElements = 4 * kMiB / 8;       // stop-flag granularity
constexpr long long kMaxArrayMib = 16LL * 1024 * 1024;  // array_mib upper bound (16 TiB)

// "copy", "scale", "add", "triad".
const char *kernel_name(Kernel k);
// Arrays the kernel touches (2 or 3); only those are allocated.
int arrays_used(Kernel k);
// Bytes counted per element: arrays_used(k) * 8.
uint64_t bytes_per_element(Kernel k);

// --- the kernels, on raw arrays ----------------------------------------------

void copy(double *__restrict c, const double *__restrict a, size_t n);
void scale(double *__restrict b, const double *__restrict c, double q, size_t n);
void add(double *__restrict c, const double *__restrict a, const double *__restrict b, size_t n);
void triad(double *__restrict a, const double *__restrict b, const double *__restrict c, double q,
           size_t n);

// --- sizing --------------------------------------------------------------------

// The auto array size (bytes per array, per copy): every array, summed over
// the copies, is at least 4 x the last-level caches,
//   max(16 MiB, ceil(4 * llc_total_bytes / copies)) rounded up to whole MiB.
uint64_t auto_array_bytes(uint64_t llc_total_bytes, uint32_t copies);

// The last-level caches: the highest cache level in sysfs (data or unified),
// one instance per distinct shared_cpu_list, sizes summed.
struct Llc {
    uint64_t bytes = kFallbackLlcBytes;
    bool found = false;  // false: bytes is the 32 MiB fallback
    std::string source;  // how it was found, e.g. "sysfs: 1 x L3 of 300 MiB"
};
Llc find_llc(const std::string &cpu_dir = "/sys/devices/system/cpu");

// "307200K", "32M", "1G", "512" -> bytes; nullopt when not a size.
std::optional<uint64_t> parse_cache_size(const std::string &text);

// MemAvailable of a /proc/meminfo, in bytes; nullopt when absent.
std::optional<uint64_t> mem_available(const std::string &meminfo = "/proc/meminfo");

// Memory kept free beside the arrays: max(256 MiB, available / 8).
uint64_t memory_margin(uint64_t available);

// "" when `copies` copies of `per_copy_bytes` of arrays (plus the margin) fit
// in `available` bytes; otherwise the one-line reason, e.g.
// "stream-triad: 2 copies need 7.2 GiB for their arrays plus 0.4 GiB to
// spare, MemAvailable is 3.1 GiB; pass array_mib=460 or less".
std::string memory_shortfall(const std::string &test, Kernel k, uint32_t copies,
                             uint64_t array_bytes, uint64_t available);

// "1.5 GiB" (at or above 1 GiB) or "300 MiB" (whole MiB) or "12 KiB".
std::string format_bytes(uint64_t bytes);

// The bracketed mode of /sys/kernel/mm/transparent_hugepage/enabled
// ("always", "madvise", "never"), or "unknown".
std::string thp_mode(const std::string &path = "/sys/kernel/mm/transparent_hugepage/enabled");

// --- arrays and the timed loop --------------------------------------------------

// The values the arrays start with (inputs) and must hold after a sweep
// (the output). All are small integers or halves: exact in double, whatever
// the compiler's contraction or reassociation.
double initial_a(size_t i);
double initial_b(size_t i);
double initial_c(size_t i);
double expected_output(Kernel k, size_t i);
constexpr double kUnwritten = -1.0;  // the output before run(): never a result

// The arrays of one copy, in one anonymous mapping (MADV_HUGEPAGE asked),
// each 2 MiB-aligned plus a stagger of a few cache lines so that a[i], b[i]
// and c[i] do not share 4 KiB offsets. Pages are not touched here.
class Arrays {
  public:
    Arrays(Kernel k, size_t elements);
    ~Arrays();
    Arrays(const Arrays &) = delete;
    Arrays &operator=(const Arrays &) = delete;

    Kernel kernel() const { return kernel_; }
    size_t elements() const { return elements_; }
    // Null for the array the kernel does not use.
    double *a() const { return a_; }
    double *b() const { return b_; }
    double *c() const { return c_; }
    double *output() const;
    bool huge_pages_advised() const { return advised_; }

  private:
    Kernel kernel_;
    size_t elements_;
    void *map_ = nullptr;
    size_t map_bytes_ = 0;
    double *a_ = nullptr, *b_ = nullptr, *c_ = nullptr;
    bool advised_ = false;
};

// First touch: inputs get initial_*(i), the output kUnwritten.
void initialise(Arrays &arrays);
// The output back to kUnwritten (after the warm-up).
void reset_output(Arrays &arrays);
// The kernel over elements [begin, end).
void run_range(Arrays &arrays, size_t begin, size_t end);

// How far a run got: whole sweeps, then `position` elements of the next.
struct Progress {
    uint64_t sweeps = 0;
    size_t position = 0;
    uint64_t elements = 0;  // elements processed in all
    uint64_t bytes(Kernel k) const { return elements * bytes_per_element(k); }
};

// Runs the kernel in chunks of `chunk` elements, from where `p` stands, and
// checks *stop before every chunk; returns when it is non-zero.
void sweep_until(Arrays &arrays, Progress &p, const volatile int32_t *stop,
                 size_t chunk = kChunkElements);

// Checks every element against what `p` implies: inputs unchanged; the output
// holds expected_output() where a sweep reached it (everywhere after one
// whole sweep, else below p.position) and kUnwritten elsewhere.
// "" when right, else what is wrong, e.g. "c[12] is 5 but should be 3 (5 of
// 1048576 elements wrong), after 7 whole sweeps and 1024 elements".
std::string validate(const Arrays &arrays, const Progress &p);

}  // namespace bytebench::plugins::memory

#endif  // BYTEBENCH_MEMORY_STREAM_H
