# Installing and packaging.
#
# `cmake --install build --prefix P` lays out a relocatable tree: the CLI
# finds its worker, plugins and suites relative to its own bin/ folder, so
# P can be moved or copied anywhere.
#   P/bin/bytebench, P/bin/bytebench-worker
#   P/lib/bytebench/plugins/*.so (and system.d/ helpers)
#   P/include/bytebench/plugin.h, plugin.hpp, params.h  the SDK
#   P/lib/cmake/bytebench/                             find_package(bytebench)
#   P/share/bytebench/suites/*.toml, examples/suites/  suites
#   P/share/doc/bytebench/                             docs, examples, LICENSE,
#                                                      NOTICE, CHANGELOG.md, copyright
#   P/share/bash-completion/completions/bytebench      shell completions
#   P/share/zsh/vendor-completions/_bytebench
#   P/share/fish/vendor_completions.d/bytebench.fish
#   P/share/man/man1/bytebench.1, bytebench-COMMAND.1  man pages
#
# `cpack` (in the build folder) makes a .deb of the same tree under /usr;
# its Depends come from dpkg-shlibdeps (package dpkg-dev).

# The completions and man pages are written by the program itself from its
# parser's definition (core/cli/command_line.cpp), so they cannot drift from
# what it accepts; at build time, into build/share/, beside the suites.
set(bytebench_generated_share "${PROJECT_BINARY_DIR}/share")
set(bytebench_completion_files
  "${bytebench_generated_share}/bash-completion/completions/bytebench"
  "${bytebench_generated_share}/zsh/vendor-completions/_bytebench"
  "${bytebench_generated_share}/fish/vendor_completions.d/bytebench.fish")
set(bytebench_man_dir "${bytebench_generated_share}/man/man1")
add_custom_command(
  OUTPUT ${bytebench_completion_files} "${bytebench_man_dir}/bytebench.1"
  COMMAND "${CMAKE_COMMAND}" -E make_directory
    "${bytebench_generated_share}/bash-completion/completions"
    "${bytebench_generated_share}/zsh/vendor-completions"
    "${bytebench_generated_share}/fish/vendor_completions.d" "${bytebench_man_dir}"
  COMMAND sh -c "\"$1\" completion bash > \"$2\" && \"$1\" completion zsh > \"$3\" && \"$1\" completion fish > \"$4\""
    sh "$<TARGET_FILE:bytebench>" ${bytebench_completion_files}
  COMMAND "$<TARGET_FILE:bytebench>" man "${bytebench_man_dir}"
  DEPENDS bytebench
  COMMENT "Writing the shell completions and man pages of bytebench"
  VERBATIM)
add_custom_target(bytebench_completions_and_man ALL
  DEPENDS ${bytebench_completion_files} "${bytebench_man_dir}/bytebench.1")
install(FILES "${bytebench_generated_share}/bash-completion/completions/bytebench"
  DESTINATION "${CMAKE_INSTALL_DATADIR}/bash-completion/completions")
install(FILES "${bytebench_generated_share}/zsh/vendor-completions/_bytebench"
  DESTINATION "${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions")
install(FILES "${bytebench_generated_share}/fish/vendor_completions.d/bytebench.fish"
  DESTINATION "${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d")
# Every page the program writes (one per subcommand): the folder, not a list
# kept here by hand.
install(DIRECTORY "${bytebench_man_dir}/" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1"
  FILES_MATCHING PATTERN "*.1")

install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/" DESTINATION "${CMAKE_INSTALL_DOCDIR}"
  FILES_MATCHING PATTERN "*.md")
install(FILES "${PROJECT_SOURCE_DIR}/README.md" "${PROJECT_SOURCE_DIR}/LICENSE"
  "${PROJECT_SOURCE_DIR}/NOTICE" "${PROJECT_SOURCE_DIR}/CHANGELOG.md"
  DESTINATION "${CMAKE_INSTALL_DOCDIR}")
# Debian's place for the licence: /usr/share/doc/bytebench/copyright, in the
# machine-readable format (DEP-5), pointing to the system's copy of the
# Apache-2.0 text. Installed in every tree (it is small and true there too),
# because the .deb is made from the same install.
install(FILES "${PROJECT_SOURCE_DIR}/cmake/deb/copyright" DESTINATION "${CMAKE_INSTALL_DOCDIR}")
# The examples' scripts are run in place (README: ./submit.sh), so they keep
# their executable bit installed and in the .deb; install(DIRECTORY) gives
# every file 644 otherwise. Named by pattern, not copied from the checkout,
# whose modes depend on the umask it was made with.
set(bytebench_script_permissions OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
  WORLD_READ WORLD_EXECUTE)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/examples/" DESTINATION "${CMAKE_INSTALL_DOCDIR}/examples"
  PATTERN "build*" EXCLUDE
  PATTERN "*.sh" PERMISSIONS ${bytebench_script_permissions}
  PATTERN "*.sbatch" PERMISSIONS ${bytebench_script_permissions})

set(CPACK_GENERATOR "DEB")
set(CPACK_PACKAGE_NAME "bytebench")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_VENDOR "bytebench")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGE_CONTACT "bytebench developers <bytebench@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Plugin-based successor to BYTE UnixBench, with its workloads and scoring")
set(CPACK_PACKAGE_DESCRIPTION
  "bytebench runs UnixBench's workloads (Dhrystone, Whetstone, execl, file copy,\n\
pipes, context switches, process creation, shell scripts, system calls) and\n\
scores them against the same baseline, with results in JSON, text, CSV,\n\
Markdown and HTML, comparisons with significance tests and a run history.\n\
Workloads and report formats are plugins; the SDK to write your own is included.")
set(CPACK_PACKAGING_INSTALL_PREFIX "/usr")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "utils")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The shell tests run sort, od, grep, tee, wc (coreutils and grep are
# essential); the `dc` and `C` tests need dc and a C compiler, and plugins are
# built with cmake. The graphics tests (docs/graphics.md) run x11perf
# (x11-apps) with the core fonts (xfonts-base), on a private Xvfb when there
# is no $DISPLAY, and ubgears renders with Mesa (its GLX and the llvmpipe
# driver are loaded at run time, so dpkg-shlibdeps cannot see them; libgl1
# and libx11-6, which ubgears links, come into Depends through it).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
  "dc, gcc, xvfb, x11-apps, xfonts-base, libgl1-mesa-dri, libglx-mesa0")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "cmake, g++")
include(CPack)
