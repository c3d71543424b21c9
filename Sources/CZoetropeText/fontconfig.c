// SPDX-License-Identifier: Apache-2.0
// Font lookup through fontconfig: a name, weight and slant (or a character to fall back for) to a font file.

#include "CZoetropeText.h"

#include <fontconfig/fontconfig.h>

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

// fontconfig's configuration objects are shared: every call is serialised.
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static FcConfig *config;

static int fail(int status, char *message, size_t size, const char *format, ...) {
  if (message && size > 0) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, size, format, arguments);
    va_end(arguments);
  }
  return status;
}

/// The loaded configuration (loaded on first use); call with `lock` held.
static FcConfig *current(void) {
  if (!config) config = FcInitLoadConfigAndFonts();
  return config;
}

/// Copies the file, index, family and style of `font` into `match`; 0 when it has no file.
static int describe(FcPattern *font, zt_font_match *match) {
  FcChar8 *file = NULL, *family = NULL, *style = NULL;
  int index = 0;
  if (FcPatternGetString(font, FC_FILE, 0, &file) != FcResultMatch || !file) return 0;
  FcPatternGetInteger(font, FC_INDEX, 0, &index);
  FcPatternGetString(font, FC_FAMILY, 0, &family);
  FcPatternGetString(font, FC_STYLE, 0, &style);
  snprintf(match->path, sizeof match->path, "%s", (const char *)file);
  match->index = index;
  snprintf(match->family, sizeof match->family, "%s", family ? (const char *)family : "");
  snprintf(match->style, sizeof match->style, "%s", style ? (const char *)style : "");
  return 1;
}

/// The font fontconfig picks for a family request (with its aliases and
/// defaults), or NULL. The caller destroys it.
static FcPattern *best(const char *family, double weight, int slant, uint32_t codepoint) {
  FcPattern *pattern = FcPatternCreate();
  if (!pattern) return NULL;
  FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
  if (weight > 0) FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(weight));
  if (slant == ZT_FONT_SLANT_ROMAN) FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN);
  if (slant == ZT_FONT_SLANT_ITALIC) FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ITALIC);
  if (slant == ZT_FONT_SLANT_OBLIQUE) FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_OBLIQUE);
  // A fixed language, so that the process locale never changes the choice.
  FcPatternAddString(pattern, FC_LANG, (const FcChar8 *)"en");
  FcPatternAddBool(pattern, FC_SCALABLE, FcTrue);
  if (codepoint) {
    FcCharSet *characters = FcCharSetCreate();
    if (characters) {
      FcCharSetAddChar(characters, codepoint);
      FcPatternAddCharSet(pattern, FC_CHARSET, characters);
      FcCharSetDestroy(characters);
    }
  }
  FcConfigSubstitute(current(), pattern, FcMatchPattern);
  FcDefaultSubstitute(pattern);
  FcResult result = FcResultNoMatch;
  FcPattern *font = FcFontMatch(current(), pattern, &result);
  FcPatternDestroy(pattern);
  return font;
}

/// The installed font whose PostScript or full name is `name` (the first by
/// file and index, so the choice is stable), or NULL.
static FcPattern *named_exactly(const char *name) {
  const char *objects[] = {FC_POSTSCRIPT_NAME, FC_FULLNAME};
  for (int i = 0; i < 2; i++) {
    FcPattern *pattern = FcPatternCreate();
    FcObjectSet *wanted = FcObjectSetBuild(FC_FILE, FC_INDEX, FC_FAMILY, FC_STYLE, (char *)0);
    if (!pattern || !wanted) {
      if (pattern) FcPatternDestroy(pattern);
      if (wanted) FcObjectSetDestroy(wanted);
      return NULL;
    }
    FcPatternAddString(pattern, objects[i], (const FcChar8 *)name);
    FcFontSet *set = FcFontList(current(), pattern, wanted);
    FcPatternDestroy(pattern);
    FcObjectSetDestroy(wanted);
    FcPattern *chosen = NULL;
    FcChar8 *chosen_file = NULL;
    int chosen_index = 0;
    for (int k = 0; set && k < set->nfont; k++) {
      FcChar8 *file = NULL;
      int index = 0;
      if (FcPatternGetString(set->fonts[k], FC_FILE, 0, &file) != FcResultMatch) continue;
      FcPatternGetInteger(set->fonts[k], FC_INDEX, 0, &index);
      int order = chosen_file ? strcmp((const char *)file, (const char *)chosen_file) : -1;
      if (order < 0 || (order == 0 && index < chosen_index)) {
        chosen = set->fonts[k];
        chosen_file = file;
        chosen_index = index;
      }
    }
    FcPattern *copy = chosen ? FcPatternDuplicate(chosen) : NULL;
    if (set) FcFontSetDestroy(set);
    if (copy) return copy;
  }
  return NULL;
}

