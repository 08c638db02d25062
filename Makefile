# Thin wrapper around CMake (as neovim's top-level Makefile is):
#   make run    install missing Debian packages, build, run the default benchmark
#   make test   install missing Debian packages, build, run the tests (ctest),
#               then test-asan and test-fuzz (what CI runs: docs/testing.md)
#   make test-asan  the tests again, built with AddressSanitizer + UBSan
#   make test-fuzz  the libFuzzer targets (tests/fuzz), FUZZ_SECONDS each
#   make test-arm64 an arm64 cross build, its tests run under qemu-aarch64
#                   (below; docs/testing.md)
#   make deb        a Debian package of the install tree (BUILD_DIR/bytebench_*.deb),
#                   portable: workloads per ISA level (docs/portability.md)
#   make install PREFIX=DIR  build, then `cmake --install` into DIR (default
#                   /usr/local: run it with sudo there, or PREFIX=$HOME/.local):
#                   the CLI, plugins, suites, SDK, docs, shell completions and
#                   man pages (cmake/Packaging.cmake lists the tree)
# Variables: BUILD_DIR (build), BUILD_TYPE (RelWithDebInfo), ARGS (for run),
# CMAKE_FLAGS (extra configure flags), ASAN_BUILD_DIR (BUILD_DIR-asan),
# FUZZ_BUILD_DIR (BUILD_DIR-fuzz), FUZZ_SECONDS (15), PREFIX (/usr/local, for install).
BUILD_DIR ?= build
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc)
ARGS ?=
CMAKE_FLAGS ?=
ASAN_BUILD_DIR ?= $(BUILD_DIR)-asan
FUZZ_BUILD_DIR ?= $(BUILD_DIR)-fuzz
FUZZ_SECONDS ?= 15
PREFIX ?= /usr/local

# The graphics tests (docs/graphics.md): the headers and libraries ubgears is
# built with (GL, GLX, X11, Xext), and what they run on: x11perf (x11-apps),
# the core fonts of the text test (xfonts-base), Xvfb for the private display
# of a headless run, and Mesa's GLX and llvmpipe driver (loaded at run time,
# so no link names them).
DEBIAN_GRAPHICS_PACKAGES := libgl-dev libglx-dev libx11-dev libxext-dev \
  xvfb x11-apps xfonts-base libgl1-mesa-dri libglx-mesa0

# Everything a fresh Debian bookworm machine needs to build, test and run
# (dc is used by the `dc` test; g++ brings the C compiler of the `C` test;
# hwloc gives the topology and CPU placement; Google Benchmark the harness's
# microbenchmarks in bench/; libacl the POSIX ACLs the plugin permission
# check reads; locales makes the locale below).
DEBIAN_PACKAGES := cmake g++ make pkg-config locales \
  libboost-dev libboost-filesystem-dev libspdlog-dev libtomlplusplus-dev \
  libcli11-dev nlohmann-json3-dev libgtest-dev libssl-dev libsqlite3-dev clang-format git \
  libhwloc-dev libbenchmark-dev libacl1-dev dc $(DEBIAN_GRAPHICS_PACKAGES)

# The locales `deps` generates when the machine lacks them: the workloads run
# under UnixBench's LANG=en_US.utf8 (without it glibc falls back to C, and
# the shell tests' sort and grep run faster than UnixBench's would); the
# tests add a locale with a decimal comma (TextReporter.IgnoresTheProcessLocale
# and its html twin check that a report does not follow it).
LOCALES := en_US.UTF-8
TEST_LOCALES := de_DE.UTF-8

# Only the tests need these: python3 drives headless Chromium, which renders
# the html reporter's pages (tests/reporters/html_in_chromium.py).
# clang and its compiler-rt (libclang_rt.fuzzer) build the fuzzers; GCC's
# sanitizer runtimes (libasan, libubsan) come with g++. dpkg-dev's
# dpkg-shlibdeps gives the .deb its Depends (tests/install). ansible-core and
# openssh-server, Slurm's daemons and munge run the fleet examples for real
# (tests/fleet); sudo is how the fleet's .deb test becomes root on its host,
# and python3-apt is what Ansible's apt module installs the .deb with there
# (tests/fleet/ansible_deb_test.py; without it the module would fetch it).
# qemu-user-static runs the .deb on older CPU models
# (tests/install/deb_under_qemu_cpus.py). groff-base renders the man pages
# the build writes (tests/e2e/man_pages_test.cpp: no warning from groff).
# clang-tidy checks the length of functions (tests/layers/check_tidy.py).
DEBIAN_TEST_PACKAGES := clang-tidy python3 chromium clang libclang-rt-dev dpkg-dev hwloc-nox ansible-core openssh-server iproute2 slurmctld slurmd slurm-client munge qemu-user-static sudo python3-apt groff-base

