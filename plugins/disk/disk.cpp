// disk: raw disk I/O through one file per copy.
//
//   disk-seq-read    sequential reads,  MB/s (10^6 bytes/s), block 1024 KiB
//   disk-seq-write   sequential writes, MB/s (10^6 bytes/s), block 1024 KiB
//   disk-rand-read   random reads,  IOPS, block 4 KiB
//   disk-rand-write  random writes, IOPS, block 4 KiB
//
// Parameters:
//   file_mib     size of the file each copy works on (default 256), rounded
//                down to whole blocks;
//   block_kib    bytes per I/O, in KiB;
//   queue_depth  I/Os in flight per copy (default 1): queue_depth threads of
//                the copy's process, each issuing one synchronous pread() or
//                pwrite() at a time, like fio's ioengine=psync with
//                numjobs=queue_depth, except that the threads share the
//                copy's file (and, when sequential, one stream: the k-th
//                block claimed by any thread is block k mod blocks);
//   direct       "auto" (default): O_DIRECT when the file system accepts it,
//                else buffered I/O with fsync; "on": O_DIRECT or fail;
//                "off": buffered I/O with fsync.
// Each declares its bounds or choices (ABI 1.2): the CLI refuses a value
// outside them before any worker starts; create() checks them again.
//
// O_DIRECT. The file is opened with O_DIRECT. A file system that refuses it
// (open fails with EINVAL, statx reports no direct I/O support, or the first
// aligned write fails with EINVAL) means buffered I/O under "auto" and an
// error under "on". Buffers are 4096-aligned (posix_memalign). Offsets and
// sizes are multiples of the block, which must be a multiple of the file's
// direct-I/O offset alignment: statx(STATX_DIOALIGN) where the kernel reports
// it (Linux 6.1 and later), else 4096 assumed. Kept simple: no ioctl on the
// device, no per-device tuning.
//
// Buffered I/O. Every write is followed by fdatasync() so the data reaches the
// device; before the pass the file is fsync'ed and dropped from the page cache
// (POSIX_FADV_DONTNEED), but the page cache can still serve reads of blocks
// read before (random reads, or a file smaller than memory wrapping around),
// which the details say.
//
// Setup (create(), untimed, before the start barrier): check that the file
// system of temp_dir has room for every copy's file (copies x file + 1 MiB,
// failing with a one-line reason naming need and have), then write the file
// fully and fsync it, for all four workloads, so that the timed writes
// overwrite allocated blocks. The data is pseudo-random and stamped (see
// disk_io.h), so neither compression nor deduplication can shortcut it.
//
// The pass (run()): I/O until the stop flag; the threads poll it between
// I/Os and are joined before run() returns. The count is bytes / 10^6 for the
// MB/s tests and completed I/Os for the IOPS tests (time base 1 s: the host
// divides by the pass's wall time). An I/O error (EIO, ENOSPC, EDQUOT,
// EROFS, ...) fails the test with the file, operation, offset and errno.
// The file is closed and removed when the workload is destroyed (and the host
// removes temp_dir in any case).
//
// Details recorded (ABI 1.1): file_bytes, block_bytes, queue_depth, io_mode,
// filesystem, alignment, and page_cache for buffered I/O.
//
// Latency metrics (ABI 1.2), of the random workloads (the IOPS ones, where
// the time of one I/O is the question): lat_p50_us, lat_p99_us and
// lat_max_us, lower is better; copies combine by mean (p50) and max (p99,
// max). Each thread reads the clock around each pread() or pwrite() (with
// its fdatasync, for buffered writes) into its own preallocated histogram
// (latency_histogram.h: no allocation, no lock, 0.4 % precision); the
// quantiles are computed after the timed loop. What that costs the count is
// the two clock reads per I/O: 2 x 93 ns on the VM it was measured on
// (bench/disk_latency_overhead.py), nothing against an O_DIRECT device I/O
// (tens of us) but up to a third of a buffered read served from the page
// cache (0.6 us). The IOPS can therefore move, so the random workloads are
// version "2"; the sequential ones, untouched, stay "1".
//
// Known limit: copies check free space at about the same time, while other
// copies may already be filling their files, so a disk whose free space is
// within (copies - 1) files of the need can fail the check needlessly.
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <bytebench/plugin.hpp>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "disk_io.h"
#include "latency_histogram.h"

