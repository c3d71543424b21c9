// SPDX-License-Identifier: Apache-2.0
// Process-wide allocator policy for the command-line tool.

#define _GNU_SOURCE
#include "CZoetropeMedia.h"

#include <limits.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

void zt_process_keep_freed_memory(void) {
#ifdef __GLIBC__
  // 32 MiB is the largest mmap threshold every 64-bit glibc accepts
  // (HEAP_MAX_SIZE / 2). It goes first: setting any threshold stops glibc from
  // adapting them, so a refused mmap threshold after a trim threshold would
  // leave the 128 KiB default in place for good and map every large block
  // afresh.
  if (mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024) == 1) mallopt(M_TRIM_THRESHOLD, INT_MAX);
#endif
}
