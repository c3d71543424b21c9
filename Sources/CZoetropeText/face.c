// SPDX-License-Identifier: Apache-2.0
// Font faces: FreeType for outlines and metrics, HarfBuzz over the same bytes for shaping.

#include "CZoetropeText.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include <hb.h>
#include <hb-ot.h>

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>

struct zt_face {
  unsigned char *bytes;     // the whole file, owned
  size_t size;
  FT_Library library;       // one per face: FreeType objects are not shared between threads
  FT_Face ft;
  pthread_mutex_t lock;     // guards `ft` (glyph slots are per face)
  hb_font_t *hb;            // immutable after opening: shaping is thread-safe
};

/// Fills `message` with a formatted reason; returns `status`.
static int fail(int status, char *message, size_t size, const char *format, ...) {
  if (message && size > 0) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, size, format, arguments);
    va_end(arguments);
  }
  return status;
}

/// FreeType's description of an error code (Debian's FreeType is built
/// without its error strings, so the common ones are named here).
static const char *ft_reason(FT_Error error) {
  const char *text = FT_Error_String(error);
  if (text) return text;
  switch (error) {
    case 0x01: return "cannot open resource";
    case 0x02: return "unknown file format";
    case 0x03: return "broken file";
    case 0x06: return "invalid argument";
    case 0x07: return "unimplemented feature";
    case 0x08: return "broken table";
    case 0x09: return "broken offset within table";
    case 0x10: return "invalid glyph index";
    case 0x14: return "invalid outline";
    case 0x40: return "out of memory";
    case 0x51: return "unexpected end of file";
    case 0x8E: return "table missing";
    default: return "invalid font data";
  }
}

/// Copies a possibly NULL C string into a fixed buffer.
static void copy_name(char *target, size_t size, const char *source) {
  snprintf(target, size, "%s", source ? source : "");
}

int zt_face_open(const unsigned char *bytes, size_t size, int index, zt_face **result, zt_face_info *info,
                 char *message, size_t message_size) {
  *result = NULL;
  if (index < 0) return fail(ZT_TEXT_ERROR_ARGUMENT, message, message_size, "negative face index %d", index);
  if (size == 0 || size > (size_t)LONG_MAX) return fail(ZT_TEXT_ERROR_FORMAT, message, message_size, "empty file");
  zt_face *face = calloc(1, sizeof *face);
  if (!face) return fail(ZT_TEXT_ERROR_MEMORY, message, message_size, "out of memory");
  // FreeType and HarfBuzz read the face's bytes for as long as it is open: a copy of its own.
  face->bytes = malloc(size);
  if (!face->bytes) {
    free(face);
    return fail(ZT_TEXT_ERROR_MEMORY, message, message_size, "out of memory");
  }
  memcpy(face->bytes, bytes, size);
  face->size = size;
  int status;
  FT_Error error = FT_Init_FreeType(&face->library);
  if (error) {
    free(face->bytes);
    free(face);
    return fail(ZT_TEXT_ERROR_MEMORY, message, message_size, "FreeType: %s", ft_reason(error));
  }
  error = FT_New_Memory_Face(face->library, face->bytes, (FT_Long)face->size, index, &face->ft);
  if (error) {
    status = fail(ZT_TEXT_ERROR_FORMAT, message, message_size, "not a font FreeType can read (%s)", ft_reason(error));
    FT_Done_FreeType(face->library);
    free(face->bytes);
    free(face);
    return status;
  }
  FT_Face ft = face->ft;
  if (!FT_IS_SCALABLE(ft) || ft->num_glyphs <= 0 || ft->units_per_EM < 16 || ft->units_per_EM > 16384) {
    status = fail(ZT_TEXT_ERROR_FORMAT, message, message_size,
                  "not an outline font (%ld glyphs, %d units per em, %s)", (long)ft->num_glyphs,
                  (int)ft->units_per_EM, FT_IS_SCALABLE(ft) ? "scalable" : "bitmaps only");
    zt_face_close(face);
    return status;
  }
  pthread_mutex_init(&face->lock, NULL);

  hb_blob_t *blob = hb_blob_create((const char *)face->bytes, (unsigned int)face->size, HB_MEMORY_MODE_READONLY,
                                   NULL, NULL);
  hb_face_t *hb_face = hb_face_create(blob, (unsigned int)index);
  hb_blob_destroy(blob);
  face->hb = hb_font_create(hb_face);  // HarfBuzz's own OpenType functions, scale = units per em
  hb_face_destroy(hb_face);
  hb_font_set_scale(face->hb, (int)ft->units_per_EM, (int)ft->units_per_EM);
  hb_font_make_immutable(face->hb);

  memset(info, 0, sizeof *info);
  info->units_per_em = ft->units_per_EM;
  info->ascender = ft->ascender;
  info->descender = ft->descender > 0 ? -ft->descender : ft->descender;
  int gap = ft->height - (info->ascender - info->descender);
  info->line_gap = gap > 0 ? gap : 0;
  info->glyph_count = (int32_t)ft->num_glyphs;
  TT_OS2 *os2 = (TT_OS2 *)FT_Get_Sfnt_Table(ft, FT_SFNT_OS2);
  info->weight = os2 && os2->usWeightClass > 0 ? os2->usWeightClass : ((ft->style_flags & FT_STYLE_FLAG_BOLD) ? 700 : 400);
  info->is_italic = (ft->style_flags & FT_STYLE_FLAG_ITALIC) ? 1 : 0;
  info->face_count = (int32_t)ft->num_faces;
  copy_name(info->family, sizeof info->family, ft->family_name);
  copy_name(info->style, sizeof info->style, ft->style_name);
  copy_name(info->postscript_name, sizeof info->postscript_name, FT_Get_Postscript_Name(ft));
  *result = face;
  return ZT_TEXT_OK;
}

