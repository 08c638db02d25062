// The first-party "memory" plugin (org.bytebench.memory): sustainable memory
// bandwidth with STREAM's four kernels, one workload each, written from the
// kernels' definitions (no STREAM code):
//   stream-copy   c = a          MB/s, 16 bytes counted per element
//   stream-scale  b = q * c      MB/s, 16 bytes counted per element
//   stream-add    c = a + b      MB/s, 24 bytes counted per element
//   stream-triad  a = b + q * c  MB/s, 24 bytes counted per element
// double precision, q = 3.0; MB = 10^6 bytes; no index baseline.
//
// Array size (parameter array_mib; 0 = auto). STREAM's run rule is that each
// array be at least 4 x the last-level caches of the run. The copies are
// separate processes sharing those caches, so the auto size gives each copy
//   array bytes = max(16 MiB, ceil(4 x LLC_total / copies)), in whole MiB,
// which makes every one of the arrays, summed over the copies, 4 x the LLC
// (the arrays of all copies together: 8 x for copy/scale, 12 x for add/triad).
// LLC_total is the sum of the distinct instances (by shared_cpu_list) of the
// highest cache level in /sys/devices/system/cpu/cpu*/cache/index*; when sysfs
// has none, 32 MiB is assumed and the log and the details say so. E.g. one
// 300 MiB L3: 1 copy 1200 MiB per array, 2 copies 600 MiB each.
// Only the arrays a kernel touches are allocated (2 for copy and scale).
//
// Memory check, before allocating: copies x arrays x array bytes, plus a margin
// of max(256 MiB, MemAvailable / 8), must fit in /proc/meminfo's MemAvailable;
// otherwise the test is skipped with the need, the margin, what is available
// and the largest array_mib that would fit. (Every copy checks for all copies
// at its own start; a copy that has already allocated lowers MemAvailable for
// the others, so a run at the very edge may be skipped.)
//
// create() (untimed): check, map the arrays (2 MiB-aligned, MADV_HUGEPAGE),
// first-touch them with their initial values, one warm-up sweep of the kernel,
// then the output array back to a marker value. run(): the kernel over the
// arrays in chunks of 4 MiB per array, the stop flag checked between chunks;
// the count is the bytes of the chunks done / 10^6 (a chunk is done whole, so
// the last one may end a millisecond or so after the flag; it is in both the
// bytes and the time). Afterwards, outside the measured interval (hence
// set_elapsed_ns): every element is checked — inputs unchanged, the output
// equal to the kernel's result wherever a sweep reached it and still the
// marker elsewhere (each kernel alone is idempotent, so that is what the
// number of sweeps implies). A mismatch fails the test; the check also keeps
// the compiler from dropping the stores.
#include <bytebench/plugin.hpp>
#include <memory>
#include <stdexcept>
#include <string>

#include "stream.h"

namespace bytebench::plugins::memory {
namespace {

const char *test_id(Kernel k) {
    switch (k) {
        case Kernel::copy:
            return "stream-copy";
        case Kernel::scale:
            return "stream-scale";
        case Kernel::add:
            return "stream-add";
        case Kernel::triad:
            return "stream-triad";
    }
    return "stream";
}

template <Kernel K>
class Stream {
  public:
    explicit Stream(const bytebench::Context &ctx) {
        const std::string id = test_id(K);
        const long long mib = ctx.param_int("array_mib");
        if (mib < 0 || mib > kMaxArrayMib)
            throw std::invalid_argument(id + ": array_mib " + std::to_string(mib) +
                                        " is out of range (0 = auto, up to " +
                                        std::to_string(kMaxArrayMib) + ")");
        const uint32_t copies = ctx.copy_count() > 0 ? ctx.copy_count() : 1;
        const Llc llc = find_llc();
        if (!llc.found) ctx.warn(id + ": last-level cache size unknown, " + llc.source);
        const uint64_t array_bytes =
            mib == 0 ? auto_array_bytes(llc.bytes, copies) : uint64_t(mib) * kMiB;
        const uint64_t total = array_bytes * uint64_t(arrays_used(K));

        ctx.detail("array_bytes", std::to_string(array_bytes));
        ctx.detail("arrays", std::to_string(arrays_used(K)));
        ctx.detail("arrays_total_bytes", std::to_string(total));
        ctx.detail("element_bytes", std::to_string(kElementBytes));
        ctx.detail("llc_bytes", std::to_string(llc.bytes));
        ctx.detail("llc_source", llc.source);
        ctx.detail("array_size_rule", mib == 0
                                          ? "auto: max(16 MiB, 4 x llc_bytes / copies), whole MiB"
                                          : "array_mib=" + std::to_string(mib));

        if (const auto available = mem_available()) {
            const std::string reason = memory_shortfall(id, K, copies, array_bytes, *available);
            if (!reason.empty()) throw bytebench::Skip(reason);
        } else {
            ctx.warn(id + ": no MemAvailable in /proc/meminfo; memory not checked");
        }
        if (array_bytes < 4 * llc.bytes / copies)
            ctx.warn(id + ": " + std::to_string(copies) + (copies == 1 ? " copy" : " copies") +
                     " x " + format_bytes(array_bytes) +
                     " per array is less than 4 x the last-level cache (" +
                     format_bytes(llc.bytes) + "): the caches will inflate the result");

        arrays_ = std::make_unique<Arrays>(K, size_t(array_bytes / kElementBytes));
        ctx.detail("transparent_hugepages",
                   thp_mode() + (arrays_->huge_pages_advised() ? ", MADV_HUGEPAGE" : ""));
        initialise(*arrays_);
        run_range(*arrays_, 0, arrays_->elements());  // warm-up: one whole sweep
        reset_output(*arrays_);
        ctx.debug(id + ": " + format_bytes(array_bytes) + " per array, " +
                  std::to_string(arrays_used(K)) + " arrays, " + std::to_string(copies) +
                  (copies == 1 ? " copy" : " copies") + " (" + llc.source + ")");
    }

