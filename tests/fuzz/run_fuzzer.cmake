# One fuzzing session for ctest (tests/fuzz/CMakeLists.txt):
#   cmake -DFUZZER=... -DCORPUS=... -DDICT=... -DWORK_DIR=... -DSECONDS=... -P run_fuzzer.cmake
# Fuzzes a copy of the committed corpus for SECONDS; fails on any finding,
# whose input libFuzzer leaves in WORK_DIR (crash-*, leak-*, timeout-*, oom-*).
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
file(COPY "${CORPUS}/" DESTINATION "${WORK_DIR}/corpus")

set(args -max_total_time=${SECONDS} -timeout=10 -rss_limit_mb=2048
    -print_final_stats=1 -artifact_prefix=${WORK_DIR}/)
if(EXISTS "${DICT}")
  list(APPEND args -dict=${DICT})
endif()
execute_process(COMMAND "${FUZZER}" ${args} "${WORK_DIR}/corpus"
  WORKING_DIRECTORY "${WORK_DIR}" RESULT_VARIABLE result)
if(NOT result EQUAL 0)
  file(GLOB found "${WORK_DIR}/crash-*" "${WORK_DIR}/leak-*" "${WORK_DIR}/timeout-*"
       "${WORK_DIR}/oom-*")
  message(FATAL_ERROR "${FUZZER} found a problem (exit ${result}): ${found}\n"
                      "Reproduce: ${FUZZER} <that file>; docs/testing.md says how to turn "
                      "it into a regression test.")
endif()