namespace bytebench::plugins::disk {
namespace {

constexpr uint64_t kSpareBytes = kMiB;  // for the file system's own blocks
constexpr uint64_t kDefaultAlignment = 4096;
constexpr uint64_t kBufferAlignment = 4096;
constexpr long long kMaxFileMiB = 1024 * 1024;  // 1 TiB
constexpr long long kMaxBlockKiB = 64 * 1024;   // 64 MiB
constexpr long long kMaxQueueDepth = 256;
// The parameters' declared bounds (disk_workload) say the same.
static_assert(kMaxFileMiB == 1048576 && kMaxBlockKiB == 65536 && kMaxQueueDepth == 256,
              "update the bounds in disk_workload()'s param_range() too");
constexpr uint64_t kMaxBufferBytes = 1024 * kMiB;  // all threads' buffers together
constexpr int kEndOfFile = -1;                     // pread_all(): the file ended early

struct Spec {
    const char *id;
    bool write;
    bool random;  // random offsets, counted in IOPS, latencies timed; else sequential, in MB/s
};

// CLOCK_MONOTONIC in ns, read around each I/O of the timed workloads.
uint64_t clock_ns() {
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return uint64_t(ts.tv_sec) * 1'000'000'000ull + uint64_t(ts.tv_nsec);
}

enum class Direct { automatic, on, off };

// "No space left on device (ENOSPC)".
std::string errno_text(int err) {
    std::string text = std::strerror(err);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 32))
    if (const char *name = strerrorname_np(err)) text += std::string(" (") + name + ")";
#endif
    return text;
}

// "EINVAL" (or the number where the C library has no names).
std::string errno_name(int err) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 32))
    if (const char *name = strerrorname_np(err)) return name;
#endif
    return "errno " + std::to_string(err);
}

std::string mib_1(uint64_t bytes) {  // "514.0 MiB"
    char text[48];
    std::snprintf(text, sizeof text, "%.1f MiB", double(bytes) / double(kMiB));
    return text;
}

std::string size_text(uint64_t bytes) {  // "256 MiB", or "1020 KiB"
    return bytes % kMiB == 0 ? std::to_string(bytes / kMiB) + " MiB"
                             : std::to_string(bytes / 1024) + " KiB";
}

// The file system type of `dir`, by statfs() magic.
std::string filesystem_name(const std::string &dir) {
    struct statfs st {};
    if (::statfs(dir.c_str(), &st) != 0) return "unknown (statfs: " + errno_text(errno) + ")";
    static const struct {
        uint32_t magic;
        const char *name;
    } kNames[] = {
        {0xEF53, "ext4"},  // ext2 and ext3 share the magic
        {0x58465342, "xfs"},   {0x9123683E, "btrfs"},   {0x01021994, "tmpfs"},
        {0x858458F6, "ramfs"}, {0x794C7630, "overlay"}, {0x6969, "nfs"},
        {0xF2F52010, "f2fs"},  {0x2FC12FC1, "zfs"},     {0x65735546, "fuse"},
        {0x01021997, "9p"},    {0xFF534D42, "cifs"},    {0x5346544E, "ntfs"},
        {0x4D44, "vfat"},      {0x2011BAB0, "exfat"},   {0x73717368, "squashfs"},
    };
    const auto magic = static_cast<uint32_t>(st.f_type);
    for (const auto &n : kNames)
        if (n.magic == magic) return n.name;
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%x", unsigned(magic));
    return hex;
}

