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
        "Recommends: dc" "xvfb" "x11-apps" "libgl1-mesa-dri")
  if(NOT step_output MATCHES "${expected}")
    message(FATAL_ERROR "the package's control lacks ${expected}:\n${step_output}")
  endif()
endforeach()
run_step("dpkg-deb -x" dpkg-deb -x "${debs}" "${WORK_DIR}/root")
# The shell completions and man pages, where bash-completion, zsh, fish and man look.
foreach(path share/bash-completion/completions/bytebench share/zsh/vendor-completions/_bytebench
        share/fish/vendor_completions.d/bytebench.fish share/man/man1/bytebench-run.1)
  if(NOT EXISTS "${WORK_DIR}/root/usr/${path}")
    message(FATAL_ERROR "the package lacks /usr/${path}")
  endif()
endforeach()
# Debian's licence file: machine-readable, Apache-2.0.
set(copyright "${WORK_DIR}/root/usr/share/doc/bytebench/copyright")
if(NOT EXISTS "${copyright}")
  message(FATAL_ERROR "the package lacks /usr/share/doc/bytebench/copyright")
endif()
file(READ "${copyright}" text)
foreach(expected "^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        "\nFiles: \\*\n" "\nLicense: Apache-2.0\n" "/usr/share/common-licenses/Apache-2.0")
  if(NOT text MATCHES "${expected}")
    message(FATAL_ERROR "the package's copyright file lacks ${expected}:\n${text}")
  endif()
endforeach()
check_installed_bytebench("${WORK_DIR}/root/usr" "${WORK_DIR}")
