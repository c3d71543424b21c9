// SPDX-License-Identifier: Apache-2.0
// PNG read/write through libpng, with libpng's longjmp error handling kept inside C.

#define _GNU_SOURCE
#include "CZoetropeMedia.h"

#include <errno.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  char *message;
  size_t size;
} zt_error_sink;

static void zt_png_error(png_structp png, png_const_charp text) {
  zt_error_sink *sink = (zt_error_sink *)png_get_error_ptr(png);
  if (sink && sink->message && sink->size > 0) snprintf(sink->message, sink->size, "libpng: %s", text);
  png_longjmp(png, 1);
}

static void zt_png_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

static void zt_set_message(char *message, size_t size, const char *text) {
  if (message && size > 0) snprintf(message, size, "%s", text);
}

/// Writes the PNG into an open stream and closes it.
static int write_png(FILE *file, const uint8_t *pixels, uint32_t width, uint32_t height, int compression, int filters,
                     char *message, size_t message_size) {
  zt_error_sink sink = {message, message_size};
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, zt_png_error, zt_png_warning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!png || !info) {
    if (png) png_destroy_write_struct(&png, NULL);
    fclose(file);
    zt_set_message(message, message_size, "out of memory");
    return ZT_ERROR_MEMORY;
  }
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
  png_init_io(png, file);
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
  if (fclose(file) != 0) {
    zt_set_message(message, message_size, strerror(errno));
    return ZT_ERROR_OPEN;
  }
  return ZT_OK;
}

int zt_png_write_rgba(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                      int compression, int filters, char *message, size_t message_size) {
  FILE *file = fopen(path, "wb");
  if (!file) {
    zt_set_message(message, message_size, strerror(errno));
    return ZT_ERROR_OPEN;
  }
  return write_png(file, pixels, width, height, compression, filters, message, message_size);
}

int zt_png_encode_rgba(const uint8_t *pixels, uint32_t width, uint32_t height, int compression, int filters,
                       uint8_t **data, size_t *size, char *message, size_t message_size) {
  *data = NULL;
  *size = 0;
  char *buffer = NULL;
  size_t length = 0;
  FILE *file = open_memstream(&buffer, &length);
  if (!file) {
    zt_set_message(message, message_size, "out of memory");
    return ZT_ERROR_MEMORY;
  }
  int status = write_png(file, pixels, width, height, compression, filters, message, message_size);
  if (status != ZT_OK) {
    free(buffer);
    return status;
  }
  *data = (uint8_t *)buffer;
  *size = length;
  return ZT_OK;
}

/// Reads a PNG from an open stream and closes it.
static int read_png(FILE *file, uint8_t **pixels, uint32_t *width, uint32_t *height, char *message,
                    size_t message_size) {
  *pixels = NULL;
  unsigned char signature[8];
  if (fread(signature, 1, 8, file) != 8 || png_sig_cmp(signature, 0, 8) != 0) {
    fclose(file);
    zt_set_message(message, message_size, "not a PNG file");
    return ZT_ERROR_FORMAT;
  }
  zt_error_sink sink = {message, message_size};
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &sink, zt_png_error, zt_png_warning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!png || !info) {
    if (png) png_destroy_read_struct(&png, NULL, NULL);
    fclose(file);
    zt_set_message(message, message_size, "out of memory");
    return ZT_ERROR_MEMORY;
  }
  uint8_t *volatile buffer = NULL;
  png_bytep *volatile rows = NULL;
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, NULL);
    free(buffer);
    free(rows);
    fclose(file);
    return ZT_ERROR_CODEC;
  }
  png_init_io(png, file);
  png_set_sig_bytes(png, 8);
  png_read_info(png, info);
  png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
  int depth = png_get_bit_depth(png, info), type = png_get_color_type(png, info);
  if (depth == 16) png_set_strip_16(png);
  if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
  if (!(type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  png_read_update_info(png, info);
  buffer = (uint8_t *)malloc((size_t)w * h * 4 + 1);
  rows = (png_bytep *)malloc(sizeof(png_bytep) * (h ? h : 1));
  if (!buffer || !rows) {
    zt_set_message(message, message_size, "out of memory");
    png_longjmp(png, 1);
  }
  for (png_uint_32 y = 0; y < h; y++) rows[y] = buffer + (size_t)y * w * 4;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  png_destroy_read_struct(&png, &info, NULL);
  free(rows);
  fclose(file);
  *pixels = buffer;
  *width = w;
  *height = h;
  return ZT_OK;
}

void zt_free(void *pointer) { free(pointer); }

int zt_png_read_rgba(const char *path, uint8_t **pixels, uint32_t *width, uint32_t *height,
                     char *message, size_t message_size) {
  *pixels = NULL;
  FILE *file = fopen(path, "rb");
  if (!file) {
    zt_set_message(message, message_size, strerror(errno));
    return ZT_ERROR_OPEN;
  }
  return read_png(file, pixels, width, height, message, message_size);
}

int zt_png_decode_rgba(const uint8_t *data, size_t size, uint8_t **pixels, uint32_t *width, uint32_t *height,
                       char *message, size_t message_size) {
  *pixels = NULL;
  if (size == 0) {
    zt_set_message(message, message_size, "not a PNG file (no bytes)");
    return ZT_ERROR_FORMAT;
  }
  FILE *file = fmemopen((void *)data, size, "rb");
  if (!file) {
    zt_set_message(message, message_size, "out of memory");
    return ZT_ERROR_MEMORY;
  }
  return read_png(file, pixels, width, height, message, message_size);
}
