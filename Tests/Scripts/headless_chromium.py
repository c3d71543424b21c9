# SPDX-License-Identifier: Apache-2.0
# Headless Chromium (Debian's chromium) for the browser tests, driven through the DevTools protocol over a
# pipe (--remote-debugging-pipe: JSON messages ending in NUL on fds 3 and 4). `Browser()` starts it with a
# page of its own; `browser.call(method, params)` sends a command to the page and returns its result;
# `browser.evaluate(expression)` runs JavaScript there (awaiting a promise) and returns its value;
# `browser.close()` ends it.
import json
import os
import subprocess
import tempfile

# The browser itself: Debian's /usr/bin/chromium is a shell launcher.
CHROMIUM = next((p for p in ("/usr/lib/chromium/chromium", "/usr/bin/chromium", "/usr/bin/chromium-browser")
                 if os.path.exists(p)), "chromium")


class Browser:
    def __init__(self):
        to_browser_read, to_browser_write = os.pipe()
        from_browser_read, from_browser_write = os.pipe()

        def child():
            # Copies first (above 4), so that one end landing on 3 or 4 is not overwritten by the other.
            read_end, write_end = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)

        log = None if os.environ.get("ZOETROPE_BROWSER_LOG") is not None else open(os.devnull, "wb")
        self.process = subprocess.Popen(
            [CHROMIUM, "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--force-color-profile=srgb", "--allow-file-access-from-files",
             f"--user-data-dir={tempfile.mkdtemp(prefix='zoetrope-chromium-')}",
             "--hide-scrollbars", "--window-size=400,300", "about:blank"],
            preexec_fn=child, stdout=subprocess.DEVNULL, stderr=log, close_fds=False)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.writer = os.fdopen(to_browser_write, "wb", buffering=0)
        self.reader = os.fdopen(from_browser_read, "rb", buffering=0)
        self.pending = b""
        self.next_id = 0
        self.session = None
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def call(self, method, params=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if self.session:
            message["sessionId"] = self.session
        self.writer.write(json.dumps(message).encode() + b"\0")
        while True:
            while b"\0" not in self.pending:
                chunk = self.reader.read(1 << 16)
                if not chunk:
                    raise SystemExit("chromium closed the pipe")
                self.pending += chunk
            raw, self.pending = self.pending.split(b"\0", 1)
            reply = json.loads(raw)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise SystemExit(f"{method}: {reply['error']}")
                return reply["result"]

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in result:
            raise SystemExit(f"the page's script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def close(self):
        self.process.kill()
        self.process.wait()
