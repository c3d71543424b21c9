// SPDX-License-Identifier: Apache-2.0
// Joining parts of a clip into one file by packet copy through libavformat: no decoding, no encoding.

#include "CZoetropeVideo.h"
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/mathematics.h>
#include <libavutil/pixdesc.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// Fills `message` with "<what>: <FFmpeg's description of code>".
static int join_fail(int status, int code, const char *what, char *message, size_t size) {
  char reason[256] = "failed";
  if (code < 0) av_strerror(code, reason, sizeof reason);
  snprintf(message, size, "%s: %s", what, reason);
  return status;
}

struct zt_video_part {
  AVFormatContext *format;
  int stream;
};

struct zt_video_joiner {
  AVFormatContext *format;
  AVStream *stream;
  AVPacket *packet;
  int64_t last_dts;  ///< in the output's time base; INT64_MIN before the first packet
};

static void copy_text(char *to, size_t size, const char *text) { snprintf(to, size, "%s", text ? text : ""); }

int zt_video_part_open(const char *path, zt_video_part **out, zt_video_part_info *info, char *message, size_t size) {
  *out = NULL;
  memset(info, 0, sizeof *info);
  av_log_set_level(AV_LOG_FATAL);
  struct zt_video_part *p = calloc(1, sizeof *p);
  if (!p) return ZT_ERROR_MEMORY;
  int code = avformat_open_input(&p->format, path, NULL, NULL);
  if (code < 0) {
    free(p);
    return join_fail(ZT_ERROR_OPEN, code, "opening the file", message, size);
  }
  code = avformat_find_stream_info(p->format, NULL);
  if (code < 0) {
    zt_video_part_close(p);
    return join_fail(ZT_ERROR_FORMAT, code, "reading the stream info", message, size);
  }
  int videos = 0;
  for (unsigned i = 0; i < p->format->nb_streams; i++) {
    if (p->format->streams[i]->codecpar->codec_type == AVMEDIA_TYPE_VIDEO) {
      p->stream = (int)i;
      videos++;
    }
  }
  if (videos != 1 || p->format->nb_streams != 1) {
    zt_video_part_close(p);
    snprintf(message, size, "a part holds exactly one video stream and nothing else (this file has %u streams)",
             p->format->nb_streams);
    return ZT_ERROR_FORMAT;
  }
  AVStream *st = p->format->streams[p->stream];
  const AVCodecParameters *par = st->codecpar;
  copy_text(info->container, sizeof info->container, p->format->iformat->name);
  copy_text(info->codec, sizeof info->codec, avcodec_get_name(par->codec_id));
  copy_text(info->pixel_format, sizeof info->pixel_format, av_get_pix_fmt_name((enum AVPixelFormat)par->format));
  info->width = par->width;
  info->height = par->height;
  info->time_base_num = st->time_base.num;
  info->time_base_den = st->time_base.den;
  info->fps_num = st->avg_frame_rate.num;
  info->fps_den = st->avg_frame_rate.den;
  info->codec_tag = par->codec_tag;
  info->profile = par->profile;
  info->color_primaries = par->color_primaries;
  info->color_trc = par->color_trc;
  info->colorspace = par->color_space;
  info->color_range = par->color_range;
  info->extradata_size = par->extradata_size;
  AVDictionaryEntry *alpha = av_dict_get(st->metadata, "alpha_mode", NULL, 0);
  info->alpha_mode = alpha ? atoi(alpha->value) : 0;
  AVDictionaryEntry *tag = av_dict_get(p->format->metadata, "zoetrope-part", NULL, 0);
  copy_text(info->tag, sizeof info->tag, tag ? tag->value : NULL);
  *out = p;
  return ZT_OK;
}

int zt_video_part_extradata(const zt_video_part *p, uint8_t *bytes, int capacity) {
  const AVCodecParameters *par = p->format->streams[p->stream]->codecpar;
  int n = par->extradata_size < capacity ? par->extradata_size : capacity;
  if (n > 0 && bytes) memcpy(bytes, par->extradata, (size_t)n);
  return par->extradata_size;
}

void zt_video_part_close(zt_video_part *p) {
  if (!p) return;
  avformat_close_input(&p->format);
  free(p);
}

static void joiner_free(struct zt_video_joiner *j) {
  if (!j) return;
  if (j->format && j->format->pb) avio_closep(&j->format->pb);
  avformat_free_context(j->format);
  av_packet_free(&j->packet);
  free(j);
}

