// SPDX-License-Identifier: Apache-2.0
// PNG bytes to RGBA8 through libpng, within limits, with libpng's longjmp error handling kept here.

#include "decode_internal.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

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

/// The size an IHDR chunk right after the signature claims, read before
/// libpng is involved so that a refusal can say what was claimed.
static int check_header(const uint8_t *data, size_t size, const zt_image_limits *limits, char *message,
                        size_t message_size) {
  //  signature (8) · length (4) · "IHDR" · width (4) · height (4) · …
  if (size < 24 || memcmp(data + 12, "IHDR", 4) != 0) {
    zt_image_message(message, message_size, "damaged PNG data (no IHDR chunk after the signature)");
    return ZT_IMAGE_CORRUPT;
  }
  const uint8_t *p = data + 16;
  uint64_t w = (uint64_t)p[0] << 24 | (uint64_t)p[1] << 16 | (uint64_t)p[2] << 8 | p[3];
  uint64_t h = (uint64_t)p[4] << 24 | (uint64_t)p[5] << 16 | (uint64_t)p[6] << 8 | p[7];
  return zt_image_check_size(w, h, limits, message, message_size);
}

int zt_png_decode(const uint8_t *data, size_t size, const zt_image_limits *limits, uint8_t **pixels,
                  uint32_t *width, uint32_t *height, char *message, size_t message_size) {
  int header = check_header(data, size, limits, message, message_size);
  if (header != ZT_IMAGE_OK) return header;
  png_source source = {data, size, 0, message, message_size};
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, on_error, on_warning);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  if (!png || !info) {
    if (png) png_destroy_read_struct(&png, NULL, NULL);
    zt_image_message(message, message_size, "out of memory");
    return ZT_IMAGE_MEMORY;
  }
  uint8_t *volatile buffer = NULL;
  png_bytep *volatile rows = NULL;
  volatile int status = ZT_IMAGE_CORRUPT;
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_read_struct(&png, &info, NULL);
    free(buffer);
    free(rows);
    return status;
  }
  png_set_read_fn(png, &source, read_bytes);
  // libpng refuses an IHDR past these before it allocates anything; the
  // byte budget is checked below, also before any pixel memory.
  png_set_user_limits(png, limits->max_width, limits->max_height);
  png_set_chunk_cache_max(png, 1000);
  png_set_chunk_malloc_max(png, 8u << 20);
  png_read_info(png, info);
  png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
  status = zt_image_check_size(w, h, limits, message, message_size);
  if (status != ZT_IMAGE_OK) png_longjmp(png, 1);
  status = ZT_IMAGE_CORRUPT;
  int depth = png_get_bit_depth(png, info), type = png_get_color_type(png, info);
  if (type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (type == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  int transparency = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
  if (transparency) png_set_tRNS_to_alpha(png);
  if (depth == 16) png_set_scale_16(png);
  if (type == PNG_COLOR_TYPE_GRAY || type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
  if (!(type & PNG_COLOR_MASK_ALPHA) && !transparency) png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_rowbytes(png, info) != (size_t)w * 4) {
    zt_image_message(message, message_size, "unexpected PNG layout after conversion to RGBA");
    png_longjmp(png, 1);
  }
  buffer = (uint8_t *)malloc((size_t)w * h * 4);
  rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
  if (!buffer || !rows) {
    status = ZT_IMAGE_MEMORY;
    zt_image_message(message, message_size, "out of memory for %u × %u pixels", (unsigned)w, (unsigned)h);
    png_longjmp(png, 1);
  }
  for (png_uint_32 y = 0; y < h; y++) rows[y] = buffer + (size_t)y * w * 4;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  png_destroy_read_struct(&png, &info, NULL);
  free(rows);
  *pixels = buffer;
  *width = w;
  *height = h;
  return ZT_IMAGE_OK;
}
