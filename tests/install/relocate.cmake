# Script mode: cmake -DBUILD_DIR=... -DWORK_DIR=... -P this
# Installs to one prefix, moves the whole tree elsewhere, and uses it there.
include("${CMAKE_CURRENT_LIST_DIR}/common.cmake")
file(REMOVE_RECURSE "${WORK_DIR}")
run_step("install" ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${WORK_DIR}/first")
foreach(path bin/bytebench bin/bytebench-worker include/bytebench/plugin.h
        include/bytebench/plugin.hpp include/bytebench/params.h
        lib/cmake/bytebench/bytebench-config.cmake
        lib/bytebench/plugins/cpu.so share/bytebench/suites/index.toml
        share/doc/bytebench/plugin-guide.md share/doc/bytebench/LICENSE
        share/bash-completion/completions/bytebench share/zsh/vendor-completions/_bytebench
        share/fish/vendor_completions.d/bytebench.fish share/man/man1/bytebench.1
        share/man/man1/bytebench-run.1)
  if(NOT EXISTS "${WORK_DIR}/first/${path}")
    message(FATAL_ERROR "the install lacks ${path}")
  endif()
endforeach()
file(MAKE_DIRECTORY "${WORK_DIR}/moved")
file(RENAME "${WORK_DIR}/first" "${WORK_DIR}/moved/elsewhere")
check_installed_bytebench("${WORK_DIR}/moved/elsewhere" "${WORK_DIR}")
