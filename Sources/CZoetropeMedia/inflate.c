// SPDX-License-Identifier: Apache-2.0
// Bounded inflation of one raw deflate stream (a zip entry's data) over zlib.

#include "CZoetropeMedia.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

uint32_t zt_crc32(const uint8_t *bytes, size_t count) {
  uLong crc = crc32(0L, Z_NULL, 0);
  while (count > 0) {
    uInt step = count > UINT_MAX ? UINT_MAX : (uInt)count;
    crc = crc32(crc, bytes, step);
    bytes += step;
    count -= step;
  }
  return (uint32_t)crc;
}

int zt_inflate_raw(const uint8_t *input, size_t input_size, uint8_t *output, size_t output_size, char *message,
                   size_t message_size) {
  if (input_size >= UINT_MAX || output_size >= UINT_MAX) {
    snprintf(message, message_size, "an entry of 4 GiB or more is not inflated");
    return ZT_ERROR_FORMAT;
  }
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  // Negative window bits: a raw stream, without the zlib header and Adler-32 (zip frames it itself).
  int status = inflateInit2(&stream, -MAX_WBITS);
  if (status != Z_OK) {
    snprintf(message, message_size, "zlib: %s", status == Z_MEM_ERROR ? "out of memory" : "cannot start inflating");
    return status == Z_MEM_ERROR ? ZT_ERROR_MEMORY : ZT_ERROR_CODEC;
  }
  static uint8_t empty;
  stream.next_in = (Bytef *)(input_size > 0 ? input : &empty);
  stream.avail_in = (uInt)input_size;
  stream.next_out = output_size > 0 ? output : &empty;
  stream.avail_out = (uInt)output_size;
  status = inflate(&stream, Z_FINISH);
  size_t written = output_size - stream.avail_out;
  if (status == Z_BUF_ERROR && stream.avail_out == 0) {
    // The room is full: one more byte of room tells a stream that ends here from one that goes on.
    uint8_t spare = 0;
    stream.next_out = &spare;
    stream.avail_out = 1;
    status = inflate(&stream, Z_FINISH);
    if (stream.avail_out == 0) {
      inflateEnd(&stream);
      snprintf(message, message_size, "the data inflates to more than its declared %zu bytes", output_size);
      return ZT_ERROR_FORMAT;
    }
  }
  const char *reason = stream.msg;
  inflateEnd(&stream);
  switch (status) {
  case Z_STREAM_END:
    if (written != output_size) {
      snprintf(message, message_size, "the data inflates to %zu bytes, not its declared %zu", written, output_size);
      return ZT_ERROR_FORMAT;
    }
    return ZT_OK;
  case Z_MEM_ERROR:
    snprintf(message, message_size, "zlib: out of memory");
    return ZT_ERROR_MEMORY;
  case Z_BUF_ERROR:
    snprintf(message, message_size, "the data ends before its deflate stream does");
    return ZT_ERROR_FORMAT;
  default:
    snprintf(message, message_size, "the data is not a valid deflate stream (%s)", reason ? reason : "zlib error");
    return ZT_ERROR_FORMAT;
  }
}
