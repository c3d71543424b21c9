// SPDX-License-Identifier: Apache-2.0
// GIF files through giflib: a global palette, looping, and frames as indexed rectangles.

#include "CZoetropeVideo.h"

#include <errno.h>
#include <fcntl.h>
#include <gif_lib.h>
#include <pthread.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The LZW coder (see lzw_encode): a dictionary of (prefix code, pixel) →
// code by open addressing, a slot holding key << 12 | code (key: prefix << 8
// | pixel, 20 bits; code below 4095) or LZW_EMPTY — 16,384 slots for at most
// 4,089 strings (3,838 with 8-bit codes), so probes stay short — and, for each pixel value p, the
// codes of p, pp, ppp … made so far (`runs[p][k]`: the code of k p's, for k
// up to `longest[p]`), which let a run of equal pixels skip its lookups.
#define LZW_SLOT_BITS 14
#define LZW_EMPTY UINT32_MAX
#define LZW_MAX_CODE 4095
typedef struct {
  uint32_t dictionary[1 << LZW_SLOT_BITS];
  uint16_t longest[256];
  uint16_t runs[256][LZW_MAX_CODE + 1];
} lzw_coder;

// A frame waiting for the encoder: its own copy of the indices.
typedef struct {
  uint8_t *indices;
  int x, y, width, height, delay, transparent_index, disposal;
} gif_frame;

// Frames queued at most: the caller runs at most this far ahead of the encoder.
#define GIF_QUEUE 4

// Frames are compressed and written in order by an encoder thread of the
// writer's own, so that the caller maps the next frame meanwhile; without
// one (the thread could not start) the caller encodes each frame itself.
struct zt_gif_writer {
  GifFileType *file;
  int width, height;
  lzw_coder *coder;  // NULL: giflib's own coder (the reference)
  lzw_coder *counter;  // the caller's own, for zt_gif_coded_size (NULL: it counts with a dictionary alone)
  int threaded;
  pthread_t thread;
  pthread_mutex_t lock;
  pthread_cond_t changed;
  gif_frame queue[GIF_QUEUE];
  int first, count;  // the queue: a ring, oldest at `first`
  int closing;       // no more frames come; the thread ends once the queue is empty
  int abandoned;     // the file is being thrown away: queued frames are dropped
  int status;        // the first failure (ZT_OK until then), its message below
  long written;      // frames handed to gif_encode so far
  long fail_from;    // for tests: this frame and later ones fail as on a full disk (-1: none)
  char message[256];
};

static void *gif_encoder(void *writer);

static int gif_fail(int code, const char *what, char *message, size_t size) {
  const char *reason = GifErrorString(code);
  snprintf(message, size, "%s: %s", what, reason ? reason : "failed");
  return ZT_ERROR_CODEC;
}

