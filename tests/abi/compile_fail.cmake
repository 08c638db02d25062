# Script mode: cmake -DCXX_COMPILER= -DINCLUDE_DIR= -DSOURCE= -P this
# SOURCE must compile as it is, and must fail to compile with -DSWAPPED and
# with -DPLAIN_CONSTANTS, each with plugin.hpp's static_assert message (not
# some other error, which would prove nothing).
function(compile_probe result_var output_var)
  execute_process(COMMAND "${CXX_COMPILER}" -std=c++17 -pedantic -Wall -Wextra -Werror
                          -fsyntax-only -I "${INCLUDE_DIR}" ${ARGN} "${SOURCE}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${result_var} "${rc}" PARENT_SCOPE)
  set(${output_var} "${out}${err}" PARENT_SCOPE)
endfunction()

compile_probe(rc out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "the right order (Better, Combine) does not compile:\n${out}")
endif()
foreach(variant SWAPPED PLAIN_CONSTANTS)
  compile_probe(rc out -D${variant})
  if(rc EQUAL 0)
    message(FATAL_ERROR "metric() with -D${variant} compiles; it must not")
  endif()
  if(NOT out MATCHES "takes a bytebench::Better and then a bytebench::Combine")
    message(FATAL_ERROR "metric() with -D${variant} fails, but not with plugin.hpp's message:\n${out}")
  endif()
  message(STATUS "-D${variant}: refused as it should be")
endforeach()
