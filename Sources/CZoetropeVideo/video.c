// SPDX-License-Identifier: Apache-2.0
// Video files through libavformat/libavcodec/libswscale: write RGBA frames, read them back.

#include "CZoetropeVideo.h"
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/// FFmpeg's log level is global: set once for the process (failures come
/// back as codes and messages; FFmpeg's own chatter — encoder statistics,
/// muxer notes — stays off the terminal). Setting it at every open raced
/// with other threads' logging.
static pthread_once_t quiet_once = PTHREAD_ONCE_INIT;
static void quiet_logging(void) { av_log_set_level(AV_LOG_FATAL); }

/// Fills `message` with "<what>: <FFmpeg's description of code>".
static int fail(int status, int code, const char *what, char *message, size_t size) {
  if (message && size > 0) {
    char reason[256] = "unknown error";
    if (code < 0) av_strerror(code, reason, sizeof reason);
    snprintf(message, size, "%s: %s", what, code < 0 ? reason : "failed");
  }
  return status;
}

struct zt_video_writer {
  int rgb;
  AVFormatContext *format;
  AVCodecContext *codec;
  AVStream *stream;
  struct SwsContext *scale;
  AVFrame *frame;
  AVPacket *packet;
  int width, height;  ///< the frames the caller pushes
  int64_t next_pts;
};

/// RGBA in, the encoder's format out, at the encoded size (the caller pads
/// odd sizes), full-range RGB to limited-range BT.709. Lanczos for the chroma
/// planes measured closest to the source after decoding (4:2:0 loses the
/// most on thin saturated strokes).
static struct SwsContext *make_converter(const AVCodecContext *c, int rgb) {
  struct SwsContext *scale = sws_getContext(c->width, c->height, AV_PIX_FMT_RGBA, c->width, c->height, c->pix_fmt,
                                            SWS_LANCZOS | SWS_ACCURATE_RND | SWS_BITEXACT, NULL, NULL, NULL);
  if (scale && !rgb) {
    const int *bt709 = sws_getCoefficients(SWS_CS_ITU709);
    sws_setColorspaceDetails(scale, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16);
  }
  return scale;
}

static void writer_free(struct zt_video_writer *w) {
  if (!w) return;
  if (w->format && w->format->pb) avio_closep(&w->format->pb);
  avformat_free_context(w->format);
  avcodec_free_context(&w->codec);
  sws_freeContext(w->scale);
  av_frame_free(&w->frame);
  av_packet_free(&w->packet);
  av_free(w);
}

/// Sends `frame` (NULL to flush) and writes every packet the encoder returns.
static int encode(struct zt_video_writer *w, AVFrame *frame, char *message, size_t size) {
  int code = avcodec_send_frame(w->codec, frame);
  if (code < 0) return fail(ZT_ERROR_CODEC, code, "sending a frame to the encoder", message, size);
  for (;;) {
    code = avcodec_receive_packet(w->codec, w->packet);
    if (code == AVERROR(EAGAIN) || code == AVERROR_EOF) return ZT_OK;
    if (code < 0) return fail(ZT_ERROR_CODEC, code, "encoding", message, size);
    av_packet_rescale_ts(w->packet, w->codec->time_base, w->stream->time_base);
    w->packet->stream_index = w->stream->index;
    code = av_interleaved_write_frame(w->format, w->packet);
    if (code < 0) return fail(ZT_ERROR_CODEC, code, "writing a packet", message, size);
  }
}

