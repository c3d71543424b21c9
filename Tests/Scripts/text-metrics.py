#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# The measurements `zoetrope inspect` reports for a text layer's lines, worked out
# independently: HarfBuzz's own shaping tool (hb-shape, Debian's libharfbuzz-bin) for
# the advances and FreeType through freetype-py (Debian's python3-freetype) for the
# font's ascent and descent and each glyph's exact outline box (FT_Outline_Get_BBox).
#
# Reads one JSON object on standard input:
#   {"font": FILE, "index": N, "size": POINTS, "lines": [TEXT, ...],
#    "bounds": [x, y, width, height], "alignment": "left" | "center" | "right"}
# and prints the lines as inspect lists them: [{"baseline", "typographicBounds", "inkBounds"}].
# Lines are laid out as CATextLayer lays them out: the first baseline the ascent below the
# top of the bounds, each next one a line height (ascent + descent + line gap) lower.
import json
import subprocess
import sys

import freetype


def shape(font, index, text):
    out = subprocess.run(
        ["hb-shape", "--output-format=json", "--no-glyph-names", f"--face-index={index}",
         "--direction=ltr", "--script=Latn", font, text],
        check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main():
    request = json.load(sys.stdin)
    face = freetype.Face(request["font"], request.get("index", 0))
    scale = request["size"] / face.units_per_EM
    ascent = face.ascender * scale
    descent = -face.descender * scale
    gap = max(face.height - (face.ascender - face.descender), 0)
    line_height = (face.ascender - face.descender + gap) * scale
    x0, y0, width, _ = request["bounds"]
    result = []
    for k, text in enumerate(request["lines"]):
        baseline = y0 + ascent + k * line_height
        glyphs = shape(request["font"], request.get("index", 0), text)
        advance = sum(g["ax"] for g in glyphs) * scale
        offset = {"left": 0, "center": (width - advance) / 2, "right": width - advance}[request["alignment"]]
        pen = x0 + offset
        ink = None
        for g in glyphs:
            face.load_glyph(g["g"], freetype.FT_LOAD_NO_SCALE | freetype.FT_LOAD_NO_HINTING)
            box = face.glyph.outline.get_bbox()
            if box.xMax > box.xMin or box.yMax > box.yMin:
                ox, oy = pen + g["dx"] * scale, baseline - g["dy"] * scale
                placed = (ox + box.xMin * scale, oy - box.yMax * scale, ox + box.xMax * scale, oy - box.yMin * scale)
                ink = placed if ink is None else (min(ink[0], placed[0]), min(ink[1], placed[1]),
                                                 max(ink[2], placed[2]), max(ink[3], placed[3]))
            pen += g["ax"] * scale
        result.append({
            "baseline": baseline,
            "typographicBounds": [x0 + offset, baseline - ascent, pen - (x0 + offset), ascent + descent],
            "inkBounds": None if ink is None else [ink[0], ink[1], ink[2] - ink[0], ink[3] - ink[1]],
        })
    json.dump(result, sys.stdout)


main()