void zt_face_close(zt_face *face) {
  if (!face) return;
  if (face->hb) {
    hb_font_destroy(face->hb);
    pthread_mutex_destroy(&face->lock);
  }
  if (face->ft) FT_Done_Face(face->ft);
  if (face->library) FT_Done_FreeType(face->library);
  free(face->bytes);
  free(face);
}

uint32_t zt_face_nominal_glyph(const zt_face *face, uint32_t codepoint) {
  hb_codepoint_t glyph = 0;
  return hb_font_get_nominal_glyph(face->hb, codepoint, &glyph) ? glyph : 0;
}

int zt_face_shape(const zt_face *face, const char *text, size_t length, size_t item_offset, size_t item_length,
                  int right_to_left, uint32_t script, const char *language, zt_glyph_position **glyphs,
                  size_t *count, char *message, size_t message_size) {
  *glyphs = NULL;
  *count = 0;
  if (length > (size_t)INT32_MAX || item_offset > length || item_length > length - item_offset) {
    return fail(ZT_TEXT_ERROR_ARGUMENT, message, message_size, "the item %zu+%zu lies outside the %zu-byte text",
                item_offset, item_length, length);
  }
  hb_buffer_t *buffer = hb_buffer_create();
  if (!hb_buffer_allocation_successful(buffer)) {
    hb_buffer_destroy(buffer);
    return fail(ZT_TEXT_ERROR_MEMORY, message, message_size, "out of memory");
  }
  hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES);
  hb_buffer_flags_t flags = HB_BUFFER_FLAG_DEFAULT;
  if (item_offset == 0) flags |= HB_BUFFER_FLAG_BOT;
  if (item_offset + item_length == length) flags |= HB_BUFFER_FLAG_EOT;
  hb_buffer_set_flags(buffer, flags);
  hb_buffer_add_utf8(buffer, text, (int)length, (unsigned int)item_offset, (int)item_length);
  hb_buffer_set_direction(buffer, right_to_left ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
  if (script) hb_buffer_set_script(buffer, (hb_script_t)script);
  if (!script) hb_buffer_guess_segment_properties(buffer);
  // Set after guessing, which would take the language from the process locale.
  hb_buffer_set_language(buffer, language && *language ? hb_language_from_string(language, -1) : HB_LANGUAGE_INVALID);
  hb_buffer_set_direction(buffer, right_to_left ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
  hb_shape(face->hb, buffer, NULL, 0);
  if (!hb_buffer_allocation_successful(buffer)) {
    hb_buffer_destroy(buffer);
    return fail(ZT_TEXT_ERROR_MEMORY, message, message_size, "out of memory while shaping");
  }
  unsigned int n = 0;
  hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &n);
  hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, NULL);
  zt_glyph_position *out = malloc((n > 0 ? n : 1) * sizeof *out);
  if (!out) {
    hb_buffer_destroy(buffer);
    return fail(ZT_TEXT_ERROR_MEMORY, message, message_size, "out of memory");
  }
  for (unsigned int i = 0; i < n; i++) {
    out[i].glyph = infos[i].codepoint;
    out[i].cluster = infos[i].cluster;
    out[i].x_advance = positions[i].x_advance;
    out[i].y_advance = positions[i].y_advance;
    out[i].x_offset = positions[i].x_offset;
    out[i].y_offset = positions[i].y_offset;
  }
  hb_buffer_destroy(buffer);
  *glyphs = out;
  *count = n;
  return ZT_TEXT_OK;
}

// MARK: Outlines

/// A growing outline during decomposition.
typedef struct outline_builder {
  zt_outline *outline;
  size_t verb_capacity, point_capacity;
  int contours;
  int failed;
} outline_builder;

