#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# The frames of an animated GIF as Chrome's own decoder composites them (WebCodecs' ImageDecoder in headless
# Chromium, see headless_chromium.py), for the GIF tests. Usage: browser-frames.py IN.gif OUT.rgba
# Writes every frame, as the screen shows it after the frame is drawn (drawn onto a canvas and read back),
# into OUT.rgba as straight RGBA bytes one frame after another, transparent pixels as 0 0 0 0, and prints
# {"width", "height", "frames", "durations": [ms, ...]} as JSON.
import base64
import json
import pathlib
import sys
import time

from headless_chromium import Browser

image = pathlib.Path(sys.argv[1]).resolve()
page = image.parent / "browser-frames.html"
page.write_text("<!doctype html><html><body></body></html>")
browser = Browser()
try:
    browser.call("Page.enable")
    browser.call("Page.navigate", {"url": page.as_uri()})
    for _ in range(200):
        # about:blank is complete too: wait for the page itself.
        if browser.evaluate("location.protocol === 'file:' && document.readyState === 'complete'"):
            break
        time.sleep(0.025)
    script = f"""(async () => {{
      const bytes = await (await fetch({json.dumps(image.name)})).arrayBuffer();
      const decoder = new ImageDecoder({{data: bytes, type: "image/gif", colorSpaceConversion: "none",
                                         premultiplyAlpha: "none"}});
      await decoder.tracks.ready;
      await decoder.completed;
      const track = decoder.tracks.selectedTrack;
      const frames = [], durations = [];
      let width = 0, height = 0;
      for (let i = 0; i < track.frameCount; i++) {{
        const {{image}} = await decoder.decode({{frameIndex: i, completeFramesOnly: true}});
        width = image.displayWidth; height = image.displayHeight;
        const canvas = new OffscreenCanvas(width, height);
        const context = canvas.getContext("2d");
        context.drawImage(image, 0, 0);
        const data = context.getImageData(0, 0, width, height).data;
        let text = "";
        for (let k = 0; k < data.length; k += 8192) text += String.fromCharCode(...data.subarray(k, k + 8192));
        frames.push(btoa(text));
        durations.push(Math.round(image.duration / 1000));
        image.close();
      }}
      return {{width, height, frames, durations}};
    }})()"""
    result = browser.evaluate(script)
finally:
    browser.close()
    page.unlink(missing_ok=True)
with open(sys.argv[2], "wb") as out:
    for frame in result["frames"]:
        pixels = bytearray(base64.b64decode(frame))
        for i in range(3, len(pixels), 4):
            if pixels[i] == 0:
                pixels[i - 3:i] = b"\0\0\0"
        out.write(pixels)
json.dump({"width": result["width"], "height": result["height"], "frames": len(result["frames"]),
           "durations": result["durations"]}, sys.stdout)
