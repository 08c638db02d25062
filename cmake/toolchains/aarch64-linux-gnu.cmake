# Cross build for arm64 on Debian (or Ubuntu) with multiarch:
#   apt-get install crossbuild-essential-arm64 qemu-user-static <libfoo-dev>:arm64
#   cmake -S . -B build-arm64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake
# `make test-arm64` does all of it and runs the tests under qemu-aarch64
# (docs/testing.md, "arm64 under qemu").
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(BYTEBENCH_CROSS_TRIPLET aarch64-linux-gnu)
# CMAKE_LIBRARY_ARCHITECTURE: the multiarch folder (/usr/lib/aarch64-linux-gnu,
# /usr/include/aarch64-linux-gnu) that find_package and find_library search.
set(CMAKE_LIBRARY_ARCHITECTURE ${BYTEBENCH_CROSS_TRIPLET})

set(CMAKE_C_COMPILER ${BYTEBENCH_CROSS_TRIPLET}-gcc)
set(CMAKE_CXX_COMPILER ${BYTEBENCH_CROSS_TRIPLET}-g++)

# Multiarch needs no sysroot: the arm64 libraries and their CMake packages
# sit in /usr/lib/aarch64-linux-gnu next to the build machine's, and the
# arch-independent headers in /usr/include are shared. Programs (python3,
# clang-format, dpkg-deb) come from the build machine; libraries only from
# the arm64 folders, or an amd64 one could be picked.
set(CMAKE_FIND_ROOT_PATH /usr/${BYTEBENCH_CROSS_TRIPLET})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
set(CMAKE_IGNORE_PATH /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu /usr/include/x86_64-linux-gnu
  /usr/lib/x86_64-linux-gnu/cmake)

# pkg-config (tomlplusplus, hwloc, libacl) reads the arm64 .pc files only.
set(ENV{PKG_CONFIG_LIBDIR} "/usr/lib/${BYTEBENCH_CROSS_TRIPLET}/pkgconfig:/usr/share/pkgconfig")
set(ENV{PKG_CONFIG_PATH} "")

# How CMake runs an arm64 program on the build machine: gtest_discover_tests
# lists each test program's cases with it, and ctest runs test commands that
# are targets through it. The tests' own execs (the CLI starting
# bytebench-worker) need binfmt_misc (cmake/toolchains/register-qemu-aarch64.sh).
find_program(BYTEBENCH_QEMU_AARCH64 NAMES qemu-aarch64-static qemu-aarch64)
if(BYTEBENCH_QEMU_AARCH64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${BYTEBENCH_QEMU_AARCH64})
endif()