# The sanitizer run: a crashing test plugin must die of its signal as it does
# without ASan (the tests check how a crash is recorded), and leaks are
# reported (LeakSanitizer); UBSan findings abort (-fno-sanitize-recover).
SANITIZER_ENV := \
  ASAN_OPTIONS=handle_segv=0:handle_sigbus=0:handle_sigfpe=0:detect_leaks=1:check_initialization_order=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

# After each stage's ctest: a skip not on tests/setup/allowed_skips.toml fails
# the stage (docs/testing.md, "Skips"); prints the skips and the allowed list.
SKIP_GATE := python3 $(CURDIR)/tests/setup/check_skips.py

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps test-deps configure build run test test-asan test-fuzz deb install clean

all: build

deps:
	@DEBIAN_PACKAGES="$(DEBIAN_PACKAGES)" LOCALES="$(LOCALES)" SUDO="$(SUDO)" \
	  sh cmake/debian-deps.sh $(if $(DEPS_LIST),--list)

# What `make test` and its stages need besides: the tests' packages and
# locales (`make deps DEPS_LIST=1` and `make test-deps DEPS_LIST=1` print
# what each would install; tests/setup checks them against docs/testing.md).
test-deps: DEBIAN_PACKAGES += $(DEBIAN_TEST_PACKAGES)
test-deps: LOCALES += $(TEST_LOCALES)
test-deps: deps

# How workloads are compiled (plugins/CMakeLists.txt): natively for this CPU
# (UnixBench's -march=native) to run here; per ISA level for the package and
# the tests, which run that package on older CPU models.
PORTABLE ?= OFF

# Which tests the build compiles (tests/CMakeLists.txt): all of them, but in
# `make test`'s first stage only those of the product as installed.
TEST_SCOPE ?= all
# Warnings are errors in `make test` (cmake/Warnings.cmake), not in a user's
# `make run` with their own compiler; given on every configure, so that a
# build folder `make test` configured does not keep -Werror for `make run`.
WERROR ?= OFF

configure: deps
	cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DBYTEBENCH_PORTABLE=$(PORTABLE) \
	  -DBYTEBENCH_TEST_SCOPE=$(TEST_SCOPE) -DBYTEBENCH_WARNINGS_AS_ERRORS=$(WERROR) $(CMAKE_FLAGS)

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

run: build
	$(BUILD_DIR)/bin/bytebench run $(ARGS)

# Target-specific: `make test` installs the test packages too (GNU make
# passes the value on to the prerequisites, deps among them).
# Line tables only (-g1) in the test build: what a failing test's stack trace
# needs, and a fifth less compile time than -g (docs/testing.md, "Measured").
# The core is built file by file here (the sanitizer stage's is a unity
# build), so that a missing #include still fails `make test`.
test: CMAKE_FLAGS += -DBYTEBENCH_LINE_TABLES_ONLY=ON
# Each test runs once: the first stage builds the product (optimised,
# portable) and runs what installs, packages and deploys it (labels
# `packaging` and `fleet`) and the source checks (label `static`); the
# sanitizer stage builds and runs every other test (docs/testing.md,
# "Stages").
test: WERROR = ON
test: PORTABLE = ON
test: TEST_SCOPE = packaging
test: test-deps build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS) -L "packaging|fleet|static" --output-junit ctest-junit.xml; \
	  rc=$$?; $(SKIP_GATE) --stage tests ctest-junit.xml || rc=1; exit $$rc
	$(MAKE) --no-print-directory test-asan
	$(MAKE) --no-print-directory test-fuzz

