#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Plays an animated image in headless Chromium (Debian's chromium), driven through the DevTools
# protocol over a pipe (--remote-debugging-pipe: JSON messages ending in NUL on fds 3 and 4), and
# reports what the browser made of it, for the WebP tests. Usage: browser-plays.py IMAGE DELAY_MS...
# The image is shown at (0, 0) on a magenta page; after each delay (from the load) a screenshot is
# taken. Prints {"frameCount", "repetitionCount", "shots": [[[r, g, b], ...] per row...]} as JSON:
# Chrome's own decoder's frame count and repetition count (WebCodecs' ImageDecoder), and each
# screenshot's pixels over the image's area.
import base64
import io
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import time

from PIL import Image

# The browser itself: Debian's /usr/bin/chromium is a shell launcher.
CHROMIUM = next((p for p in ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser") if os.path.exists(p)), "chromium")

image = pathlib.Path(sys.argv[1]).resolve()
delays = [int(d) for d in sys.argv[2:]]
with Image.open(image) as probe:
    width, height = probe.size

page = image.parent / "browser-page.html"
page.write_text(f"""<!doctype html><html><body style="margin:0;background:#ff00ff">
<img id="clip" src="{image.name}" style="display:block"></body></html>""")

to_browser_read, to_browser_write = os.pipe()
from_browser_read, from_browser_write = os.pipe()
profile = tempfile.mkdtemp(prefix="zoetrope-chromium-")


def child():
    # Copies first (above 4), so that one end landing on 3 or 4 is not overwritten by the other.
    read_end, write_end = os.dup(to_browser_read), os.dup(from_browser_write)
    os.dup2(read_end, 3)
    os.dup2(write_end, 4)


browser = subprocess.Popen(
    [CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
     "--force-color-profile=srgb", "--allow-file-access-from-files", f"--user-data-dir={profile}",
     "--hide-scrollbars", "--window-size=400,300", "about:blank"],
    preexec_fn=child, stdout=subprocess.DEVNULL, stderr=open(os.devnull, "wb") if os.environ.get("ZOETROPE_BROWSER_LOG") is None else None,
    close_fds=False)
os.close(to_browser_read)
os.close(from_browser_write)
writer = os.fdopen(to_browser_write, "wb", buffering=0)
reader = os.fdopen(from_browser_read, "rb", buffering=0)
pending = b""
next_id = 0


def call(method, params=None, session=None):
    global next_id, pending
    next_id += 1
    message = {"id": next_id, "method": method, "params": params or {}}
    if session:
        message["sessionId"] = session
    writer.write(json.dumps(message).encode() + b"\0")
    while True:
        while b"\0" not in pending:
            chunk = reader.read(1 << 16)
            if not chunk:
                raise SystemExit("chromium closed the pipe")
            pending += chunk
        raw, pending = pending.split(b"\0", 1)
        reply = json.loads(raw)
        if reply.get("id") == next_id:
            if "error" in reply:
                raise SystemExit(f"{method}: {reply['error']}")
            return reply["result"]


try:
    target = call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    call("Page.enable", session=session)
    call("Page.navigate", {"url": page.as_uri()}, session=session)
    loaded = time.monotonic()
    for _ in range(200):
        ready = call("Runtime.evaluate", {"expression": "document.getElementById('clip').complete", "returnByValue": True},
                     session=session)["result"].get("value")
        if ready:
            break
        time.sleep(0.025)
    loaded = time.monotonic()
    shots = []
    for delay in delays:
        time.sleep(max(0, loaded + delay / 1000 - time.monotonic()))
        data = call("Page.captureScreenshot", {"format": "png", "clip": {"x": 0, "y": 0, "width": width,
                                                                          "height": height, "scale": 1}},
                    session=session)["data"]
        shot = Image.open(io.BytesIO(base64.b64decode(data))).convert("RGB")
        shots.append([list(shot.getpixel((x, y))) for y in range(height) for x in range(width)])
    script = f"""(async () => {{
      const bytes = await (await fetch({json.dumps(image.name)})).arrayBuffer();
      const decoder = new ImageDecoder({{data: bytes, type: "image/webp"}});
      await decoder.tracks.ready;
      const track = decoder.tracks.selectedTrack;
      return {{frameCount: track.frameCount, repetitionCount: track.repetitionCount}};
    }})()"""
    info = call("Runtime.evaluate", {"expression": script, "awaitPromise": True, "returnByValue": True},
                session=session)["result"].get("value") or {}
    json.dump({"frameCount": info.get("frameCount"), "repetitionCount": info.get("repetitionCount"),
               "width": width, "height": height, "shots": shots}, sys.stdout)
finally:
    browser.kill()
    browser.wait()
    page.unlink(missing_ok=True)
