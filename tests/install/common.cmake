# Helpers for the install scripts (script mode).
function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
  set(step_output "${out}" PARENT_SCOPE)
endfunction()

# Runs the bytebench of `prefix` as a user would: lists, runs a short test
# with the standard suite and an installed example suite by name, and checks
# what it printed.
function(check_installed_bytebench prefix work)
  set(bb "${prefix}/bin/bytebench")
  run_step("bytebench list" "${bb}" --no-history list)
  if(NOT step_output MATCHES "Tests of suite 'index' \\(${prefix}/share/bytebench/suites/index.toml\\)")
    message(FATAL_ERROR "list does not use the installed suite:\n${step_output}")
  endif()
  run_step("bytebench plugins" "${bb}" plugins)
  # system.so, or in a portable build the level this CPU runs.
  if(NOT step_output MATCHES "${prefix}/lib/bytebench/plugins/(levels/[^/]+/)?system.so")
    message(FATAL_ERROR "plugins are not loaded from the installed tree:\n${step_output}")
  endif()
  run_step("bytebench run" "${bb}" --no-history run syscall spawn -i 1 --duration 0.2
           --settle 0 -c 1 -q -o "${work}/results")
  if(NOT step_output MATCHES "System Call Overhead +[0-9.]+ lps" OR
     NOT step_output MATCHES "Process Creation +[0-9.]+ lps")
    message(FATAL_ERROR "unexpected report:\n${step_output}")
  endif()
  run_step("bytebench --suite quick-cpu list" "${bb}" --suite quick-cpu list)
  if(NOT step_output MATCHES "Tests of suite 'quick-cpu'")
    message(FATAL_ERROR "the installed example suite is not found by name:\n${step_output}")
  endif()
endfunction()
