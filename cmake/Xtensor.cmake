# Makes the interface target `lab_xtensor` that carries xtensor's and xtl's include path.
#
# Debian's xtensor (0.24) ships no CMake config, and under Emscripten two things go wrong with
# the obvious approach: the toolchain file confines find_* to its sysroot, and adding
# -I/usr/include would drag glibc's headers into the wasm build. So we find the headers
# outside the find root and expose only them, through a folder of symlinks in the build tree.
find_path(LAB_XTENSOR_DIR xtensor/xtensor.hpp PATHS /usr/include /usr/local/include NO_CMAKE_FIND_ROOT_PATH)
find_path(LAB_XTL_DIR xtl/xtl_config.hpp PATHS /usr/include /usr/local/include NO_CMAKE_FIND_ROOT_PATH)
if(NOT LAB_XTENSOR_DIR OR NOT LAB_XTL_DIR)
  message(FATAL_ERROR "xtensor/xtl headers not found: install xtensor-dev and xtl-dev (scripts/setup.sh does)")
endif()

add_library(lab_xtensor INTERFACE)
if(EMSCRIPTEN)
  set(LAB_THIRD_PARTY_INCLUDE "${CMAKE_BINARY_DIR}/third_party_include")
  file(MAKE_DIRECTORY "${LAB_THIRD_PARTY_INCLUDE}")
  foreach(pair "xtensor;${LAB_XTENSOR_DIR}" "xtl;${LAB_XTL_DIR}")
    list(GET pair 0 name)
    list(GET pair 1 dir)
    if(NOT EXISTS "${LAB_THIRD_PARTY_INCLUDE}/${name}")
      file(CREATE_LINK "${dir}/${name}" "${LAB_THIRD_PARTY_INCLUDE}/${name}" SYMBOLIC)
    endif()
  endforeach()
  target_include_directories(lab_xtensor SYSTEM INTERFACE "${LAB_THIRD_PARTY_INCLUDE}")
else()
  target_include_directories(lab_xtensor SYSTEM INTERFACE "${LAB_XTENSOR_DIR}" "${LAB_XTL_DIR}")
endif()
