// SPDX-License-Identifier: Apache-2.0
// GIF files through giflib: a global palette, looping, and frames as indexed rectangles.

#include "CZoetropeVideo.h"

#include <errno.h>
#include <fcntl.h>
#include <gif_lib.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct zt_gif_writer {
  GifFileType *file;
  int width, height;
};

static int gif_fail(int code, const char *what, char *message, size_t size) {
  const char *reason = GifErrorString(code);
  snprintf(message, size, "%s: %s", what, reason ? reason : "failed");
  return ZT_ERROR_CODEC;
}

int zt_gif_open(const char *path, int width, int height, const uint8_t *palette, int colors, int loop,
                zt_gif_writer **out, char *message, size_t size) {
  *out = NULL;
  if (colors < 2 || colors > 256 || width < 1 || height < 1 || width > 65535 || height > 65535) {
    snprintf(message, size, "a GIF needs 2…256 colours and a size of 1…65535 pixels");
    return ZT_ERROR_FORMAT;
  }
  int error = 0;
  // Opened here (giflib's own open makes the file private to the user).
  int descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
  if (descriptor < 0) {
    snprintf(message, size, "opening the output file: %s", strerror(errno));
    return ZT_ERROR_OPEN;
  }
  GifFileType *file = EGifOpenFileHandle(descriptor, &error);
  if (!file) {
    close(descriptor);
    return gif_fail(error, "opening the output file", message, size);
  }
  // giflib wants a power-of-two colour count.
  int count = 2;
  while (count < colors) count *= 2;
  GifColorType entries[256];
  memset(entries, 0, sizeof entries);
  for (int i = 0; i < colors; i++) {
    entries[i].Red = palette[3 * i];
    entries[i].Green = palette[3 * i + 1];
    entries[i].Blue = palette[3 * i + 2];
  }
  ColorMapObject *map = GifMakeMapObject(count, entries);
  if (!map) {
    EGifCloseFile(file, &error);
    snprintf(message, size, "out of memory (the palette)");
    return ZT_ERROR_MEMORY;
  }
  EGifSetGifVersion(file, true);
  int depth = 1;
  while ((1 << depth) < count) depth++;
  if (EGifPutScreenDesc(file, width, height, depth, 0, map) == GIF_ERROR) {
    GifFreeMapObject(map);
    int code = file->Error;
    EGifCloseFile(file, &error);
    return gif_fail(code, "writing the screen descriptor", message, size);
  }
  GifFreeMapObject(map);
  if (loop >= 0) {
    // NETSCAPE2.0 application extension: loop count, 0 = forever.
    unsigned char netscape[11];
    memcpy(netscape, "NETSCAPE2.0", 11);
    unsigned char block[3] = {1, (unsigned char)(loop & 0xFF), (unsigned char)((loop >> 8) & 0xFF)};
    if (EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(file, 11, netscape) == GIF_ERROR || EGifPutExtensionBlock(file, 3, block) == GIF_ERROR ||
        EGifPutExtensionTrailer(file) == GIF_ERROR) {
      int code = file->Error;
      EGifCloseFile(file, &error);
      return gif_fail(code, "writing the loop extension", message, size);
    }
  }
  struct zt_gif_writer *w = calloc(1, sizeof *w);
  if (!w) {
    EGifCloseFile(file, &error);
    snprintf(message, size, "out of memory");
    return ZT_ERROR_MEMORY;
  }
  w->file = file;
  w->width = width;
  w->height = height;
  *out = w;
  return ZT_OK;
}

int zt_gif_write_frame(zt_gif_writer *w, const uint8_t *indices, int x, int y, int width, int height,
                       int delay_centiseconds, int transparent_index, int disposal, char *message, size_t size) {
  if (x < 0 || y < 0 || width < 1 || height < 1 || x + width > w->width || y + height > w->height) {
    snprintf(message, size, "frame rectangle outside the screen");
    return ZT_ERROR_FORMAT;
  }
  GraphicsControlBlock control = {
      .DisposalMode = disposal,
      .UserInputFlag = false,
      .DelayTime = delay_centiseconds,
      .TransparentColor = transparent_index,
  };
  GifByteType extension[4];
  size_t length = EGifGCBToExtension(&control, extension);
  if (EGifPutExtension(w->file, GRAPHICS_EXT_FUNC_CODE, (int)length, extension) == GIF_ERROR)
    return gif_fail(w->file->Error, "writing a frame's timing", message, size);
  if (EGifPutImageDesc(w->file, x, y, width, height, false, NULL) == GIF_ERROR)
    return gif_fail(w->file->Error, "writing a frame descriptor", message, size);
  for (int row = 0; row < height; row++) {
    if (EGifPutLine(w->file, (GifPixelType *)(indices + (size_t)row * width), width) == GIF_ERROR)
      return gif_fail(w->file->Error, "compressing a frame", message, size);
  }
  return ZT_OK;
}