/// Why an encoder refuses a `width × height` frame, in words (NULL when it
/// takes it). Measured with this FFmpeg (avcodec_open2 on each encoder):
/// every encoder goes through FFmpeg's frame-size check, which needs
/// 8 × (width + 128) × (height + 128) below 2^31 — 16,254 × 16,254 opens,
/// 16,256 × 16,256 fails with a bare "Invalid argument" for libx264,
/// libx265, libvpx-vp9 and prores_ks alike — and libx264 also takes at most
/// 16,384 pixels a side. (The codecs' level limits are not enforced.)
static const char *size_limit(const char *codec, int width, int height) {
  if (width < 1 || height < 1) return "frames need at least one pixel a side";
  if ((uint64_t)(width + 128) * (uint64_t)(height + 128) * 8 >= (uint64_t)INT32_MAX)
    return "FFmpeg's encoders take frames whose (width + 128) × (height + 128) is under 268,435,456 "
           "(16,254 × 16,254 fits)";
  if (strcmp(codec, "libx264") == 0 && (width > 16384 || height > 16384))
    return "x264 takes at most 16,384 pixels a side";
  return NULL;
}

int zt_video_open(const zt_video_options *o, zt_video_writer **out, char *message, size_t size) {
  *out = NULL;
  pthread_once(&quiet_once, quiet_logging);
  const char *limit = size_limit(o->codec, o->encoded_width, o->encoded_height);
  if (limit) {
    snprintf(message, size, "%d × %d pixels is too large for %s: %s", o->encoded_width, o->encoded_height, o->codec,
             limit);
    return ZT_ERROR_FORMAT;
  }
  const AVCodec *codec = avcodec_find_encoder_by_name(o->codec);
  if (!codec) {
    snprintf(message, size, "this FFmpeg has no encoder named '%s'", o->codec);
    return ZT_ERROR_CODEC;
  }
  enum AVPixelFormat pixel_format = av_get_pix_fmt(o->pixel_format);
  if (pixel_format == AV_PIX_FMT_NONE) {
    snprintf(message, size, "unknown pixel format '%s'", o->pixel_format);
    return ZT_ERROR_CODEC;
  }
  struct zt_video_writer *w = av_mallocz(sizeof *w);
  if (!w) return fail(ZT_ERROR_MEMORY, AVERROR(ENOMEM), "allocating the writer", message, size);
  w->width = o->width;
  w->height = o->height;
  int code = avformat_alloc_output_context2(&w->format, NULL, o->container, o->path);
  if (code < 0 || !w->format) {
    writer_free(w);
    return fail(ZT_ERROR_CODEC, code, "creating the container", message, size);
  }
  w->stream = avformat_new_stream(w->format, NULL);
  w->codec = avcodec_alloc_context3(codec);
  w->frame = av_frame_alloc();
  w->packet = av_packet_alloc();
  if (!w->stream || !w->codec || !w->frame || !w->packet) {
    writer_free(w);
    return fail(ZT_ERROR_MEMORY, AVERROR(ENOMEM), "allocating the encoder", message, size);
  }
  AVCodecContext *c = w->codec;
  c->width = o->encoded_width;
  c->height = o->encoded_height;
  c->pix_fmt = pixel_format;
  c->time_base = (AVRational){o->fps_den, o->fps_num};
  c->framerate = (AVRational){o->fps_num, o->fps_den};
  c->gop_size = o->gop_size > 0 ? o->gop_size : 250;
  c->thread_count = o->threads;
  c->sample_aspect_ratio = (AVRational){1, 1};
  if (!o->rgb) {
    // BT.709 everywhere: the conversion matrix below and these tags agree.
    c->color_primaries = AVCOL_PRI_BT709;
    c->color_trc = AVCOL_TRC_BT709;
    c->colorspace = AVCOL_SPC_BT709;
    c->color_range = AVCOL_RANGE_MPEG;
  }
  if (w->format->oformat->flags & AVFMT_GLOBALHEADER) c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  AVDictionary *codec_options = NULL;
  char number[32];
  if (o->crf >= 0) {
    snprintf(number, sizeof number, "%d", o->crf);
    av_dict_set(&codec_options, "crf", number, 0);
  }
  if (o->preset && *o->preset) av_dict_set(&codec_options, "preset", o->preset, 0);
  if (o->profile && *o->profile) av_dict_set(&codec_options, "profile", o->profile, 0);
  if (strcmp(o->codec, "libvpx-vp9") == 0) {
    // Constant quality, as crf means for x264; a row of threads.
    av_dict_set(&codec_options, "b", "0", 0);
    av_dict_set(&codec_options, "row-mt", "1", 0);
    av_dict_set(&codec_options, "deadline", "good", 0);
    av_dict_set(&codec_options, "cpu-used", "4", 0);
  }
  if (strcmp(o->codec, "libx265") == 0) av_dict_set(&codec_options, "x265-params", "log-level=error", 0);
  if (o->tune && *o->tune) av_dict_set(&codec_options, "tune", o->tune, 0);
  code = avcodec_open2(c, codec, &codec_options);
  av_dict_free(&codec_options);
  if (code < 0) {
    writer_free(w);
    char what[128];
    snprintf(what, sizeof what, "opening the %s encoder for %d × %d pixels", o->codec, o->encoded_width,
             o->encoded_height);
    return fail(ZT_ERROR_CODEC, code, what, message, size);
  }
  code = avcodec_parameters_from_context(w->stream->codecpar, c);
  if (code < 0) {
    writer_free(w);
    return fail(ZT_ERROR_CODEC, code, "describing the stream", message, size);
  }
  w->stream->time_base = c->time_base;
  w->stream->avg_frame_rate = c->framerate;
  w->stream->r_frame_rate = c->framerate;
  if (o->alpha_mode) av_dict_set(&w->stream->metadata, "alpha_mode", "1", 0);
  if (strcmp(o->codec, "libx265") == 0) w->stream->codecpar->codec_tag = MKTAG('h', 'v', 'c', '1');
  code = avio_open(&w->format->pb, o->path, AVIO_FLAG_WRITE);
  if (code < 0) {
    writer_free(w);
    return fail(ZT_ERROR_OPEN, code, "opening the output file", message, size);
  }
  AVDictionary *format_options = NULL;
  if (o->faststart) av_dict_set(&format_options, "movflags", "+faststart", 0);
  if (o->loop >= 0) {
    snprintf(number, sizeof number, "%d", o->loop);
    av_dict_set(&format_options, "plays", number, 0);
  }
  // No encoder or creation-time strings that vary between runs or versions.
  w->format->flags |= AVFMT_FLAG_BITEXACT;
  code = avformat_write_header(w->format, &format_options);
  av_dict_free(&format_options);
  if (code < 0) {
    writer_free(w);
    return fail(ZT_ERROR_CODEC, code, "writing the container header", message, size);
  }
  w->frame->format = c->pix_fmt;
  w->frame->width = c->width;
  w->frame->height = c->height;
  w->frame->color_primaries = c->color_primaries;
  w->frame->color_trc = c->color_trc;
  w->frame->colorspace = c->colorspace;
  w->frame->color_range = c->color_range;
  code = av_frame_get_buffer(w->frame, 0);
  if (code < 0) {
    writer_free(w);
    return fail(ZT_ERROR_MEMORY, code, "allocating a frame", message, size);
  }
  w->rgb = o->rgb;
  w->scale = make_converter(c, o->rgb);
  if (!w->scale) {
    writer_free(w);
    snprintf(message, size, "no conversion from RGBA to %s", o->pixel_format);
    return ZT_ERROR_CODEC;
  }
  *out = w;
  return ZT_OK;
}

