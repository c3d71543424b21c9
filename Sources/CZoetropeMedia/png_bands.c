// SPDX-License-Identifier: Apache-2.0
// PNGs whose rows are compressed in bands, each on its own: a band whose
// pixels did not change since the last image is copied, not compressed again.

#define _GNU_SOURCE
#include "CZoetropeMedia.h"
#include "png_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/// Room past a filtered row for `zt_pack_rgb`'s 16-byte stores.
#define ZT_ROW_SLACK 16

/// One band of rows and what encodes it.
typedef struct {
  uint8_t *bytes;    ///< raw deflate of the band's filtered rows, ending in a full flush
  size_t size, capacity;
  uint32_t adler;    ///< Adler-32 of the band's filtered rows
  size_t length;     ///< how many bytes those rows are
  uint8_t channels;  ///< 3 or 4: the row format `bytes` holds; 0 when it holds nothing
  uint8_t opaque;    ///< every pixel of the band has alpha 255
  uint8_t changed;   ///< the band's pixels differ from the kept ones (this image only)
} zt_png_band;

struct zt_png_bands {
  uint32_t width, height, rows_per_band;
  /// The last image's pixels, or NULL (nothing kept yet, or the image is
  /// over `ZT_PNG_BANDS_MAXIMUM_KEPT_BYTES`); the bands keep their bytes
  /// only while there are pixels to compare with.
  uint8_t *pixels;
  zt_png_band *bands;
  uint32_t count;
  uint32_t reused;
  /// Where a band is compressed when nothing is kept.
  zt_png_band scratch;
  z_stream stream;
  int stream_ready;
  uint8_t *row;  ///< one filtered row: the filter byte (0, none) and the samples
  size_t row_capacity;
};

uint32_t zt_png_band_rows(uint32_t width) {
  // At least 32 KiB of RGBA rows a band (deflate's window), and 16 rows.
  uint32_t rows = (uint32_t)((32768 + 4 * (uint64_t)width) / (4 * (uint64_t)width + 1));
  return width == 0 || rows < 16 ? 16 : rows;
}

zt_png_bands *zt_png_bands_create(void) { return (zt_png_bands *)calloc(1, sizeof(zt_png_bands)); }

/// Frees every band's bytes (the bands' flags stay).
static void free_segments(zt_png_bands *bands) {
  for (uint32_t i = 0; i < bands->count; i++) {
    zt_png_band *band = &bands->bands[i];
    free(band->bytes);
    band->bytes = NULL;
    band->size = band->capacity = 0;
    band->channels = 0;
  }
}

void zt_png_bands_destroy(zt_png_bands *bands) {
  if (!bands) return;
  free_segments(bands);
  free(bands->bands);
  free(bands->pixels);
  free(bands->scratch.bytes);
  free(bands->row);
  if (bands->stream_ready) deflateEnd(&bands->stream);
  free(bands);
}

uint32_t zt_png_bands_reused(const zt_png_bands *bands) { return bands ? bands->reused : 0; }

int zt_png_bands_keeps_pixels(const zt_png_bands *bands) { return bands && bands->pixels ? 1 : 0; }

/// Forgets the kept pixels and every band's bytes, so the next image encodes whole.
static void forget(zt_png_bands *bands) {
  free(bands->pixels);
  bands->pixels = NULL;
  free_segments(bands);
}

/// Sizes `bands` for a `width × height` image, forgetting everything when the size changed.
static int fit(zt_png_bands *bands, uint32_t width, uint32_t height) {
  if (bands->bands && bands->width == width && bands->height == height) return ZT_OK;
  forget(bands);
  free(bands->bands);
  bands->rows_per_band = zt_png_band_rows(width);
  bands->count = (uint32_t)(((uint64_t)height + bands->rows_per_band - 1) / bands->rows_per_band);
  bands->bands = (zt_png_band *)calloc(bands->count ? bands->count : 1, sizeof(zt_png_band));
  bands->width = width;
  bands->height = height;
  if (!bands->bands) {
    bands->count = 0;
    return ZT_ERROR_MEMORY;
  }
  return ZT_OK;
}

/// The first row of band `b` and how many rows it has.
static uint32_t band_rows(const zt_png_bands *bands, uint32_t b, uint32_t *first) {
  *first = b * bands->rows_per_band;
  uint32_t left = bands->height - *first;
  return left < bands->rows_per_band ? left : bands->rows_per_band;
}

/// Whether every one of `count` pixels has alpha 255.
static int opaque(const uint8_t *pixels, size_t count) {
  uint32_t all = 0xFFFFFFFF;
  for (size_t i = 0; i < count; i++) {
    uint32_t pixel;
    memcpy(&pixel, pixels + 4 * i, 4);
    all &= pixel;
  }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
  return (all & 0xFF) == 255;  // alpha is the low byte of a big-endian word
#else
  return all >> 24 == 255;  // and the high byte of a little-endian one
#endif
}

