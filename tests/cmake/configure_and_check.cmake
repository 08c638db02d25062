# Script mode: cmake -DPROJECT=DIR -DBINARY=DIR -DCXX=COMPILER [-DTOOLCHAIN=FILE]
#   -DSOURCE=bytebench's source folder -DEXPECTED="regex@@regex@@..." -P this
# Configures PROJECT and fails unless every regular expression of EXPECTED
# matches what the configuration printed (stdout and stderr).
file(REMOVE_RECURSE "${BINARY}")
set(toolchain "")
if(TOOLCHAIN)  # a cross build's: the same target processor
  set(toolchain "-DCMAKE_TOOLCHAIN_FILE=${TOOLCHAIN}")
endif()
execute_process(
  COMMAND "${CMAKE_COMMAND}" -S "${PROJECT}" -B "${BINARY}" "-DCMAKE_CXX_COMPILER=${CXX}"
    ${toolchain} "-DBYTEBENCH_SOURCE_DIR=${SOURCE}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(printed "${out}\n${err}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configuring ${PROJECT} failed (${rc}):\n${printed}")
endif()
string(REPLACE "@@" ";" EXPECTED "${EXPECTED}")
foreach(expected IN LISTS EXPECTED)
  if(NOT printed MATCHES "${expected}")
    message(FATAL_ERROR "the configuration did not print /${expected}/:\n${printed}")
  endif()
endforeach()
list(LENGTH EXPECTED count)
message(STATUS "${count} expectations met")