// Transfers exactly `len` bytes at `offset`, resuming after EINTR and short
// transfers. 0, an errno, or kEndOfFile.
int pwrite_all(int fd, const unsigned char *data, uint64_t len, uint64_t offset) {
    while (len > 0) {
        const ssize_t n = ::pwrite(fd, data, len, off_t(offset));
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (n == 0) return EIO;  // no progress and no error: report it as one
        data += n, len -= uint64_t(n), offset += uint64_t(n);
    }
    return 0;
}

int pread_all(int fd, unsigned char *data, uint64_t len, uint64_t offset) {
    while (len > 0) {
        const ssize_t n = ::pread(fd, data, len, off_t(offset));
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (n == 0) return kEndOfFile;
        data += n, len -= uint64_t(n), offset += uint64_t(n);
    }
    return 0;
}

struct FreeDeleter {
    void operator()(unsigned char *p) const { std::free(p); }
};
using Buffer = std::unique_ptr<unsigned char[], FreeDeleter>;

Buffer aligned_buffer(uint64_t bytes, uint64_t alignment) {
    void *p = nullptr;
    if (::posix_memalign(&p, alignment, bytes) != 0) throw std::bad_alloc();
    return Buffer(static_cast<unsigned char *>(p));
}

// The copy's file: removed when the workload is destroyed, also after a
// failed create().
class File {
  public:
    explicit File(std::string path) : path_(std::move(path)) {}
    ~File() {
        if (fd_ >= 0) ::close(fd_);
        if (opened_) ::unlink(path_.c_str());
    }
    File(const File &) = delete;
    File &operator=(const File &) = delete;

    // Opens (creating, truncating) read/write; 0 or errno.
    int open(bool direct) {
        if (fd_ >= 0) ::close(fd_);
        opened_ = true;  // even a refused open may have created the file
        fd_ = ::open(path_.c_str(),
                     O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC | (direct ? O_DIRECT : 0), 0600);
        return fd_ < 0 ? errno : 0;
    }
    int fd() const noexcept { return fd_; }
    const std::string &path() const noexcept { return path_; }

  private:
    std::string path_;
    int fd_ = -1;
    bool opened_ = false;
};

// Blocks every signal on this thread while alive, so that the threads it
// starts never take the host's signals (its stop timer, SIGTERM): those run
// on the calling thread.
class SignalsBlocked {
  public:
    SignalsBlocked() {
        sigset_t all;
        sigfillset(&all);
        pthread_sigmask(SIG_SETMASK, &all, &saved_);
    }
    ~SignalsBlocked() { pthread_sigmask(SIG_SETMASK, &saved_, nullptr); }
    SignalsBlocked(const SignalsBlocked &) = delete;
    SignalsBlocked &operator=(const SignalsBlocked &) = delete;

  private:
    sigset_t saved_;
};

// What the threads of one pass share.
struct Pass {
    std::atomic<uint64_t> claimed{0};  // I/Os claimed so far (sequential: the next block)
    std::atomic<bool> abort{false};    // a thread failed: the others stop too
    std::mutex mutex;
    std::string error;  // the first failure

    void fail(const std::string &what) {
        {
            std::lock_guard<std::mutex> lock(mutex);
            if (error.empty()) error = what;
        }
        abort.store(true);
    }
};

Direct parse_direct(const std::string &id, const std::string &v) {
    if (v == "auto") return Direct::automatic;
    if (v == "on") return Direct::on;
    if (v == "off") return Direct::off;
    throw std::invalid_argument(id + ": direct must be auto, on or off, not '" + v + "'");
}

long long int_param(const bytebench::Context &ctx, const std::string &id, const char *key,
                    long long lo, long long hi) {
    const long long v = ctx.param_int(key);
    if (v < lo || v > hi)
        throw std::invalid_argument(id + ": " + key + " " + std::to_string(v) +
                                    " is out of range (" + std::to_string(lo) + " to " +
                                    std::to_string(hi) + ")");
    return v;
}

std::string temp_dir_of(const bytebench::Context &ctx, const Spec &spec) {
    std::string dir = ctx.temp_dir();
    if (dir.empty()) throw std::runtime_error(std::string(spec.id) + ": the host gave no temp_dir");
    return dir;
}