int zt_video_write(zt_video_writer *w, const uint8_t *rgba, char *message, size_t size) {
  int code = av_frame_make_writable(w->frame);
  if (code < 0) return fail(ZT_ERROR_MEMORY, code, "preparing a frame", message, size);
  const uint8_t *planes[4] = {rgba, NULL, NULL, NULL};
  int strides[4] = {4 * w->codec->width, 0, 0, 0};
  code = sws_scale(w->scale, planes, strides, 0, w->codec->height, w->frame->data, w->frame->linesize);
  if (code != w->codec->height) return fail(ZT_ERROR_CODEC, code, "converting a frame from RGBA", message, size);
  w->frame->pts = w->next_pts++;
  return encode(w, w->frame, message, size);
}

int zt_video_finish(zt_video_writer *w, char *message, size_t size) {
  int status = encode(w, NULL, message, size);
  if (status == ZT_OK) {
    int code = av_write_trailer(w->format);
    if (code < 0) status = fail(ZT_ERROR_CODEC, code, "writing the container trailer", message, size);
  }
  if (status == ZT_OK && w->format->pb) {
    int code = avio_closep(&w->format->pb);
    if (code < 0) status = fail(ZT_ERROR_OPEN, code, "closing the output file", message, size);
  }
  writer_free(w);
  return status;
}