int zt_gif_open(const char *path, int width, int height, const uint8_t *palette, int colors, int loop,
                const char *comment, zt_gif_writer **out, char *message, size_t size) {
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
  if (comment && *comment && EGifPutComment(file, comment) == GIF_ERROR) {
    int code = file->Error;
    EGifCloseFile(file, &error);
    return gif_fail(code, "writing the comment", message, size);
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
  w->status = ZT_OK;
  w->fail_from = -1;
  w->coder = malloc(sizeof *w->coder);  // without it, giflib's coder
  w->counter = malloc(sizeof *w->counter);  // without it, lzw_count_plain
  pthread_mutex_init(&w->lock, NULL);
  pthread_cond_init(&w->changed, NULL);
  w->threaded = pthread_create(&w->thread, NULL, gif_encoder, w) == 0;
  *out = w;
  return ZT_OK;
}

// The coder's output: codes packed low bit first into bytes, the bytes into
// sub-blocks of up to 255 written through giflib (or, without a file, only
// counted).
typedef struct {
  GifFileType *file;
  size_t counted;          // bytes, without a file
  uint64_t bits;           // pending bits, the oldest lowest
  int bit_count;           // how many
  int code_bits;           // the width of the next code
  GifByteType block[256];  // block[0]: the number of bytes after it
  int failed;
} lzw_output;

// Appends a byte, writing the sub-block first when it is full.
static void lzw_byte(lzw_output *out, GifByteType byte) {
  if (!out->file) {
    out->counted++;
    return;
  }
  if (out->block[0] == 255) {
    if (EGifPutCodeNext(out->file, out->block) == GIF_ERROR) out->failed = 1;
    out->block[0] = 0;
  }
  out->block[++out->block[0]] = byte;
}

// Appends a code of the current width, and the bytes it completes.
static void lzw_code(lzw_output *out, unsigned code) {
  out->bits |= (uint64_t)code << out->bit_count;
  out->bit_count += out->code_bits;
  while (out->bit_count >= 8) {
    lzw_byte(out, (GifByteType)(out->bits & 0xFF));
    out->bits >>= 8;
    out->bit_count -= 8;
  }
}

// The first slot to probe for a key (Fibonacci hashing: its top bits).
static inline uint32_t lzw_slot(uint32_t key) { return (key * 0x9E3779B1u) >> (32 - LZW_SLOT_BITS); }

// Codes `count` palette indices as one image's LZW data, with giflib's
// choices, so that the bytes are the ones EGifPutLine writes (tested so):
// a clear code first; the code width grows once a code is output while the
// next free code needs a wider one; when the next free code would be 4095, a
// clear code instead of a new string; at the end the current string, the
// end code and the last partial byte, then an empty sub-block. Only the
// lookups differ: a run of equal pixels extending a string of that pixel
// alone (p, pp, ppp …) takes the longest such string there is at once,
// which is what looking each pixel up would find. GIF_ERROR when a write
// fails, with giflib's error set as its own coder sets it.
// Without a file (`file` NULL) nothing is written and `*counted` is set to
// the bytes of LZW data the pixels take at `depth` bits.
static int lzw_encode(lzw_coder *coder, GifFileType *file, int depth, const uint8_t *pixels, size_t count,
                      size_t *counted) {
  if (depth < 2) depth = 2;
  const unsigned clear = 1u << depth, end = clear + 1, mask = clear - 1;
  unsigned next = end + 1, limit = 1u << (depth + 1);  // limit: the first code needing a wider one
  lzw_output out = {.file = file, .code_bits = depth + 1};
  uint32_t *dictionary = coder->dictionary;

// Outputs a code, then widens codes as giflib does after each output.
#define EMIT(code)                                 \
  do {                                             \
    lzw_code(&out, (code));                        \
    if (next >= limit && out.code_bits < 12) {     \
      out.code_bits++;                             \
      limit <<= 1;                                 \
    }                                              \
  } while (0)
// Forgets every string: the dictionary and the runs.
#define RESET()                                                      \
  do {                                                               \
    memset(dictionary, 0xFF, sizeof coder->dictionary);              \
    for (unsigned p = 0; p < 256; p++) coder->longest[p] = 1;        \
  } while (0)

// A clear code, then every string forgotten and codes as narrow as at the start.
#define START_OVER()               \
  do {                             \
    EMIT(clear);                   \
    next = end + 1;                \
    out.code_bits = depth + 1;     \
    limit = 1u << (depth + 1);     \
    RESET();                       \
  } while (0)

  for (unsigned p = 0; p < 256; p++) coder->runs[p][1] = (uint16_t)p;  // a pixel alone is its own code
  RESET();
  EMIT(clear);
  unsigned current = pixels[0] & mask;
  // While `current` is the code of `length` copies of `run` (else length 0).
  unsigned run = current, length = 1;
  size_t i = 1;
  while (i < count) {
    unsigned pixel = pixels[i] & mask;
    if (length > 0 && pixel == run) {
      // Take as many more of the run as the longest string of it allows.
      unsigned longest = coder->longest[run];
      while (i < count && length < longest && (pixels[i] & mask) == run) {
        length++;
        i++;
      }
      current = coder->runs[run][length];
      if (i == count || (pixels[i] & mask) != run) continue;
      // One more of the run than any string holds: a new string, as below.
      EMIT(current);
      if (next >= LZW_MAX_CODE) {
        START_OVER();
      } else {
        // Only in the run tables: a string of one pixel alone is only ever
        // extended here, never looked up in the dictionary.
        coder->runs[run][length + 1] = (uint16_t)next;
        coder->longest[run] = (uint16_t)(length + 1);
        next++;
      }
      current = run;
      length = 1;
      i++;
      continue;
    }
    uint32_t key = (uint32_t)current << 8 | pixel, slot = lzw_slot(key), entry;
    while ((entry = dictionary[slot]) != LZW_EMPTY && entry >> 12 != key)
      slot = (slot + 1) & ((1u << LZW_SLOT_BITS) - 1);
    i++;
    if (entry != LZW_EMPTY) {
      current = entry & 0xFFF;  // never a string of one pixel alone: that is the run case
      length = 0;
      continue;
    }
    EMIT(current);
    if (next >= LZW_MAX_CODE) {
      START_OVER();
    } else {
      dictionary[slot] = key << 12 | next++;
    }
    current = pixel;
    run = pixel;
    length = 1;
  }
  EMIT(current);
  EMIT(end);
#undef START_OVER
#undef EMIT
#undef RESET
  while (out.bit_count > 0) {
    lzw_byte(&out, (GifByteType)(out.bits & 0xFF));
    out.bits >>= 8;
    out.bit_count -= 8;
  }
  if (!file) {
    *counted = out.counted;
    return GIF_OK;
  }
  if (out.block[0] != 0 && EGifPutCodeNext(file, out.block) == GIF_ERROR) out.failed = 1;
  if (EGifPutCodeNext(file, NULL) == GIF_ERROR) out.failed = 1;
  if (out.failed) file->Error = E_GIF_ERR_DISK_IS_FULL;  // what giflib's coder reports
  return out.failed ? GIF_ERROR : GIF_OK;
}

// Writes a frame: its graphic control extension, descriptor and LZW data
// (giflib masks the indices it compresses in place: they are the frame's own copy).
static int gif_encode(GifFileType *file, lzw_coder *coder, gif_frame *frame, char *message, size_t size) {
  GraphicsControlBlock control = {
      .DisposalMode = frame->disposal,
      .UserInputFlag = false,
      .DelayTime = frame->delay,
      .TransparentColor = frame->transparent_index,
  };
  GifByteType extension[4];
  size_t length = EGifGCBToExtension(&control, extension);
  if (EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, (int)length, extension) == GIF_ERROR)
    return gif_fail(file->Error, "writing a frame's timing", message, size);
  // giflib writes the descriptor and the code size byte, and sets its coder up.
  if (EGifPutImageDesc(file, frame->x, frame->y, frame->width, frame->height, false, NULL) == GIF_ERROR)
    return gif_fail(file->Error, "writing a frame descriptor", message, size);
  if (coder) {
    int depth = file->SColorMap ? file->SColorMap->BitsPerPixel : 8;
    if (lzw_encode(coder, file, depth, frame->indices, (size_t)frame->width * (size_t)frame->height, NULL) ==
        GIF_ERROR)
      return gif_fail(file->Error, "compressing a frame", message, size);
    return ZT_OK;
  }
  for (int row = 0; row < frame->height; row++) {
    if (EGifPutLine(file, frame->indices + (size_t)row * frame->width, frame->width) == GIF_ERROR)
      return gif_fail(file->Error, "compressing a frame", message, size);
  }
  return ZT_OK;
}

