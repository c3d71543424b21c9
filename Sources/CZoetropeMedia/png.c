// SPDX-License-Identifier: Apache-2.0
// PNG read/write through libpng, with libpng's longjmp error handling kept inside C.

#define _GNU_SOURCE
#include "CZoetropeMedia.h"
#include "png_io.h"

#include <errno.h>
#include <fcntl.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/// The most bytes deflate can expand one byte into (a 258-byte match coded
/// in two bits): a file of N bytes cannot hold more than this times N bytes
/// of rows, whatever its header claims.
#define ZT_DEFLATE_MAXIMUM_RATIO 1032

/// Reads a PNG from an open stream of `available` bytes (0 when not known)
/// and closes it. The header is checked before any pixel memory is taken:
/// at most `ZT_PNG_MAXIMUM_PIXELS` pixels, and no more rows than the file's
/// bytes can inflate to, so a 100-byte file claiming 32768 × 32768 pixels is
/// an error, not a 4-GiB allocation.
static int read_png(FILE *file, uint64_t available, uint8_t **pixels, uint32_t *width, uint32_t *height,
                    char *message, size_t message_size) {
  *pixels = NULL;
  unsigned char signature[8];
  if (fread(signature, 1, 8, file) != 8 || png_sig_cmp(signature, 0, 8) != 0) {
    fclose(file);
    zt_set_message(message, message_size, "not a PNG file");
    return ZT_ERROR_FORMAT;
  }
  zt_error_sink sink = {message, message_size, 0};
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
  volatile int status = ZT_ERROR_CODEC;
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, NULL);
    free(buffer);
    free(rows);
    fclose(file);
    return status;
  }
  png_init_io(png, file);
  png_set_sig_bytes(png, 8);
  // libpng refuses a larger side itself; ancillary chunks (text, ICC
  // profiles, their decompression) get at most 8 MiB and 1,000 chunks.
  png_set_user_limits(png, ZT_PNG_MAXIMUM_SIDE, ZT_PNG_MAXIMUM_SIDE);
  png_set_chunk_malloc_max(png, 8u << 20);
  png_set_chunk_cache_max(png, 1000);
  png_read_info(png, info);
  png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
  int depth = png_get_bit_depth(png, info), type = png_get_color_type(png, info);
  uint64_t count = (uint64_t)w * h;
  if (count > ZT_PNG_MAXIMUM_PIXELS) {
    snprintf(message, message_size, "the image is %u × %u pixels; at most %llu pixels (16384 × 16384) are read",
             (unsigned)w, (unsigned)h, (unsigned long long)ZT_PNG_MAXIMUM_PIXELS);
    sink.has_message = 1;
    status = ZT_ERROR_FORMAT;
    png_longjmp(png, 1);
  }
  // Each row is a filter byte and its samples, before inflating.
  uint64_t row_bytes = ((uint64_t)w * png_get_channels(png, info) * depth + 7) / 8 + 1;
  if (available > 0 && row_bytes * h / ZT_DEFLATE_MAXIMUM_RATIO > available) {
    snprintf(message, message_size, "the image claims %u × %u pixels, more than its %llu bytes can hold "
             "(the file is truncated or forged)", (unsigned)w, (unsigned)h, (unsigned long long)available);
    sink.has_message = 1;
    status = ZT_ERROR_FORMAT;
    png_longjmp(png, 1);
  }
  if (depth == 16) png_set_strip_16(png);
  if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
  if (!(type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  (void)png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)w * 4) {
    zt_set_message(message, message_size, "libpng: unexpected row size after conversion to RGBA");
    sink.has_message = 1;
    png_longjmp(png, 1);
  }
  buffer = (uint8_t *)malloc(count * 4 + 1);
  rows = (png_bytep *)malloc(sizeof(png_bytep) * (h ? h : 1));
  if (!buffer || !rows) {
    zt_set_message(message, message_size, "out of memory");
    sink.has_message = 1;
    status = ZT_ERROR_MEMORY;
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
  // Opened without blocking and checked before reading: a FIFO named *.png
  // would otherwise wait for a writer for ever.
  int descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (descriptor < 0) {
    zt_set_message(message, message_size, strerror(errno));
    return ZT_ERROR_OPEN;
  }
  struct stat info;
  if (fstat(descriptor, &info) != 0 || !S_ISREG(info.st_mode)) {
    zt_set_message(message, message_size, S_ISDIR(info.st_mode) ? "is a folder, not a PNG file"
                                          : "is not a regular file (a FIFO, device or socket); PNGs are read from files");
    close(descriptor);
    return ZT_ERROR_OPEN;
  }
  int flags = fcntl(descriptor, F_GETFL);
  if (flags >= 0) (void)fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK);
  FILE *file = fdopen(descriptor, "rb");
  if (!file) {
    zt_set_message(message, message_size, strerror(errno));
    close(descriptor);
    return ZT_ERROR_OPEN;
  }
  return read_png(file, (uint64_t)info.st_size, pixels, width, height, message, message_size);
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
  return read_png(file, size, pixels, width, height, message, message_size);
}
