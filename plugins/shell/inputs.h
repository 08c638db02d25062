// The input files of the shell plugin's workloads, generated deterministically
// (the same bytes on every machine and every run). They have the sizes of
// UnixBench 6.0's data files, whose contents are not used.
#pragma once

#include <cstddef>
#include <string>

namespace bytebench::plugins::shell {

// `shell`: what each script instance sorts, dumps and greps. A shell-script-
// like text of exactly kShellInputLines lines and kShellInputBytes bytes
// (UnixBench's sort.src: 362 lines, 8546 bytes), some lines containing "the".
constexpr size_t kShellInputLines = 362;
constexpr size_t kShellInputBytes = 8546;
std::string shell_input();

// `shell`: the script run by each instance, as `sh <script> <input>`. It
// works in its current directory on files named after its PID ($$):
//   sort the input into sort.$$; od sort.$$ | sort -n -k 1 into od.$$;
//   grep the sort.$$ | tee grep.$$ | wc into wc.$$; rm the four files.
// The rm is the script's last line.
std::string shell_script();

// `shell`: the driver run once per iteration, as
// `sh <driver> <count> <script> <input>`: it starts <count> instances of
// `/bin/sh <script> <input>` in the background and waits for them all (the
// role of UnixBench's multi.sh). It exits with the last non-zero status of
// an instance, or 0.
std::string shell_driver();

// `grep`: a text of kGrepLines lines and kGrepBytes bytes (UnixBench's
// large.txt: 10000 lines, 708495 bytes), strace-like, of which exactly
// kGrepMatches lines contain kGrepPattern.
constexpr const char *kGrepPattern = "gimp";
constexpr size_t kGrepLines = 10000;
constexpr size_t kGrepBytes = 708495;
constexpr size_t kGrepMatches = 1032;
std::string grep_input();

// `dc`: dc commands that print the square root of 2 to 99 decimal places,
// and what dc prints for them (line continuations removed).
std::string dc_input();
constexpr const char *kSqrt2To99 =
    "1.414213562373095048801688724209698078569671875376948073176679737990732478462107038850387534"
    "327641572";

// `cc`: a self-contained C program (only <stdio.h>, one main function) of
// about the size of UnixBench's cctest.c (156 lines, 3584 bytes), that gcc
// compiles and links in about the same time. It compiles without warnings
// as C89 or later; it is never run.
std::string c_program();

}  // namespace bytebench::plugins::shell
