# Proves that a cross build's tests really run the target's code: the CLI and
# the worker are ELF files for EXPECTED_MACHINE (e_machine), and the CLI,
# exec'd directly as the tests exec it (through binfmt_misc, not the
# emulator's command line), reports that machine (uname -m, as qemu-user
# emulates it) in `bytebench sysinfo`.
#   cmake -DBIN_DIR=<build>/bin -DEXPECTED_MACHINE=aarch64 -DELF_MACHINE=183 -P runs_emulated.cmake
foreach(program bytebench bytebench-worker)
  file(READ "${BIN_DIR}/${program}" header LIMIT 20 HEX)
  # e_machine: bytes 18 and 19, little-endian.
  string(SUBSTRING "${header}" 36 4 machine_hex)
  string(SUBSTRING "${machine_hex}" 2 2 high)
  string(SUBSTRING "${machine_hex}" 0 2 low)
  math(EXPR machine "0x${high}${low}")
  if(NOT machine EQUAL ELF_MACHINE)
    message(FATAL_ERROR "${BIN_DIR}/${program}: ELF e_machine ${machine}, expected ${ELF_MACHINE}")
  endif()
  message(STATUS "${program}: ELF e_machine ${machine} (${EXPECTED_MACHINE})")
endforeach()

execute_process(COMMAND "${BIN_DIR}/bytebench" sysinfo --format json
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bytebench sysinfo failed (${rc}): ${err}\n"
    "Is the emulator registered with binfmt_misc? (cmake/toolchains/register-qemu-aarch64.sh)")
endif()
string(JSON machine ERROR_VARIABLE json_error GET "${out}" machine)
if(json_error)
  string(JSON machine GET "${out}" system machine)
endif()
if(NOT machine STREQUAL EXPECTED_MACHINE)
  message(FATAL_ERROR "bytebench sysinfo reports machine \"${machine}\", expected ${EXPECTED_MACHINE}")
endif()
cmake_host_system_information(RESULT host QUERY OS_PLATFORM)
message(STATUS "bytebench sysinfo on this ${host} host: machine ${machine}")
