// SPDX-License-Identifier: Apache-2.0
// PNG writing through libpng, with libpng's longjmp error handling kept inside C (reading is CZoetropeImages').

#define _GNU_SOURCE
#include "CZoetropeMedia.h"
#include "png_io.h"

#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void zt_png_error(png_structp png, png_const_charp text) {
  zt_error_sink *sink = (zt_error_sink *)png_get_error_ptr(png);
  if (sink && sink->message && sink->size > 0 && !sink->has_message)
    snprintf(sink->message, sink->size, "libpng: %s", text);
  png_longjmp(png, 1);
}

/// Writes through stdio, and on a short write fails with the system's reason
/// ("No space left on device"), which libpng's own writer drops.
void zt_png_write_data(png_structp png, png_bytep data, size_t length) {
  FILE *file = (FILE *)png_get_io_ptr(png);
  errno = 0;
  if (fwrite(data, 1, length, file) != length) {
    zt_error_sink *sink = (zt_error_sink *)png_get_error_ptr(png);
    if (sink && sink->message && sink->size > 0 && !sink->has_message) {
      snprintf(sink->message, sink->size, "writing: %s", errno ? strerror(errno) : "short write");
      sink->has_message = 1;
    }
    png_error(png, "write error");
  }
}

void zt_png_flush_data(png_structp png) {
  FILE *file = (FILE *)png_get_io_ptr(png);
  errno = 0;
  if (fflush(file) != 0) {
    zt_error_sink *sink = (zt_error_sink *)png_get_error_ptr(png);
    if (sink && sink->message && sink->size > 0 && !sink->has_message) {
      snprintf(sink->message, sink->size, "writing: %s", errno ? strerror(errno) : "flush failed");
      sink->has_message = 1;
    }
    png_error(png, "flush error");
  }
}

void zt_png_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

void zt_set_message(char *message, size_t size, const char *text) {
  if (message && size > 0) snprintf(message, size, "%s", text);
}

png_structp zt_png_create_writer(FILE *file, zt_error_sink *sink, png_infop *info) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, sink, zt_png_error, zt_png_warning);
  *info = png ? png_create_info_struct(png) : NULL;
  if (!png || !*info) {
    if (png) png_destroy_write_struct(&png, NULL);
    fclose(file);
    zt_set_message(sink->message, sink->size, "out of memory");
    return NULL;
  }
  png_set_write_fn(png, file, zt_png_write_data, zt_png_flush_data);
  return png;
}

int zt_png_close_written(FILE *file, char *message, size_t message_size) {
  // A full disk or a quota often shows only when the buffers are flushed.
  errno = 0;
  if (fclose(file) != 0) {
    snprintf(message, message_size, "writing: %s", errno ? strerror(errno) : "close failed");
    return ZT_ERROR_OPEN;
  }
  return ZT_OK;
}

/// The error for an image over `ZT_PNG_MAXIMUM_PIXELS`, or ZT_OK.
static int check_size(uint32_t width, uint32_t height, char *message, size_t message_size) {
  if ((uint64_t)width * height <= ZT_PNG_MAXIMUM_PIXELS) return ZT_OK;
  snprintf(message, message_size, "the image is %u × %u pixels; at most %llu are written", width, height,
           (unsigned long long)ZT_PNG_MAXIMUM_PIXELS);
  return ZT_ERROR_FORMAT;
}

int zt_png_encode_to_path(const char *path, uint32_t width, uint32_t height, zt_png_encoder encode,
                          const void *context, char *message, size_t message_size) {
  int status = check_size(width, height, message, message_size);
  if (status != ZT_OK) return status;
  FILE *file = fopen(path, "wb");
  if (!file) {
    zt_set_message(message, message_size, strerror(errno));
    return ZT_ERROR_OPEN;
  }
  return encode(file, context, message, message_size);
}

int zt_png_encode_to_memory(uint32_t width, uint32_t height, zt_png_encoder encode, const void *context,
                            uint8_t **data, size_t *size, char *message, size_t message_size) {
  *data = NULL;
  *size = 0;
  int status = check_size(width, height, message, message_size);
  if (status != ZT_OK) return status;
  char *buffer = NULL;
  size_t length = 0;
  FILE *file = open_memstream(&buffer, &length);
  if (!file) {
    zt_set_message(message, message_size, "out of memory");
    return ZT_ERROR_MEMORY;
  }
  status = encode(file, context, message, message_size);
  if (status != ZT_OK) {
    free(buffer);
    return status;
  }
  *data = (uint8_t *)buffer;
  *size = length;
  return ZT_OK;
}

/// What `write_png` encodes.
typedef struct {
  const uint8_t *pixels;
  uint32_t width, height;
  int compression, filters;
} zt_png_image;

/// Writes the PNG of a `zt_png_image` through libpng into an open stream and closes it.
static int write_png(FILE *file, const void *context, char *message, size_t message_size) {
  const zt_png_image *image = (const zt_png_image *)context;
  const uint8_t *pixels = image->pixels;
  uint32_t width = image->width, height = image->height;
  zt_error_sink sink = {message, message_size, 0};
  png_infop info;
  png_structp png = zt_png_create_writer(file, &sink, &info);
  if (!png) return ZT_ERROR_MEMORY;
  png_bytep *rows = (png_bytep *)malloc(sizeof(png_bytep) * (height ? height : 1));
  if (!rows) {
    png_destroy_write_struct(&png, &info);
    fclose(file);
    zt_set_message(message, message_size, "out of memory");
    return ZT_ERROR_MEMORY;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    free(rows);
    fclose(file);
    return ZT_ERROR_CODEC;
  }
  int compression = image->compression, filters = image->filters;
  png_set_compression_level(png, compression < 0 ? 0 : (compression > 9 ? 9 : compression));
  int filter = filters & 3;
  png_set_filter(png, 0, filter == ZT_PNG_FILTER_ALL ? PNG_ALL_FILTERS
                         : filter == ZT_PNG_FILTER_SUB ? PNG_FILTER_SUB : PNG_FILTER_NONE);
  // An opaque image is stored as RGB: a quarter less to filter and deflate,
  // and the same pixels when read back as RGBA.
  int opaque = !(filters & ZT_PNG_KEEP_ALPHA);
  size_t count = (size_t)width * height;
  for (size_t i = 0; i < count && opaque; i++) opaque = pixels[4 * i + 3] == 255;
  png_set_IHDR(png, info, width, height, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  if (opaque) png_set_filler(png, 0, PNG_FILLER_AFTER);  // the rows still hold 4 bytes a pixel
  for (uint32_t y = 0; y < height; y++) rows[y] = (png_bytep)(pixels + (size_t)y * width * 4);
  png_write_image(png, rows);
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  free(rows);
  return zt_png_close_written(file, message, message_size);
}

int zt_png_write_rgba(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                      int compression, int filters, char *message, size_t message_size) {
  zt_png_image image = {pixels, width, height, compression, filters};
  return zt_png_encode_to_path(path, width, height, write_png, &image, message, message_size);
}

int zt_png_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height, int compression, int filters,
                       uint8_t **data, size_t *size, char *message, size_t message_size) {
  zt_png_image image = {pixels, width, height, compression, filters};
  return zt_png_encode_to_memory(width, height, write_png, &image, data, size, message, message_size);
}

void zt_free(void *pointer) { free(pointer); }