void zt_video_abort(zt_video_writer *w) { writer_free(w); }

struct zt_video_frame {
  AVFrame *frame;
};

struct zt_video_converter {
  struct SwsContext *scale;
  int width, height, format;
  enum AVColorPrimaries primaries;
  enum AVColorTransferCharacteristic transfer;
  enum AVColorSpace space;
  enum AVColorRange range;
};

zt_video_converter *zt_video_converter_create(const zt_video_writer *w) {
  struct zt_video_converter *v = calloc(1, sizeof *v);
  if (!v) return NULL;
  v->scale = make_converter(w->codec, w->rgb);
  if (!v->scale) {
    free(v);
    return NULL;
  }
  v->width = w->codec->width;
  v->height = w->codec->height;
  v->format = w->codec->pix_fmt;
  v->primaries = w->codec->color_primaries;
  v->transfer = w->codec->color_trc;
  v->space = w->codec->colorspace;
  v->range = w->codec->color_range;
  return v;
}

void zt_video_converter_free(zt_video_converter *v) {
  if (!v) return;
  sws_freeContext(v->scale);
  free(v);
}

int zt_video_convert(zt_video_converter *v, const uint8_t *rgba, zt_video_frame **out, char *message, size_t size) {
  *out = NULL;
  struct zt_video_frame *f = calloc(1, sizeof *f);
  AVFrame *frame = av_frame_alloc();
  if (!f || !frame) {
    free(f);
    av_frame_free(&frame);
    return fail(ZT_ERROR_MEMORY, AVERROR(ENOMEM), "allocating a frame", message, size);
  }
  frame->format = v->format;
  frame->width = v->width;
  frame->height = v->height;
  frame->color_primaries = v->primaries;
  frame->color_trc = v->transfer;
  frame->colorspace = v->space;
  frame->color_range = v->range;
  int code = av_frame_get_buffer(frame, 0);
  if (code < 0) {
    free(f);
    av_frame_free(&frame);
    return fail(ZT_ERROR_MEMORY, code, "allocating a frame", message, size);
  }
  const uint8_t *planes[4] = {rgba, NULL, NULL, NULL};
  int strides[4] = {4 * v->width, 0, 0, 0};
  code = sws_scale(v->scale, planes, strides, 0, v->height, frame->data, frame->linesize);
  if (code != v->height) {
    free(f);
    av_frame_free(&frame);
    return fail(ZT_ERROR_CODEC, code, "converting a frame from RGBA", message, size);
  }
  f->frame = frame;
  *out = f;
  return ZT_OK;
}

int zt_video_write_converted(zt_video_writer *w, zt_video_frame *f, char *message, size_t size) {
  f->frame->pts = w->next_pts++;
  int status = encode(w, f->frame, message, size);
  zt_video_frame_free(f);
  return status;
}

void zt_video_frame_free(zt_video_frame *f) {
  if (!f) return;
  av_frame_free(&f->frame);
  free(f);
}

int zt_video_has_encoder(const char *name) { return avcodec_find_encoder_by_name(name) != NULL; }

// MARK: - Reading

struct zt_video_reader {
  AVFormatContext *format;
  AVCodecContext *codec;
  struct SwsContext *scale;
  AVFrame *frame;
  AVPacket *packet;
  int stream;
  int flushing;
};