# Every other test (workloads included) in a GCC build with ASan + UBSan: all
# but the packaging tests (label `packaging`) and the fleet tests (label
# `fleet`), which the first stage ran; the fleet tests' bytebench commands
# (run, compare --by) run here under the sanitizers in the e2e tests. A unity
# build (CMake joins each target's sources into a few files) with line tables
# only (-g1): 363 s instead of 620 s here (docs/testing.md, "Measured").
test-asan: test-deps
	cmake -S . -B $(ASAN_BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DBYTEBENCH_SANITIZE=ON \
	  -DCMAKE_UNITY_BUILD=ON -DBYTEBENCH_BUILD_BENCHMARKS=OFF -DBYTEBENCH_TEST_SCOPE=all \
	  -DBYTEBENCH_WARNINGS_AS_ERRORS=ON $(CMAKE_FLAGS)
	cmake --build $(ASAN_BUILD_DIR) -j $(JOBS)
	cd $(ASAN_BUILD_DIR) && $(SANITIZER_ENV) ctest --output-on-failure -j $(JOBS) -LE "packaging|fleet|static" \
	  --output-junit ctest-junit.xml; rc=$$?; $(SKIP_GATE) --stage asan ctest-junit.xml || rc=1; exit $$rc

# The fuzzers (clang, libFuzzer + ASan + UBSan), FUZZ_SECONDS each from a copy
# of their corpus; only they and the layers of the core they feed are built
# (a unity build, as the sanitizer stage).
test-fuzz: test-deps
	cmake -S . -B $(FUZZ_BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	  -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
	  -DBYTEBENCH_FUZZ=ON -DBYTEBENCH_BUILD_TESTS=OFF -DBYTEBENCH_FUZZ_SECONDS=$(FUZZ_SECONDS) \
	  -DCMAKE_UNITY_BUILD=ON -DBYTEBENCH_BUILD_BENCHMARKS=OFF
	cmake --build $(FUZZ_BUILD_DIR) -j $(JOBS) --target bytebench_fuzzers
	cd $(FUZZ_BUILD_DIR) && UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j $(JOBS) \
	  --output-junit ctest-junit.xml; rc=$$?; $(SKIP_GATE) --stage fuzz ctest-junit.xml || rc=1; exit $$rc

install: build
	cmake --install $(BUILD_DIR) --prefix $(PREFIX)

deb: DEBIAN_PACKAGES += dpkg-dev
deb: PORTABLE = ON
deb: build
	cd $(BUILD_DIR) && cpack -G DEB

# ---- make test-arm64 -------------------------------------------
# A cross build for arm64 (aarch64-linux-gnu: Debian's crossbuild-essential-
# arm64 and the :arm64 development packages, multiarch) whose tests run under
# qemu-aarch64 (docs/testing.md, "arm64 under qemu"). Not part of `make test`.
#   1. installs what is missing; arm64 becomes a dpkg foreign architecture;
#   2. registers qemu-aarch64 with binfmt_misc (the CLI execs
#      bytebench-worker, which execs helpers: only binfmt follows an exec);
#   3. configures ARM64_BUILD_DIR with cmake/toolchains/aarch64-linux-gnu.cmake
#      (a unity build with line tables only, as the sanitizer stage; no
#      microbenchmarks; a portable build: the workloads once per ISA level,
#      none with the build machine's -march=native; the explicit workload
#      flags, main's default, keep a tree from before BYTEBENCH_PORTABLE off
#      -march=native too), builds;
#   4. shows that the tests run arm64 code (cross_build_runs_as_aarch64:
#      ELF machine, `uname -m` seen by the emulated CLI), then runs
#      ARM64_CTEST_ARGS: every test (the fuzz corpus replays among them) but
#      the packaging and fleet ones and ARM64_QEMU_EXCLUDE.
ARM64_BUILD_DIR ?= $(BUILD_DIR)-arm64
# Build machine tools (the emulated worker execs the native dc, gcc, sh...)
# and the arch-independent headers (Multi-Arch: foreign, shared).
ARM64_HOST_PACKAGES := cmake make pkg-config git dc g++ python3 crossbuild-essential-arm64 \
  qemu-user-static libcli11-dev nlohmann-json3-dev
# The arm64 libraries (Multi-Arch: same: installed next to the amd64 ones of
# the native build, which apt keeps at the same version, upgrading them if
# the mirror has newer).
ARM64_TARGET_PACKAGES := $(addsuffix :arm64,libboost-dev libboost-filesystem-dev libspdlog-dev \
  libfmt-dev libtomlplusplus-dev libgtest-dev libssl-dev libsqlite3-dev libhwloc-dev libacl1-dev)
ARM64_CMAKE_FLAGS ?=
# Tests that cannot pass under qemu-user 7.2 (bookworm's), whatever the code:
# - Supervision.AProcessThatLeftItsGroup...: prctl(PR_SET_CHILD_SUBREAPER)
#   fails with EINVAL under qemu-user, so escaped processes are not adopted;
# - EndToEnd.ACrashingWorkload...: qemu prints "qemu: uncaught target signal
#   11" after the worker's own SIGSEGV line, and the run keeps the last line;
# - ProcessLimit.*: qemu starts a thread of its own before main(), which
#   RLIMIT_NPROC 1 refuses ("qemu_thread_create: Resource temporarily
#   unavailable"), so the emulated helper dies before it can say why;
# - DiskPass.DirectOnUses...: qemu's statx() passes STATX_DIOALIGN but not
#   its values (0), so O_DIRECT looks unsupported;
# - DiskErrors.AFileCutShort...: flaky: the host thread of a joined guest
#   thread may still be in /proc/self/task when the test counts threads;
# - Orphans.OnlyAProcessThatLeft..., Orphans.AGroupThatWasNot...: they make
#   the test process a subreaper, which qemu-user refuses (as above);
# - OutOfMemory.*: under the address-space limit the test sets, qemu cannot
#   map its own 128 MiB JIT buffer, and the emulated CLI never starts;
# - Graphics2d.RectanglesScoreUnderXvfb: not a qemu limit but 40 s of native
#   x11perf calibrating, native code that an emulator only slows down.
ARM64_QEMU_EXCLUDE ?= ^(Graphics2d\.RectanglesScoreUnderXvfb|Supervision\.AProcessThatLeftItsGroupIsKilledWhenThePassEnds|Orphans\.OnlyAProcessThatLeftItsWorkersGroupIsCounted|Orphans\.AGroupThatWasNotAWorkersCountsItsProcesses|OutOfMemory\..*|EndToEnd\.ACrashingWorkloadIsRecordedAndTheRunGoesOn|ProcessLimit\..*|DiskPass\.DirectOnUsesODirectWhereTheFileSystemTakesIt|DiskErrors\.AFileCutShortFailsThePassWithWhereAndWhat)$$
ARM64_CTEST_ARGS ?= -LE "packaging|fleet" -E '$(ARM64_QEMU_EXCLUDE)'

.PHONY: test-arm64 test-arm64-deps test-arm64-binfmt

test-arm64-deps:
	@if ! dpkg --print-foreign-architectures | grep -qx arm64; then \
	  echo "Adding arm64 as a dpkg foreign architecture"; \
	  $(SUDO) dpkg --add-architecture arm64 || exit 1; \
	fi; \
	missing=""; \
	for p in $(ARM64_HOST_PACKAGES) $(ARM64_TARGET_PACKAGES); do \
	  dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq; \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

test-arm64-binfmt: test-arm64-deps
	@$(SUDO) sh cmake/toolchains/register-qemu-aarch64.sh

test-arm64: test-arm64-binfmt
	cmake -S . -B $(ARM64_BUILD_DIR) -DCMAKE_BUILD_TYPE=$(BUILD_TYPE) \
	  -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/toolchains/aarch64-linux-gnu.cmake \
	  -DCMAKE_UNITY_BUILD=ON -DBYTEBENCH_LINE_TABLES_ONLY=ON -DBYTEBENCH_BUILD_BENCHMARKS=OFF \
	  -DBYTEBENCH_PORTABLE=ON $(ARM64_CMAKE_FLAGS)
	cmake --build $(ARM64_BUILD_DIR) -j $(JOBS)
	@cd $(ARM64_BUILD_DIR) && ctest -R '^cross_build_runs_as_aarch64$$' -V >cross-check.log; rc=$$?; \
	  if [ $$rc = 0 ]; then grep -E '^[0-9]+: -- ' cross-check.log; else cat cross-check.log; fi; exit $$rc
	cd $(ARM64_BUILD_DIR) && ctest --output-on-failure -j $(JOBS) $(ARM64_CTEST_ARGS) \
	  --output-junit ctest-junit.xml; rc=$$?; $(SKIP_GATE) --stage arm64 ctest-junit.xml || rc=1; exit $$rc

clean:
	rm -rf $(BUILD_DIR) $(ASAN_BUILD_DIR) $(FUZZ_BUILD_DIR) $(ARM64_BUILD_DIR)
