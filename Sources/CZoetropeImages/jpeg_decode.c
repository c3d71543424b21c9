// SPDX-License-Identifier: Apache-2.0
// JPEG bytes to RGBA8 through libjpeg-turbo, within limits (scaled when the budget asks), warnings as errors,
// EXIF orientation applied as the rows are decoded.

#include "decode_internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

/// The most scans a progressive JPEG may have: each scan is a pass over the
/// whole image, so a small file with thousands of them is a CPU bomb.
enum { max_scans = 500 };

typedef struct {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  char *message;
  size_t message_size;
} jpeg_errors;

static void on_error(j_common_ptr cinfo) {
  jpeg_errors *errors = (jpeg_errors *)cinfo->err;
  char text[JMSG_LENGTH_MAX];
  (*cinfo->err->format_message)(cinfo, text);
  zt_image_message(errors->message, errors->message_size, "damaged JPEG data (libjpeg: %s)", text);
  longjmp(errors->jump, 1);
}

// libjpeg reports corrupt data and a premature end as warnings (level -1)
// and goes on with made-up pixels; here they stop the decode.
static void on_message(j_common_ptr cinfo, int level) {
  if (level < 0) on_error(cinfo);
}

static void on_progress(j_common_ptr cinfo) {
  if (cinfo->is_decompressor && ((j_decompress_ptr)cinfo)->input_scan_number > max_scans) {
    jpeg_errors *errors = (jpeg_errors *)cinfo->err;
    zt_image_message(errors->message, errors->message_size, "the JPEG has more than %d scans", max_scans);
    longjmp(errors->jump, 1);
  }
}

/// The orientation of the first APP1 segment that holds EXIF data, or 1.
static int exif_orientation(j_decompress_ptr cinfo) {
  for (jpeg_saved_marker_ptr marker = cinfo->marker_list; marker; marker = marker->next) {
    if (marker->marker == JPEG_APP0 + 1 && marker->data_length > 6 && memcmp(marker->data, "Exif\0\0", 6) == 0) {
      return zt_exif_orientation(marker->data + 6, marker->data_length - 6);
    }
  }
  return 1;
}

/// What libjpeg holds besides the result: a multi-scan (progressive or
/// non-interleaved) JPEG keeps every component's coefficients for the
/// whole image, 64 two-byte coefficients per 8 × 8 block, the blocks
/// rounded up to whole sampling units (jdcoefct.c's virtual arrays); and a
/// few rows of samples for any JPEG, counted generously.
static uint64_t working_bytes(j_decompress_ptr cinfo) {
  uint64_t bytes = (1u << 20) + 64 * (uint64_t)cinfo->image_width * (uint64_t)cinfo->num_components;
  if (cinfo->progressive_mode || cinfo->comps_in_scan < cinfo->num_components) {
    for (int c = 0; c < cinfo->num_components; c++) {
      jpeg_component_info *component = cinfo->comp_info + c;
      uint64_t h = (uint64_t)component->h_samp_factor, v = (uint64_t)component->v_samp_factor;
      uint64_t columns = ((uint64_t)component->width_in_blocks + h - 1) / h * h;
      uint64_t rows = ((uint64_t)component->height_in_blocks + v - 1) / v * v;
      bytes += columns * rows * DCTSIZE2 * sizeof(JCOEF);
    }
  }
  return bytes;
}

/// Starts reading a JPEG: the header up to the first scan, its colour space
/// checked, with the EXIF segment kept. Errors jump to `errors->jump`.
static void read_header(j_decompress_ptr cinfo, jpeg_errors *errors, struct jpeg_progress_mgr *progress,
                        const uint8_t *data, size_t size, volatile int *status) {
  jpeg_create_decompress(cinfo);
  progress->progress_monitor = on_progress;
  cinfo->progress = progress;
  jpeg_mem_src(cinfo, data, (unsigned long)size);
  jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
  if (jpeg_read_header(cinfo, TRUE) != JPEG_HEADER_OK) {
    zt_image_message(errors->message, errors->message_size, "the JPEG holds no image");
    longjmp(errors->jump, 1);
  }
  switch (cinfo->jpeg_color_space) {
  case JCS_GRAYSCALE:
  case JCS_YCbCr:
  case JCS_RGB:
    break;
  case JCS_CMYK:
  case JCS_YCCK:
    *status = ZT_IMAGE_UNSUPPORTED;
    zt_image_message(errors->message, errors->message_size,
                     "CMYK JPEG images are not supported; save the image as RGB");
    longjmp(errors->jump, 1);
  default:
    *status = ZT_IMAGE_UNSUPPORTED;
    zt_image_message(errors->message, errors->message_size,
                     "a JPEG of %d components in an unknown colour space is not supported", cinfo->num_components);
    longjmp(errors->jump, 1);
  }
}

/// Sets up `errors` as `cinfo`'s error manager writing into `message`.
static void set_errors(j_decompress_ptr cinfo, jpeg_errors *errors, char *message, size_t message_size) {
  memset(cinfo, 0, sizeof *cinfo);
  cinfo->err = jpeg_std_error(&errors->manager);
  errors->manager.error_exit = on_error;
  errors->manager.emit_message = on_message;
  errors->message = message;
  errors->message_size = message_size;
}