static void reader_free(struct zt_video_reader *r) {
  if (!r) return;
  avformat_close_input(&r->format);
  avcodec_free_context(&r->codec);
  sws_freeContext(r->scale);
  av_frame_free(&r->frame);
  av_packet_free(&r->packet);
  av_free(r);
}

static void copy_name(char *to, size_t size, const char *name) {
  snprintf(to, size, "%s", name ? name : "");
}

int zt_video_reader_open(const char *path, zt_video_reader **out, zt_video_info *info, char *message, size_t size) {
  *out = NULL;
  pthread_once(&quiet_once, quiet_logging);
  struct zt_video_reader *r = av_mallocz(sizeof *r);
  if (!r) return fail(ZT_ERROR_MEMORY, AVERROR(ENOMEM), "allocating the reader", message, size);
  int code = avformat_open_input(&r->format, path, NULL, NULL);
  if (code < 0) {
    av_free(r);
    return fail(ZT_ERROR_OPEN, code, "opening the file", message, size);
  }
  code = avformat_find_stream_info(r->format, NULL);
  if (code < 0) {
    reader_free(r);
    return fail(ZT_ERROR_FORMAT, code, "reading the stream info", message, size);
  }
  const AVCodec *decoder = NULL;
  r->stream = av_find_best_stream(r->format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0);
  if (r->stream < 0) {
    reader_free(r);
    return fail(ZT_ERROR_FORMAT, r->stream, "finding a video stream", message, size);
  }
  AVStream *stream = r->format->streams[r->stream];
  // VP9 with alpha needs libvpx's decoder: FFmpeg's own drops the alpha plane.
  if (stream->codecpar->codec_id == AV_CODEC_ID_VP9) {
    const AVCodec *vpx = avcodec_find_decoder_by_name("libvpx-vp9");
    if (vpx) decoder = vpx;
  }
  r->codec = avcodec_alloc_context3(decoder);
  r->frame = av_frame_alloc();
  r->packet = av_packet_alloc();
  if (!r->codec || !r->frame || !r->packet) {
    reader_free(r);
    return fail(ZT_ERROR_MEMORY, AVERROR(ENOMEM), "allocating the decoder", message, size);
  }
  code = avcodec_parameters_to_context(r->codec, stream->codecpar);
  if (code < 0) {
    reader_free(r);
    return fail(ZT_ERROR_CODEC, code, "describing the decoder", message, size);
  }
  code = avcodec_open2(r->codec, decoder, NULL);
  if (code < 0) {
    reader_free(r);
    return fail(ZT_ERROR_CODEC, code, "opening the decoder", message, size);
  }
  memset(info, 0, sizeof *info);
  copy_name(info->container, sizeof info->container, r->format->iformat->name);
  copy_name(info->codec, sizeof info->codec, avcodec_get_name(stream->codecpar->codec_id));
  copy_name(info->pixel_format, sizeof info->pixel_format,
            av_get_pix_fmt_name((enum AVPixelFormat)stream->codecpar->format));
  info->width = stream->codecpar->width;
  info->height = stream->codecpar->height;
  info->fps_num = stream->avg_frame_rate.num;
  info->fps_den = stream->avg_frame_rate.den;
  info->color_primaries = stream->codecpar->color_primaries;
  info->color_trc = stream->codecpar->color_trc;
  info->colorspace = stream->codecpar->color_space;
  info->color_range = stream->codecpar->color_range;
  info->profile = stream->codecpar->profile;
  AVDictionaryEntry *alpha = av_dict_get(stream->metadata, "alpha_mode", NULL, 0);
  info->alpha_mode = alpha ? atoi(alpha->value) : 0;
  *out = r;
  return ZT_OK;
}

