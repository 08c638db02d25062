#include "inputs.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <utility>
#include <vector>

namespace bytebench::plugins::shell {
namespace {

// splitmix64: small, fast and the same everywhere (std:: distributions are
// not specified bit for bit, so they are not used).
class Rng {
  public:
    explicit Rng(uint64_t seed) : state_(seed) {}
    uint64_t next() {
        uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, n).
    size_t below(size_t n) { return static_cast<size_t>(next() % n); }
    bool chance(unsigned percent) { return below(100) < percent; }
    template <class T, size_t N>
    const T &pick(const T (&items)[N]) {
        return items[below(N)];
    }

  private:
    uint64_t state_;
};

std::string hex(Rng &rng, int digits) {
    static const char kDigits[] = "0123456789abcdef";
    std::string s;
    for (int i = 0; i < digits; ++i) s += kDigits[rng.below(16)];
    return s;
}

std::string number(Rng &rng, size_t lo, size_t hi) {
    return std::to_string(lo + rng.below(hi - lo + 1));
}

// ---------------------------------------------------------------------------
// shell input

const char *const kWords[] = {
    "a",      "all",    "and",       "are",       "as",      "at",     "be",    "before",
    "by",     "can",    "check",     "clean",     "copies",  "copy",   "count", "default",
    "each",   "every",  "file",      "files",     "first",   "for",    "from",  "if",
    "in",     "index",  "into",      "is",        "it",      "keep",   "last",  "list",
    "log",    "loop",   "make",      "name",      "new",     "next",   "not",   "number",
    "of",     "old",    "on",        "only",      "options", "output", "path",  "program",
    "report", "result", "results",   "run",       "script",  "set",    "so",    "start",
    "stop",   "sure",   "system",    "temporary", "test",    "tests",  "this",  "time",
    "to",     "use",    "used",      "user",      "value",   "wait",   "when",  "will",
    "with",   "work",   "directory", "benchmark", "machine", "later",  "here",  "we"};

const char *const kVars[] = {"BINDIR",  "TMPDIR",  "LOGFILE", "RESULTS", "TESTDIR",
                             "SCRIPT",  "VERBOSE", "ITERS",   "COPIES",  "HOST",
                             "OUTPUT",  "REPORT",  "NAME",    "COUNT",   "DURATION",
                             "MACHINE", "OSNAME",  "STAMP",   "PREFIX",  "WORKDIR"};

const char *const kCommands[] = {"cat", "sort", "uniq", "date", "uname -a", "ls -l", "wc -l"};

std::string sentence(Rng &rng, size_t min_words, size_t max_words, unsigned the_percent) {
    const size_t n = min_words + rng.below(max_words - min_words + 1);
    const size_t the_at = rng.chance(the_percent) ? rng.below(n) : n;
    std::string s;
    for (size_t i = 0; i < n; ++i) {
        if (i > 0) s += ' ';
        s += i == the_at ? "the" : rng.pick(kWords);
    }
    return s;
}

std::string var(Rng &rng) { return rng.pick(kVars); }

// One simple line of a shell script (no block structure).
std::string simple_line(Rng &rng) {
    switch (rng.below(10)) {
        case 0: {
            const std::string word = rng.pick(kWords), from = var(rng), to = var(rng);
            return to + "=\"${" + from + ":-" + word + "}\"";
        }
        case 1:
            return var(rng) + "=`pwd`";
        case 2: {
            const std::string word = rng.pick(kWords), from = var(rng), to = var(rng);
            return to + "=$" + from + "/" + word;
        }
        case 3:
            return "cd $" + var(rng);
        case 4: {
            const std::string to = var(rng), text = sentence(rng, 3, 7, 10);
            return "echo \"" + text + "\" >>$" + to;
        }
        case 5: {
            const std::string log = rng.pick(kWords), log_dir = var(rng);
            const std::string file = rng.pick(kWords), dir = var(rng);
            return "rm -f $" + dir + "/" + file + ".$$ $" + log_dir + "/" + log + ".log";
        }
        case 6:
            return "mkdir -p $" + var(rng);
        case 7: {
            const std::string log = var(rng), file = rng.pick(kWords), dir = var(rng);
            const std::string command = rng.pick(kCommands);
            return command + " $" + dir + "/" + file + " >>$" + log + " 2>&1";
        }
        case 8: {
            const std::string step = number(rng, 1, 9), from = var(rng), to = var(rng);
            return to + "=`expr $" + from + " + " + step + "`";
        }
        default:
            return "sleep " + number(rng, 1, 5);
    }
}

// Appends a block (if/for/while/case) or a single line to `out`.
void script_piece(Rng &rng, std::vector<std::string> &out) {
    const size_t kind = rng.below(100);
    if (kind < 5) {
        out.emplace_back();
    } else if (kind < 27) {
        out.push_back("# " + sentence(rng, 4, 10, 15));
    } else if (kind < 70) {
        out.push_back(simple_line(rng));
    } else if (kind < 82) {
        const std::string tested = var(rng), kind_flag = rng.chance(50) ? "d" : "f";
        out.push_back("if [ -" + kind_flag + " \"$" + tested + "\" ]; then");
        for (size_t i = 0, n = 1 + rng.below(3); i < n; ++i) out.push_back("\t" + simple_line(rng));
        if (rng.chance(30)) {
            out.push_back("else");
            out.push_back("\t" + simple_line(rng));
        }
        out.push_back("fi");
    } else if (kind < 90) {
        const std::string words = sentence(rng, 2, 4, 0), name = rng.chance(50) ? "f" : "i";
        out.push_back("for " + name + " in " + words + "; do");
        for (size_t i = 0, n = 1 + rng.below(2); i < n; ++i) out.push_back("\t" + simple_line(rng));
        out.push_back("done");
    } else if (kind < 95) {
        const std::string limit = number(rng, 2, 99), counter = var(rng);
        out.push_back("while [ $" + counter + " -lt " + limit + " ]; do");
        out.push_back("\t" + simple_line(rng));
        out.push_back("done");
    } else {
        out.push_back("case \"$" + var(rng) + "\" in");
        for (size_t i = 0, n = 2 + rng.below(2); i < n; ++i) {
            const std::string line = simple_line(rng), pattern = rng.pick(kWords);
            out.push_back("\t" + pattern + ") " + line + " ;;");
        }
        out.push_back("esac");
    }
}

// Brings `lines` (without newlines) to `bytes` bytes in total, newlines
// included, by appending words to comment lines in turn. Throws when the
// lines are already too long: the generator must undershoot.
void pad_comments(std::vector<std::string> &lines, size_t bytes, Rng &rng) {
    size_t total = 0;
    std::vector<size_t> comments;
    for (size_t i = 0; i < lines.size(); ++i) {
        total += lines[i].size() + 1;
        if (lines[i].rfind("# ", 0) == 0) comments.push_back(i);
    }
    if (total > bytes || comments.empty())
        throw std::logic_error("shell input generator overshoots its size");
    for (size_t turn = 0; total < bytes; ++turn) {
        std::string &line = lines[comments[turn % comments.size()]];
        const size_t need = bytes - total;
        std::string word = rng.pick(kWords);
        if (word.size() + 1 > need) {
            // The last few bytes: a word that fits exactly, or a full stop.
            word.clear();
            for (const char *w : kWords)
                if (std::char_traits<char>::length(w) + 1 == need) word = w;
            if (word.empty()) {
                line += '.';
                total += 1;
                continue;
            }
        }
        line += ' ' + word;
        total += word.size() + 1;
    }
}

// ---------------------------------------------------------------------------
// grep input

const char *const kLibs[] = {
    "libc.so.6",         "libm.so.6",           "libdl.so.2",          "libpthread.so.0",
    "libglib-2.0.so.0",  "libgobject-2.0.so.0", "libgtk-x11-2.0.so.0", "libgdk-x11-2.0.so.0",
    "libpango-1.0.so.0", "libcairo.so.2",       "libX11.so.6",         "libXext.so.6",
    "libXrender.so.1",   "libpng12.so.0",       "libz.so.1",           "libfontconfig.so.1",
    "libfreetype.so.6",  "libatk-1.0.so.0",     "libexpat.so.1",       "libxml2.so.2"};

const char *const kLibDirs[] = {"/lib/tls/i686/sse2", "/lib/tls/i686", "/lib/tls",
                                "/lib/i686/cmov",     "/lib",          "/usr/lib",
                                "/usr/local/lib",     "/opt/x11/lib",  "/home/user/lib"};

const char *const kFiles[] = {"/etc/ld.so.cache",
                              "/etc/ld.so.preload",
                              "/etc/fonts/fonts.conf",
                              "/etc/gtk-2.0/gtkrc",
                              "/usr/share/locale/locale.alias",
                              "/usr/share/X11/locale/locale.dir",
                              "/usr/lib/locale/locale-archive",
                              "/usr/share/fonts/truetype/DejaVuSans.ttf",
                              "/usr/lib/gtk-2.0/2.10.0/loaders/libpixbufloader-png.so",
                              "/home/user/.Xauthority",
                              "/home/user/.fonts.conf",
                              "/tmp/.X11-unix/X0"};

const char *const kPluginLibs[] = {"libgimpwidgets-2.0.so.0", "libgimpbase-2.0.so.0",
                                   "libgimpcolor-2.0.so.0",   "libgimpconfig-2.0.so.0",
                                   "libgimpmath-2.0.so.0",    "libgimpmodule-2.0.so.0",
                                   "libgimpthumb-2.0.so.0"};

const char *const kPluginDirs[] = {"/usr/lib/gimp/2.0/plug-ins", "/usr/lib/gimp/2.0/modules",
                                   "/usr/share/gimp/2.0/themes/Default",
                                   "/usr/share/gimp/2.0/scripts", "/home/user/.gimp-2.4"};

const char *const kPluginFiles[] = {"sessionrc", "gimprc",   "pluginrc",     "menurc",
                                    "tags.xml",  "devicerc", "controllerrc", "templaterc"};

const char *const kEnoent = "-1 ENOENT (No such file or directory)";

// A path that contains the pattern (matching) or cannot (not matching).
std::string trace_path(Rng &rng, bool matching) {
    if (matching) {
        switch (rng.below(3)) {
            case 0: {
                const std::string lib = rng.pick(kPluginLibs), dir = rng.pick(kLibDirs);
                return dir + "/" + lib;
            }
            case 1: {
                const std::string file = rng.pick(kPluginFiles), dir = rng.pick(kPluginDirs);
                return dir + "/" + file;
            }
            default:
                return std::string(rng.pick(kPluginDirs));
        }
    }
    if (rng.chance(60)) {
        const std::string lib = rng.pick(kLibs), dir = rng.pick(kLibDirs);
        return dir + "/" + lib;
    }
    return rng.pick(kFiles);
}

std::string addr(Rng &rng) { return "0x" + hex(rng, 8); }

// One traced system call, as {call, result}. The path-taking calls are the
// only ones that can mention the pattern.
std::pair<std::string, std::string> trace_call(Rng &rng, bool matching) {
    const size_t kind = matching ? rng.below(4) : rng.below(18);
    const std::string fd = number(rng, 3, 12);
    switch (kind) {
        case 0:
            return {"open(\"" + trace_path(rng, matching) + "\", O_RDONLY)",
                    rng.chance(55) ? kEnoent : fd};
        case 1: {
            const std::string buffer = addr(rng), path = trace_path(rng, matching);
            return {"stat64(\"" + path + "\", " + buffer + ")", rng.chance(70) ? kEnoent : "0"};
        }
        case 2:
            return {"access(\"" + trace_path(rng, matching) + "\", R_OK)",
                    rng.chance(60) ? kEnoent : "0"};
        case 3:
            return {"lstat64(\"" + trace_path(rng, matching) +
                        "\", {st_mode=S_IFDIR|0755, st_size=4096, ...})",
                    "0"};
        case 4:
        case 5:
            return {"mmap2(NULL, " + number(rng, 1, 64) + "0960, PROT_READ|PROT_WRITE, " +
                        "MAP_PRIVATE|MAP_ANONYMOUS, -1, 0)",
                    addr(rng)};
        case 6:
            return {
                "read(" + fd +
                    ", \"\\177ELF\\1\\1\\1\\0\\0\\0\\0\\0\\0\\0\\0\\0\\3\\0\\3\\0\\1\\0\\0\\0\"...,"
                    " 512)",
                "512"};
        case 7:
            return {"fstat64(" + fd + ", {st_mode=S_IFREG|0644, st_size=" +
                        number(rng, 1000, 2999999) + ", ...})",
                    "0"};
        case 8:
            return {"close(" + fd + ")", "0"};
        case 9: {
            const std::string pages = number(rng, 1, 9), start = addr(rng);
            return {"mprotect(" + start + ", " + pages + "096, PROT_READ)", "0"};
        }
        case 10:
            return {"brk(" + addr(rng) + ")", addr(rng)};
        case 11:
            return {"poll([{fd=" + fd + ", events=POLLIN}], 1, 0)", "0 (Timeout)"};
        case 12: {
            const std::string usec = number(rng, 0, 999999);
            const std::string sec = number(rng, 1190000000, 1199999999);
            return {"gettimeofday({" + sec + ", " + usec + "}, NULL)", "0"};
        }
        case 13: {
            const std::string n = number(rng, 4, 32);
            return {"write(" + fd + ", \"\\1\\0\\0\\0\\0\\0\\0\\0\"..., " + n + ")", n};
        }
        case 14:
            return {"ioctl(" + fd + ", FIONREAD, [" + number(rng, 0, 64) + "])", "0"};
        case 15: {
            const std::string pages = number(rng, 1, 64), start = addr(rng);
            return {"munmap(" + start + ", " + pages + "0960)", "0"};
        }
        case 16: {
            const std::string buffer = addr(rng), path = trace_path(rng, false);
            return {"readlink(\"" + path + "\", " + buffer + ", 4096)",
                    "-1 EINVAL (Invalid argument)"};
        }
        default:
            return {"recv(" + fd + ", " + addr(rng) + ", 4096, 0)",
                    "-1 EAGAIN (Resource temporarily unavailable)"};
    }
}

}  // namespace

std::string shell_input() {
    Rng rng(0x5348454c4c31ull);  // "SHELL1"
    std::vector<std::string> lines = {"#!/bin/sh", "# " + sentence(rng, 4, 8, 100)};
    while (lines.size() < kShellInputLines) script_piece(rng, lines);
    lines.resize(kShellInputLines);
    pad_comments(lines, kShellInputBytes, rng);
    std::string text;
    text.reserve(kShellInputBytes);
    for (const std::string &line : lines) text += line + '\n';
    return text;
}

std::string shell_script() {
    return "# bytebench shell workload: sh <this script> <input>\n"
           "sort <\"$1\" >sort.$$\n"
           "od sort.$$ | sort -n -k 1 >od.$$\n"
           "grep the sort.$$ | tee grep.$$ | wc >wc.$$\n"
           "rm sort.$$ od.$$ grep.$$ wc.$$\n";
}

std::string shell_driver() {
    return "# bytebench shell workload driver: sh <this script> <count> <script> <input>\n"
           "pids=\n"
           "i=0\n"
           "while [ $i -lt $1 ]; do\n"
           "\t/bin/sh \"$2\" \"$3\" &\n"
           "\tpids=\"$pids $!\"\n"
           "\ti=$(($i + 1))\n"
           "done\n"
           "status=0\n"
           "for pid in $pids; do\n"
           "\twait $pid || status=$?\n"
           "done\n"
           "exit $status\n";
}

std::string grep_input() {
    Rng rng(0x475245503130ull);  // "GREP10"
    std::vector<std::pair<std::string, std::string>> calls;
    calls.reserve(kGrepLines);
    size_t matches_left = kGrepMatches;
    for (size_t i = 0; i < kGrepLines; ++i) {
        // Exactly kGrepMatches matching lines, spread at random.
        const bool matching = rng.below(kGrepLines - i) < matches_left;
        if (matching) --matches_left;
        calls.push_back(trace_call(rng, matching));
    }
    // strace aligns " = result" at column 40. The extra alignment spaces that
    // bring the text to its exact size are spread over all lines.
    constexpr size_t kColumn = 39;
    size_t total = 0;
    for (const auto &[call, result] : calls)
        total += std::max(call.size(), kColumn) + 3 + result.size() + 1;
    if (total > kGrepBytes) throw std::logic_error("grep input generator overshoots its size");
    const size_t extra = kGrepBytes - total;
    std::string text;
    text.reserve(kGrepBytes);
    for (size_t i = 0; i < calls.size(); ++i) {
        const auto &[call, result] = calls[i];
        const size_t pad = (call.size() < kColumn ? kColumn - call.size() : 0) +
                           extra / kGrepLines + (i < extra % kGrepLines ? 1 : 0);
        text += call;
        text.append(pad, ' ');
        text += " = " + result + '\n';
    }
    return text;
}

std::string dc_input() {
    // Precision 99 (k), push 2, square root (v), print (p); dc stops at the
    // end of its input. No quit command (q): GNU dc 1.07 (Debian bookworm)
    // exits with status 1 after q, which makes UnixBench's own dc test abort
    // there ("Bad wait status: 0x100").
    return "99 k\n2 v\np\n";
}

std::string c_program() {
    return R"C(/*
 * bytebench "cc" workload:
 * a small self-contained C program.
 *
 * The C compiler throughput test compiles
 * and links this file over and over, and
 * never runs the result: only the work of
 * the compiler, the assembler and the
 * linker is measured. It is ordinary C,
 * the size of a small utility.
 *
 * If it were run, it would sort random
 * numbers, look one of them up, sieve the
 * primes below a limit and print a summary.
 *
 * It compiles without a warning as C89 or
 * later: what the compiler prints is part
 * of what is measured.
 */
#include <stdio.h>

/* How many numbers are sorted. */
#define TABLE_SIZE 64

/* The sieve's upper limit. */
#define SIEVE_MAX 1000

/* The longest summary line. */
#define SUMMARY_MAX 80

/* The numbers. */
static int table[TABLE_SIZE];

/* The sieve. */
static char sieve[SIEVE_MAX];

/* The summary line. */
static char summary[SUMMARY_MAX];

int main(int argc, char **argv)
{
    unsigned long seed = 12345;
    long sum = 0;
    long smallest;
    long largest;
    long fib_a = 0;
    long fib_b = 1;
    long fib_t;
    int i;
    int j;
    int key;
    int lo;
    int hi;
    int mid;
    int at = -1;
    int limit = SIEVE_MAX;
    int primes = 0;
    double mean;
    double spread = 0.0;
    char *p;

    /* The arguments: a seed and a limit, both optional. */
    if (argc > 1) {
        seed = 0;

        for (p = argv[1]; *p >= '0' && *p <= '9'; p++)
            seed = seed * 10 + (unsigned long)(*p - '0');
    }
    if (argc > 2) {
        limit = 0;

        for (p = argv[2]; *p >= '0' && *p <= '9'; p++)
            limit = limit * 10 + (*p - '0');
        if (limit < 2 || limit > SIEVE_MAX)
            limit = SIEVE_MAX;
    }

    /* Fill the table with a linear congruential generator. */
    for (i = 0; i < TABLE_SIZE; i++) {
        seed = seed * 1103515245UL + 12345UL;
        table[i] = (int)((seed >> 16) & 0x7fff);
    }

    /* Insertion sort. */
    for (i = 1; i < TABLE_SIZE; i++) {
        key = table[i];
        for (j = i - 1; j >= 0 && table[j] > key; j--)
            table[j + 1] = table[j];
        table[j + 1] = key;
    }

    /* The smallest, largest and mean values, and the variance. */
    smallest = table[0];
    largest = table[TABLE_SIZE - 1];

    for (i = 0; i < TABLE_SIZE; i++)
        sum += table[i];
    mean = (double)sum / TABLE_SIZE;

    for (i = 0; i < TABLE_SIZE; i++)
        spread += (table[i] - mean) * (table[i] - mean);
    spread /= TABLE_SIZE;

    /* Binary search for the median value. */
    key = table[TABLE_SIZE / 2];
    lo = 0;
    hi = TABLE_SIZE - 1;

    while (lo <= hi) {
        mid = lo + (hi - lo) / 2;
        if (table[mid] == key) {
            at = mid;
            break;
        }
        if (table[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }

    /* The sieve of Eratosthenes. */
    for (i = 0; i < limit; i++)
        sieve[i] = (char)(i >= 2);

    for (i = 2; i < limit; i++) {
        if (!sieve[i])
            continue;
        primes++;
        for (j = i * i; j < limit; j += i)
            sieve[j] = 0;
    }

    /* A Fibonacci number, for good measure. */
    for (i = 0; i < 40; i++) {
        fib_t = fib_a + fib_b;
        fib_a = fib_b;
        fib_b = fib_t;
    }

    /* The summary. */
    sprintf(summary, "%d values in [%ld, %ld]", TABLE_SIZE,
            smallest, largest);
    printf("%s, mean %.2f, variance %.2f\n", summary, mean,
           spread);

    printf("median %d found at %d\n", key, at);
    printf("%d primes below %d\n", primes, limit);
    printf("fibonacci(40) = %ld\n", fib_a);
    return 0;
}
)C";
}

}  // namespace bytebench::plugins::shell
