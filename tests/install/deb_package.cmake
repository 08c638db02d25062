# Script mode: cmake -DBUILD_DIR=... -DWORK_DIR=... -P this
# Makes the .deb with CPack, checks its metadata and dependencies, unpacks it
# and runs the bytebench inside (relocated from /usr, which the first test
# shows is the same tree).
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
run_step("cpack" cpack -G DEB --config "${BUILD_DIR}/CPackConfig.cmake" -B "${WORK_DIR}")
file(GLOB debs "${WORK_DIR}/bytebench_*.deb")
list(LENGTH debs count)
if(NOT count EQUAL 1)
  message(FATAL_ERROR "expected one bytebench_*.deb in ${WORK_DIR}, found ${count}")
endif()
run_step("dpkg-deb -f" dpkg-deb -f "${debs}" Package Depends Recommends)
foreach(expected "Package: bytebench" "libspdlog" "libtomlplusplus" "libsqlite3" "libstdc\\+\\+6"
        "Recommends: dc")
  if(NOT step_output MATCHES "${expected}")
    message(FATAL_ERROR "the package's control lacks ${expected}:\n${step_output}")
  endif()
endforeach()
run_step("dpkg-deb -x" dpkg-deb -x "${debs}" "${WORK_DIR}/root")
check_installed_bytebench("${WORK_DIR}/root/usr" "${WORK_DIR}")
