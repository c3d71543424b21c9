# SPDX-License-Identifier: Apache-2.0
# The body of a zoetrope_add_golden_test() test (run with cmake -P): render each
# time with `zoetrope still` into WORK/actual, compare it with GOLDEN/t<time>.png
# with `zoetrope compare`, keep the diffs of failing frames in WORK/diff and say
# where they are; record missing references (or all, with RECORD=ON) and fail.
cmake_minimum_required(VERSION 3.21)
foreach(variable IN ITEMS ZOETROPE SCENE GOLDEN WORK TIMES THRESHOLD MAX_DIFF_PIXELS RECORD)
  if(NOT DEFINED ${variable})
    message(FATAL_ERROR "ZoetropeGoldenTest.cmake: -D${variable}=… is required")
  endif()
endforeach()

file(REMOVE_RECURSE "${WORK}/actual" "${WORK}/diff")
file(MAKE_DIRECTORY "${WORK}/actual" "${WORK}/diff")
string(REPLACE "," ";" times "${TIMES}")

set(recorded "")
set(failed "")
foreach(time IN LISTS times)
  set(frame "t${time}.png")
  execute_process(
    COMMAND "${ZOETROPE}" still "${SCENE}" --time "${time}" -o "${WORK}/actual/${frame}"
    RESULT_VARIABLE status ERROR_VARIABLE errors)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "zoetrope still ${SCENE} --time ${time} failed (${status}):\n${errors}")
  endif()
  if(RECORD OR NOT EXISTS "${GOLDEN}/${frame}")
    file(MAKE_DIRECTORY "${GOLDEN}")
    file(COPY_FILE "${WORK}/actual/${frame}" "${GOLDEN}/${frame}")
    list(APPEND recorded "${GOLDEN}/${frame}")
    continue()
  endif()
  execute_process(
    COMMAND "${ZOETROPE}" compare "${GOLDEN}/${frame}" "${WORK}/actual/${frame}" --diff "${WORK}/diff/${frame}"
            --threshold "${THRESHOLD}" --max-diff-pixels "${MAX_DIFF_PIXELS}"
    RESULT_VARIABLE status OUTPUT_VARIABLE report ERROR_VARIABLE errors)
  if(status EQUAL 0)
    file(REMOVE "${WORK}/diff/${frame}")
    message(STATUS "${frame}: ${report}")
  elseif(status EQUAL 1)
    string(STRIP "${report}" report)
    message("${frame} differs: ${report}\n  expected: ${GOLDEN}/${frame}\n  actual:   ${WORK}/actual/${frame}\n"
            "  diff:     ${WORK}/diff/${frame}")
    list(APPEND failed "${frame}")
  else()
    message(FATAL_ERROR "zoetrope compare failed (${status}):\n${errors}")
  endif()
endforeach()

if(recorded)
  list(JOIN recorded "\n  " listing)
  message(FATAL_ERROR "Recorded references (check them, commit them, and run the test again):\n  ${listing}")
endif()
if(failed)
  message(FATAL_ERROR "Golden frames differ: ${failed}. The diffs are in ${WORK}/diff; "
          "re-record with -DZOETROPE_RECORD=ON if the change is intended.")
endif()