int zt_gif_close(zt_gif_writer *w, char *message, size_t size) {
  int error = 0;
  int status = EGifCloseFile(w->file, &error) == GIF_ERROR ? gif_fail(error, "closing the file", message, size) : ZT_OK;
  free(w);
  return status;
}

int zt_gif_read(const char *path, uint8_t **frames, int *count, int *width, int *height, int **delays, int *loop,
                char *message, size_t size) {
  *frames = NULL;
  *delays = NULL;
  *count = 0;
  *loop = -1;
  int error = 0;
  GifFileType *file = DGifOpenFileName(path, &error);
  if (!file) return gif_fail(error, "opening the file", message, size);
  if (DGifSlurp(file) == GIF_ERROR) {
    int code = file->Error;
    DGifCloseFile(file, &error);
    return gif_fail(code, "reading the file", message, size);
  }
  int w = file->SWidth, h = file->SHeight, n = file->ImageCount;
  size_t frame_bytes = (size_t)w * h * 4;
  // The frames are all decoded at once: at most 1 GiB of them.
  if (w < 1 || h < 1 || n < 0 || (uint64_t)frame_bytes * (uint64_t)(n > 0 ? n : 1) > (1ull << 30)) {
    DGifCloseFile(file, &error);
    snprintf(message, size, "%d frames of %d × %d pixels are more than the 1 GiB of frames read at once", n, w, h);
    return ZT_ERROR_FORMAT;
  }
  uint8_t *out = calloc(n > 0 ? (size_t)n : 1, frame_bytes);
  int *times = calloc(n > 0 ? (size_t)n : 1, sizeof(int));
  uint8_t *canvas = calloc(1, frame_bytes);
  if (!out || !times || !canvas) {
    free(out); free(times); free(canvas);
    DGifCloseFile(file, &error);
    snprintf(message, size, "out of memory (%d frames of %d × %d pixels)", n, w, h);
    return ZT_ERROR_MEMORY;
  }
  for (int i = 0; i < n; i++) {
    SavedImage *image = &file->SavedImages[i];
    GraphicsControlBlock control = {.DisposalMode = 0, .DelayTime = 0, .TransparentColor = NO_TRANSPARENT_COLOR};
    DGifSavedExtensionToGCB(file, i, &control);
    times[i] = control.DelayTime;
    for (int e = 0; e < image->ExtensionBlockCount; e++) {
      ExtensionBlock *block = &image->ExtensionBlocks[e];
      if (block->Function == APPLICATION_EXT_FUNC_CODE && block->ByteCount == 11 &&
          memcmp(block->Bytes, "NETSCAPE2.0", 11) == 0 && e + 1 < image->ExtensionBlockCount &&
          image->ExtensionBlocks[e + 1].ByteCount >= 3) {
        *loop = image->ExtensionBlocks[e + 1].Bytes[1] | image->ExtensionBlocks[e + 1].Bytes[2] << 8;
      }
    }
    ColorMapObject *map = image->ImageDesc.ColorMap ? image->ImageDesc.ColorMap : file->SColorMap;
    GifImageDesc *d = &image->ImageDesc;
    for (int y = 0; y < d->Height; y++) {
      for (int x = 0; x < d->Width; x++) {
        int index = image->RasterBits[y * d->Width + x];
        int px = d->Left + x, py = d->Top + y;
        if (index == control.TransparentColor || px >= w || py >= h || !map || index >= map->ColorCount) continue;
        uint8_t *p = canvas + 4 * ((size_t)py * w + px);
        p[0] = map->Colors[index].Red;
        p[1] = map->Colors[index].Green;
        p[2] = map->Colors[index].Blue;
        p[3] = 255;
      }
    }
    memcpy(out + i * frame_bytes, canvas, frame_bytes);
    if (control.DisposalMode == DISPOSE_BACKGROUND) {
      for (int y = 0; y < d->Height; y++)
        for (int x = 0; x < d->Width; x++) {
          int px = d->Left + x, py = d->Top + y;
          if (px < w && py < h) memset(canvas + 4 * ((size_t)py * w + px), 0, 4);
        }
    }
  }
  free(canvas);
  DGifCloseFile(file, &error);
  *frames = out;
  *delays = times;
  *count = n;
  *width = w;
  *height = h;
  return ZT_OK;
}