class DiskTest {
  public:
    DiskTest(const bytebench::Context &ctx, const Spec &spec)
        : spec_(spec), id_(spec.id), dir_(temp_dir_of(ctx, spec)), file_(dir_ + "/disk.dat") {
        const long long file_mib = int_param(ctx, id_, "file_mib", 1, kMaxFileMiB);
        const long long block_kib = int_param(ctx, id_, "block_kib", 1, kMaxBlockKiB);
        queue_depth_ = uint32_t(int_param(ctx, id_, "queue_depth", 1, kMaxQueueDepth));
        const Direct direct = parse_direct(id_, ctx.param("direct"));
        if (block_kib > file_mib * 1024)
            throw std::invalid_argument(id_ + ": block_kib " + std::to_string(block_kib) +
                                        " is larger than the file (file_mib " +
                                        std::to_string(file_mib) + ")");
        layout_ = make_layout(uint64_t(file_mib) * kMiB, uint64_t(block_kib) * 1024);
        const uint64_t per_thread = spec_.write ? layout_.ring_bytes() : layout_.block_bytes;
        if (per_thread * queue_depth_ > kMaxBufferBytes)
            throw std::invalid_argument(id_ + ": queue_depth " + std::to_string(queue_depth_) +
                                        " with " + size_text(per_thread) +
                                        " buffers needs more than 1 GiB of memory");
        seed_ = copy_seed(ctx.copy_index(), ctx.pass_index());
        tag_ = file_tag(seed_);

        check_free_space(std::max<uint32_t>(1, ctx.copy_count()));
        const std::string fs = filesystem_name(dir_);
        open_file(direct, fs);

        Buffer pattern = aligned_buffer(layout_.ring_bytes(), mem_alignment_);
        fill_pattern(pattern.get(), layout_.ring_bytes(), seed_);
        fill(ctx, pattern.get(), direct, fs);
        for (uint32_t t = 0; t < queue_depth_; ++t) {
            buffers_.push_back(aligned_buffer(per_thread, mem_alignment_));
            if (spec_.write) std::memcpy(buffers_.back().get(), pattern.get(), per_thread);
        }
        if (spec_.random) latencies_.resize(queue_depth_);  // before the timed loop

        ctx.detail("file_bytes", std::to_string(layout_.file_bytes()));
        ctx.detail("block_bytes", std::to_string(layout_.block_bytes));
        ctx.detail("queue_depth", std::to_string(queue_depth_));
        ctx.detail("io_mode", io_mode_);
        ctx.detail("filesystem", fs);
        ctx.detail("alignment", direct_
                                    ? std::to_string(alignment_) + " (" + alignment_source_ + ")"
                                    : "none (buffered I/O)");
        if (!direct_)
            ctx.detail("page_cache",
                       spec_.write ? "written through: fdatasync after every block"
                                   : "file dropped before the pass (fsync, POSIX_FADV_DONTNEED); "
                                     "reads may still be served from the page cache");
    }

    double run(bytebench::Context &ctx) {
        const volatile int32_t *stop = ctx.stop_flag();
        Pass pass;
        std::vector<uint64_t> done(queue_depth_, 0);
        std::vector<std::thread> threads;
        {
            const SignalsBlocked blocked;  // inherited by the threads only
            try {
                for (uint32_t t = 1; t < queue_depth_; ++t)
                    threads.emplace_back(
                        [this, t, stop, &pass, &done] { io_loop(t, stop, pass, done[t]); });
            } catch (...) {
                pass.abort.store(true);
                for (std::thread &th : threads) th.join();
                throw;
            }
        }
        io_loop(0, stop, pass, done[0]);
        for (std::thread &th : threads) th.join();
        if (!pass.error.empty()) throw std::runtime_error(pass.error);
        record_latencies(ctx);
        uint64_t ios = 0;
        for (uint64_t n : done) ios += n;
        return spec_.random ? double(ios) : double(ios) * double(layout_.block_bytes) / 1e6;
    }

