#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The preview page in a real browser: headless Chromium driven through the DevTools protocol.

Run by scripts/preview-browser-test (which installs Chromium and `websockets`):

    preview_browser_test.py ZOETROPE CHROMIUM [--screenshot OUT.png] [--timings OUT.json]
    preview_browser_test.py ZOETROPE CHROMIUM --benchmark OUT.json   # BENCHMARKS.md's times instead

It starts `zoetrope preview` on a copy of the demo scene and Chromium with a
fresh profile, then, as a user would with the mouse and keyboard:

1. loads the page and waits for the first frame;
2. drags the playhead along the ruler to a time, and compares the canvas's
   pixels with `zoetrope still` at that time (`zoetrope compare`, exactly);
3. steps one frame with the → key;
4. edits the scene file and sees the new frame within a second, the playhead kept;
5. breaks the scene and sees the error overlay with the file and JSON path;
6. fixes it, the overlay goes, and a click on the card selects its layer
   (layer tree and inspector follow); Space plays half a second and pauses;
7. takes the screenshot docs/preview.md shows.

Every wait is bounded; the script ends both processes however it ends.
"""

import argparse
import asyncio
import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import websockets

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEMO = os.path.join(ROOT, "Fixtures", "Scenes", "demo", "pull-to-refresh.json")


class Failure(Exception):
    pass


class DevTools:
    """One page target of a browser, through the DevTools protocol over a WebSocket."""

    def __init__(self, socket, session):
        self.socket = socket
        self.session = session
        self.next_id = 0
        self.pending = {}
        self.reader = asyncio.create_task(self.read())

    @classmethod
    async def open(cls, browser_url, page_url):
        socket = await websockets.connect(browser_url, max_size=64 << 20)
        tools = cls(socket, None)
        target = await tools.send("Target.createTarget", {"url": "about:blank"})
        attached = await tools.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})
        tools.session = attached["sessionId"]
        await tools.send("Page.enable")
        await tools.send("Runtime.enable")
        await tools.send("Emulation.setDeviceMetricsOverride",
                         {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
        await tools.send("Page.navigate", {"url": page_url})
        return tools

    async def read(self):
        async for message in self.socket:
            reply = json.loads(message)
            future = self.pending.pop(reply.get("id"), None)
            if future and not future.done():
                if "error" in reply:
                    future.set_exception(Failure(f"DevTools: {reply['error']}"))
                else:
                    future.set_result(reply.get("result", {}))

    async def send(self, method, params=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session:
            message["sessionId"] = self.session
        future = asyncio.get_running_loop().create_future()
        self.pending[self.next_id] = future
        await self.socket.send(json.dumps(message))
        return await asyncio.wait_for(future, 30)

    async def evaluate(self, expression):
        result = await self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                      "awaitPromise": True})
        if "exceptionDetails" in result:
            raise Failure(f"page error in {expression!r}: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def wait_for(self, expression, seconds, what):
        """Polls `expression` until it is truthy; its value, and how long it took."""
        start = time.monotonic()
        while time.monotonic() - start < seconds:
            value = await self.evaluate(expression)
            if value:
                return value, time.monotonic() - start
            await asyncio.sleep(0.01)
        raise Failure(f"waited {seconds} s for {what} ({expression})")

    async def mouse(self, kind, x, y, buttons=0):
        await self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                                     "buttons": buttons, "clickCount": 1})

    async def key(self, key, code, key_code):
        for kind in ("keyDown", "keyUp"):
            await self.send("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code,
                                                       "windowsVirtualKeyCode": key_code})

    async def box(self, selector):
        return await self.evaluate(
            f"(() => {{ const b = document.querySelector({json.dumps(selector)}).getBoundingClientRect();"
            " return {x: b.left, y: b.top, width: b.width, height: b.height}; })()")


def start_preview(zoetrope, scene):
    process = subprocess.Popen([zoetrope, "preview", scene, "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    url = process.stdout.readline().strip()
    if not url.startswith("http://127.0.0.1:"):
        process.kill()
        raise Failure(f"zoetrope preview printed {url!r}: {process.stderr.read()}")
    return process, url


def start_chromium(chromium, profile):
    process = subprocess.Popen(
        [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
         "--disable-extensions", "--disable-background-networking", "--disable-component-update",
         "--force-color-profile=srgb", "--remote-debugging-port=0", f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = os.path.join(profile, "DevToolsActivePort")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if os.path.exists(port_file):
            lines = open(port_file).read().split()
            if len(lines) >= 2:
                return process, f"ws://127.0.0.1:{lines[0]}{lines[1]}"
        if process.poll() is not None:
            raise Failure(f"chromium exited with {process.returncode}")
        time.sleep(0.05)
    raise Failure("chromium did not open its DevTools port within 60 s")


def write_scene(path, text):
    # Written beside and renamed over, as editors save, so the server never reads half a file.
    temporary = path + ".saving"
    with open(temporary, "w") as file:
        file.write(text)
    os.replace(temporary, path)


async def run(arguments, work):
    scene = os.path.join(work, "scene.json")
    original = open(DEMO).read()
    write_scene(scene, original)
    preview, url = start_preview(arguments.zoetrope, scene)
    chromium, browser_url = start_chromium(arguments.chromium, os.path.join(work, "profile"))
    timings = {}
    try:
        tools = await DevTools.open(browser_url, url)
        await tools.wait_for("document.body && document.body.dataset.ready === '1' && document.body.dataset.shownTime", 30,
                             "the page's first frame")

        # Scrub: press on the ruler and drag the playhead to 60 % of the clip.
        ruler = await tools.box("#ruler")
        y = ruler["y"] + ruler["height"] / 2
        await tools.mouse("mousePressed", ruler["x"] + 2, y, 1)
        for fraction in (0.2, 0.4, 0.6):
            await tools.mouse("mouseMoved", ruler["x"] + ruler["width"] * fraction, y, 1)
        await tools.mouse("mouseReleased", ruler["x"] + ruler["width"] * 0.6, y)
        frame_time = await tools.evaluate("zoetropePreview.state.time")
        if not 0.5 * 2.5 < frame_time < 0.7 * 2.5:
            raise Failure(f"the drag put the playhead at {frame_time} s, not near 1.5 s")
        await tools.wait_for(f"document.body.dataset.shownTime === '{frame_time}'", 10, "the scrubbed frame")
        await compare_canvas(tools, arguments.zoetrope, scene, frame_time, work, "scrubbed")

        # One frame on with the → key.
        await tools.key("ArrowRight", "ArrowRight", 39)
        stepped = await tools.evaluate("zoetropePreview.state.frame")
        expected_frame = round(frame_time * 30) + 1
        if stepped != expected_frame:
            raise Failure(f"→ went to frame {stepped}, not {expected_frame}")
        frame_time = await tools.evaluate("zoetropePreview.state.time")
        await tools.wait_for(f"document.body.dataset.shownTime === '{frame_time}'", 10, "the stepped frame")
        await compare_canvas(tools, arguments.zoetrope, scene, frame_time, work, "stepped")

        # Edit: the card turns blue; the new frame is on screen within a second, at the same time.
        started = time.monotonic()
        write_scene(scene, original.replace('"#FFB900", "cornerRadius"', '"#2F7DE1", "cornerRadius"'))
        _, waited = await tools.wait_for("document.body.dataset.shownVersion === '2'", 1.0,
                                         "the reloaded frame within a second of the save")
        timings["saveToReloadedFrameSeconds"] = time.monotonic() - started
        if await tools.evaluate("zoetropePreview.state.time") != frame_time:
            raise Failure("the reload moved the playhead")
        await compare_canvas(tools, arguments.zoetrope, scene, frame_time, work, "reloaded")

        # Break: the overlay names the file and the JSON path.
        write_scene(scene, original.replace('"damping": 12', '"damping": "firm"'))
        await tools.wait_for("!document.getElementById('overlay').hidden", 5, "the error overlay")
        overlay = await tools.evaluate("document.getElementById('overlay').innerText")
        if "layers[1].animations[0].damping" not in overlay or "scene.json" not in overlay:
            raise Failure(f"the overlay does not name the file and JSON path: {overlay!r}")
        if await tools.evaluate("document.body.dataset.shownTime") != str(frame_time):
            raise Failure("the last good frame is gone under the overlay")

        # Fix: the overlay goes; a click on the card selects its layer.
        write_scene(scene, original)
        await tools.wait_for("document.getElementById('overlay').hidden && document.body.dataset.shownVersion === '3'",
                             5, "the overlay to go after the fix")
        await tools.wait_for("zoetropePreview.state.geometry && zoetropePreview.state.geometry.time === "
                             "zoetropePreview.state.time", 5, "the layers' geometry")
        canvas = await tools.box("#frame")
        scale = canvas["width"] / 320
        card = await tools.evaluate(
            "zoetropePreview.state.geometry.layers.find((l) => l.index === zoetropePreview.state.scene.layers"
            ".find((s) => s.name === 'card').index).corners")
        cx, cy = (card[0] + card[4]) / 2, (card[1] + card[5]) / 2
        await tools.mouse("mousePressed", canvas["x"] + cx * scale, canvas["y"] + cy * scale, 1)
        await tools.mouse("mouseReleased", canvas["x"] + cx * scale, canvas["y"] + cy * scale)
        await tools.wait_for("document.body.dataset.selected === 'layers[1]'", 5, "the card to be selected")
        await tools.wait_for("document.querySelector('.layer-row.selected .name').textContent === 'card' && "
                             "document.getElementById('values').rows.length > 5", 5,
                             "the tree row and the inspector of the card")

        # Space plays at the clip's rate and pauses; the selection stays.
        await tools.evaluate("zoetropePreview.seekFrame(0)")
        await tools.wait_for("document.body.dataset.shownTime === '0'", 10, "frame 0")
        await tools.key(" ", "Space", 32)
        await asyncio.sleep(0.5)
        await tools.key(" ", "Space", 32)
        played = await tools.evaluate("zoetropePreview.state.frame")
        if not 3 <= played <= 30 or await tools.evaluate("zoetropePreview.state.playing"):
            raise Failure(f"half a second of play went to frame {played}")
        if await tools.evaluate("document.body.dataset.selected") != "layers[1]":
            raise Failure("playing lost the selection")
        await tools.evaluate("zoetropePreview.seekFrame(0)")
        await tools.wait_for("document.body.dataset.shownTime === '0'", 10, "frame 0")
        if arguments.screenshot:
            await tools.mouse("mouseMoved", canvas["x"] + cx * scale, canvas["y"] + cy * scale)
            await tools.evaluate("zoetropePreview.seekFrame(45)")
            await tools.wait_for("document.body.dataset.shownTime === '1.5' && zoetropePreview.state.geometry && "
                                 "zoetropePreview.state.geometry.time === 1.5", 10, "frame 45")
            shot = await tools.send("Page.captureScreenshot", {"format": "png"})
            with open(arguments.screenshot, "wb") as file:
                file.write(base64.b64decode(shot["data"]))
        if arguments.timings:
            with open(arguments.timings, "w") as file:
                json.dump(timings, file)
        await tools.socket.close()
    finally:
        chromium.terminate()
        preview.terminate()
        for process in (chromium, preview):
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


async def compare_canvas(tools, zoetrope, scene, frame_time, work, name):
    """The canvas's pixels against `zoetrope still` at `frame_time`, exactly."""
    data = await tools.evaluate("document.getElementById('frame').toDataURL('image/png')")
    actual = os.path.join(work, f"{name}.canvas.png")
    with open(actual, "wb") as file:
        file.write(base64.b64decode(data.split(",", 1)[1]))
    expected = os.path.join(work, f"{name}.still.png")
    subprocess.run([zoetrope, "still", scene, "--time", repr(frame_time), "-o", expected], check=True)
    result = subprocess.run([zoetrope, "compare", expected, actual], capture_output=True, text=True)
    if result.returncode != 0:
        raise Failure(f"{name}: the canvas at {frame_time} s is not the still frame: {result.stdout}{result.stderr}")
    print(f"preview-browser-test: {name} frame at {frame_time} s equals `still`", file=sys.stderr)


