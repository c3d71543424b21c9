// SPDX-License-Identifier: Apache-2.0
// Animated WebP through libwebp's WebPAnimEncoder, and read back through WebPAnimDecoder.

#include "CZoetropeVideo.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

struct zt_webp_writer {
  WebPAnimEncoder *encoder;
  WebPConfig config;
  WebPPicture picture;
  int width, height;
  int64_t last_timestamp;
};

static int webp_fail(int status, char *message, size_t size, const char *format, const char *detail) {
  if (message && size > 0) snprintf(message, size, format, detail ? detail : "");
  return status;
}

int zt_webp_open(int width, int height, int loop_count, int lossless, float quality, int method,
                 int minimize_size, zt_webp_writer **writer, char *message, size_t message_size) {
  *writer = NULL;
  if (width < 1 || height < 1 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION)
    return webp_fail(ZT_ERROR_FORMAT, message, message_size, "WebP frames are 1 to 16383 pixels a side%s", NULL);
  zt_webp_writer *w = calloc(1, sizeof *w);
  if (!w) return webp_fail(ZT_ERROR_MEMORY, message, message_size, "out of memory%s", NULL);
  w->width = width;
  w->height = height;
  w->last_timestamp = -1;
  WebPAnimEncoderOptions options;
  if (!WebPAnimEncoderOptionsInit(&options) || !WebPConfigInit(&w->config) || !WebPPictureInit(&w->picture)) {
    free(w);
    return webp_fail(ZT_ERROR_CODEC, message, message_size, "libwebp's version does not match its headers%s", NULL);
  }
  options.anim_params.loop_count = loop_count;
  options.anim_params.bgcolor = 0x00000000;  // transparent: what a disposed frame leaves
  options.minimize_size = minimize_size;
  options.allow_mixed = 0;
  w->config.lossless = lossless;
  w->config.quality = quality;
  w->config.method = method;
  // Lossless frames keep the colour of transparent pixels as they are (no clean-up), so they decode exactly.
  w->config.exact = lossless;
  if (!WebPValidateConfig(&w->config)) {
    free(w);
    return webp_fail(ZT_ERROR_FORMAT, message, message_size, "invalid WebP settings (quality 0...100)%s", NULL);
  }
  w->picture.use_argb = 1;
  w->picture.width = width;
  w->picture.height = height;
  w->encoder = WebPAnimEncoderNew(width, height, &options);
  if (!w->encoder) {
    free(w);
    return webp_fail(ZT_ERROR_MEMORY, message, message_size, "libwebp could not start an animation (memory)%s",
                     NULL);
  }
  *writer = w;
  return ZT_OK;
}

int zt_webp_add(zt_webp_writer *w, const uint8_t *rgba, int64_t timestamp_ms, char *message, size_t message_size) {
  if (timestamp_ms <= w->last_timestamp || timestamp_ms > INT32_MAX)
    return webp_fail(ZT_ERROR_FORMAT, message, message_size, "frame times must increase, up to 2^31 ms%s", NULL);
  if (!WebPPictureImportRGBA(&w->picture, rgba, 4 * w->width))
    return webp_fail(ZT_ERROR_MEMORY, message, message_size, "out of memory importing a frame%s", NULL);
  int ok = WebPAnimEncoderAdd(w->encoder, &w->picture, (int)timestamp_ms, &w->config);
  WebPPictureFree(&w->picture);
  w->picture.use_argb = 1;
  w->picture.width = w->width;
  w->picture.height = w->height;
  if (!ok) return webp_fail(ZT_ERROR_CODEC, message, message_size, "libwebp: %s", WebPAnimEncoderGetError(w->encoder));
  w->last_timestamp = timestamp_ms;
  return ZT_OK;
}

void zt_webp_abandon(zt_webp_writer *w) {
  if (!w) return;
  WebPAnimEncoderDelete(w->encoder);
  WebPPictureFree(&w->picture);
  free(w);
}

