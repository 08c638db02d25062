# The workload plugins' CPU flags per architecture, and the check of each
# flag with the compiler (plugins/CMakeLists.txt; docs/portability.md).
include_guard(GLOBAL)
include(CheckCXXCompilerFlag)

# bytebench_cpu_flag_table(<processor>): for CMAKE_SYSTEM_PROCESSOR-style
# <processor>, sets in the caller
#   _native_flags            the flags that target the build machine's CPU
#   _levels                  the ISA levels, lowest (the baseline) first
#   _level_flags_<level>     each level's flags
#   _level_link_<level>      each level's link flags (may be unset)
# The level names are core/model/isa_level.cpp's.
macro(bytebench_cpu_flag_table processor)
  string(TOLOWER "${processor}" _arch)
  set(_native_flags "")
  set(_levels "")
  if(_arch MATCHES "^(x86_64|amd64)$")
    set(_native_flags -march=native -mtune=native)
    set(_levels x86-64 x86-64-v2 x86-64-v3 x86-64-v4)
    foreach(_level IN LISTS _levels)
      set(_level_flags_${_level} -march=${_level})
    endforeach()
    # The linker marks a level's file with the level it needs (x86 ISA
    # needed in .note.gnu.property), so glibc refuses to load it on an older
    # CPU instead of it dying of SIGILL later.
    foreach(_level x86-64-v2 x86-64-v3 x86-64-v4)
      set(_level_link_${_level} -Wl,-z,${_level})
    endforeach()
  elseif(_arch MATCHES "^(i[3-6]86|x86)$")
    set(_native_flags -march=native -mtune=native)
    set(_levels ${_arch})
  elseif(_arch MATCHES "^(aarch64|arm64)$")
    set(_native_flags -mcpu=native)
    set(_levels armv8-a armv8.2-a)
    set(_level_flags_armv8-a -march=armv8-a)
    set(_level_flags_armv8.2-a -march=armv8.2-a)
  elseif(_arch MATCHES "^(ppc64le|powerpc64le)$")
    set(_native_flags -mcpu=native)  # GCC on POWER has no -march=native
    set(_levels power8 power9 power10)
    foreach(_level IN LISTS _levels)
      set(_level_flags_${_level} -mcpu=${_level})
    endforeach()
  else()
    set(_levels ${_arch})  # no CPU flags: RISC-V, s390x, ...
  endif()
endmacro()

# bytebench_checked_flags(<out> <flag>...): the flags the C++ compiler
# takes; a warning naming each one it rejects and the architecture.
function(bytebench_checked_flags out)
  set(taken "")
  foreach(flag IN LISTS ARGN)
    string(MAKE_C_IDENTIFIER "BYTEBENCH_CXX_TAKES${flag}" var)
    check_cxx_compiler_flag("${flag}" ${var})
    if(${var})
      list(APPEND taken "${flag}")
    else()
      message(WARNING "workload flags: ${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION} "
                      "rejects ${flag} on ${CMAKE_SYSTEM_PROCESSOR}; building without it")
    endif()
  endforeach()
  set(${out} "${taken}" PARENT_SCOPE)
endfunction()
