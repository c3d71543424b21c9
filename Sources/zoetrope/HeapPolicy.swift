// SPDX-License-Identifier: Apache-2.0
// Keeps freed memory in the process between frames: the allocator policy the tool sets at start-up.

import CZoetropeMedia

/// The C allocator's policy for a process that renders many frames.
///
/// glibc's allocator hands the top of the heap back to the system whenever
/// enough of it is free, and serves large blocks with fresh mappings. A frame
/// frees its display list at the end and allocates it again at the start of
/// the next, so by default every frame faults the same megabytes back in
/// (measured: page faults grew from ~8 k over 30 frames of the 1080p strokes
/// scene to ~62 k over 90, and the median frame from 16 to 18–19 ms). A
/// renderer reuses its peak working set, so the tools keep it (`zoetrope-bench`
/// calls `zt_process_keep_freed_memory` itself, to measure what the tool does).
enum HeapPolicy {
  /// Stops trimming the heap and lets blocks up to 32 MiB come from it.
  /// Process-wide: call once at start-up, from a tool, never from a library
  /// path. A no-op off glibc.
  static func keepFreedMemory() {
    zt_process_keep_freed_memory()
  }
}
