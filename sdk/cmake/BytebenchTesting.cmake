# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 the bytebench authors

# bytebench_add_plugin_test(<target> SOURCES <src>... PLUGINS <plugin>...
#                           [LIBRARIES <lib>...])
#
# The vendor test kit: builds a GoogleTest program from SOURCES (linked with
# GTest::gtest_main, the SDK and LIBRARIES) whose tests run workloads of the
# PLUGINS (targets made with bytebench_add_plugin) through the real
# bytebench CLI and worker with <bytebench/testing.hpp>, and registers it
# with CTest under <target>. The program is told where the CLI is
# (BYTEBENCH_CLI: the install's own, set by find_package(bytebench), or the
# `bytebench` target in bytebench's own build) and where the plugins are
# built; it depends on the plugins, so `cmake --build` rebuilds them first.
include_guard(GLOBAL)

function(bytebench_add_plugin_test target)
  cmake_parse_arguments(ARG "" "" "SOURCES;PLUGINS;LIBRARIES" ${ARGN})
  if(NOT ARG_SOURCES OR NOT ARG_PLUGINS)
    message(FATAL_ERROR "bytebench_add_plugin_test(${target}): SOURCES and PLUGINS are required")
  endif()
  if(TARGET bytebench)
    set(cli "$<TARGET_FILE:bytebench>")
  elseif(BYTEBENCH_CLI)
    set(cli "${BYTEBENCH_CLI}")
  else()
    message(FATAL_ERROR "bytebench_add_plugin_test(${target}): BYTEBENCH_CLI is not set "
                        "(find_package(bytebench) sets it to the installed bytebench)")
  endif()
  if(NOT TARGET GTest::gtest_main)
    find_package(GTest REQUIRED)
  endif()
  set(folders "")
  foreach(plugin IN LISTS ARG_PLUGINS)
    list(APPEND folders "$<TARGET_FILE_DIR:${plugin}>")
  endforeach()
  list(REMOVE_DUPLICATES folders)
  string(JOIN ":" plugin_path ${folders})
  add_executable(${target} ${ARG_SOURCES})
  target_link_libraries(${target} PRIVATE bytebench::sdk GTest::gtest_main ${ARG_LIBRARIES})
  target_compile_definitions(${target} PRIVATE "BYTEBENCH_TESTING_CLI=\"${cli}\""
                                               "BYTEBENCH_TESTING_PLUGIN_PATH=\"${plugin_path}\"")
  add_dependencies(${target} ${ARG_PLUGINS})
  add_test(NAME ${target} COMMAND ${target})
endfunction()
