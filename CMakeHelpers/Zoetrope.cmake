# SPDX-License-Identifier: Apache-2.0
# CMake helpers for projects that render Zoetrope scenes: clips as build rules,
# frames as golden-image tests. Needs the imported executable Zoetrope::zoetrope
# (find_package(Zoetrope) defines it). See docs/cmake.md.

include_guard(GLOBAL)
set(_ZOETROPE_HELPERS_DIR "${CMAKE_CURRENT_LIST_DIR}")

option(ZOETROPE_RECORD "Golden tests re-record their reference frames (and fail, so nothing passes unverified)" OFF)

# zoetrope_add_clip(TARGET <name> SCENE <scene> OUTPUT <file>
#                   [FPS <fps>] [SCALE <scale>] [FRAMES <A..<B>] [ARGS <arg>...] [ALL])
#
# A target <name> that renders <scene> to <file> with `zoetrope render`: a GIF,
# MP4, MOV, WebM, APNG or PNG sequence, chosen by the extension. The clip is
# rendered again when the scene or the tool changes. A relative SCENE is taken
# from the current source folder, a relative OUTPUT from the current build folder.
# ALL adds the target to the default build. ARGS go to `zoetrope render` as they
# are (`--loop 0`, `--crf 20`, …).
function(zoetrope_add_clip)
  cmake_parse_arguments(PARSE_ARGV 0 arg "ALL" "TARGET;SCENE;OUTPUT;FPS;SCALE;FRAMES" "ARGS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "zoetrope_add_clip: unknown arguments ${arg_UNPARSED_ARGUMENTS}")
  endif()
  foreach(required IN ITEMS TARGET SCENE OUTPUT)
    if(NOT arg_${required})
      message(FATAL_ERROR "zoetrope_add_clip: ${required} is required")
    endif()
  endforeach()
  if(NOT TARGET Zoetrope::zoetrope)
    message(FATAL_ERROR "zoetrope_add_clip: Zoetrope::zoetrope is not defined; call find_package(Zoetrope) first")
  endif()
  cmake_path(ABSOLUTE_PATH arg_SCENE BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" OUTPUT_VARIABLE scene)
  cmake_path(ABSOLUTE_PATH arg_OUTPUT BASE_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}" OUTPUT_VARIABLE output)
  cmake_path(GET output PARENT_PATH output_folder)
  set(options "")
  if(DEFINED arg_FPS)
    list(APPEND options --fps "${arg_FPS}")
  endif()
  if(DEFINED arg_SCALE)
    list(APPEND options --scale "${arg_SCALE}")
  endif()
  if(DEFINED arg_FRAMES)
    list(APPEND options --frames "${arg_FRAMES}")
  endif()
  add_custom_command(
    OUTPUT "${output}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${output_folder}"
    COMMAND Zoetrope::zoetrope render "${scene}" -o "${output}" --progress none ${options} ${arg_ARGS}
    DEPENDS "${scene}" "$<TARGET_FILE:Zoetrope::zoetrope>"
    COMMENT "Rendering ${arg_SCENE} to ${arg_OUTPUT}"
    VERBATIM)
  if(arg_ALL)
    add_custom_target(${arg_TARGET} ALL DEPENDS "${output}")
  else()
    add_custom_target(${arg_TARGET} DEPENDS "${output}")
  endif()
endfunction()

# zoetrope_add_golden_test(NAME <name> SCENE <scene> GOLDEN <folder>
#                          [TIMES <seconds>...] [THRESHOLD <0-255>] [MAX_DIFF_PIXELS <n>] [LABELS <label>...])
#
# A CTest test that renders the frames of <scene> at TIMES (default 0) with
# `zoetrope still` into the build folder and compares each with the reference
# <folder>/t<time>.png using `zoetrope compare`. THRESHOLD (default 0) lets
# channel differences up to that value pass, MAX_DIFF_PIXELS (default 0) that
# many differing pixels per frame. On failure the diff PNGs stay in the build
# folder and the test prints where. A missing reference is recorded and the test
# fails; configure with -DZOETROPE_RECORD=ON to re-record every reference (the
# tests then fail until run again without it). A relative GOLDEN is taken from
# the current source folder, so references live beside the scenes, under
# version control.
function(zoetrope_add_golden_test)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "NAME;SCENE;GOLDEN;THRESHOLD;MAX_DIFF_PIXELS" "TIMES;LABELS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "zoetrope_add_golden_test: unknown arguments ${arg_UNPARSED_ARGUMENTS}")
  endif()
  foreach(required IN ITEMS NAME SCENE GOLDEN)
    if(NOT arg_${required})
      message(FATAL_ERROR "zoetrope_add_golden_test: ${required} is required")
    endif()
  endforeach()
  if(NOT TARGET Zoetrope::zoetrope)
    message(FATAL_ERROR "zoetrope_add_golden_test: Zoetrope::zoetrope is not defined; call find_package(Zoetrope) first")
  endif()
  if(NOT arg_TIMES)
    set(arg_TIMES 0)
  endif()
  if(NOT DEFINED arg_THRESHOLD)
    set(arg_THRESHOLD 0)
  endif()
  if(NOT DEFINED arg_MAX_DIFF_PIXELS)
    set(arg_MAX_DIFF_PIXELS 0)
  endif()
  cmake_path(ABSOLUTE_PATH arg_SCENE BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" OUTPUT_VARIABLE scene)
  cmake_path(ABSOLUTE_PATH arg_GOLDEN BASE_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}" OUTPUT_VARIABLE golden)
  set(work "${CMAKE_CURRENT_BINARY_DIR}/zoetrope-golden/${arg_NAME}")
  string(REPLACE ";" "," times "${arg_TIMES}")
  if(ZOETROPE_RECORD)
    set(record ON)
  else()
    set(record OFF)
  endif()
  add_test(NAME "${arg_NAME}"
    COMMAND "${CMAKE_COMMAND}"
      "-DZOETROPE=$<TARGET_FILE:Zoetrope::zoetrope>" "-DSCENE=${scene}" "-DGOLDEN=${golden}" "-DWORK=${work}"
      "-DTIMES=${times}" "-DTHRESHOLD=${arg_THRESHOLD}" "-DMAX_DIFF_PIXELS=${arg_MAX_DIFF_PIXELS}" "-DRECORD=${record}"
      -P "${_ZOETROPE_HELPERS_DIR}/ZoetropeGoldenTest.cmake")
  set_tests_properties("${arg_NAME}" PROPERTIES LABELS "zoetrope;${arg_LABELS}")
endfunction()
