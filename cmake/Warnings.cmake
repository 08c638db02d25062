# The project's warning flags, in one place: the top-level CMakeLists.txt and
# the test that proves -Werror bites (tests/cmake/warnings) both include this
# file, so the test checks the flags the build really uses.
#
# BYTEBENCH_WARNINGS_AS_ERRORS turns every warning into an error. `make test`
# sets it (its `test` and `test-asan` stages), so a warning fails CI; a user's
# `make run` leaves it off, so a newer compiler's new warning does not stop
# them from building and running a benchmark.
#
# Only our own code sees these flags: the libraries come from Debian, and
# their imported targets put their headers on -isystem, where GCC warns of
# nothing.
option(BYTEBENCH_WARNINGS_AS_ERRORS
  "Treat compiler warnings as errors in bytebench's own targets (make test sets it)" OFF)

set(BYTEBENCH_WARNING_FLAGS -Wall -Wextra)
if(BYTEBENCH_WARNINGS_AS_ERRORS)
  list(APPEND BYTEBENCH_WARNING_FLAGS -Werror)
endif()
add_compile_options(${BYTEBENCH_WARNING_FLAGS})