// Writes the next frame (gif_encode), or fails it as a full disk would
// from the frame tests ask for.
static int gif_write(zt_gif_writer *w, gif_frame *frame, char *message, size_t size) {
  long index = w->written++;
  if (w->fail_from >= 0 && index >= w->fail_from) {
    w->file->Error = E_GIF_ERR_DISK_IS_FULL;
    return gif_fail(w->file->Error, "compressing a frame", message, size);
  }
  return gif_encode(w->file, w->coder, frame, message, size);
}

// The encoder thread: writes queued frames in order until the writer closes.
// After a failure, or once the writer is abandoned, it only drops frames;
// a failure is reported by the next write and by close.
static void *gif_encoder(void *argument) {
  zt_gif_writer *w = argument;
  pthread_mutex_lock(&w->lock);
  for (;;) {
    while (w->count == 0 && !w->closing) pthread_cond_wait(&w->changed, &w->lock);
    if (w->count == 0) break;
    gif_frame frame = w->queue[w->first];
    int dropped = w->status != ZT_OK || w->abandoned;
    pthread_mutex_unlock(&w->lock);
    char message[sizeof w->message];
    int status = dropped ? ZT_OK : gif_write(w, &frame, message, sizeof message);
    free(frame.indices);
    pthread_mutex_lock(&w->lock);
    if (status != ZT_OK) {
      w->status = status;
      memcpy(w->message, message, sizeof message);
    }
    w->first = (w->first + 1) % GIF_QUEUE;
    w->count--;
    pthread_cond_broadcast(&w->changed);
  }
  pthread_mutex_unlock(&w->lock);
  return NULL;
}

