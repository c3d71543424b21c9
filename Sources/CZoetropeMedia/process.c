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
  mallopt(M_TRIM_THRESHOLD, INT_MAX);
  mallopt(M_MMAP_THRESHOLD, 512 * 1024 * 1024);
#endif
}