  private:
    // The threads' latencies as the copy's metrics, in microseconds.
    void record_latencies(const bytebench::Context &ctx) {
        if (latencies_.empty()) return;
        LatencyHistogram all = latencies_[0];
        for (size_t t = 1; t < latencies_.size(); ++t) all.merge(latencies_[t]);
        if (all.count() == 0) return;  // no I/O finished: no latency to tell
        ctx.metric("lat_p50_us", all.quantile_ns(0.50) / 1e3);
        ctx.metric("lat_p99_us", all.quantile_ns(0.99) / 1e3);
        ctx.metric("lat_max_us", double(all.max_ns()) / 1e3);
    }

    // "disk-seq-read: pread /dir/disk.dat at offset 4096: Input/output error (EIO)"
    std::string io_error(const char *op, uint64_t offset, int err) const {
        const std::string what = err == kEndOfFile
                                     ? "unexpected end of file (it should hold " +
                                           std::to_string(layout_.file_bytes()) + " bytes)"
                                     : errno_text(err);
        return id_ + ": " + op + " " + file_.path() + " at offset " + std::to_string(offset) +
               ": " + what;
    }
    std::string file_error(const char *op, int err) const {
        return id_ + ": " + op + " " + file_.path() + ": " + errno_text(err);
    }

    void check_free_space(uint32_t copies) const {
        struct statvfs st {};
        if (::statvfs(dir_.c_str(), &st) != 0)
            throw std::runtime_error(id_ + ": statvfs " + dir_ + ": " + errno_text(errno));
        if (st.f_blocks == 0) return;  // a file system that does not tell (ramfs)
        const uint64_t have = uint64_t(st.f_bavail) * uint64_t(st.f_frsize);
        const uint64_t need = uint64_t(copies) * layout_.file_bytes() + kSpareBytes;
        if (have >= need) return;
        throw std::runtime_error(id_ + ": needs " + mib_1(need) + " free in " + dir_ + " (" +
                                 std::to_string(copies) + (copies == 1 ? " copy" : " copies") +
                                 " of " + size_text(layout_.file_bytes()) + " and " +
                                 size_text(kSpareBytes) + " spare), has " + mib_1(have));
    }

    // Opens the file with O_DIRECT when `direct` allows and the file system
    // accepts it; otherwise buffered (or, for direct=on, fails).
    void open_file(Direct direct, const std::string &fs) {
        if (direct == Direct::off) return open_buffered(direct, "direct=off");
        if (const int err = file_.open(true); err != 0) {
            if (err != EINVAL) throw std::runtime_error(file_error("open", err));
            return open_buffered(direct, "O_DIRECT refused by " + fs + ": " + errno_name(err));
        }
        direct_ = true;
        io_mode_ = "O_DIRECT";
        alignment_ = kDefaultAlignment;
        alignment_source_ = "assumed; statx reports no direct I/O alignment here";
#ifdef STATX_DIOALIGN
        struct statx sx {};
        if (::statx(file_.fd(), "", AT_EMPTY_PATH, STATX_DIOALIGN, &sx) == 0 &&
            (sx.stx_mask & STATX_DIOALIGN) != 0) {
            if (sx.stx_dio_offset_align == 0)
                return open_buffered(direct, "O_DIRECT not supported by " + fs + " (statx)");
            alignment_ = sx.stx_dio_offset_align;
            mem_alignment_ = std::max<uint64_t>(kBufferAlignment, sx.stx_dio_mem_align);
            alignment_source_ = "statx STATX_DIOALIGN";
        }
#endif
        if (layout_.block_bytes % alignment_ != 0)
            throw std::invalid_argument(
                id_ + ": block_kib " + std::to_string(layout_.block_bytes / 1024) +
                " is not a multiple of the O_DIRECT alignment of " + fs + " (" +
                std::to_string(alignment_) + " bytes); use a larger block or direct=off");
    }