/// Whether `family` is one of the font's family names (case-insensitively).
static int has_family(FcPattern *font, const char *family) {
  FcChar8 *name = NULL;
  for (int i = 0; FcPatternGetString(font, FC_FAMILY, i, &name) == FcResultMatch; i++) {
    if (strcasecmp((const char *)name, family) == 0) return 1;
  }
  return 0;
}

/// Whether two fonts are the same face of the same file.
static int same_face(FcPattern *a, FcPattern *b) {
  FcChar8 *fa = NULL, *fb = NULL;
  int ia = 0, ib = 0;
  FcPatternGetString(a, FC_FILE, 0, &fa);
  FcPatternGetString(b, FC_FILE, 0, &fb);
  FcPatternGetInteger(a, FC_INDEX, 0, &ia);
  FcPatternGetInteger(b, FC_INDEX, 0, &ib);
  return fa && fb && strcmp((const char *)fa, (const char *)fb) == 0 && ia == ib;
}

int zt_fontconfig_match(const char *name, double weight, int slant, uint32_t codepoint, zt_font_match *match,
                        char *message, size_t message_size) {
  memset(match, 0, sizeof *match);
  pthread_mutex_lock(&lock);
  if (!current()) {
    pthread_mutex_unlock(&lock);
    return fail(ZT_TEXT_ERROR_NOT_FOUND, message, message_size, "fontconfig could not load its configuration");
  }
  int status = ZT_TEXT_OK;
  FcPattern *font = best(name, weight, slant, codepoint);
  if (!font || !describe(font, match)) {
    status = fail(ZT_TEXT_ERROR_NOT_FOUND, message, message_size, "fontconfig found no font for \"%s\"", name);
  } else if (codepoint) {
    FcCharSet *characters = NULL;
    if (FcPatternGetCharSet(font, FC_CHARSET, 0, &characters) != FcResultMatch || !characters ||
        !FcCharSetHasChar(characters, codepoint)) {
      status = fail(ZT_TEXT_ERROR_NOT_FOUND, message, message_size, "no installed font has U+%04X", codepoint);
    }
    match->is_named = has_family(font, name);
  } else if (has_family(font, name)) {
    match->is_named = 1;
  } else {
    FcPattern *exact = named_exactly(name);
    if (exact) {
      // A PostScript or full name names one face: weight and slant do not apply.
      FcPatternDestroy(font);
      font = exact;
      describe(font, match);
      match->is_named = 1;
    } else {
      // A name fontconfig does not know picks the same font as a name nobody has.
      FcPattern *fallback = best("zoetrope-no-such-family", weight, slant, 0);
      match->is_named = fallback ? !same_face(font, fallback) : 0;
      if (fallback) FcPatternDestroy(fallback);
    }
  }
  if (font) FcPatternDestroy(font);
  pthread_mutex_unlock(&lock);
  if (status != ZT_TEXT_OK) memset(match, 0, sizeof *match);
  return status;
}