int zt_webp_finish(zt_webp_writer *w, int64_t end_ms, const char *path, char *message, size_t message_size) {
  int status = ZT_OK;
  WebPData data;
  WebPDataInit(&data);
  if (end_ms <= w->last_timestamp || end_ms > INT32_MAX) {
    status = webp_fail(ZT_ERROR_FORMAT, message, message_size, "the end must come after the last frame%s", NULL);
  } else if (!WebPAnimEncoderAdd(w->encoder, NULL, (int)end_ms, NULL) || !WebPAnimEncoderAssemble(w->encoder, &data)) {
    status = webp_fail(ZT_ERROR_CODEC, message, message_size, "libwebp: %s", WebPAnimEncoderGetError(w->encoder));
  } else {
    FILE *file = fopen(path, "wb");
    if (!file) {
      status = webp_fail(ZT_ERROR_OPEN, message, message_size, "%s", strerror(errno));
    } else {
      size_t written = fwrite(data.bytes, 1, data.size, file);
      int flushed = fflush(file);
      int error = errno;
      if (fclose(file) != 0 && written == data.size && flushed == 0) error = errno, flushed = EOF;
      if (written != data.size || flushed != 0)
        status = webp_fail(ZT_ERROR_OPEN, message, message_size, "%s", strerror(error ? error : EIO));
    }
  }
  WebPDataClear(&data);
  zt_webp_abandon(w);
  return status;
}

int zt_webp_read(const char *path, uint8_t **frames, int *count, int *width, int *height, int **timestamps,
                 int *loop, char *message, size_t message_size) {
  *frames = NULL;
  *timestamps = NULL;
  *count = *width = *height = *loop = 0;
  // The whole file, up to 1 GiB.
  FILE *file = fopen(path, "rb");
  if (!file) return webp_fail(ZT_ERROR_OPEN, message, message_size, "%s", strerror(errno));
  size_t size = 0, capacity = 1 << 16;
  uint8_t *bytes = malloc(capacity);
  int status = bytes ? ZT_OK : ZT_ERROR_MEMORY;
  while (status == ZT_OK) {
    size += fread(bytes + size, 1, capacity - size, file);
    if (size < capacity) break;
    if (capacity >= (size_t)1 << 30) { status = ZT_ERROR_FORMAT; break; }
    uint8_t *grown = realloc(bytes, capacity * 2);
    if (!grown) { status = ZT_ERROR_MEMORY; break; }
    bytes = grown;
    capacity *= 2;
  }
  if (status == ZT_OK && ferror(file)) status = ZT_ERROR_OPEN;
  fclose(file);
  if (status != ZT_OK) {
    free(bytes);
    return webp_fail(status, message, message_size, "cannot read the WebP (over 1 GiB, or a read error)%s", NULL);
  }
  WebPAnimDecoderOptions options;
  WebPAnimDecoderOptionsInit(&options);
  options.color_mode = MODE_RGBA;  // straight alpha, as Zoetrope's frames
  options.use_threads = 0;
  WebPData data = {bytes, size};
  WebPAnimDecoder *decoder = WebPAnimDecoderNew(&data, &options);
  WebPAnimInfo info;
  if (!decoder || !WebPAnimDecoderGetInfo(decoder, &info)) {
    if (decoder) WebPAnimDecoderDelete(decoder);
    free(bytes);
    return webp_fail(ZT_ERROR_FORMAT, message, message_size, "not an animated WebP libwebp can read%s", NULL);
  }
  size_t frame_bytes = (size_t)info.canvas_width * info.canvas_height * 4;
  uint8_t *all = malloc(frame_bytes * (info.frame_count ? info.frame_count : 1));
  int *times = malloc(sizeof *times * (info.frame_count ? info.frame_count : 1));
  int decoded = 0;
  if (!all || !times) status = webp_fail(ZT_ERROR_MEMORY, message, message_size, "out of memory%s", NULL);
  while (status == ZT_OK && WebPAnimDecoderHasMoreFrames(decoder) && (uint32_t)decoded < info.frame_count) {
    uint8_t *pixels = NULL;
    int timestamp = 0;
    if (!WebPAnimDecoderGetNext(decoder, &pixels, &timestamp)) {
      status = webp_fail(ZT_ERROR_FORMAT, message, message_size, "a frame does not decode%s", NULL);
      break;
    }
    memcpy(all + frame_bytes * decoded, pixels, frame_bytes);
    times[decoded++] = timestamp;
  }
  WebPAnimDecoderDelete(decoder);
  free(bytes);
  if (status != ZT_OK) {
    free(all);
    free(times);
    return status;
  }
  *frames = all;
  *timestamps = times;
  *count = decoded;
  *width = (int)info.canvas_width;
  *height = (int)info.canvas_height;
  *loop = (int)info.loop_count;
  return ZT_OK;
}