static void add_verb(outline_builder *b, uint8_t verb, const FT_Vector *points, int point_count) {
  if (b->failed) return;
  zt_outline *o = b->outline;
  if (o->verb_count == b->verb_capacity) {
    size_t capacity = b->verb_capacity ? 2 * b->verb_capacity : 32;
    uint8_t *grown = realloc(o->verbs, capacity);
    if (!grown) { b->failed = 1; return; }
    o->verbs = grown;
    b->verb_capacity = capacity;
  }
  if (o->point_count + (size_t)point_count > b->point_capacity) {
    size_t capacity = b->point_capacity ? 2 * b->point_capacity : 64;
    while (capacity < o->point_count + (size_t)point_count) capacity *= 2;
    int32_t *grown = realloc(o->coordinates, capacity * 2 * sizeof(int32_t));
    if (!grown) { b->failed = 1; return; }
    o->coordinates = grown;
    b->point_capacity = capacity;
  }
  o->verbs[o->verb_count++] = verb;
  for (int i = 0; i < point_count; i++) {
    o->coordinates[2 * o->point_count] = (int32_t)points[i].x;
    o->coordinates[2 * o->point_count + 1] = (int32_t)points[i].y;
    o->point_count++;
  }
}

static int move_to(const FT_Vector *to, void *user) {
  outline_builder *b = user;
  if (b->contours > 0) add_verb(b, ZT_OUTLINE_CLOSE, NULL, 0);
  b->contours++;
  add_verb(b, ZT_OUTLINE_MOVE, to, 1);
  return b->failed;
}

static int line_to(const FT_Vector *to, void *user) {
  add_verb(user, ZT_OUTLINE_LINE, to, 1);
  return ((outline_builder *)user)->failed;
}

static int conic_to(const FT_Vector *control, const FT_Vector *to, void *user) {
  FT_Vector points[2] = {*control, *to};
  add_verb(user, ZT_OUTLINE_QUAD, points, 2);
  return ((outline_builder *)user)->failed;
}

static int cubic_to(const FT_Vector *control1, const FT_Vector *control2, const FT_Vector *to, void *user) {
  FT_Vector points[3] = {*control1, *control2, *to};
  add_verb(user, ZT_OUTLINE_CUBIC, points, 3);
  return ((outline_builder *)user)->failed;
}

int zt_face_glyph_outline(zt_face *face, uint32_t glyph, zt_outline *outline, char *message, size_t message_size) {
  memset(outline, 0, sizeof *outline);
  if ((FT_Long)glyph >= face->ft->num_glyphs) {
    return fail(ZT_TEXT_ERROR_ARGUMENT, message, message_size, "glyph %u is past the font's %ld glyphs", glyph,
                (long)face->ft->num_glyphs);
  }
  pthread_mutex_lock(&face->lock);
  // Unscaled implies unhinted and no embedded bitmaps: the outline as designed.
  FT_Error error = FT_Load_Glyph(face->ft, glyph, FT_LOAD_NO_SCALE | FT_LOAD_IGNORE_TRANSFORM);
  if (error) {
    pthread_mutex_unlock(&face->lock);
    return fail(ZT_TEXT_ERROR_FORMAT, message, message_size, "glyph %u: %s", glyph, ft_reason(error));
  }
  int status = ZT_TEXT_OK;
  if (face->ft->glyph->format == FT_GLYPH_FORMAT_OUTLINE) {
    static const FT_Outline_Funcs funcs = {move_to, line_to, conic_to, cubic_to, 0, 0};
    outline_builder builder = {outline, 0, 0, 0, 0};
    error = FT_Outline_Decompose(&face->ft->glyph->outline, &funcs, &builder);
    if (builder.contours > 0) add_verb(&builder, ZT_OUTLINE_CLOSE, NULL, 0);
    if (builder.failed) {
      status = fail(ZT_TEXT_ERROR_MEMORY, message, message_size, "out of memory");
    } else if (error) {
      status = fail(ZT_TEXT_ERROR_FORMAT, message, message_size, "glyph %u: %s", glyph, ft_reason(error));
    }
  }
  pthread_mutex_unlock(&face->lock);
  if (status != ZT_TEXT_OK) zt_outline_free(outline);
  return status;
}

void zt_outline_free(zt_outline *outline) {
  if (!outline) return;
  free(outline->verbs);
  free(outline->coordinates);
  memset(outline, 0, sizeof *outline);
}

// MARK: Unicode

uint32_t zt_text_script(uint32_t codepoint) {
  return (uint32_t)hb_unicode_script(hb_unicode_funcs_get_default(), codepoint);
}

int zt_text_script_is_right_to_left(uint32_t script) {
  return hb_script_get_horizontal_direction((hb_script_t)script) == HB_DIRECTION_RTL;
}

void zt_text_free(void *pointer) { free(pointer); }