    double run(bytebench::Context &ctx) {
        const uint64_t begin = ctx.now_ns();
        sweep_until(*arrays_, progress_, ctx.stop_flag());
        ctx.set_elapsed_ns(ctx.now_ns() - begin);
        const std::string wrong = validate(*arrays_, progress_);
        if (!wrong.empty())
            throw std::runtime_error(std::string(test_id(K)) + ": wrong results: " + wrong);
        return double(progress_.bytes(K)) / 1e6;
    }

  private:
    std::unique_ptr<Arrays> arrays_;
    Progress progress_;
};

constexpr const char *kArrayMibHelp =
    "MiB per array and copy; 0 = auto: max(16, 4 x last-level cache / copies)";

const auto kCopy = bytebench::Workload<Stream<Kernel::copy>>("stream-copy")
                       .name("Memory Bandwidth: STREAM Copy")
                       .description(
                           "c = a over double arrays far larger than the last-level cache; "
                           "MB/s counting 16 bytes per element (STREAM's Copy).")
                       .category("memory")
                       .unit("MB/s")
                       .version("1")
                       .time_base(1)
                       .repeat_long()
                       .duration(10)
                       .param_range("array_mib", "int", "0", "0", "16777216", kArrayMibHelp);

const auto kScale = bytebench::Workload<Stream<Kernel::scale>>("stream-scale")
                        .name("Memory Bandwidth: STREAM Scale")
                        .description(
                            "b = 3.0 * c over double arrays far larger than the last-level cache; "
                            "MB/s counting 16 bytes per element (STREAM's Scale).")
                        .category("memory")
                        .unit("MB/s")
                        .version("1")
                        .time_base(1)
                        .repeat_long()
                        .duration(10)
                        .param_range("array_mib", "int", "0", "0", "16777216", kArrayMibHelp);

const auto kAdd = bytebench::Workload<Stream<Kernel::add>>("stream-add")
                      .name("Memory Bandwidth: STREAM Add")
                      .description(
                          "c = a + b over double arrays far larger than the last-level cache; "
                          "MB/s counting 24 bytes per element (STREAM's Add).")
                      .category("memory")
                      .unit("MB/s")
                      .version("1")
                      .time_base(1)
                      .repeat_long()
                      .duration(10)
                      .param_range("array_mib", "int", "0", "0", "16777216", kArrayMibHelp);

const auto kTriad =
    bytebench::Workload<Stream<Kernel::triad>>("stream-triad")
        .name("Memory Bandwidth: STREAM Triad")
        .description(
            "a = b + 3.0 * c over double arrays far larger than the last-level cache; "
            "MB/s counting 24 bytes per element (STREAM's Triad).")
        .category("memory")
        .unit("MB/s")
        .version("1")
        .time_base(1)
        .repeat_long()
        .duration(10)
        .param_range("array_mib", "int", "0", "0", "16777216", kArrayMibHelp);

}  // namespace
}  // namespace bytebench::plugins::memory

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.memory")
                     .name("bytebench memory workloads")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(bytebench::plugins::memory::kCopy)
                     .add(bytebench::plugins::memory::kScale)
                     .add(bytebench::plugins::memory::kAdd)
                     .add(bytebench::plugins::memory::kTriad))