int zt_jpeg_inspect(const uint8_t *data, size_t size, const zt_image_limits *limits, zt_image_info *info,
                    char *message, size_t message_size) {
  struct jpeg_decompress_struct cinfo;
  jpeg_errors errors;
  struct jpeg_progress_mgr progress;
  set_errors(&cinfo, &errors, message, message_size);
  volatile int status = ZT_IMAGE_CORRUPT;
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&cinfo);
    return status;
  }
  read_header(&cinfo, &errors, &progress, data, size, &status);
  int orientation = exif_orientation(&cinfo);
  int swaps = orientation >= 5;
  uint64_t w = swaps ? cinfo.image_height : cinfo.image_width, h = swaps ? cinfo.image_width : cinfo.image_height;
  status = zt_image_check_sides(w, h, limits, message, message_size);
  if (status != ZT_IMAGE_OK) longjmp(errors.jump, 1);
  uint64_t working = working_bytes(&cinfo);
  // The largest scale (eighths) whose result fits the budget beside what libjpeg holds.
  int eighths = 8;
  uint64_t ow = 0, oh = 0;
  for (;; eighths--) {
    cinfo.scale_num = (unsigned)eighths;
    cinfo.scale_denom = 8;
    jpeg_calc_output_dimensions(&cinfo);
    ow = swaps ? cinfo.output_height : cinfo.output_width;
    oh = swaps ? cinfo.output_width : cinfo.output_height;
    if (4 * ow * oh + working <= limits->max_bytes || eighths == 1 || !limits->scales_jpeg) break;
  }
  status = zt_image_check_bytes(w, h, 4 * ow * oh + working, limits, message, message_size);
  if (status != ZT_IMAGE_OK) {
    if (eighths < 8) {
      zt_image_message(message, message_size,
                       "the image claims %llu × %llu pixels; decoding it holds %llu bytes of coefficients even at "
                       "1/8 of its size, more than the %llu bytes left in the image memory budget",
                       (unsigned long long)w, (unsigned long long)h, (unsigned long long)working,
                       (unsigned long long)limits->max_bytes);
    }
    longjmp(errors.jump, 1);
  }
  info->width = (uint32_t)ow;
  info->height = (uint32_t)oh;
  info->full_width = (uint32_t)w;
  info->full_height = (uint32_t)h;
  info->bytes = 4 * ow * oh + working;
  info->format = ZT_IMAGE_JPEG;
  info->scale_eighths = (uint32_t)eighths;
  info->orientation = orientation;
  jpeg_destroy_decompress(&cinfo);
  return ZT_IMAGE_OK;
}

/// Where stored pixel (`sx`, `sy`) of a `w × h` image shows once turned
/// upright for EXIF `orientation`, in an image `width` pixels wide.
static size_t upright(int orientation, uint32_t sx, uint32_t sy, uint32_t w, uint32_t h, uint32_t width) {
  uint32_t x, y;
  switch (orientation) {
  case 2: x = w - 1 - sx; y = sy; break;           // mirrored left to right
  case 3: x = w - 1 - sx; y = h - 1 - sy; break;   // turned 180°
  case 4: x = sx; y = h - 1 - sy; break;           // mirrored top to bottom
  case 5: x = sy; y = sx; break;                   // transposed
  case 6: x = h - 1 - sy; y = sx; break;           // shown turned 90° clockwise
  case 7: x = h - 1 - sy; y = w - 1 - sx; break;   // transversed
  case 8: x = sy; y = w - 1 - sx; break;           // shown turned 90° counter-clockwise
  default: x = sx; y = sy; break;
  }
  return (size_t)y * width + x;
}

int zt_jpeg_decode_into(const uint8_t *data, size_t size, const zt_image_limits *limits, const zt_image_info *info,
                        uint8_t *pixels, char *message, size_t message_size) {
  (void)limits;
  struct jpeg_decompress_struct cinfo;
  jpeg_errors errors;
  struct jpeg_progress_mgr progress;
  set_errors(&cinfo, &errors, message, message_size);
  uint8_t *volatile row = NULL;
  volatile int status = ZT_IMAGE_CORRUPT;
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&cinfo);
    free(row);
    return status;
  }
  read_header(&cinfo, &errors, &progress, data, size, &status);
  // libjpeg may take what inspecting counted for it, and no more (its
  // whole-image arrays are refused past it: there is no backing store).
  uint64_t working = info->bytes - 4 * (uint64_t)info->width * info->height;
  cinfo.mem->max_memory_to_use = (long)(working < (uint64_t)0x7FFFFFFFFFFFFFFF ? working : 0x7FFFFFFFFFFFFFFF);
  cinfo.scale_num = info->scale_eighths;
  cinfo.scale_denom = 8;
  cinfo.out_color_space = JCS_EXT_RGBA;
  jpeg_start_decompress(&cinfo);
  int orientation = info->orientation;
  uint32_t w = cinfo.output_width, h = cinfo.output_height;
  int swaps = orientation >= 5;
  if (cinfo.output_components != 4 || (swaps ? h : w) != info->width || (swaps ? w : h) != info->height) {
    zt_image_message(message, message_size, "unexpected JPEG output layout");
    longjmp(errors.jump, 1);
  }
  if (orientation != 1) {
    row = (uint8_t *)malloc((size_t)w * 4);
    if (!row) {
      status = ZT_IMAGE_MEMORY;
      zt_image_message(message, message_size, "out of memory for a row of %u pixels", w);
      longjmp(errors.jump, 1);
    }
  }
  uint32_t *words = (uint32_t *)pixels;
  while (cinfo.output_scanline < h) {
    uint32_t sy = cinfo.output_scanline;
    JSAMPROW target = row ? row : pixels + (size_t)sy * w * 4;
    jpeg_read_scanlines(&cinfo, &target, 1);
    if (row) {
      const uint32_t *source = (const uint32_t *)row;
      for (uint32_t sx = 0; sx < w; sx++) words[upright(orientation, sx, sy, w, h, info->width)] = source[sx];
    }
  }
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  free(row);
  return ZT_IMAGE_OK;
}