    // Buffered I/O because of `reason`; direct=on fails instead.
    void open_buffered(Direct direct, const std::string &reason) {
        if (direct == Direct::on)
            throw std::runtime_error(id_ + ": direct=on, but " + reason + " (" + file_.path() +
                                     ")");
        if (const int err = file_.open(false); err != 0)
            throw std::runtime_error(file_error("open", err));
        direct_ = false;
        io_mode_ = "buffered+fsync (" + reason + ")";
    }

    // Writes the whole file (seq 0 stamps), fsyncs it and, for buffered I/O,
    // drops it from the page cache.
    void fill(const bytebench::Context &ctx, unsigned char *pattern, Direct direct,
              const std::string &fs) {
        const int fd = file_.fd();
        const uint64_t total = layout_.file_bytes(), ring = layout_.ring_bytes();
        for (uint64_t offset = 0; offset < total;) {
            const uint64_t len = std::min(ring, total - offset);
            stamp_blocks(pattern, len, layout_.block_bytes, offset, tag_, 0);
            int err = pwrite_all(fd, pattern, len, offset);
            if (err == EINVAL && offset == 0 && direct_ && direct == Direct::automatic) {
                // Accepted at open, refused at the first write: buffered then.
                if (::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_DIRECT) != 0)
                    throw std::runtime_error(file_error("fcntl(~O_DIRECT)", errno));
                direct_ = false;
                io_mode_ = "buffered+fsync (O_DIRECT write refused by " + fs + ": EINVAL)";
                err = pwrite_all(fd, pattern, len, offset);
            }
            if (err != 0) throw std::runtime_error(io_error("pwrite", offset, err));
            offset += len;
            ctx.progress(double(offset) / double(total));
        }
        if (::fsync(fd) != 0) throw std::runtime_error(file_error("fsync", errno));
        if (!direct_) ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);  // advice: may do nothing
    }

    // One thread's I/O until the stop flag or another thread's failure.
    void io_loop(uint32_t thread, const volatile int32_t *stop, Pass &pass,
                 uint64_t &done) noexcept {
        try {
            const int fd = file_.fd();
            const uint64_t block = layout_.block_bytes, ring = layout_.ring_bytes();
            unsigned char *buf = buffers_[thread].get();
            RandomOffsets random(layout_, thread_seed(seed_, thread));
            LatencyHistogram *latency = latencies_.empty() ? nullptr : &latencies_[thread];
            uint64_t n = 0;
            while (*stop == 0 && !pass.abort.load(std::memory_order_relaxed)) {
                const uint64_t k = pass.claimed.fetch_add(1, std::memory_order_relaxed);
                const uint64_t offset =
                    spec_.random ? random.next() : sequential_offset(layout_, k);
                const uint64_t started = latency != nullptr ? clock_ns() : 0;
                if (spec_.write) {
                    unsigned char *data = buf + offset % ring;
                    stamp_blocks(data, block, block, offset, tag_, k + 1);
                    if (const int err = pwrite_all(fd, data, block, offset))
                        throw std::runtime_error(io_error("pwrite", offset, err));
                    if (!direct_ && ::fdatasync(fd) != 0)
                        throw std::runtime_error(io_error("fdatasync", offset, errno));
                } else if (const int err = pread_all(fd, buf, block, offset)) {
                    throw std::runtime_error(io_error("pread", offset, err));
                }
                if (latency != nullptr) latency->add(clock_ns() - started);
                ++n;
            }
            done = n;
        } catch (const std::exception &e) {
            pass.fail(e.what());
        } catch (...) {
            pass.fail(id_ + ": unknown failure in I/O thread " + std::to_string(thread));
        }
    }

    const Spec &spec_;
    std::string id_;
    std::string dir_;
    File file_;
    Layout layout_;
    uint32_t queue_depth_ = 1;
    uint64_t seed_ = 0, tag_ = 0;
    bool direct_ = false;
    std::string io_mode_;
    uint64_t alignment_ = kDefaultAlignment;     // O_DIRECT offset and size alignment
    uint64_t mem_alignment_ = kBufferAlignment;  // buffer alignment
    std::string alignment_source_;
    std::vector<Buffer> buffers_;  // per thread: the pattern ring (writes) or one block (reads)
    std::vector<LatencyHistogram> latencies_;  // per thread, random workloads only
};

