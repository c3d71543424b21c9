#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# The frames of an animated GIF or WebP as Pillow (Debian's python3-pil, over giflib's format
# rules and libwebp's demuxer) composites them: an independent decoder for the GIF and WebP
# tests. Usage: animation-frames.py IN.gif|IN.webp OUT.rgba
# Writes every frame, as the screen shows it after the frame is drawn, into OUT.rgba as
# straight RGBA bytes one frame after another, transparent pixels as 0 0 0 0, and prints
# {"width", "height", "frames", "durations": [ms, ...], "loop": n or null} as JSON.
import json
import sys

from PIL import Image

with Image.open(sys.argv[1]) as image, open(sys.argv[2], "wb") as out:
    durations = []
    for index in range(image.n_frames):
        image.seek(index)
        frame = image.convert("RGBA")
        pixels = bytearray(frame.tobytes())
        for i in range(3, len(pixels), 4):
            if pixels[i] == 0:
                pixels[i - 3:i] = b"\0\0\0"
        out.write(pixels)
        durations.append(image.info.get("duration"))
    json.dump({"width": image.width, "height": image.height, "frames": image.n_frames, "durations": durations,
               "loop": image.info.get("loop")}, sys.stdout)
