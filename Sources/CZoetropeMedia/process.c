// SPDX-License-Identifier: Apache-2.0
// Process-wide allocator policy for the command-line tool.

#define _GNU_SOURCE
#include "CZoetropeMedia.h"

#include <limits.h>
#include <sys/resource.h>
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
  // Under an address-space limit (ulimit -v, prlimit --as) every thread's
  // arena reserves 64 MiB of addresses whatever it uses: three render threads
  // exhausted a 300 MB limit holding 60 MB (the allocation failure then ends
  // the process). One arena shared by every thread fits the limit to the
  // memory actually used.
  struct rlimit addressSpace;
  if (getrlimit(RLIMIT_AS, &addressSpace) == 0 && addressSpace.rlim_cur != RLIM_INFINITY) mallopt(M_ARENA_MAX, 1);
#endif
}