static int compare_strings(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int zt_fontconfig_families(char **names, size_t *size, char *message, size_t message_size) {
  *names = NULL;
  *size = 0;
  pthread_mutex_lock(&lock);
  FcPattern *pattern = current() ? FcPatternCreate() : NULL;
  FcObjectSet *wanted = FcObjectSetBuild(FC_FAMILY, (char *)0);
  FcFontSet *set = pattern && wanted ? FcFontList(current(), pattern, wanted) : NULL;
  if (pattern) FcPatternDestroy(pattern);
  if (wanted) FcObjectSetDestroy(wanted);
  if (!set) {
    pthread_mutex_unlock(&lock);
    return fail(ZT_TEXT_ERROR_NOT_FOUND, message, message_size, "fontconfig could not list the installed fonts");
  }
  size_t count = 0, capacity = 64, total = 0;
  const char **list = malloc(capacity * sizeof *list);
  int status = list ? ZT_TEXT_OK : ZT_TEXT_ERROR_MEMORY;
  for (int k = 0; status == ZT_TEXT_OK && k < set->nfont; k++) {
    FcChar8 *family = NULL;
    for (int i = 0; FcPatternGetString(set->fonts[k], FC_FAMILY, i, &family) == FcResultMatch; i++) {
      if (count == capacity) {
        const char **grown = realloc(list, 2 * capacity * sizeof *list);
        if (!grown) { status = ZT_TEXT_ERROR_MEMORY; break; }
        list = grown;
        capacity *= 2;
      }
      list[count++] = (const char *)family;
    }
  }
  char *out = NULL;
  if (status == ZT_TEXT_OK) {
    qsort(list, count, sizeof *list, compare_strings);
    for (size_t i = 0; i < count; i++) total += strlen(list[i]) + 1;
    out = malloc(total > 0 ? total : 1);
    if (!out) status = ZT_TEXT_ERROR_MEMORY;
  }
  if (status == ZT_TEXT_OK) {
    size_t used = 0;
    for (size_t i = 0; i < count; i++) {
      if (i > 0 && strcmp(list[i], list[i - 1]) == 0) continue;
      size_t length = strlen(list[i]) + 1;
      memcpy(out + used, list[i], length);
      used += length;
    }
    *names = out;
    *size = used;
  }
  free(list);
  FcFontSetDestroy(set);
  pthread_mutex_unlock(&lock);
  return status == ZT_TEXT_OK ? status : fail(status, message, message_size, "out of memory");
}

static int compare_doubles(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int zt_fontconfig_weights(const char *family, int slant, double *weights, size_t capacity, size_t *count,
                          char *message, size_t message_size) {
  *count = 0;
  pthread_mutex_lock(&lock);
  FcPattern *pattern = current() ? FcPatternCreate() : NULL;
  FcObjectSet *wanted = FcObjectSetBuild(FC_WEIGHT, FC_SLANT, (char *)0);
  if (pattern) FcPatternAddString(pattern, FC_FAMILY, (const FcChar8 *)family);
  FcFontSet *set = pattern && wanted ? FcFontList(current(), pattern, wanted) : NULL;
  if (pattern) FcPatternDestroy(pattern);
  if (wanted) FcObjectSetDestroy(wanted);
  if (!set) {
    pthread_mutex_unlock(&lock);
    return fail(ZT_TEXT_ERROR_NOT_FOUND, message, message_size, "fontconfig could not list the faces of \"%s\"", family);
  }
  size_t found = 0;
  for (int k = 0; k < set->nfont; k++) {
    int font_slant = FC_SLANT_ROMAN;
    FcPatternGetInteger(set->fonts[k], FC_SLANT, 0, &font_slant);
    if ((slant == ZT_FONT_SLANT_ROMAN) != (font_slant == FC_SLANT_ROMAN)) continue;
    FcValue value;
    if (FcPatternGet(set->fonts[k], FC_WEIGHT, 0, &value) != FcResultMatch) continue;
    double ends[2];
    int n = 0;
    if (value.type == FcTypeDouble) ends[n++] = value.u.d;
    else if (value.type == FcTypeInteger) ends[n++] = value.u.i;
    else if (value.type == FcTypeRange) {
      double begin = 0, end = 0;
      if (FcRangeGetDouble(value.u.r, &begin, &end)) { ends[n++] = begin; ends[n++] = end; }
    }
    for (int i = 0; i < n && found < capacity; i++) weights[found++] = FcWeightToOpenTypeDouble(ends[i]);
  }
  FcFontSetDestroy(set);
  pthread_mutex_unlock(&lock);
  qsort(weights, found, sizeof *weights, compare_doubles);
  size_t unique = 0;
  for (size_t i = 0; i < found; i++) {
    if (unique == 0 || weights[i] != weights[unique - 1]) weights[unique++] = weights[i];
  }
  *count = unique;
  return ZT_TEXT_OK;
}