int zt_video_join_open(const char *path, const char *container, const zt_video_part *model, int faststart,
                       int movie_timescale, zt_video_joiner **out, char *message, size_t size) {
  *out = NULL;
  struct zt_video_joiner *j = calloc(1, sizeof *j);
  if (!j) return ZT_ERROR_MEMORY;
  j->last_dts = INT64_MIN;
  j->packet = av_packet_alloc();
  int code = avformat_alloc_output_context2(&j->format, NULL, container, path);
  if (code < 0 || !j->format || !j->packet) {
    joiner_free(j);
    return join_fail(ZT_ERROR_CODEC, code, "creating the container", message, size);
  }
  const AVStream *in = model->format->streams[model->stream];
  j->stream = avformat_new_stream(j->format, NULL);
  if (!j->stream) {
    joiner_free(j);
    return ZT_ERROR_MEMORY;
  }
  code = avcodec_parameters_copy(j->stream->codecpar, in->codecpar);
  if (code < 0) {
    joiner_free(j);
    return join_fail(ZT_ERROR_CODEC, code, "copying the stream parameters", message, size);
  }
  j->stream->time_base = in->time_base;
  j->stream->avg_frame_rate = in->avg_frame_rate;
  j->stream->r_frame_rate = in->r_frame_rate;
  j->stream->sample_aspect_ratio = in->sample_aspect_ratio;
  AVDictionaryEntry *alpha = av_dict_get(in->metadata, "alpha_mode", NULL, 0);
  if (alpha) av_dict_set(&j->stream->metadata, "alpha_mode", alpha->value, 0);
  code = avio_open(&j->format->pb, path, AVIO_FLAG_WRITE);
  if (code < 0) {
    joiner_free(j);
    return join_fail(ZT_ERROR_OPEN, code, "opening the output file", message, size);
  }
  AVDictionary *options = NULL;
  if (faststart) av_dict_set(&options, "movflags", "+faststart", 0);
  // As zt_video_open: edit lists in ticks of 1/fps_num s.
  if (movie_timescale > 0) av_dict_set_int(&options, "movie_timescale", movie_timescale, 0);
  j->format->flags |= AVFMT_FLAG_BITEXACT;
  code = avformat_write_header(j->format, &options);
  av_dict_free(&options);
  if (code < 0) {
    joiner_free(j);
    return join_fail(ZT_ERROR_CODEC, code, "writing the container header", message, size);
  }
  *out = j;
  return ZT_OK;
}

int zt_video_join_append(zt_video_joiner *j, zt_video_part *p, int64_t first_frame, int64_t frame_count, int fps_num,
                         int fps_den, int64_t *copied, char *message, size_t size) {
  *copied = 0;
  if (frame_count <= 0 || fps_num <= 0 || fps_den <= 0) {
    snprintf(message, size, "a part needs frames and a frame rate");
    return ZT_ERROR_FORMAT;
  }
  uint8_t *seen = calloc((size_t)frame_count, 1);
  if (!seen) {
    snprintf(message, size, "out of memory for %lld frames", (long long)frame_count);
    return ZT_ERROR_MEMORY;
  }
  AVStream *in = p->format->streams[p->stream];
  // A packet's frame: its presentation time in frames of fps_den/fps_num s, rounded.
  AVRational frames = {fps_den, fps_num};
  int status = ZT_OK;
  for (;;) {
    int code = av_read_frame(p->format, j->packet);
    if (code == AVERROR_EOF) break;
    if (code < 0) {
      status = join_fail(ZT_ERROR_FORMAT, code, "reading a packet", message, size);
      break;
    }
    if (j->packet->stream_index != p->stream) {
      av_packet_unref(j->packet);
      continue;
    }
    if (j->packet->pts == AV_NOPTS_VALUE) {
      av_packet_unref(j->packet);
      snprintf(message, size, "packet %lld has no timestamp", (long long)*copied);
      status = ZT_ERROR_FORMAT;
      break;
    }
    int64_t frame = av_rescale_q_rnd(j->packet->pts, in->time_base, frames, AV_ROUND_NEAR_INF);
    if (frame < first_frame || frame >= first_frame + frame_count) {
      av_packet_unref(j->packet);
      snprintf(message, size, "holds frame %lld, outside its frames %lld..<%lld", (long long)frame,
               (long long)first_frame, (long long)(first_frame + frame_count));
      status = ZT_ERROR_FORMAT;
      break;
    }
    if (seen[frame - first_frame]) {
      av_packet_unref(j->packet);
      snprintf(message, size, "holds frame %lld twice", (long long)frame);
      status = ZT_ERROR_FORMAT;
      break;
    }
    seen[frame - first_frame] = 1;
    av_packet_rescale_ts(j->packet, in->time_base, j->stream->time_base);
    if (j->packet->dts != AV_NOPTS_VALUE) {
      if (j->last_dts != INT64_MIN && j->packet->dts <= j->last_dts) {
        av_packet_unref(j->packet);
        snprintf(message, size, "its decoding timestamps do not follow the previous part's");
        status = ZT_ERROR_FORMAT;
        break;
      }
      j->last_dts = j->packet->dts;
    }
    j->packet->stream_index = j->stream->index;
    j->packet->pos = -1;
    code = av_interleaved_write_frame(j->format, j->packet);
    if (code < 0) {
      status = join_fail(ZT_ERROR_CODEC, code, "writing a packet", message, size);
      break;
    }
    (*copied)++;
  }
  if (status == ZT_OK && *copied != frame_count) {
    int64_t first_missing = 0;
    while (first_missing < frame_count && seen[first_missing]) first_missing++;
    snprintf(message, size, "holds %lld of its %lld frames (frame %lld is missing): truncated or damaged",
             (long long)*copied, (long long)frame_count, (long long)(first_frame + first_missing));
    status = ZT_ERROR_FORMAT;
  }
  free(seen);
  return status;
}

int zt_video_join_finish(zt_video_joiner *j, char *message, size_t size) {
  int status = ZT_OK;
  int code = av_write_trailer(j->format);
  if (code < 0) status = join_fail(ZT_ERROR_CODEC, code, "writing the container trailer", message, size);
  if (status == ZT_OK && j->format->pb) {
    code = avio_closep(&j->format->pb);
    if (code < 0) status = join_fail(ZT_ERROR_OPEN, code, "closing the output file", message, size);
  }
  joiner_free(j);
  return status;
}

void zt_video_join_abort(zt_video_joiner *j) { joiner_free(j); }
