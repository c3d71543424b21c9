// SPDX-License-Identifier: Apache-2.0
// What the PNG writers share inside the shim: libpng's error and I/O callbacks. Not part of the API.
#ifndef CZOETROPE_MEDIA_PNG_IO_H
#define CZOETROPE_MEDIA_PNG_IO_H

#include <png.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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

/// A libpng write struct (and its info, in `*info`) writing into `file`
/// through the callbacks above, its errors into `sink`; NULL when out of
/// memory, with `file` closed and the sink's message set.
png_structp zt_png_create_writer(FILE *file, zt_error_sink *sink, png_infop *info);
/// Closes a written `file`: ZT_OK, or the system's reason ("writing: No
/// space left on device"), which often shows only when buffers are flushed.
int zt_png_close_written(FILE *file, char *message, size_t message_size);

/// Writes a whole PNG of `context` into an open stream and closes it.
typedef int (*zt_png_encoder)(FILE *file, const void *context, char *message, size_t message_size);
/// Runs `encode` into a new file at `path`, after checking the pixel count
/// (`ZT_PNG_MAXIMUM_PIXELS`).
int zt_png_encode_to_path(const char *path, uint32_t width, uint32_t height, zt_png_encoder encode,
                          const void *context, char *message, size_t message_size);
/// Runs `encode` into memory, after the same check: `*data` (`*size` bytes),
/// freed with `zt_free`.
int zt_png_encode_to_memory(uint32_t width, uint32_t height, zt_png_encoder encode, const void *context,
                            uint8_t **data, size_t *size, char *message, size_t message_size);

#endif