// The first failure, copied out; ZT_OK when there was none. Under the lock.
static int gif_failure(zt_gif_writer *w, char *message, size_t size) {
  if (w->status != ZT_OK) snprintf(message, size, "%s", w->message);
  return w->status;
}

int zt_gif_write_frame(zt_gif_writer *w, const uint8_t *indices, int x, int y, int width, int height,
                       int delay_centiseconds, int transparent_index, int disposal, char *message, size_t size) {
  if (x < 0 || y < 0 || width < 1 || height < 1 || x + width > w->width || y + height > w->height) {
    snprintf(message, size, "frame rectangle outside the screen");
    return ZT_ERROR_FORMAT;
  }
  size_t bytes = (size_t)width * (size_t)height;
  gif_frame frame = {malloc(bytes), x, y, width, height, delay_centiseconds, transparent_index, disposal};
  if (!frame.indices) {
    snprintf(message, size, "out of memory (a frame's indices)");
    return ZT_ERROR_MEMORY;
  }
  memcpy(frame.indices, indices, bytes);
  if (!w->threaded) {
    int status = gif_write(w, &frame, message, size);
    free(frame.indices);
    return status;
  }
  pthread_mutex_lock(&w->lock);
  while (w->count == GIF_QUEUE && w->status == ZT_OK) pthread_cond_wait(&w->changed, &w->lock);
  int status = gif_failure(w, message, size);
  if (status == ZT_OK) {
    w->queue[(w->first + w->count) % GIF_QUEUE] = frame;
    w->count++;
    pthread_cond_broadcast(&w->changed);
  } else {
    free(frame.indices);
  }
  pthread_mutex_unlock(&w->lock);
  return status;
}

int zt_gif_close(zt_gif_writer *w, char *message, size_t size) {
  int status = ZT_OK;
  if (w->threaded) {
    pthread_mutex_lock(&w->lock);
    w->closing = 1;
    pthread_cond_broadcast(&w->changed);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    status = gif_failure(w, message, size);
  }
  pthread_mutex_destroy(&w->lock);
  pthread_cond_destroy(&w->changed);
  int error = 0;
  if (EGifCloseFile(w->file, &error) == GIF_ERROR && status == ZT_OK)
    status = gif_fail(error, "closing the file", message, size);
  free(w->coder);
  free(w->counter);
  free(w);
  return status;
}

void zt_gif_abandon(zt_gif_writer *w) {
  if (w->threaded) {
    pthread_mutex_lock(&w->lock);
    w->abandoned = 1;
    pthread_mutex_unlock(&w->lock);
  }
  char message[64];
  zt_gif_close(w, message, sizeof message);
}

// The bytes of LZW data (as lzw_encode counts them) that `count` pixels
// take at `depth` bits, every string looked up in `dictionary` (1 <<
// LZW_SLOT_BITS slots, as lzw_encode's), runs of one pixel too: the same
// codes, with no run tables. What zt_gif_coded_size counts with when the
// writer could not make a coder of its own, so that a count (and the frames
// it chooses) never depends on memory: the same clip gives the same bytes
// when memory runs short (under `ulimit -v`, say).
static size_t lzw_count_plain(uint32_t *dictionary, int depth, const uint8_t *pixels, size_t count) {
  if (depth < 2) depth = 2;
  const unsigned clear = 1u << depth, end = clear + 1, mask = clear - 1;
  unsigned next = end + 1, limit = 1u << (depth + 1), code_bits = (unsigned)depth + 1;
  size_t bits = 0;
  // A code's bits; then the width grows as lzw_encode's EMIT grows it.
#define COUNT()                            \
  do {                                     \
    bits += code_bits;                     \
    if (next >= limit && code_bits < 12) { \
      code_bits++;                         \
      limit <<= 1;                         \
    }                                      \
  } while (0)
  memset(dictionary, 0xFF, sizeof(uint32_t) << LZW_SLOT_BITS);
  COUNT();  // the clear code
  unsigned current = pixels[0] & mask;
  for (size_t i = 1; i < count; i++) {
    unsigned pixel = pixels[i] & mask;
    uint32_t key = (uint32_t)current << 8 | pixel, slot = lzw_slot(key), entry;
    while ((entry = dictionary[slot]) != LZW_EMPTY && entry >> 12 != key)
      slot = (slot + 1) & ((1u << LZW_SLOT_BITS) - 1);
    if (entry != LZW_EMPTY) {
      current = entry & 0xFFF;
      continue;
    }
    COUNT();  // `current`
    if (next >= LZW_MAX_CODE) {
      COUNT();  // a clear code, then every string forgotten
      next = end + 1;
      code_bits = (unsigned)depth + 1;
      limit = 1u << (depth + 1);
      memset(dictionary, 0xFF, sizeof(uint32_t) << LZW_SLOT_BITS);
    } else {
      dictionary[slot] = key << 12 | next++;
    }
    current = pixel;
  }
  COUNT();  // `current`
  COUNT();  // the end code
#undef COUNT
  return (bits + 7) / 8;
}