/// Marks the bands whose pixels differ from the kept ones (all of them when
/// nothing is kept), keeps the new pixels when `keep` (and the image is
/// small enough), and notes which changed bands are opaque. Bands `b` with
/// `same[b]` (when `same` is not NULL) are taken as equal uncompared.
static void compare(zt_png_bands *bands, const uint8_t *pixels, int keep, const uint8_t *same) {
  size_t stride = (size_t)bands->width * 4;
  int had = bands->pixels != NULL;
  if (keep && !had && (uint64_t)stride * bands->height <= ZT_PNG_BANDS_MAXIMUM_KEPT_BYTES)
    bands->pixels = (uint8_t *)malloc(stride * bands->height);
  for (uint32_t b = 0; b < bands->count; b++) {
    zt_png_band *band = &bands->bands[b];
    uint32_t first, rows = band_rows(bands, b, &first);
    size_t offset = (size_t)first * stride, length = (size_t)rows * stride;
    band->changed = !had || ((!same || !same[b]) && memcmp(bands->pixels + offset, pixels + offset, length) != 0);
    if (!band->changed) continue;
    if (bands->pixels) memcpy(bands->pixels + offset, pixels + offset, length);
    band->opaque = (uint8_t)opaque(pixels + offset, (size_t)rows * bands->width);
  }
}

/// Makes room for at least `size` bytes in `band`.
static int reserve(zt_png_band *band, size_t size) {
  if (band->capacity >= size) return ZT_OK;
  uint8_t *bytes = (uint8_t *)realloc(band->bytes, size);
  if (!bytes) return ZT_ERROR_MEMORY;
  band->bytes = bytes;
  band->capacity = size;
  return ZT_OK;
}

