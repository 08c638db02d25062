# Script mode: cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... -DCLI=... -P this
file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

run_step("install" ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}" --component Unspecified)
# No CMAKE_BUILD_TYPE, as the example's comment says to build it:
# bytebench_add_plugin() compiles it with the Release flags and says so.
run_step("configure example" ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${WORK_DIR}/build"
         -DCMAKE_PREFIX_PATH=${prefix})
if(NOT step_output MATCHES "bytebench: CMAKE_BUILD_TYPE is not set: plugins are built with the Release flags \\(-O")
  message(FATAL_ERROR "configuring without a build type did not say so:\n${step_output}")
endif()
run_step("build example" ${CMAKE_COMMAND} --build "${WORK_DIR}/build")
if(NOT EXISTS "${WORK_DIR}/build/getppid.so")
  message(FATAL_ERROR "the example did not produce getppid.so")
endif()
# Only the entry point is exported.
run_step("nm" nm -D --defined-only "${WORK_DIR}/build/getppid.so")
string(REGEX MATCHALL " T [^\n]+" exported "${step_output}")
if(NOT exported STREQUAL " T bytebench_plugin_entry")
  message(FATAL_ERROR "plugin exports more than its entry point: ${exported}")
endif()
run_step("run" "${prefix}/bin/bytebench" --plugin-path "${WORK_DIR}/build" run example.getppid
         -i 1 --duration 0.2 --settle 0 -c 1 -q -o "${WORK_DIR}/results" --format text --format json)
if(NOT step_output MATCHES "getppid\\(\\) calls +[0-9]+\\.[0-9] lps")
  message(FATAL_ERROR "unexpected report:\n${step_output}")
endif()
# The result records the compiler and the flags the plugin was built with:
# the Release flags, never a bare "gcc 12.2.0 ".
file(GLOB results "${WORK_DIR}/results/*.json")
list(GET results 0 result)
file(READ "${result}" document)
string(JSON build GET "${document}" runs 0 tests 0 build)
if(NOT build MATCHES "^(gcc|clang) [^ ]+ .*-O[23s]( |$)")
  message(FATAL_ERROR "the result records the build as \"${build}\"")
endif()
message(STATUS "the plugin's build: ${build}")
