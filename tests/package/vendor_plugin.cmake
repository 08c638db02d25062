# Script mode:
#   cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... -DCTEST=... -DPYTHON=...
#         -DCHECKER=... -P this
# Installs the build to a fresh prefix and builds examples/vendor-plugin (a
# workload and a reporter, with its own tests) out of tree against it, as a
# vendor would in their own repository; then runs its tests and the plugins
# through the installed CLI, and checks the JSON result and the JUnit report.
file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")
set(build "${WORK_DIR}/build")
set(cli "${prefix}/bin/bytebench")

function(run_step what)
  cmake_parse_arguments(ARG "" "WORKING_DIRECTORY" "COMMAND" ${ARGN})
  if(NOT ARG_WORKING_DIRECTORY)
    set(ARG_WORKING_DIRECTORY "${WORK_DIR}")
  endif()
  execute_process(COMMAND ${ARG_COMMAND} WORKING_DIRECTORY "${ARG_WORKING_DIRECTORY}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

file(MAKE_DIRECTORY "${WORK_DIR}")
run_step("install" COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}"
         --component Unspecified)
# -Werror: the example must build without a warning under its -Wall -Wextra.
run_step("configure the vendor plugin" COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${build}"
         -DCMAKE_PREFIX_PATH=${prefix} -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS=-Werror)
run_step("build the vendor plugin" COMMAND ${CMAKE_COMMAND} --build "${build}" --parallel 2)
foreach(plugin vector junit)
  if(NOT EXISTS "${build}/${plugin}.so")
    message(FATAL_ERROR "the vendor plugin build did not produce ${plugin}.so")
  endif()
  run_step("nm ${plugin}.so" COMMAND nm -D --defined-only "${build}/${plugin}.so")
  string(REGEX MATCHALL " T [^\n]+" exported "${step_output}")
  if(NOT exported STREQUAL " T bytebench_plugin_entry")
    message(FATAL_ERROR "${plugin}.so exports more than its entry point: ${exported}")
  endif()
endforeach()
run_step("the vendor plugin's own tests" COMMAND ${CTEST} --output-on-failure
         WORKING_DIRECTORY "${build}")

# One short pass, the result and the JUnit report written beside each other.
set(results "${WORK_DIR}/results")
run_step("run example.fma-throughput" COMMAND "${cli}" --plugin-path "${build}" run example.fma-throughput -i 1
         --duration 0.3 --settle 0 -c 1 -q -o "${results}" --format json --format junit)
# With --format json and no text report, standard output is the run's summary
# (docs/cli-json.md, bytebench.run/1): one test, ok.
string(JSON summary_schema ERROR_VARIABLE not_json GET "${step_output}" schema)
string(JSON tests_ok ERROR_VARIABLE not_json GET "${step_output}" tests ok)
if(not_json OR NOT summary_schema STREQUAL "bytebench.run/1" OR NOT tests_ok EQUAL 1)
  message(FATAL_ERROR "unexpected summary:\n${step_output}")
endif()
file(GLOB result_json "${results}/*.json")
file(GLOB result_xml "${results}/*.xml")
list(LENGTH result_json n_json)
list(LENGTH result_xml n_xml)
if(NOT n_json EQUAL 1 OR NOT n_xml EQUAL 1)
  message(FATAL_ERROR "expected one .json and one .xml in ${results}, found: ${result_json} ${result_xml}")
endif()
run_step("check the result and the JUnit report"
         COMMAND "${PYTHON}" "${CHECKER}" "${result_json}" "${result_xml}")

# `report` renders the saved result again through the reporter plugin.
run_step("report --format junit" COMMAND "${cli}" --plugin-path "${build}" report "${result_json}"
         --format junit -o "${WORK_DIR}/again.xml")
run_step("check the re-rendered report"
         COMMAND "${PYTHON}" "${CHECKER}" "${result_json}" "${WORK_DIR}/again.xml")

# A comparison is not a result: the reporter declares it renders results
# only (ABI 1.2), so the host refuses before any worker starts.
execute_process(COMMAND "${cli}" --plugin-path "${build}" compare "${result_json}"
                        "${result_json}" --format junit -o "${WORK_DIR}/comparison.xml"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT "${out}${err}" MATCHES "does not render comparisons")
  message(FATAL_ERROR "compare --format junit should be refused: it renders results only "
                      "(exit ${rc}):\n${out}\n${err}")
endif()