/// Compresses band `b` of `pixels` with `channels` samples a pixel into
/// `target`, from a fresh deflate state, as a segment that ends
/// byte-aligned (full flush) and refers to nothing before it.
///
/// The room for the whole segment is reserved first (deflateBound, plus
/// the flush's empty stored block), so deflate never runs out of output
/// space: were it to, the flush would be asked for again and write a second
/// marker, and the bytes would depend on how large the buffer happened to be.
static int compress_band(zt_png_bands *bands, uint32_t b, const uint8_t *pixels, int channels, zt_png_band *target) {
  z_stream *stream = &bands->stream;
  if (!bands->stream_ready) {
    if (deflateInit2(stream, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return ZT_ERROR_MEMORY;
    bands->stream_ready = 1;
  } else if (deflateReset(stream) != Z_OK) {
    return ZT_ERROR_CODEC;
  }
  size_t width = bands->width, row_length = 1 + (size_t)channels * width;
  if (bands->row_capacity < row_length + ZT_ROW_SLACK) {
    uint8_t *row = (uint8_t *)realloc(bands->row, row_length + ZT_ROW_SLACK);
    if (!row) return ZT_ERROR_MEMORY;
    bands->row = row;
    bands->row_capacity = row_length + ZT_ROW_SLACK;
  }
  uint32_t first, rows = band_rows(bands, b, &first);
  size_t length = (size_t)rows * row_length;
  target->size = 0;
  target->channels = 0;
  if (reserve(target, deflateBound(stream, length) + 64) != ZT_OK) return ZT_ERROR_MEMORY;
  size_t room = target->capacity < UINT32_MAX ? target->capacity : UINT32_MAX;
  stream->next_out = target->bytes;
  stream->avail_out = (uInt)room;
  uLong adler = adler32(0, Z_NULL, 0);
  for (uint32_t y = 0; y < rows; y++) {
    const uint8_t *source = pixels + (size_t)(first + y) * width * 4;
    uint8_t *row = bands->row;
    row[0] = 0;  // filter type None
    if (channels == 4) {
      memcpy(row + 1, source, width * 4);
    } else {
      zt_pack_rgb(row + 1, source, width, 0);
    }
    adler = zt_adler32((uint32_t)adler, row, row_length, 0);
    stream->next_in = row;
    stream->avail_in = (uInt)row_length;
    int status = deflate(stream, y + 1 == rows ? Z_FULL_FLUSH : Z_NO_FLUSH);
    if ((status != Z_OK && status != Z_BUF_ERROR) || stream->avail_in > 0 || stream->avail_out == 0)
      return ZT_ERROR_CODEC;  // the bound did not hold: never expected
  }
  target->size = room - stream->avail_out;
  target->adler = (uint32_t)adler;
  target->length = length;
  target->channels = (uint8_t)channels;
  return ZT_OK;
}

/// What `write_banded` encodes, and through which keeper (NULL: one of its own, freed after).
typedef struct {
  const uint8_t *pixels;
  uint32_t width, height;
  int keep_alpha;
  zt_png_bands *kept;
  const uint8_t *same;
  uint32_t same_count;
} zt_banded_image;

/// Writes the PNG of a `zt_banded_image` into an open stream and closes it:
/// the header first (libpng checks the size there, before any compressing),
/// then each band, copied when kept unchanged, else compressed — into the
/// band when its bytes can be reused later, into one scratch band when not.
static int write_banded(FILE *file, const void *context, char *message, size_t message_size) {
  const zt_banded_image *image = (const zt_banded_image *)context;
  if (image->width == 0 || image->height == 0) {
    fclose(file);
    snprintf(message, message_size, "a PNG needs at least one pixel (the image is %u × %u)", image->width,
             image->height);
    return ZT_ERROR_FORMAT;
  }
  // A keeper of its own when none is given, on the heap: nothing the
  // failure path below reads lives in this frame and changes after setjmp.
  zt_png_bands *const owned = image->kept ? NULL : zt_png_bands_create();
  zt_png_bands *const bands = image->kept ? image->kept : owned;
  int status = bands ? fit(bands, image->width, image->height) : ZT_ERROR_MEMORY;
  if (status != ZT_OK) {
    fclose(file);
    zt_set_message(message, message_size, "out of memory");
    zt_png_bands_destroy(owned);
    return status;
  }
  compare(bands, image->pixels, image->kept != NULL,
          image->same && image->same_count == bands->count ? image->same : NULL);
  // Segments are worth keeping only while there are pixels to compare with.
  const int keeps_segments = bands->pixels != NULL;
  if (!keeps_segments) free_segments(bands);
  int all_opaque = 1;
  for (uint32_t b = 0; b < bands->count && all_opaque; b++) all_opaque = bands->bands[b].opaque;
  const int channels = image->keep_alpha || !all_opaque ? 4 : 3;

  zt_error_sink sink = {message, message_size, 0};
  png_infop info;
  png_structp png = zt_png_create_writer(file, &sink, &info);
  if (!png) {
    forget(bands);
    zt_png_bands_destroy(owned);
    return ZT_ERROR_MEMORY;
  }
  volatile int failure = ZT_ERROR_CODEC;
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    fclose(file);
    forget(bands);  // bands compressed before the failure and kept pixels of later ones would disagree
    zt_png_bands_destroy(owned);
    return failure;
  }
  png_set_IHDR(png, info, image->width, image->height, 8, channels == 4 ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  // The zlib stream: its header (32 KiB window, fastest level), the bands'
  // segments, an empty final block, and the Adler-32 of all the rows.
  static const uint8_t header[2] = {0x78, 0x01};
  uLong adler = adler32(0, Z_NULL, 0);
  bands->reused = 0;
  for (uint32_t b = 0; b < bands->count; b++) {
    zt_png_band *band = &bands->bands[b];
    zt_png_band *segment = keeps_segments ? band : &bands->scratch;
    if (keeps_segments && !band->changed && band->channels == channels) {
      bands->reused++;
    } else {
      int compressed = compress_band(bands, b, image->pixels, channels, segment);
      if (compressed != ZT_OK) {
        zt_set_message(message, message_size, compressed == ZT_ERROR_MEMORY ? "out of memory" : "zlib failed to compress");
        sink.has_message = 1;
        failure = compressed;
        png_longjmp(png, 1);
      }
    }
    int first = b == 0, last = b + 1 == bands->count;
    png_write_chunk_start(png, (png_const_bytep) "IDAT",
                          (png_uint_32)(segment->size + (first ? 2 : 0) + (last ? 6 : 0)));
    if (first) png_write_chunk_data(png, header, 2);
    png_write_chunk_data(png, segment->bytes, segment->size);
    adler = adler32_combine(adler, segment->adler, (z_off_t)segment->length);
    if (last) {
      uint8_t trailer[6] = {0x03, 0x00, (uint8_t)(adler >> 24), (uint8_t)(adler >> 16), (uint8_t)(adler >> 8),
                            (uint8_t)adler};
      png_write_chunk_data(png, trailer, 6);
    }
    png_write_chunk_end(png);
  }
  png_write_chunk(png, (png_const_bytep) "IEND", NULL, 0);
  png_destroy_write_struct(&png, &info);
  zt_png_bands_destroy(owned);
  return zt_png_close_written(file, message, message_size);
}

int zt_png_write_rgba_banded(const char *path, const uint8_t *pixels, uint32_t width, uint32_t height,
                             int keep_alpha, zt_png_bands *bands, const uint8_t *same, uint32_t same_count,
                             char *message, size_t message_size) {
  zt_banded_image image = {pixels, width, height, keep_alpha, bands, same, same_count};
  return zt_png_encode_to_path(path, width, height, write_banded, &image, message, message_size);
}

int zt_png_encode_rgba_banded(const uint8_t *pixels, uint32_t width, uint32_t height, int keep_alpha,
                              zt_png_bands *bands, const uint8_t *same, uint32_t same_count, uint8_t **data,
                              size_t *size, char *message, size_t message_size) {
  zt_banded_image image = {pixels, width, height, keep_alpha, bands, same, same_count};
  return zt_png_encode_to_memory(width, height, write_banded, &image, data, size, message, message_size);
}
