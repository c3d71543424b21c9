# SPDX-License-Identifier: Apache-2.0
# Writes one shell's completion script: cmake -DZOETROPE=… -DSHELL_NAME=bash|zsh|fish -DOUTPUT=… -P ZoetropeCompletion.cmake
cmake_minimum_required(VERSION 3.21)
execute_process(
  COMMAND "${ZOETROPE}" --generate-completion-script "${SHELL_NAME}"
  OUTPUT_FILE "${OUTPUT}.partial"
  RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  file(REMOVE "${OUTPUT}.partial")
  message(FATAL_ERROR "zoetrope --generate-completion-script ${SHELL_NAME} failed (${status})")
endif()
file(RENAME "${OUTPUT}.partial" "${OUTPUT}")
