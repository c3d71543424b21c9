// SPDX-License-Identifier: Apache-2.0
// The C shim of Zoetrope's video and GIF files: a small API over FFmpeg and giflib with plain error codes.
#ifndef CZOETROPE_VIDEO_H
#define CZOETROPE_VIDEO_H

#include <stddef.h>
#include <stdint.h>

// Status codes (`zt_status`) and `zt_free` come from the image shim.
#include "CZoetropeMedia.h"

#ifdef __cplusplus
extern "C" {
#endif

// MARK: - Video (libavformat, libavcodec, libswscale)

/// How to encode a video file.
typedef struct zt_video_options {
  const char *path;          ///< the output file
  const char *container;     ///< libavformat muxer: "mp4", "mov", "webm", "apng"
  const char *codec;         ///< encoder: "libx264", "libx265", "prores_ks", "libvpx-vp9", "apng"
  const char *pixel_format;  ///< encoded pixel format: "yuv420p", "yuva444p10le", "yuva420p", "rgba"
  const char *preset;        ///< encoder preset, or NULL / "" for the encoder's default
  const char *profile;       ///< encoder profile ("4444" for ProRes), or NULL / ""
  const char *tune;          ///< encoder tuning ("animation" for x264), or NULL / ""
  int width, height;         ///< size of the RGBA frames pushed (equal to the encoded size)
  int encoded_width, encoded_height;
  int fps_num, fps_den;      ///< frame rate as a fraction; frame i has pts i in 1/fps units
  int crf;                   ///< constant-quality factor, or -1 for the encoder's default
  int gop_size;              ///< key-frame interval in frames, or 0 for 250
  int threads;               ///< encoder threads, 0 = as many as cores
  int rgb;                   ///< 1: RGB pixel format (no YUV matrix, no colour tags)
  int faststart;             ///< 1: move the MP4/MOV index to the front (MP4/MOV edit lists count in 1/fps_num s)
  int alpha_mode;            ///< 1: tag the stream alpha_mode=1 (WebM with alpha)
  int loop;                  ///< APNG plays (0 = forever), or -1 for the muxer default
  int64_t first_frame;       ///< timestamp of the first frame, in frames (a part of a longer clip starts at its index)
  const char *part_tag;      ///< text stored under the key "zoetrope-part" (MP4/MOV/WebM metadata, an APNG tEXt chunk), or NULL
} zt_video_options;

/// An open video file being written.
typedef struct zt_video_writer zt_video_writer;

/// Opens `options->path` for writing: container, stream, encoder, and an RGBA
/// → encoded-format conversion with the BT.709 matrix, limited range, tagged
/// BT.709 primaries/transfer/matrix (unless `rgb`). Every GOP is closed (x265's
/// open GOPs are turned off), so the file starts with an IDR frame that no
/// later file needs to reach behind: files written with the same options join
/// by packet copy (`zt_video_join_*`). On failure returns a
/// non-zero `zt_status`, fills `message`, and leaves `*writer` NULL (a partial
/// file may remain at the path; callers write to a temporary name).
int zt_video_open(const zt_video_options *options, zt_video_writer **writer, char *message, size_t message_size);

/// Converts and encodes one frame of `encoded_width × encoded_height`
/// straight-alpha RGBA8 pixels (rows of `4 × encoded_width` bytes); its
/// timestamp is the number of frames written before it.
int zt_video_write(zt_video_writer *writer, const uint8_t *rgba, char *message, size_t message_size);

/// A frame converted to the encoder's pixel format, not yet encoded.
typedef struct zt_video_frame zt_video_frame;

/// An RGBA → encoder-format conversion of its own, so that frames can be
/// converted on several threads at once (one converter per thread; a
/// converter is not thread-safe, creating one is cheap).
typedef struct zt_video_converter zt_video_converter;

/// A converter for `writer`'s encoded size, pixel format and colour matrix;
/// NULL when out of memory. It keeps no reference to the writer.
zt_video_converter *zt_video_converter_create(const zt_video_writer *writer);

/// Frees a converter.
void zt_video_converter_free(zt_video_converter *converter);

/// Converts one RGBA frame (as `zt_video_write` takes it) into `*frame`.
int zt_video_convert(zt_video_converter *converter, const uint8_t *rgba, zt_video_frame **frame, char *message,
                     size_t message_size);

/// Encodes a converted frame as the next one and frees it (also on failure).
int zt_video_write_converted(zt_video_writer *writer, zt_video_frame *frame, char *message, size_t message_size);

/// Frees a converted frame that will not be written.
void zt_video_frame_free(zt_video_frame *frame);

/// Flushes the encoder, writes the trailer, closes the file and frees the
/// writer (also on failure).
int zt_video_finish(zt_video_writer *writer, char *message, size_t message_size);

/// Frees the writer without finishing the file (which is left incomplete).
void zt_video_abort(zt_video_writer *writer);

/// 1 when this FFmpeg has an encoder called `name`.
int zt_video_has_encoder(const char *name);

/// What a video file holds (for tests and tools). Colour fields are FFmpeg's
/// enum values (1 = BT.709 for primaries, transfer and matrix; range 1 = limited).
typedef struct zt_video_info {
  char container[64];
  char codec[32];
  char pixel_format[32];
  int width, height;
  int fps_num, fps_den;
  int color_primaries, color_trc, colorspace, color_range;
  int profile;
  int alpha_mode;
} zt_video_info;

/// A video file being decoded.
typedef struct zt_video_reader zt_video_reader;

/// Opens a video file for decoding its best video stream and describes it.
int zt_video_reader_open(const char *path, zt_video_reader **reader, zt_video_info *info, char *message,
                         size_t message_size);

/// Decodes the next frame into `width × height` RGBA8 (converted with the
/// stream's tagged matrix and range) and its time in seconds; `ZT_END` after
/// the last one.
int zt_video_reader_next(zt_video_reader *reader, uint8_t *rgba, int width, int height, double *seconds,
                         char *message, size_t message_size);

/// Closes the reader.
void zt_video_reader_close(zt_video_reader *reader);

/// For an MP4/MOV file: 1 when the `moov` box comes before `mdat`, 0 when
/// after, -1 when neither is found or the file cannot be read.
int zt_video_moov_before_mdat(const char *path);

// MARK: - Joining parts by packet copy (libavformat; nothing is decoded or encoded)

/// What a part of a clip holds: the stream parameters that must match between
/// parts, and the part's tag.
typedef struct zt_video_part_info {
  char container[64];    ///< libavformat's demuxer name
  char codec[32];        ///< codec name ("h264", "hevc", "prores", "vp9")
  char pixel_format[32]; ///< encoded pixel format
  int width, height;     ///< encoded size
  int time_base_num, time_base_den;  ///< the stream's time base
  int fps_num, fps_den;  ///< the stream's average frame rate
  uint32_t codec_tag;    ///< the container's codec tag (FourCC), 0 when none
  int profile;           ///< codec profile
  int color_primaries, color_trc, colorspace, color_range;
  int alpha_mode;        ///< the stream's alpha_mode tag (WebM), 0 when absent
  int extradata_size;    ///< bytes of codec extradata (`zt_video_part_extradata`)
  char tag[2048];        ///< the "zoetrope-part" metadata, "" when absent
} zt_video_part_info;

/// An open part (a file with one video stream).
typedef struct zt_video_part zt_video_part;

/// Opens a part and describes it. Only headers are read.
int zt_video_part_open(const char *path, zt_video_part **part, zt_video_part_info *info, char *message,
                       size_t message_size);

/// Copies up to `capacity` bytes of the part's codec extradata into `bytes`; returns its whole size.
int zt_video_part_extradata(const zt_video_part *part, uint8_t *bytes, int capacity);

/// Closes a part.
void zt_video_part_close(zt_video_part *part);

/// A file being joined from parts.
typedef struct zt_video_joiner zt_video_joiner;

/// Opens `path` for writing with `container` ("mp4", "mov", "webm"), its one
/// stream a copy of `model`'s (codec parameters, time base, frame rate,
/// alpha_mode tag). `faststart`: the MP4/MOV index goes to the front;
/// `movie_timescale` (MP4/MOV, 0 for the muxer's default): the timescale of
/// edit lists, the frame rate's numerator as `zt_video_open` uses.
int zt_video_join_open(const char *path, const char *container, const zt_video_part *model, int faststart,
                       int movie_timescale, zt_video_joiner **joiner, char *message, size_t message_size);

/// Copies every packet of `part` into the joined file, timestamps unchanged
/// (rescaled to the output's time base). Each packet's presentation time must
/// fall on a frame of `first_frame ..< first_frame + frame_count` (frames of
/// fps_den/fps_num seconds), no frame twice, and every one of them present:
/// otherwise ZT_ERROR_FORMAT with a message saying what is wrong (a truncated
/// part holds fewer frames). `*copied` counts the packets copied.
int zt_video_join_append(zt_video_joiner *joiner, zt_video_part *part, int64_t first_frame, int64_t frame_count,
                         int fps_num, int fps_den, int64_t *copied, char *message, size_t message_size);

/// Writes the trailer (moving the index to the front when asked), closes the
/// file and frees the joiner (also on failure).
int zt_video_join_finish(zt_video_joiner *joiner, char *message, size_t message_size);

/// Frees the joiner without finishing the file.
void zt_video_join_abort(zt_video_joiner *joiner);

// MARK: - GIF (giflib)

/// A GIF file being written.
typedef struct zt_gif_writer zt_gif_writer;

/// Creates a GIF89a of `width × height` with a global palette of `colors`
/// (2…256) RGB triples, looping `loop` times (0 = forever, -1 = no loop
/// extension: play once), with a comment extension holding `comment` after
/// the loop extension (NULL or "" for none).
int zt_gif_open(const char *path, int width, int height, const uint8_t *palette, int colors, int loop,
                const char *comment, zt_gif_writer **writer, char *message, size_t message_size);

/// Appends a frame: `width × height` palette indices placed at (`x`, `y`),
/// shown for `delay_centiseconds`; `transparent_index` (or -1) marks pixels
/// that let the previous frame show through; `disposal` is GIF's disposal
/// method (1 = leave in place, 2 = restore to the background, 3 = restore
/// to what showed before the frame). The indices
/// are copied and the frame is compressed and written on the writer's own
/// thread, in order, while the caller goes on (it waits once four frames
/// are queued): a failure to write an earlier frame is returned here, and
/// one to write the last frames by `zt_gif_close`.
int zt_gif_write_frame(zt_gif_writer *writer, const uint8_t *indices, int x, int y, int width, int height,
                       int delay_centiseconds, int transparent_index, int disposal, char *message,
                       size_t message_size);

/// The bytes `count` palette indices take as a frame's image data (LZW
/// codes in sub-blocks, as `zt_gif_write_frame` would write them), without
/// writing anything. For the caller's thread only (it has a coder of its
/// own, made with the writer; without one, it counts more slowly with a
/// dictionary on the caller's stack — the same count: what memory there is
/// never changes the frames a count chooses). Never fails.
long zt_gif_coded_size(zt_gif_writer *writer, const uint8_t *indices, size_t count);

/// Makes the writer compress the frames written from now on with giflib's
/// own LZW coder, the reference the writer's coder is tested against (the
/// same bytes, slower), and `zt_gif_coded_size` count as without a coder of
/// its own. Waits for the frames queued before.
void zt_gif_use_reference_coder(zt_gif_writer *writer);

/// For tests, once the queued frames are written: `encode_inline` stops the
/// encoder thread, so that frames are encoded by `zt_gif_write_frame`
/// itself, as when the thread cannot start; frames from the
/// `fail_from_frame`-th written (counting from 0; -1: none) fail as on a
/// full disk.
void zt_gif_test_hooks(zt_gif_writer *writer, int encode_inline, long fail_from_frame);

/// Throws the writer away: frames still queued are dropped, the one being
/// written is finished, and the file is closed (the caller removes it) and
/// the writer freed. For a cancelled render, which should not wait.
void zt_gif_abandon(zt_gif_writer *writer);

/// Waits for the queued frames to be written, writes the trailer, closes
/// the file and frees the writer; returns the first failure of any frame.
int zt_gif_close(zt_gif_writer *writer, char *message, size_t message_size);

/// Reads a GIF as the frames a viewer shows: `count` RGBA8 frames of
/// `width × height` (each the screen after compositing that frame, honouring
/// transparency and the three disposals), their delays in centiseconds, and the
/// NETSCAPE2.0 loop count (-1 when absent). `frames` and `delays` are freed
/// with `zt_free`.
int zt_gif_read(const char *path, uint8_t **frames, int *count, int *width, int *height, int **delays, int *loop,
                char *message, size_t message_size);

// MARK: - Animated WebP (libwebp's WebPAnimEncoder)

/// An animated WebP being encoded (in memory, until `zt_webp_finish`).
typedef struct zt_webp_writer zt_webp_writer;

/// Starts an animated WebP of `width × height` (1…16383 each) playing
/// `loop_count` times (0: forever). `lossless` 1: every frame lossless
/// (`quality` is then the effort, 0…100), the colour under transparent pixels
/// kept, so frames decode to their exact bytes; 0: lossy at `quality` 0…100
/// (alpha still lossless). `method` 0…6: speed against size. `minimize_size`:
/// libwebp tries every way of differencing a frame against the one before
/// (disposal, blending, the changed rectangle) and keeps the smallest; a
/// frame equal to the one before lengthens it. ZT_ERROR_FORMAT for a size or
/// setting out of range.
int zt_webp_open(int width, int height, int loop_count, int lossless, float quality, int method,
                 int minimize_size, zt_webp_writer **writer, char *message, size_t message_size);

/// Adds a frame of straight-alpha RGBA8 (`4 × width` bytes a row) shown from
/// `timestamp_ms`, which must be later than the frame before's (and below 2³¹).
int zt_webp_add(zt_webp_writer *writer, const uint8_t *rgba, int64_t timestamp_ms, char *message,
                size_t message_size);

/// Ends the last frame at `end_ms`, assembles the file and writes it to
/// `path`; frees the writer (also on failure).
int zt_webp_finish(zt_webp_writer *writer, int64_t end_ms, const char *path, char *message, size_t message_size);

/// Frees the writer without writing anything.
void zt_webp_abandon(zt_webp_writer *writer);

/// Reads an animated WebP (at most 1 GiB) through libwebp's WebPAnimDecoder:
/// `count` canvases of `width × height` straight RGBA8 as shown after each
/// frame, the time each frame ends at in ms (`timestamps`, libwebp's
/// convention), and the loop count (0: forever). `frames` and `timestamps`
/// are freed with `zt_free`.
int zt_webp_read(const char *path, uint8_t **frames, int *count, int *width, int *height, int **timestamps,
                 int *loop, char *message, size_t message_size);

#ifdef __cplusplus
}
#endif
#endif