async def benchmark(arguments, work):
    """Times for BENCHMARKS.md: the demo at 1080p (canvas scale 6), scrubbed to frames not yet rendered,
    and saved with a new card colour; medians and extremes in milliseconds, written as JSON."""
    scene = os.path.join(work, "scene.json")
    original = open(DEMO).read().replace('"background": "#F4F5F7" }', '"background": "#F4F5F7", "scale": 6 }')
    write_scene(scene, original)
    preview, url = start_preview(arguments.zoetrope, scene)
    chromium, browser_url = start_chromium(arguments.chromium, os.path.join(work, "profile"))
    try:
        tools = await DevTools.open(browser_url, url)
        await tools.wait_for("document.body && document.body.dataset.ready === '1' && document.body.dataset.shownTime", 60,
                             "the page's first frame")
        size = await tools.evaluate("[document.getElementById('frame').width, document.getElementById('frame').height]")
        scrubs = []
        for frame in range(4, 75, 3):  # each frame for the first time: rendered, sent, decoded and drawn
            scrubs.append(await tools.evaluate(
                f"(async () => {{ const start = performance.now(); zoetropePreview.seekFrame({frame});"
                " const want = String(zoetropePreview.state.time);"
                " while (document.body.dataset.shownTime !== want) await new Promise((r) => setTimeout(r, 1));"
                " return performance.now() - start; })()"))
        cached = []
        for frame in range(4, 75, 3):  # the same frames again, from the page's cache
            cached.append(await tools.evaluate(
                f"(async () => {{ const start = performance.now(); zoetropePreview.seekFrame({frame});"
                " const want = String(zoetropePreview.state.time);"
                " while (document.body.dataset.shownTime !== want) await new Promise((r) => setTimeout(r, 1));"
                " return performance.now() - start; })()"))
        await tools.evaluate("zoetropePreview.seekFrame(45)")
        await tools.wait_for("document.body.dataset.shownTime === '1.5'", 30, "frame 45")
        reloads = []
        colours = ["#2F7DE1", "#FFB900"] * 5
        for number, colour in enumerate(colours, start=2):
            await asyncio.sleep(0.3)
            text = original.replace('"#FFB900", "cornerRadius"', f'"{colour}", "cornerRadius"')
            started = time.monotonic()
            write_scene(scene, text)
            await tools.wait_for(f"document.body.dataset.shownVersion === '{number}'", 30, f"version {number}")
            reloads.append((time.monotonic() - started) * 1000)
        summary = lambda values: {"median": sorted(values)[len(values) // 2], "min": min(values), "max": max(values),
                                  "count": len(values)}
        result = {"frame": size, "scrubToFrameMs": summary(scrubs), "scrubToCachedFrameMs": summary(cached),
                  "saveToReloadedFrameMs": summary(reloads)}
        with open(arguments.benchmark, "w") as file:
            json.dump(result, file, indent=1)
        await tools.socket.close()
    finally:
        chromium.terminate()
        preview.terminate()
        for process in (chromium, preview):
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("zoetrope")
    parser.add_argument("chromium")
    parser.add_argument("--screenshot")
    parser.add_argument("--timings")
    parser.add_argument("--benchmark", help="instead of the test, time scrubs and reloads of the demo at 1080p")
    arguments = parser.parse_args()
    work = tempfile.mkdtemp(prefix="zoetrope-preview-browser-")
    try:
        asyncio.run(asyncio.wait_for((benchmark if arguments.benchmark else run)(arguments, work), 300))
    except (Failure, asyncio.TimeoutError, subprocess.CalledProcessError) as error:
        print(f"preview-browser-test: FAILED: {error!r}", file=sys.stderr)
        sys.exit(1)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if arguments.benchmark:
        return
    print("preview-browser-test: the page loads, scrubs to the still frame, steps, reloads within a second, "
          "shows and clears the error overlay, selects a layer by clicking, and plays", file=sys.stderr)


if __name__ == "__main__":
    main()
