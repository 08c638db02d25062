# Script mode: cmake -DBUILD_DIR= -DWORK_DIR= -DC_COMPILER= -DCXX_COMPILER=
#                    -DC_SOURCE= -DCXX_SOURCE= -P this
# Installs the build to a fresh prefix and compiles the probes against the
# installed include folder only.
file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")

function(run_step what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
  endif()
endfunction()

run_step("install" ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${prefix}")
if(NOT EXISTS "${prefix}/include/bytebench/plugin.h" OR
   NOT EXISTS "${prefix}/include/bytebench/plugin.hpp" OR
   NOT EXISTS "${prefix}/include/bytebench/params.h")
  message(FATAL_ERROR "the install has no include/bytebench/plugin.h, plugin.hpp and params.h")
endif()
run_step("C11" ${C_COMPILER} -std=c11 -pedantic -Wall -Wextra -Werror -fsyntax-only
         -I "${prefix}/include" "${C_SOURCE}")
run_step("C++17" ${CXX_COMPILER} -std=c++17 -pedantic -Wall -Wextra -Werror -fsyntax-only
         -I "${prefix}/include" "${CXX_SOURCE}")
