// SPDX-License-Identifier: Apache-2.0
// PNG bytes to RGBA8 through libpng, within limits, with libpng's longjmp error handling kept here.

#include "decode_internal.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/// The most bytes deflate can expand one byte into (a 258-byte match coded
/// in two bits): a file of N bytes cannot hold more than this times N bytes
/// of rows, whatever its header claims.
enum { deflate_maximum_ratio = 1032 };

typedef struct {
  const uint8_t *data;
  size_t size;
  size_t offset;
  char *message;
  size_t message_size;
} png_source;

static void on_error(png_structp png, png_const_charp text) {
  png_source *source = (png_source *)png_get_error_ptr(png);
  zt_image_message(source->message, source->message_size, "damaged PNG data (libpng: %s)", text);
  png_longjmp(png, 1);
}

// Warnings (an ancillary chunk with a bad CRC, which libpng then skips) do not stop the decode.
static void on_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

static void read_bytes(png_structp png, png_bytep out, png_size_t length) {
  png_source *source = (png_source *)png_get_io_ptr(png);
  if (length > source->size - source->offset) {
    zt_image_message(source->message, source->message_size, "the PNG data ends early (truncated file)");
    png_longjmp(png, 1);
  }
  memcpy(out, source->data + source->offset, length);
  source->offset += length;
}

static uint32_t big_endian(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

int zt_png_inspect(const uint8_t *data, size_t size, const zt_image_limits *limits, zt_image_info *info,
                   char *message, size_t message_size) {
  //  signature (8) · length (4) · "IHDR" · width (4) · height (4) · depth · colour type · …
  // Read before libpng is involved, so that a refusal can say what was claimed.
  if (size < 26 || memcmp(data + 12, "IHDR", 4) != 0) {
    zt_image_message(message, message_size, "damaged PNG data (no IHDR chunk after the signature)");
    return ZT_IMAGE_CORRUPT;
  }
  uint64_t w = big_endian(data + 16), h = big_endian(data + 20);
  int status = zt_image_check_sides(w, h, limits, message, message_size);
  if (status != ZT_IMAGE_OK) return status;
  // libpng expands low bit depths row by row into the result: it holds the
  // RGBA8 pixels and a few rows, whatever the depth.
  status = zt_image_check_bytes(w, h, 4 * w * h, limits, message, message_size);
  if (status != ZT_IMAGE_OK) return status;
  // Each row is a filter byte and its samples before inflating; an unknown
  // colour type counts as the widest (libpng refuses it when decoding).
  uint64_t depth = data[24], type = data[25];
  uint64_t channels = type == 0 || type == 3 ? 1 : type == 4 ? 2 : type == 2 ? 3 : 4;
  uint64_t row_bytes = (w * channels * (depth ? depth : 1) + 7) / 8 + 1;
  if (row_bytes * h / deflate_maximum_ratio > size) {
    zt_image_message(message, message_size,
                     "the image claims %llu × %llu pixels, more than its %llu bytes can hold (the file is truncated "
                     "or forged)",
                     (unsigned long long)w, (unsigned long long)h, (unsigned long long)size);
    return ZT_IMAGE_CORRUPT;
  }
  info->width = info->full_width = (uint32_t)w;
  info->height = info->full_height = (uint32_t)h;
  info->bytes = 4 * w * h;
  info->format = ZT_IMAGE_PNG;
  info->scale_eighths = 8;
  info->orientation = 1;
  return ZT_IMAGE_OK;
}

int zt_png_decode_into(const uint8_t *data, size_t size, const zt_image_limits *limits, const zt_image_info *info,
                       uint8_t *pixels, char *message, size_t message_size) {
  png_source source = {data, size, 0, message, message_size};
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, on_error, on_warning);
  png_infop header = png ? png_create_info_struct(png) : NULL;
  if (!png || !header) {
    if (png) png_destroy_read_struct(&png, NULL, NULL);
    zt_image_message(message, message_size, "out of memory");
    return ZT_IMAGE_MEMORY;
  }
  png_bytep *volatile rows = NULL;
  volatile int status = ZT_IMAGE_CORRUPT;
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &header, NULL);
    free(rows);
    return status;
  }
  png_set_read_fn(png, &source, read_bytes);
  // libpng refuses an IHDR past these itself; ancillary chunks (text, ICC
  // profiles, their decompression) get at most 8 MiB and 1,000 chunks.
  png_set_user_limits(png, limits->max_width, limits->max_height);
  png_set_chunk_cache_max(png, 1000);
  png_set_chunk_malloc_max(png, 8u << 20);
  png_read_info(png, header);
  png_uint_32 w = png_get_image_width(png, header), h = png_get_image_height(png, header);
  if (w != info->width || h != info->height) {
    zt_image_message(message, message_size, "the PNG is not the image inspected");
    png_longjmp(png, 1);
  }
  int depth = png_get_bit_depth(png, header), type = png_get_color_type(png, header);
  if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  int transparency = png_get_valid(png, header, PNG_INFO_tRNS) != 0;
  if (transparency) png_set_tRNS_to_alpha(png);
  // The one 16-bit rule: scaled with rounding, round(v × 255 / 65535), not
  // the high byte alone (which is v / 256 truncated).
  if (depth == 16) png_set_scale_16(png);
  if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
  if (!(type & PNG_COLOR_MASK_ALPHA) && !transparency) png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  (void)png_set_interlace_handling(png);
  png_read_update_info(png, header);
  if (png_get_rowbytes(png, header) != (size_t)w * 4) {
    zt_image_message(message, message_size, "unexpected PNG layout after conversion to RGBA");
    png_longjmp(png, 1);
  }
  rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
  if (!rows) {
    status = ZT_IMAGE_MEMORY;
    zt_image_message(message, message_size, "out of memory for %u rows", (unsigned)h);
    png_longjmp(png, 1);
  }
  for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * w * 4;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  png_destroy_read_struct(&png, &header, NULL);
  free(rows);
  return ZT_IMAGE_OK;
}
