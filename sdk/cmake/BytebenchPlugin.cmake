# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the bytebench authors

# bytebench_add_plugin(<target> SOURCES <src>... [OUTPUT_NAME <name>] [NO_INSTALL])
#
# Builds a bytebench plugin: a MODULE library with hidden visibility that
# exports only `bytebench_plugin_entry` and is linked with -z defs, so an
# unresolved symbol fails at build time instead of at load time. The plugin
# links only the header-only SDK: no Boost, no spdlog.
#
# The library lands in BYTEBENCH_PLUGIN_OUTPUT_DIRECTORY when that variable is
# set, and is installed into BYTEBENCH_PLUGIN_INSTALL_DIR
# (default: lib/bytebench/plugins, where the CLI looks relative to its own
# bin/ folder) unless NO_INSTALL is given.
include_guard(GLOBAL)
include(GNUInstallDirs)

function(bytebench_add_plugin target)
  # Resolved here, not at include time: callers live in other directories.
  set(_BYTEBENCH_PLUGIN_MAP "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/bytebench-plugin.map")
  cmake_parse_arguments(ARG "NO_INSTALL" "OUTPUT_NAME" "SOURCES" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "bytebench_add_plugin(${target}): SOURCES is required")
  endif()
  add_library(${target} MODULE ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE bytebench::sdk)
  set_target_properties(${target} PROPERTIES
    PREFIX ""
    C_VISIBILITY_PRESET hidden
    CXX_VISIBILITY_PRESET hidden
    VISIBILITY_INLINES_HIDDEN ON
    LINK_DEPENDS "${_BYTEBENCH_PLUGIN_MAP}")
  if(ARG_OUTPUT_NAME)
    set_target_properties(${target} PROPERTIES OUTPUT_NAME "${ARG_OUTPUT_NAME}")
  endif()
  if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
    target_link_options(${target} PRIVATE "-Wl,--version-script=${_BYTEBENCH_PLUGIN_MAP}")
    # Sanitizer runtimes live in the executable, so -z defs cannot hold then.
    if(NOT BYTEBENCH_SANITIZE)
      target_link_options(${target} PRIVATE "-Wl,-z,defs")
    endif()
  endif()
  if(BYTEBENCH_PLUGIN_OUTPUT_DIRECTORY)
    set_target_properties(${target} PROPERTIES
      LIBRARY_OUTPUT_DIRECTORY "${BYTEBENCH_PLUGIN_OUTPUT_DIRECTORY}")
  endif()
  if(NOT ARG_NO_INSTALL)
    if(NOT BYTEBENCH_PLUGIN_INSTALL_DIR)
      set(BYTEBENCH_PLUGIN_INSTALL_DIR "lib/bytebench/plugins")
    endif()
    install(TARGETS ${target} LIBRARY DESTINATION "${BYTEBENCH_PLUGIN_INSTALL_DIR}")
  endif()
endfunction()
