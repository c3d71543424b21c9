// SPDX-License-Identifier: Apache-2.0
// The C shim of Zoetrope's text: fonts, shaping, glyph outlines and font lookup behind plain functions.
#ifndef CZOETROPE_TEXT_H
#define CZOETROPE_TEXT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes of the text shim's functions. Every failing call also fills
/// its `message` buffer (`message_size` bytes, always NUL-terminated).
enum zt_text_status {
  ZT_TEXT_OK = 0,
  ZT_TEXT_ERROR_OPEN = 1,       ///< the file could not be read (the operating system's reason in the message)
  ZT_TEXT_ERROR_FORMAT = 2,     ///< the bytes are not a usable outline font (FreeType's reason)
  ZT_TEXT_ERROR_MEMORY = 3,     ///< an allocation failed
  ZT_TEXT_ERROR_NOT_FOUND = 4,  ///< no installed font fits the request
  ZT_TEXT_ERROR_ARGUMENT = 5,   ///< an argument is out of range (a glyph id past the font's last)
  ZT_TEXT_ERROR_TOO_LARGE = 6,  ///< the file is larger than the caller's limit
};

// MARK: - Faces (FreeType for outlines, HarfBuzz for shaping)

/// An open font face: the file's bytes, a FreeType face and a HarfBuzz font
/// over the same bytes. Shaping and the `zt_face_info` are safe from any
/// number of threads at once; outline loading locks the face's own mutex.
typedef struct zt_face zt_face;

/// What a face says about itself. Metrics are in font units (y up).
typedef struct zt_face_info {
  int32_t units_per_em;    ///< font units per em (16…16384)
  int32_t ascender;        ///< the typographic ascender, > 0 for nearly every font
  int32_t descender;       ///< the typographic descender, ≤ 0
  int32_t line_gap;        ///< extra space between lines: height − (ascender − descender), ≥ 0
  int32_t glyph_count;     ///< the number of glyphs (ids 0…glyph_count − 1; 0 is .notdef)
  int32_t weight;          ///< OpenType weight class (OS/2 usWeightClass; 400 when absent)
  int32_t is_italic;       ///< 1 when the face is italic or oblique
  int32_t face_count;      ///< the number of faces in the file (collections hold several)
  char family[256];        ///< the family name, UTF-8 ("" when the font has none)
  char style[128];         ///< the style name ("Regular", "Bold Oblique"…)
  char postscript_name[128];  ///< the PostScript name ("" when absent)
} zt_face_info;

/// Opens face `index` of the font file at `path`, reading at most `max_bytes`
/// of it (a larger file fails with `ZT_TEXT_ERROR_TOO_LARGE`). Refuses files
/// FreeType cannot read, faces without scalable outlines (bitmap-only fonts)
/// and faces without glyphs, with FreeType's reason. On success `*face` is
/// closed with `zt_face_close` and `*info` describes it.
int zt_face_open(const char *path, int index, size_t max_bytes, zt_face **face, zt_face_info *info,
                 char *message, size_t message_size);

/// Closes a face; NULL is ignored.
void zt_face_close(zt_face *face);

/// The glyph the face's character map gives `codepoint`, or 0 (.notdef) when
/// it has none. Thread-safe.
uint32_t zt_face_nominal_glyph(const zt_face *face, uint32_t codepoint);

/// One shaped glyph, in font units (y up), as HarfBuzz positions it.
typedef struct zt_glyph_position {
  uint32_t glyph;     ///< glyph id in the face
  uint32_t cluster;   ///< byte offset into the UTF-8 text of the first character this glyph draws
  int32_t x_advance;  ///< how far the pen moves after the glyph
  int32_t y_advance;  ///< 0 for horizontal text
  int32_t x_offset;   ///< where the glyph sits relative to the pen
  int32_t y_offset;
} zt_glyph_position;

/// Shapes bytes `item_offset ..< item_offset + item_length` of the UTF-8
/// `text` (`length` bytes; the rest is context for joining and marks) with
/// OpenType's default features (kerning, ligatures, mark positioning…), in
/// `script` (an ISO 15924 tag such as 'Arab' built as HarfBuzz's big-endian
/// four-character code; 0 lets HarfBuzz guess) and `language` (a BCP 47 tag, or
/// NULL for the font's default language system — the process locale is never
/// consulted, so results are the same on every machine), right to left when
/// `right_to_left` is 1. Glyphs come in visual order (left to right on the
/// page); positions are unscaled font units, unhinted.
/// Invalid UTF-8 is shaped as U+FFFD. On success `*glyphs` (`*count` entries,
/// possibly 0) is freed with `zt_text_free`. Thread-safe.
int zt_face_shape(const zt_face *face, const char *text, size_t length, size_t item_offset, size_t item_length,
                  int right_to_left, uint32_t script, const char *language, zt_glyph_position **glyphs, size_t *count,
                  char *message, size_t message_size);

