// SPDX-License-Identifier: Apache-2.0
// What the PNG writers share inside the shim: libpng's error and I/O callbacks. Not part of the API.
#ifndef CZOETROPE_MEDIA_PNG_IO_H
#define CZOETROPE_MEDIA_PNG_IO_H

#include <png.h>
#include <stddef.h>

/// Where libpng's errors are written: the caller's message buffer.
typedef struct {
  char *message;
  size_t size;
  /// Set when the message is already written (a system error, a budget):
  /// libpng's own text for the same failure is then dropped.
  int has_message;
} zt_error_sink;

/// libpng's error callback: fills the sink's message (unless set) and unwinds.
void zt_png_error(png_structp png, png_const_charp text);
/// libpng's warning callback: warnings are dropped.
void zt_png_warning(png_structp png, png_const_charp text);
/// Writes through stdio; a short write fails with the system's reason.
void zt_png_write_data(png_structp png, png_bytep data, size_t length);
/// Flushes stdio; a failure fails with the system's reason.
void zt_png_flush_data(png_structp png);
/// Copies `text` into `message` (`size` bytes, NUL-terminated) when there is one.
void zt_set_message(char *message, size_t size, const char *text);

#endif
