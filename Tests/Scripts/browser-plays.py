#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Plays an animated image in headless Chromium (see headless_chromium.py) and reports what the
# browser made of it, for the WebP tests. Usage: browser-plays.py IMAGE DELAY_MS...
# The image is shown at (0, 0) on a magenta page; after each delay (from the load) a screenshot is
# taken. Prints {"frameCount", "repetitionCount", "shots": [[[r, g, b], ...] per row...]} as JSON:
# Chrome's own decoder's frame count and repetition count (WebCodecs' ImageDecoder), and each
# screenshot's pixels over the image's area.
import base64
import io
import json
import pathlib
import sys
import time

from PIL import Image

from headless_chromium import Browser

image = pathlib.Path(sys.argv[1]).resolve()
delays = [int(d) for d in sys.argv[2:]]
with Image.open(image) as probe:
    width, height = probe.size

page = image.parent / "browser-page.html"
page.write_text(f"""<!doctype html><html><body style="margin:0;background:#ff00ff">
<img id="clip" src="{image.name}" style="display:block"></body></html>""")

browser = Browser()
try:
    call = browser.call
    call("Page.enable")
    call("Page.navigate", {"url": page.as_uri()})
    loaded = time.monotonic()
    for _ in range(200):
        # Until the page has replaced about:blank, there is no image yet.
        if browser.evaluate("document.getElementById('clip')?.complete === true"):
            break
        time.sleep(0.025)
    loaded = time.monotonic()
    shots = []
    for delay in delays:
        time.sleep(max(0, loaded + delay / 1000 - time.monotonic()))
        data = call("Page.captureScreenshot", {"format": "png", "clip": {"x": 0, "y": 0, "width": width,
                                                                          "height": height, "scale": 1}})["data"]
        shot = Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB")
        shots.append([list(shot.getpixel((x, y))) for y in range(height) for x in range(width)])
    script = f"""(async () => {{
      const bytes = await (await fetch({json.dumps(image.name)})).arrayBuffer();
      const decoder = new ImageDecoder({{data: bytes, type: "image/webp"}});
      await decoder.tracks.ready;
      const track = decoder.tracks.selectedTrack;
      return {{frameCount: track.frameCount, repetitionCount: track.repetitionCount}};
    }})()"""
    info = browser.evaluate(script) or {}
    json.dump({"frameCount": info.get("frameCount"), "repetitionCount": info.get("repetitionCount"),
               "width": width, "height": height, "shots": shots}, sys.stdout)
finally:
    browser.close()
    page.unlink(missing_ok=True)