/// The kinds of outline commands.
enum zt_outline_verb {
  ZT_OUTLINE_MOVE = 0,   ///< one point: start a contour
  ZT_OUTLINE_LINE = 1,   ///< one point
  ZT_OUTLINE_QUAD = 2,   ///< two points: control, end
  ZT_OUTLINE_CUBIC = 3,  ///< three points: control 1, control 2, end
  ZT_OUTLINE_CLOSE = 4,  ///< no point: close the contour
};

/// A glyph outline: `verb_count` verbs and `2 × point_count` coordinates
/// (x, y pairs in font units, y up), consumed in order as the verbs say.
typedef struct zt_outline {
  uint8_t *verbs;
  int32_t *coordinates;
  size_t verb_count;
  size_t point_count;
} zt_outline;

/// The outline of `glyph`, unscaled (font units) and unhinted, every contour
/// closed. A glyph without an outline (a space, a colour bitmap) gives an empty
/// outline. Fails with `ZT_TEXT_ERROR_ARGUMENT` for a glyph id past the last.
/// On success free the outline with `zt_outline_free`. Thread-safe (locks the face).
int zt_face_glyph_outline(zt_face *face, uint32_t glyph, zt_outline *outline, char *message, size_t message_size);

/// Frees an outline's arrays and zeroes it; NULL is ignored.
void zt_outline_free(zt_outline *outline);

// MARK: - Unicode properties (HarfBuzz's tables)

/// The Unicode script of `codepoint` as an ISO 15924 tag in HarfBuzz's form
/// ('Zyyy' for common characters such as spaces and digits, 'Zinh' for
/// inherited ones such as combining marks).
uint32_t zt_text_script(uint32_t codepoint);

/// 1 when `script` is written right to left (Arabic, Hebrew, Syriac, Thaana…), else 0.
int zt_text_script_is_right_to_left(uint32_t script);

// MARK: - Font lookup (fontconfig)

/// Slants for `zt_fontconfig_match`.
enum zt_font_slant {
  ZT_FONT_SLANT_ANY = -1,
  ZT_FONT_SLANT_ROMAN = 0,
  ZT_FONT_SLANT_ITALIC = 1,
  ZT_FONT_SLANT_OBLIQUE = 2,
};

/// What fontconfig found.
typedef struct zt_font_match {
  char path[4096];    ///< the font file
  int32_t index;      ///< the face in the file
  int32_t is_named;   ///< 1 when the request's name chose the font (its family, an alias of it, a PostScript or full
                      ///< name), 0 when fontconfig fell back to its default for an unknown name
  char family[256];   ///< the matched font's family
  char style[128];    ///< the matched font's style
} zt_font_match;

/// Finds the installed font best matching `name` (a family such as "DejaVu
/// Sans", a generic family such as "sans-serif", an alias such as "Helvetica",
/// a PostScript name such as "DejaVuSans-Bold" or a full name), an OpenType
/// `weight` (1…1000, 400 regular, 700 bold; ≤ 0 for any) and a `slant`. With a
/// non-zero `codepoint`, only fonts that have that character count (fallback for
/// a character the named font lacks): `ZT_TEXT_ERROR_NOT_FOUND` when no
/// installed font has it. Matching uses the language "en" whatever the
/// process locale, so the choice depends only on the installed fonts and the
/// fontconfig configuration. Thread-safe (calls are serialised).
int zt_fontconfig_match(const char *name, double weight, int slant, uint32_t codepoint, zt_font_match *match,
                        char *message, size_t message_size);

/// Every installed family name, sorted, without duplicates, each NUL-terminated,
/// one after another in `*names` (`*size` bytes in all), freed with `zt_text_free`.
int zt_fontconfig_families(char **names, size_t *size, char *message, size_t message_size);

/// The OpenType weights (1…1000) of the installed faces of `family` (a family
/// name, case-insensitive; no aliases) that are upright (`ZT_FONT_SLANT_ROMAN`)
/// or slanted (italic or oblique), sorted, without duplicates: at most
/// `capacity` in `weights`, their number in `*count` (0 for a family nobody
/// has). A variable face counts its range's two ends. Thread-safe.
int zt_fontconfig_weights(const char *family, int slant, double *weights, size_t capacity, size_t *count,
                          char *message, size_t message_size);

/// Frees memory the text shim returned.
void zt_text_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