int zt_video_reader_next(zt_video_reader *r, uint8_t *rgba, int width, int height, double *seconds,
                         char *message, size_t size) {
  for (;;) {
    int code = avcodec_receive_frame(r->codec, r->frame);
    if (code == 0) {
      AVFrame *f = r->frame;
      r->scale = sws_getCachedContext(r->scale, f->width, f->height, (enum AVPixelFormat)f->format, width, height,
                                      AV_PIX_FMT_RGBA, SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, NULL,
                                      NULL, NULL);
      if (!r->scale) {
        av_frame_unref(f);
        snprintf(message, size, "no conversion to RGBA");
        return ZT_ERROR_CODEC;
      }
      if (f->colorspace == AVCOL_SPC_BT709) {
        const int *bt709 = sws_getCoefficients(SWS_CS_ITU709);
        sws_setColorspaceDetails(r->scale, bt709, f->color_range == AVCOL_RANGE_JPEG, bt709, 1, 0, 1 << 16,
                                 1 << 16);
      }
      uint8_t *planes[4] = {rgba, NULL, NULL, NULL};
      int strides[4] = {4 * width, 0, 0, 0};
      int rows = sws_scale(r->scale, (const uint8_t *const *)f->data, f->linesize, 0, f->height, planes, strides);
      if (rows != height) {
        av_frame_unref(f);
        return fail(ZT_ERROR_CODEC, rows, "converting a frame to RGBA", message, size);
      }
      AVRational base = r->format->streams[r->stream]->time_base;
      int64_t pts = f->best_effort_timestamp;
      *seconds = pts == AV_NOPTS_VALUE ? -1 : (double)pts * base.num / base.den;
      av_frame_unref(f);
      return ZT_OK;
    }
    if (code == AVERROR_EOF) return ZT_END;
    if (code != AVERROR(EAGAIN)) return fail(ZT_ERROR_CODEC, code, "decoding", message, size);
    if (r->flushing) return ZT_END;
    code = av_read_frame(r->format, r->packet);
    if (code == AVERROR_EOF) {
      r->flushing = 1;
      avcodec_send_packet(r->codec, NULL);
      continue;
    }
    if (code < 0) return fail(ZT_ERROR_FORMAT, code, "reading a packet", message, size);
    if (r->packet->stream_index == r->stream) {
      code = avcodec_send_packet(r->codec, r->packet);
      av_packet_unref(r->packet);
      if (code < 0 && code != AVERROR(EAGAIN)) return fail(ZT_ERROR_CODEC, code, "decoding a packet", message, size);
    } else {
      av_packet_unref(r->packet);
    }
  }
}

void zt_video_reader_close(zt_video_reader *r) { reader_free(r); }

int zt_video_moov_before_mdat(const char *path) {
  FILE *file = fopen(path, "rb");
  if (!file) return -1;
  struct stat info;
  if (fstat(fileno(file), &info) != 0 || !S_ISREG(info.st_mode)) {
    fclose(file);
    return -1;
  }
  uint64_t end = (uint64_t)info.st_size, offset = 0;
  // Walk the top-level boxes: a 32-bit size (1: a 64-bit size follows; 0: the
  // box runs to the end of the file), then the type. Every step moves forward
  // by at least a header to a box inside the file, so a forged size can
  // neither seek backwards nor loop.
  int result = -1;
  while (offset + 8 <= end) {
    uint8_t header[16];
    if (fseeko(file, (off_t)offset, SEEK_SET) != 0 || fread(header, 1, 8, file) != 8) break;
    uint64_t box = (uint64_t)header[0] << 24 | (uint64_t)header[1] << 16 | (uint64_t)header[2] << 8 | header[3];
    uint64_t header_size = 8;
    if (box == 1) {
      if (offset + 16 > end || fread(header + 8, 1, 8, file) != 8) break;
      box = 0;
      for (int i = 8; i < 16; i++) box = box << 8 | header[i];
      header_size = 16;
    } else if (box == 0) {
      box = end - offset;
    }
    if (memcmp(header + 4, "moov", 4) == 0) { result = 1; break; }
    if (memcmp(header + 4, "mdat", 4) == 0) { result = 0; break; }
    if (box < header_size || box > end - offset) break;
    offset += box;
  }
  fclose(file);
  return result;
}
