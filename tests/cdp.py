"""A headless Chromium driven over the DevTools protocol on a pipe (no extra packages).

``--remote-debugging-pipe`` makes Chromium read commands from its fd 3 and write replies to its
fd 4, each a JSON object ended by a NUL byte. This is enough to load a page at a given window
size, evaluate JavaScript in it (layout facts from the DOM) and take screenshots.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

HEADLESS_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-extensions",
    "--disable-background-networking",
    "--disable-component-update",
)


class CDPError(RuntimeError):
    """Chromium answered a command with an error, or stopped answering."""


class Browser:
    """One headless Chromium with one page (tab); use as a context manager."""

    def __init__(self, binary: str, timeout: float = 60.0) -> None:
        self.timeout = timeout
        self._profile = tempfile.TemporaryDirectory()
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()

        def child_fds() -> None:  # in the child, before exec: the pipe ends on fds 3 and 4
            os.dup2(to_chrome_r, 3)
            os.dup2(from_chrome_w, 4)

        self._proc = subprocess.Popen(
            [
                binary,
                *HEADLESS_FLAGS,
                "--hide-scrollbars",
                "--remote-debugging-pipe",
                f"--user-data-dir={self._profile.name}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=child_fds,
            close_fds=False,
            env={**os.environ, "HOME": self._profile.name},
        )
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        self._buffer = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target, flatten=True)[
            "sessionId"
        ]
        self.page("Page.enable")
        self.page("Runtime.enable")

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop Chromium and remove its profile."""
        with contextlib.suppress(CDPError, OSError):
            self.call("Browser.close")
        try:
            self._proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait(timeout=10)
        for fd in (self._to_chrome, self._from_chrome):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._profile.cleanup()

    # -- the protocol --------------------------------------------------------------------
    def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        """Send one command and wait for its reply (events meanwhile are kept)."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        os.write(self._to_chrome, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            reply = self._read()
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise CDPError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)
        raise CDPError(f"{method}: no reply within {self.timeout} s")

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            chunk = os.read(self._from_chrome, 1 << 16)
            if not chunk:
                raise CDPError("Chromium closed the pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(raw)

    def page(self, method: str, **params: Any) -> dict[str, Any]:
        """A command to the page's session."""
        return self.call(method, session=self.session, **params)

    # -- what tests use ------------------------------------------------------------------
    def open(self, url: str, width: int, height: int, mobile: bool = False) -> None:
        """Load ``url`` in a window ``width`` x ``height`` CSS pixels."""
        self.page(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=height,
            deviceScaleFactor=1,
            mobile=mobile,
        )
        self.events.clear()
        self.page("Page.navigate", url=url)
        self.wait_for("document.readyState === 'complete'")

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (promises awaited)."""
        result = self.page(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise CDPError(f"{expression[:80]}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, condition: str, timeout: float | None = None) -> None:
        """Poll until the JavaScript ``condition`` is true."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while time.monotonic() < deadline:
            if self.evaluate(f"Boolean({condition})"):
                return
            time.sleep(0.1)
        raise CDPError(f"timed out waiting for: {condition}")

    def screenshot(self, path: Path, full_page: bool = True) -> None:
        """Save a PNG of the page (the whole page, not only the window, by default)."""
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            size = self.evaluate(
                "[document.documentElement.scrollWidth, document.documentElement.scrollHeight]"
            )
            params["clip"] = {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 1}
            params["captureBeyondViewport"] = True
        data = self.page("Page.captureScreenshot", **params)["data"]
        path.write_bytes(base64.b64decode(data))
