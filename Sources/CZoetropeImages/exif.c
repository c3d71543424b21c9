// SPDX-License-Identifier: Apache-2.0
// The EXIF orientation tag of a TIFF structure, read with every offset checked against the size.

#include "CZoetropeImages.h"

static uint32_t read16(const uint8_t *p, int little) {
  return little ? (uint32_t)p[0] | (uint32_t)p[1] << 8 : (uint32_t)p[0] << 8 | (uint32_t)p[1];
}

static uint32_t read32(const uint8_t *p, int little) {
  return little ? read16(p, 1) | read16(p + 2, 1) << 16 : read16(p, 0) << 16 | read16(p + 2, 0);
}

int zt_exif_orientation(const uint8_t *tiff, size_t size) {
  //  "II" 42 offset        byte order, magic, where IFD0 starts (from the TIFF header)
  //  IFD0: count, count × {tag, type, count, value}   12 bytes an entry
  if (!tiff || size < 8) return 1;
  int little;
  if (tiff[0] == 'I' && tiff[1] == 'I') little = 1;
  else if (tiff[0] == 'M' && tiff[1] == 'M') little = 0;
  else return 1;
  if (read16(tiff + 2, little) != 42) return 1;
  uint32_t ifd = read32(tiff + 4, little);
  if (ifd > size || size - ifd < 2) return 1;
  uint32_t count = read16(tiff + ifd, little);
  for (uint32_t i = 0; i < count; i++) {
    uint64_t entry = (uint64_t)ifd + 2 + 12 * (uint64_t)i;
    if (entry + 12 > size) return 1;
    const uint8_t *e = tiff + entry;
    if (read16(e, little) != 0x0112) continue;
    // SHORT (type 3), one value, stored in the first two bytes of the value field.
    if (read16(e + 2, little) != 3 || read32(e + 4, little) != 1) return 1;
    uint32_t value = read16(e + 8, little);
    return value >= 1 && value <= 8 ? (int)value : 1;
  }
  return 1;
}
