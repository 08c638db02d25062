# Script mode: cmake -DPROJECT=DIR -DBINARY=DIR -DCXX=COMPILER -DSOURCE=bytebench's
#   source folder -P this
# Builds PROJECT (a file with an unused variable, through cmake/Warnings.cmake)
# twice: with BYTEBENCH_WARNINGS_AS_ERRORS=ON the build must fail on that
# warning, with OFF it must succeed and still print it. So the option that
# `make test` sets really stops a build on a warning, and `make run` does not.
function(build_with werror rc_var output_var)
  set(binary "${BINARY}/werror-${werror}")
  file(REMOVE_RECURSE "${binary}")
  execute_process(
    COMMAND "${CMAKE_COMMAND}" -S "${PROJECT}" -B "${binary}" "-DCMAKE_CXX_COMPILER=${CXX}"
      "-DBYTEBENCH_SOURCE_DIR=${SOURCE}" "-DBYTEBENCH_WARNINGS_AS_ERRORS=${werror}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "configuring ${PROJECT} (WARNINGS_AS_ERRORS=${werror}) failed:\n${out}${err}")
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" --build "${binary}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  set(${rc_var} "${rc}" PARENT_SCOPE)
  set(${output_var} "${out}\n${err}" PARENT_SCOPE)
endfunction()

build_with(ON rc printed)
if(rc EQUAL 0)
  message(FATAL_ERROR "with BYTEBENCH_WARNINGS_AS_ERRORS=ON an unused variable built:\n${printed}")
endif()
if(NOT printed MATCHES "error: unused variable")
  message(FATAL_ERROR "with BYTEBENCH_WARNINGS_AS_ERRORS=ON the build failed, but not on the "
                      "planted warning:\n${printed}")
endif()
build_with(OFF rc printed)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "with BYTEBENCH_WARNINGS_AS_ERRORS=OFF a warning failed the build:\n${printed}")
endif()
if(NOT printed MATCHES "warning: unused variable")
  message(FATAL_ERROR "with BYTEBENCH_WARNINGS_AS_ERRORS=OFF the planted warning was not "
                      "reported (are -Wall -Wextra still set?):\n${printed}")
endif()
message(STATUS "-Werror fails the build on the planted warning; without it, the build warns")
