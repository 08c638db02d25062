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
#
# The numbers depend on how the workload is compiled, so:
# - A single-config build without CMAKE_BUILD_TYPE (CMake's default: no
#   optimisation at all) compiles the plugin with the Release flags
#   (CMAKE_<LANG>_FLAGS_RELEASE, "-O3 -DNDEBUG" with GCC and Clang), and
#   says so once. Set CMAKE_BUILD_TYPE to choose (Debug to debug a plugin).
# - The flags the target is compiled with (CMAKE_<LANG>_FLAGS, those of the
#   build type and the target's COMPILE_OPTIONS, also those added after this
#   call) are recorded in BYTEBENCH_CMAKE_BUILD_FLAGS, which plugin.h's
#   BYTEBENCH_BUILD_INFO puts in bb_plugin.build_info, and the result in each
#   test's "build". A definition of BYTEBENCH_BUILD_FLAGS of your own wins.
include_guard(GLOBAL)
include(GNUInstallDirs)

# _bytebench_genex_text(<out> <text>): <text> made safe inside a generator
# expression's argument.
function(_bytebench_genex_text out text)
  string(REPLACE ">" "$<ANGLE-R>" text "${text}")
  string(REPLACE "," "$<COMMA>" text "${text}")
  string(REPLACE ";" "$<SEMICOLON>" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# _bytebench_record_build_flags(<target>): BYTEBENCH_CMAKE_BUILD_FLAGS, per
# language, as the target's sources are compiled.
function(_bytebench_record_build_flags target)
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(CMAKE_CONFIGURATION_TYPES)
    set(configs ${CMAKE_CONFIGURATION_TYPES})
  else()
    set(configs "${CMAKE_BUILD_TYPE}")
  endif()
  foreach(lang IN ITEMS C CXX)
    if(NOT lang IN_LIST languages)
      continue()
    endif()
    _bytebench_genex_text(flags "${CMAKE_${lang}_FLAGS}")
    set(by_config "")
    foreach(config IN LISTS configs)
      if(config)
        string(TOUPPER "${config}" upper)
        _bytebench_genex_text(config_flags "${CMAKE_${lang}_FLAGS_${upper}}")
        string(APPEND by_config "$<$<CONFIG:${config}>:${config_flags}>")
      endif()
    endforeach()
    set(options "$<JOIN:$<TARGET_PROPERTY:${target},COMPILE_OPTIONS>, >")
    target_compile_definitions(${target} PRIVATE
      "$<$<COMPILE_LANGUAGE:${lang}>:BYTEBENCH_CMAKE_BUILD_FLAGS=\"${flags} ${by_config} ${options}\">")
  endforeach()
endfunction()

# _bytebench_default_to_release(<target>): the Release flags for a target of
# a single-config build that has no build type.
function(_bytebench_default_to_release target)
  if(CMAKE_CONFIGURATION_TYPES OR CMAKE_BUILD_TYPE)
    return()
  endif()
  get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  set(shown "")
  foreach(lang IN ITEMS C CXX)
    if(lang IN_LIST languages)
      separate_arguments(release UNIX_COMMAND "${CMAKE_${lang}_FLAGS_RELEASE}")
      foreach(flag IN LISTS release)
        target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:${lang}>:${flag}>")
      endforeach()
      set(shown "${CMAKE_${lang}_FLAGS_RELEASE}")
    endif()
  endforeach()
  get_property(said GLOBAL PROPERTY _BYTEBENCH_SAID_RELEASE)
  if(NOT said)
    set_property(GLOBAL PROPERTY _BYTEBENCH_SAID_RELEASE TRUE)
    message(STATUS "bytebench: CMAKE_BUILD_TYPE is not set: plugins are built with the Release "
                   "flags (${shown}); set CMAKE_BUILD_TYPE to choose")
  endif()
endfunction()

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
  _bytebench_default_to_release(${target})
  _bytebench_record_build_flags(${target})
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