// lzw_count_plain with a dictionary on the caller's stack (64 KiB), taken
// only when called: not part of zt_gif_coded_size's own frame.
__attribute__((noinline)) static size_t lzw_count_on_stack(int depth, const uint8_t *pixels, size_t count) {
  uint32_t dictionary[1 << LZW_SLOT_BITS];
  return lzw_count_plain(dictionary, depth, pixels, count);
}

// Waits until no frame is queued or being written (the encoder's coder is free).
static void gif_wait_idle(zt_gif_writer *w) {
  if (!w->threaded) return;
  while (w->count > 0) pthread_cond_wait(&w->changed, &w->lock);
}

long zt_gif_coded_size(zt_gif_writer *w, const uint8_t *indices, size_t count) {
  if (count == 0) return 0;
  int depth = w->file->SColorMap ? w->file->SColorMap->BitsPerPixel : 8;
  size_t bytes = 0;
  if (w->counter) {
    lzw_encode(w->counter, NULL, depth, indices, count, &bytes);
  } else {
    bytes = lzw_count_on_stack(depth, indices, count);
  }
  return (long)(bytes + (bytes + 254) / 255 + 1);  // with the sub-blocks' lengths and the end
}

void zt_gif_use_reference_coder(zt_gif_writer *w) {
  pthread_mutex_lock(&w->lock);
  gif_wait_idle(w);
  free(w->coder);
  w->coder = NULL;
  free(w->counter);
  w->counter = NULL;
  pthread_mutex_unlock(&w->lock);
}

void zt_gif_test_hooks(zt_gif_writer *w, int encode_inline, long fail_from_frame) {
  pthread_mutex_lock(&w->lock);
  gif_wait_idle(w);
  w->fail_from = fail_from_frame;
  int stop = encode_inline && w->threaded;
  if (stop) w->closing = 1;
  pthread_cond_broadcast(&w->changed);
  pthread_mutex_unlock(&w->lock);
  if (stop) {
    pthread_join(w->thread, NULL);
    w->threaded = 0;
    w->closing = 0;
  }
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
  uint8_t *before = calloc(1, frame_bytes);  // the screen before a frame restored to previous
  if (!out || !times || !canvas || !before) {
    free(out); free(times); free(canvas); free(before);
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
    if (control.DisposalMode == DISPOSE_PREVIOUS) memcpy(before, canvas, frame_bytes);
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
    // After showing: the frame's rectangle cleared (2) or put back as it was before the frame (3).
    if (control.DisposalMode == DISPOSE_BACKGROUND || control.DisposalMode == DISPOSE_PREVIOUS) {
      for (int y = 0; y < d->Height; y++)
        for (int x = 0; x < d->Width; x++) {
          int px = d->Left + x, py = d->Top + y;
          if (px >= w || py >= h) continue;
          size_t at = 4 * ((size_t)py * w + px);
          if (control.DisposalMode == DISPOSE_BACKGROUND) memset(canvas + at, 0, 4);
          else memcpy(canvas + at, before + at, 4);
        }
    }
  }
  free(canvas);
  free(before);
  DGifCloseFile(file, &error);
  *frames = out;
  *delays = times;
  *count = n;
  *width = w;
  *height = h;
  return ZT_OK;
}
