// The disk plugin's pure parts: where each I/O goes and what it writes.
//
// Kept free of I/O and of the host so that the tests can check them directly
// (offsets aligned, in range and covering the file; the file's content after a
// run) with the same code the workloads use.
//
// Geometry. A copy's file is `blocks` blocks of `block_bytes` each (the
// file_mib parameter rounded down to whole blocks). I/O is always one whole
// block at a block-aligned offset.
//   sequential  the k-th I/O a copy claims (k = 0, 1, ..., shared by its
//               queue_depth threads through one counter) is block k mod
//               blocks: the stream wraps to offset 0 at the end of the file.
//   random      each thread draws blocks uniformly (exactly, by rejection)
//               from its own PRNG, seeded from the copy, pass and thread.
//
// Data. Nothing a file system can compress or deduplicate: the bytes at file
// offset o are pattern[o mod ring_bytes], where the pattern is ring_bytes
// (>= 1 MiB, whole blocks) of pseudo-random bytes seeded per copy and pass,
// and every 4 KiB of every block (and every block, when smaller) begins with
// a 24-byte stamp {tag, file offset, sequence}: tag names the copy's file,
// sequence is 0 for the fill in create() and k + 1 for the k-th I/O claimed in
// run(). A read-back therefore shows where each write landed and which write
// it was.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace bytebench::plugins::disk {

constexpr uint64_t kMiB = 1024 * 1024;
constexpr uint64_t kStampSpacing = 4096;               // a stamp every 4 KiB of a block
constexpr uint64_t kTagMagic = 0x6279746562656e63ull;  // "bytebenc"

// splitmix64: one step of the generator (also a good 64-bit mixer for seeds).
inline uint64_t splitmix64(uint64_t &state) {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// A small, fast PRNG (splitmix64) with an unbiased bounded draw.
class Rng {
  public:
    explicit Rng(uint64_t seed) : state_(seed) {}
    uint64_t next() { return splitmix64(state_); }
    // Uniform in [0, n), n > 0 (Lemire's multiply-shift with rejection).
    uint64_t below(uint64_t n) {
        unsigned __int128 m = static_cast<unsigned __int128>(next()) * n;
        uint64_t low = static_cast<uint64_t>(m);
        if (low < n) {
            const uint64_t threshold = (0 - n) % n;
            while (low < threshold) {
                m = static_cast<unsigned __int128>(next()) * n;
                low = static_cast<uint64_t>(m);
            }
        }
        return static_cast<uint64_t>(m >> 64);
    }

  private:
    uint64_t state_;
};

// Seed of a copy's file (pattern and tag) in a pass, and of one thread's
// random offsets: distinct for every copy, pass and thread.
inline uint64_t copy_seed(uint32_t copy_index, uint32_t pass_index) {
    uint64_t s = (uint64_t(pass_index) << 32) | copy_index;
    return splitmix64(s);
}
inline uint64_t thread_seed(uint64_t copy_seed, uint32_t thread_index) {
    uint64_t s = copy_seed ^ (uint64_t(thread_index) * 0xd1b54a32d192ed03ull);
    splitmix64(s);
    return splitmix64(s);
}
inline uint64_t file_tag(uint64_t copy_seed) { return kTagMagic ^ copy_seed; }

struct Layout {
    uint64_t block_bytes = 0;
    uint64_t blocks = 0;
    uint64_t file_bytes() const { return block_bytes * blocks; }
    // Length of the data pattern: whole blocks, at least 1 MiB.
    uint64_t ring_bytes() const { return block_bytes * ((kMiB + block_bytes - 1) / block_bytes); }
};

// A file of at most `file_bytes` in whole blocks of `block_bytes`.
inline Layout make_layout(uint64_t file_bytes, uint64_t block_bytes) {
    return {block_bytes, block_bytes == 0 ? 0 : file_bytes / block_bytes};
}

// Offset of the k-th sequential I/O (0-based): the stream wraps at the end.
inline uint64_t sequential_offset(const Layout &l, uint64_t k) {
    return (k % l.blocks) * l.block_bytes;
}

// Random block-aligned offsets, uniform over the file's blocks.
class RandomOffsets {
  public:
    RandomOffsets(const Layout &l, uint64_t seed) : layout_(l), rng_(seed) {}
    uint64_t next() { return rng_.below(layout_.blocks) * layout_.block_bytes; }

  private:
    Layout layout_;
    Rng rng_;
};

// `len` pseudo-random bytes from `seed`.
inline void fill_pattern(unsigned char *out, size_t len, uint64_t seed) {
    Rng rng(seed);
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        const uint64_t v = rng.next();
        std::memcpy(out + i, &v, 8);
    }
    const uint64_t v = rng.next();
    std::memcpy(out + i, &v, len - i);
}

struct Stamp {
    uint64_t tag = 0;
    uint64_t offset = 0;
    uint64_t sequence = 0;
};
constexpr size_t kStampBytes = sizeof(Stamp);
static_assert(kStampBytes == 24, "a stamp is three 64-bit words");

inline Stamp read_stamp(const unsigned char *p) {
    Stamp s;
    std::memcpy(&s, p, sizeof s);
    return s;
}

// Stamps the whole blocks in data[0, len), which go to file offset
// `file_offset`: a stamp at the start of every block and every 4 KiB in it.
inline void stamp_blocks(unsigned char *data, uint64_t len, uint64_t block_bytes,
                         uint64_t file_offset, uint64_t tag, uint64_t sequence) {
    for (uint64_t b = 0; b < len; b += block_bytes)
        for (uint64_t s = 0; s < block_bytes; s += kStampSpacing) {
            const Stamp st{tag, file_offset + b + s, sequence};
            std::memcpy(data + b + s, &st, sizeof st);
        }
}

// True when the byte `offset_in_block` bytes into a block belongs to a stamp.
inline bool in_stamp(uint64_t offset_in_block) {
    return offset_in_block % kStampSpacing < kStampBytes;
}

}  // namespace bytebench::plugins::disk
