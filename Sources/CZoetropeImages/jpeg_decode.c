// SPDX-License-Identifier: Apache-2.0
// JPEG bytes to RGBA8 through libjpeg-turbo, within limits, warnings as errors, EXIF orientation applied.

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

int zt_jpeg_decode(const uint8_t *data, size_t size, const zt_image_limits *limits, uint8_t **pixels,
                   uint32_t *width, uint32_t *height, char *message, size_t message_size) {
  struct jpeg_decompress_struct cinfo;
  jpeg_errors errors;
  struct jpeg_progress_mgr progress;
  memset(&cinfo, 0, sizeof cinfo);
  cinfo.err = jpeg_std_error(&errors.manager);
  errors.manager.error_exit = on_error;
  errors.manager.emit_message = on_message;
  errors.message = message;
  errors.message_size = message_size;
  uint8_t *volatile buffer = NULL;
  volatile int status = ZT_IMAGE_CORRUPT;
  if (setjmp(errors.jump)) {
    jpeg_destroy_decompress(&cinfo);
    free(buffer);
    return status;
  }
  jpeg_create_decompress(&cinfo);
  progress.progress_monitor = on_progress;
  cinfo.progress = &progress;
  jpeg_mem_src(&cinfo, data, (unsigned long)size);
  jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
  if (jpeg_read_header(&cinfo, TRUE) != JPEG_HEADER_OK) {
    zt_image_message(message, message_size, "the JPEG holds no image");
    longjmp(errors.jump, 1);
  }
  status = zt_image_check_size(cinfo.image_width, cinfo.image_height, limits, message, message_size);
  if (status != ZT_IMAGE_OK) longjmp(errors.jump, 1);
  switch (cinfo.jpeg_color_space) {
  case JCS_GRAYSCALE:
  case JCS_YCbCr:
  case JCS_RGB:
    break;
  case JCS_CMYK:
  case JCS_YCCK:
    status = ZT_IMAGE_UNSUPPORTED;
    zt_image_message(message, message_size, "CMYK JPEG images are not supported; save the image as RGB");
    longjmp(errors.jump, 1);
  default:
    status = ZT_IMAGE_UNSUPPORTED;
    zt_image_message(message, message_size, "a JPEG of %d components in an unknown colour space is not supported",
                     cinfo.num_components);
    longjmp(errors.jump, 1);
  }
  status = ZT_IMAGE_CORRUPT;
  cinfo.out_color_space = JCS_EXT_RGBA;
  jpeg_start_decompress(&cinfo);
  uint32_t w = cinfo.output_width, h = cinfo.output_height;
  if (cinfo.output_components != 4 || (uint64_t)w * 4 * h > limits->max_bytes) {
    zt_image_message(message, message_size, "unexpected JPEG output layout");
    longjmp(errors.jump, 1);
  }
  buffer = (uint8_t *)malloc((size_t)w * h * 4);
  if (!buffer) {
    status = ZT_IMAGE_MEMORY;
    zt_image_message(message, message_size, "out of memory for %u × %u pixels", w, h);
    longjmp(errors.jump, 1);
  }
  while (cinfo.output_scanline < h) {
    JSAMPROW row = buffer + (size_t)cinfo.output_scanline * w * 4;
    jpeg_read_scanlines(&cinfo, &row, 1);
  }
  int orientation = exif_orientation(&cinfo);
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  uint8_t *result = buffer;
  buffer = NULL;
  if (zt_image_orient(&result, &w, &h, orientation) != ZT_IMAGE_OK) {
    free(result);
    zt_image_message(message, message_size, "out of memory turning the image upright");
    return ZT_IMAGE_MEMORY;
  }
  *pixels = result;
  *width = w;
  *height = h;
  return ZT_IMAGE_OK;
}