constexpr Spec kSeqRead{"disk-seq-read", false, false};
constexpr Spec kSeqWrite{"disk-seq-write", true, false};
constexpr Spec kRandRead{"disk-rand-read", false, true};
constexpr Spec kRandWrite{"disk-rand-write", true, true};

// One workload class per Spec (the helper builds a workload from a class).
template <const Spec *S>
struct Disk : DiskTest {
    explicit Disk(const bytebench::Context &ctx) : DiskTest(ctx, *S) {}
};

template <const Spec *S>
bytebench::Workload<Disk<S>> disk_workload(const char *name, const char *description,
                                           const char *block_kib) {
    auto workload =
        bytebench::Workload<Disk<S>>(S->id)
            .name(name)
            .description(description)
            .category("disk")
            .unit(S->random ? "IOPS" : "MB/s")
            .version(S->random ? "2" : "1")  // 2: per-I/O timing (see the top)
            .time_base(1)
            .repeat_short()
            .duration(10)
            .flags(BB_WORKLOAD_NEEDS_DISK)
            .processes_per_copy(1)
            // The bounds repeat kMaxFileMiB, kMaxBlockKiB and kMaxQueueDepth, so
            // the CLI refuses what create() would (a static_assert keeps them so).
            .param_range("file_mib", "int", "256", "1", "1048576",
                         "size of each copy's file in MiB")
            .param_range("block_kib", "int", block_kib, "1", "65536", "bytes per I/O, in KiB")
            .param_range("queue_depth", "int", "1", "1", "256",
                         "I/Os in flight per copy: that many threads doing synchronous I/O (psync)")
            .param_choices("direct", "string", "auto", {"auto", "on", "off"},
                           "auto (O_DIRECT where allowed, else buffered+fsync), on or off");
    using bytebench::Better;
    using bytebench::Combine;
    if (S->random)
        workload.metric("lat_p50_us", "p50 latency", "us", Better::lower, Combine::mean)
            .metric("lat_p99_us", "p99 latency", "us", Better::lower, Combine::max)
            .metric("lat_max_us", "max latency", "us", Better::lower, Combine::max);
    return workload;
}

const auto kSeqReadWorkload = disk_workload<&kSeqRead>(
    "Disk sequential read",
    "Reads each copy's file in order in block_kib blocks, with O_DIRECT where allowed; "
    "MB/s (10^6 bytes/s).",
    "1024");
const auto kSeqWriteWorkload = disk_workload<&kSeqWrite>(
    "Disk sequential write",
    "Overwrites each copy's file in order in block_kib blocks, with O_DIRECT where allowed "
    "(else fsync after each block); MB/s (10^6 bytes/s).",
    "1024");
const auto kRandReadWorkload = disk_workload<&kRandRead>(
    "Disk random read",
    "Reads random aligned blocks (4 KiB by default) of each copy's file, with O_DIRECT where "
    "allowed; I/Os per second.",
    "4");
const auto kRandWriteWorkload = disk_workload<&kRandWrite>(
    "Disk random write",
    "Overwrites random aligned blocks (4 KiB by default) of each copy's file, with O_DIRECT "
    "where allowed (else fsync after each block); I/Os per second.",
    "4");

}  // namespace
}  // namespace bytebench::plugins::disk

BYTEBENCH_PLUGIN(bytebench::Plugin("org.bytebench.disk")
                     .name("bytebench disk I/O workloads")
                     .vendor("bytebench")
                     .version("0.1.0")
                     .add(bytebench::plugins::disk::kSeqReadWorkload)
                     .add(bytebench::plugins::disk::kSeqWriteWorkload)
                     .add(bytebench::plugins::disk::kRandReadWorkload)
                     .add(bytebench::plugins::disk::kRandWriteWorkload))
