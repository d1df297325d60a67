#!/usr/bin/env python3
"""Proves that a self-contained HTML report renders in a real browser.

A report is meant to be one file that anyone can open offline: inline CSS,
inline <svg> figures, no JavaScript needed. Reading the HTML text cannot show
that it really draws, so this script opens the report in headless Chromium and
fails (exit 1, one line per problem on stderr) on:

  * anything the page writes to the console as an error or failed assertion,
    an uncaught exception, or an error in the browser's log;
  * any request that leaves the file (a scheme other than file:, data: or
    about:), whether or not the host answers, and any request that fails;
  * a navigation error, or a page that does not finish loading in 60 s;
  * a <figure> without an <svg> that is larger than 50x50 px on screen and
    draws something (path, circle, ellipse, line, polyline, polygon, rect or
    text), an <img> that did not decode, or fewer rendered figures than
    --min-figures (default 1).

It prints a one-line summary on stdout (title, figures, tables, requests) and
always saves a full-page PNG screenshot to --screenshot, also when a check
fails, so the rendering can be looked at. Exit 2: the report does not exist or
Chromium cannot be started.

Chromium is driven with the Chrome DevTools Protocol over
--remote-debugging-pipe (fd 3: commands into the browser, fd 4: messages from
it, each JSON text ending in a NUL byte), so only the standard library is used.

Usage: check-report-in-browser.py REPORT.html --screenshot OUT.png
           [--min-figures N] [--chromium PATH]
"""
import argparse
import base64
import contextlib
import fcntl
import json
import math
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

NAME = "check-report-in-browser"
LOCAL_SCHEMES = {"file", "data", "about"}
WINDOW = (1280, 900)
MAX_HEIGHT = 20000  # a taller page is cut off in the screenshot
MAX_WIDTH = 4000  # likewise a wider one
LOAD_TIMEOUT = 60.0  # seconds for the report to fire its load event
CALL_TIMEOUT = 30.0  # seconds for any other DevTools command to answer
SETTLE = 0.5  # seconds to collect late messages after the load event
CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

# --no-sandbox: Chromium refuses to start as root (CI containers) with its
# sandbox on. --disable-dev-shm-usage: containers often have a 64 MB /dev/shm,
# too small for rendering. The rest keep a throwaway profile quiet and offline.
CHROMIUM_FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--mute-audio",
    f"--window-size={WINDOW[0]},{WINDOW[1]}",
    "--remote-debugging-pipe",
]

# Evaluated in the page once it has loaded; returns what the figure checks need.
FIGURE_CHECK = r"""
(() => {
  const DRAWN = "path, circle, ellipse, line, polyline, polygon, rect, text";
  const label = (figure) => {
    const caption = figure.querySelector("figcaption");
    const text = caption ? caption.textContent.replace(/\s+/g, " ").trim() : "";
    if (text) return JSON.stringify(text.length > 80 ? text.slice(0, 77) + "..." : text);
    return figure.id ? "#" + figure.id : "(no caption or id)";
  };
  const size = (element) => {
    const box = element.getBoundingClientRect();
    return { width: box.width, height: box.height };
  };
  const figures = Array.from(document.querySelectorAll("figure"));
  const badFigures = [];
  figures.forEach((figure, i) => {
    const svgs = Array.from(figure.querySelectorAll("svg"));
    const sized = svgs.filter((svg) => size(svg).width > 50 && size(svg).height > 50);
    let reason = null;
    if (svgs.length === 0) {
      reason = "contains no <svg>";
    } else if (sized.length === 0) {
      const { width, height } = size(svgs[0]);
      reason = `its <svg> is ${Math.round(width)}x${Math.round(height)} px on screen, ` +
               "not larger than 50x50";
    } else if (!sized.some((svg) => svg.querySelector(DRAWN))) {
      reason = "its <svg> draws nothing (no " + DRAWN + ")";
    }
    if (reason) badFigures.push({ index: i + 1, label: label(figure), reason });
  });
  const badImages = Array.from(document.images)
    .map((img, i) => ({ index: i + 1, src: img.currentSrc || img.src, ok: img.complete && img.naturalWidth > 0 }))
    .filter((img) => !img.ok);
  return {
    href: location.href,
    title: document.title,
    figures: figures.length,
    goodFigures: figures.length - badFigures.length,
    badFigures,
    images: document.images.length,
    badImages,
    tables: document.querySelectorAll("table").length,
  };
})()
"""


class Unusable(Exception):
    """The check cannot run at all (exit 2)."""


class BrowserGone(Exception):
    """Chromium closed its end of the DevTools pipe."""


class CallFailed(Exception):
    """A DevTools command answered with an error or did not answer in time."""


def short(text, limit=200):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def find_chromium(requested):
    if requested:
        path = shutil.which(requested)
        if not path:
            raise Unusable(f"Chromium not found or not executable: {requested}")
        return path
    if os.environ.get("CHROMIUM"):
        return find_chromium(os.environ["CHROMIUM"])
    for name in CHROMIUM_NAMES:
        path = shutil.which(name)
        if path:
            return path
    raise Unusable("no Chromium found (tried " + ", ".join(CHROMIUM_NAMES) + "); install the "
                   "`chromium` package or pass --chromium PATH")


def spawn_with_pipe(argv, log):
    """Starts argv with the read end of one pipe at fd 3 and the write end of
    another at fd 4, as --remote-debugging-pipe expects; returns the process,
    the fd to write commands to and the fd to read messages from.

    subprocess's pass_fds hands fds to the child under their own numbers, so
    the child's ends have to sit at 3 and 4 in this process while it starts.
    All four pipe ends are first moved to fds >= 10, so that placing one at 3
    or 4 cannot overwrite another, and whatever this process had at 3 and 4
    (normally nothing) is parked and put back afterwards."""

    def high(fd):
        moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
        os.close(fd)
        return moved

    cmd_r, cmd_w = (high(fd) for fd in os.pipe())
    msg_r, msg_w = (high(fd) for fd in os.pipe())
    parked = {}
    for fd in (3, 4):
        try:
            parked[fd] = (fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10), os.get_inheritable(fd))
        except OSError:
            parked[fd] = None
    try:
        os.dup2(cmd_r, 3, inheritable=False)
        os.dup2(msg_w, 4, inheritable=False)
        # A session of its own, so that the whole process group (browser,
        # renderer, GPU and utility processes) can be killed at the end.
        process = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                   pass_fds=(3, 4), start_new_session=True)
    except OSError:
        for fd in (cmd_w, msg_r):
            os.close(fd)
        raise
    finally:
        for fd, saved in parked.items():
            if saved is None:
                with contextlib.suppress(OSError):
                    os.close(fd)
            else:
                os.dup2(saved[0], fd, inheritable=saved[1])
                os.close(saved[0])
        # The child's ends are the child's now; closing ours lets a read see
        # end-of-file when the browser exits.
        os.close(cmd_r)
        os.close(msg_w)
    return process, cmd_w, msg_r


class Browser:
    """A Chromium process and the DevTools connection to it."""

    def __init__(self, executable, profile):
        self.log_path = Path(profile) / "chromium.log"
        argv = [executable, *CHROMIUM_FLAGS, f"--user-data-dir={profile}"]
        with open(self.log_path, "wb") as log:
            try:
                self.process, self.out, self.inp = spawn_with_pipe(argv, log)
            except OSError as error:
                raise Unusable(f"cannot start Chromium ({executable}): {error}") from None
        self.buffer = bytearray()
        self.next_id = 0
        self.events = []  # every event received, in order
        self.on_event = lambda message: None

    def log_tail(self, lines=15):
        try:
            text = self.log_path.read_text(errors="replace").strip().splitlines()
        except OSError:
            return ""
        return "\n".join(text[-lines:])

    def kill(self):
        """Kills the browser and every process it started, and closes the pipe."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            self.process.kill()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        for fd in (self.out, self.inp):
            try:
                os.close(fd)
            except OSError:
                pass

    def _gone(self):
        """The exception for a browser that closed the pipe, with its exit code
        (it has normally exited, or is about to)."""
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            code = "none yet"
        return BrowserGone(f"Chromium closed the DevTools pipe (exit code {code})")

    def _receive(self, deadline):
        """Reads the next message from the browser, waiting until deadline."""
        while True:
            end = self.buffer.find(b"\0")
            if end >= 0:
                message = bytes(self.buffer[:end])
                del self.buffer[: end + 1]
                return json.loads(message)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError
            ready, _, _ = select.select([self.inp], [], [], remaining)
            if not ready:
                raise TimeoutError
            chunk = os.read(self.inp, 1 << 20)
            if not chunk:
                raise self._gone()
            self.buffer += chunk

    def _dispatch(self, message):
        if "id" not in message:
            self.events.append(message)
            self.on_event(message)

    def call(self, method, params=None, session=None, timeout=CALL_TIMEOUT):
        """Sends one command and returns its result, handling the events that
        arrive meanwhile."""
        self.next_id += 1
        command = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            command["sessionId"] = session
        data = json.dumps(command).encode() + b"\0"
        deadline = time.monotonic() + timeout
        try:
            while data:
                # Writing blocks only if the browser stops reading; wait for
                # room in the pipe no longer than the call may take.
                if not select.select([], [self.out], [], max(0, deadline - time.monotonic()))[1]:
                    raise CallFailed(f"{method} could not be sent within {timeout:.0f} s")
                data = data[os.write(self.out, data):]
        except BrokenPipeError:
            raise self._gone() from None
        while True:
            try:
                message = self._receive(deadline)
            except TimeoutError:
                raise CallFailed(f"{method} got no answer within {timeout:.0f} s") from None
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise CallFailed(f"{method} failed: {message['error'].get('message', message['error'])}")
                return message.get("result", {})
            self._dispatch(message)

    def wait_event(self, method, session, since, timeout):
        """Waits for event `method` of `session` among the events from number
        `since` on; returns its parameters or raises TimeoutError."""
        deadline = time.monotonic() + timeout
        checked = since
        while True:
            for event in self.events[checked:]:
                if event.get("method") == method and event.get("sessionId") == session:
                    return event.get("params", {})
            checked = len(self.events)
            self._dispatch(self._receive(deadline))

    def settle(self, seconds):
        """Handles whatever arrives within the next `seconds`."""
        deadline = time.monotonic() + seconds
        try:
            while True:
                self._dispatch(self._receive(deadline))
        except TimeoutError:
            pass


class PageWatcher:
    """Turns the events of the page session into problems."""

    def __init__(self, session, problems):
        self.session = session
        self.problems = problems
        self.requests = {}  # requestId -> URL
        self.external = set()

    def add(self, problem):
        if problem not in self.problems:
            self.problems.append(problem)

    def __call__(self, message):
        if message.get("sessionId") != self.session:
            return
        method, params = message.get("method"), message.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            text = " ".join(short(arg.get("value", arg.get("description", arg.get("unserializableValue", ""))))
                            for arg in params.get("args", []))
            self.add(f"console.{params['type']}: {short(text)}{location(params.get('stackTrace'))}")
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            # The description is the message followed by the stack; its first line is enough.
            text = (details.get("exception", {}).get("description") or details.get("text", "")).split("\n")[0]
            where = f" (at {details['url']}:{details.get('lineNumber', 0) + 1})" if details.get("url") else ""
            self.add(f"uncaught exception: {short(text)}{where}")
        elif method == "Log.entryAdded":
            entry = params.get("entry", {})
            # A failed external request is already reported by its URL.
            if entry.get("level") == "error" and entry.get("url") not in self.external:
                where = f" ({short(entry['url'])})" if entry.get("url") else ""
                self.add(f"browser log error ({entry.get('source', '?')}): {short(entry.get('text', ''))}{where}")
        elif method == "Network.requestWillBeSent":
            url = params.get("request", {}).get("url", "")
            self.requests[params.get("requestId")] = url
            if urlsplit(url).scheme.lower() not in LOCAL_SCHEMES:
                self.external.add(url)
                self.add(f"external request: {short(url)} (a report must not load anything from outside the file)")
        elif method == "Network.loadingFailed":
            url = self.requests.get(params.get("requestId"), "?")
            if url not in self.external:
                reason = params.get("errorText") or params.get("blockedReason") or "failed"
                self.add(f"request failed: {short(url)}: {reason}")
        elif method == "Inspector.targetCrashed":
            self.add("the page crashed")


def location(stack):
    frames = (stack or {}).get("callFrames") or []
    if not frames:
        return ""
    frame = frames[0]
    return f" (at {frame.get('url') or 'inline'}:{frame.get('lineNumber', 0) + 1})"


def screenshot(browser, session, path):
    """Saves a PNG of the whole page (up to MAX_HEIGHT px high) to path."""
    metrics = browser.call("Page.getLayoutMetrics", session=session)
    content = metrics.get("cssContentSize") or metrics["contentSize"]
    width = max(WINDOW[0], min(math.ceil(content["width"]), MAX_WIDTH))
    height = max(1, min(math.ceil(content["height"]), MAX_HEIGHT))
    browser.call("Emulation.setDeviceMetricsOverride",
                 {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session)
    # Without the clip, captureBeyondViewport would take all of a page taller
    # than MAX_HEIGHT.
    clip = {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}
    shot = browser.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip},
                        session, timeout=LOAD_TIMEOUT)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(base64.b64decode(shot["data"]))
    return width, height, math.ceil(content["height"]) > MAX_HEIGHT


def inspect(browser, url, args, problems):
    """Loads url in a new tab, runs the checks and takes the screenshot; adds
    what is wrong to problems and returns the summary line."""
    target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    watcher = PageWatcher(session, problems)
    browser.on_event = watcher
    # Everything is enabled before navigating so that no message is missed.
    for domain in ("Runtime", "Log", "Network", "Page"):
        browser.call(f"{domain}.enable", session=session)

    since = len(browser.events)
    navigation = browser.call("Page.navigate", {"url": url}, session, timeout=LOAD_TIMEOUT)
    if navigation.get("errorText"):
        problems.append(f"navigation to {url} failed: {navigation['errorText']}")
    else:
        try:
            browser.wait_event("Page.loadEventFired", session, since, LOAD_TIMEOUT)
        except TimeoutError:
            problems.append(f"the report did not finish loading within {LOAD_TIMEOUT:.0f} s")
    browser.settle(SETTLE)

    page = None
    try:
        answer = browser.call("Runtime.evaluate", {"expression": FIGURE_CHECK, "returnByValue": True}, session)
        if "exceptionDetails" in answer:
            problems.append(f"the figure check could not run: {short(answer['exceptionDetails'].get('text'))}")
        else:
            page = answer["result"]["value"]
    except CallFailed as error:
        problems.append(f"the figure check could not run: {error}")
    if page:
        if page["href"] != url:
            problems.append(f"the browser shows {short(page['href'])}, not the report")
        for figure in page["badFigures"]:
            problems.append(f"figure {figure['index']} of {page['figures']} {figure['label']}: {figure['reason']}")
        for image in page["badImages"]:
            problems.append(f"image {image['index']} of {page['images']} did not load: {short(image['src'], 120)}")
        if page["goodFigures"] < args.min_figures:
            problems.append(f"{page['goodFigures']} rendered figure(s), at least {args.min_figures} required")

    try:
        width, height, cut = screenshot(browser, session, args.screenshot)
        if cut:
            print(f"{NAME}: the page is taller than {MAX_HEIGHT} px; the screenshot shows its top {MAX_HEIGHT} px",
                  file=sys.stderr)
    except (CallFailed, OSError, KeyError) as error:
        problems.append(f"could not save the screenshot to {args.screenshot}: {error}")
        width = height = None
    browser.settle(0)  # anything that arrived with the screenshot

    summary = f"{NAME}: {args.report}: "
    if page:
        title = json.dumps(page["title"]) if page["title"] else "(no title)"
        summary += (f"title {title}, {page['figures']} figure(s) ({page['goodFigures']} rendered), "
                    f"{page['tables']} table(s), ")
    summary += f"{len(watcher.requests)} request(s) seen"
    if width:
        summary += f"; screenshot {width}x{height} px in {args.screenshot}"
    return summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("report", type=Path, help="the HTML report to open")
    parser.add_argument("--screenshot", type=Path, required=True, help="where to save the full-page PNG")
    parser.add_argument("--min-figures", type=int, default=1, help="rendered figures required (default 1)")
    parser.add_argument("--chromium", help="the Chromium executable (default: $CHROMIUM, else chromium on PATH)")
    args = parser.parse_args()

    problems = []
    try:
        if not args.report.is_file():
            raise Unusable(f"no such report: {args.report}")
        url = args.report.resolve().as_uri()
        executable = find_chromium(args.chromium)
        with tempfile.TemporaryDirectory(prefix="check-report-", ignore_cleanup_errors=True) as profile:
            browser = Browser(executable, profile)
            try:
                try:
                    browser.call("Browser.getVersion")
                except (BrowserGone, CallFailed) as error:
                    tail = browser.log_tail()
                    raise Unusable(f"Chromium ({executable}) did not start: {error}"
                                   + (f"\nits last output:\n{tail}" if tail else "")) from None
                summary = inspect(browser, url, args, problems)
            except (BrowserGone, CallFailed) as error:
                problems.append(f"the browser stopped answering: {error}")
                tail = browser.log_tail()
                if tail:
                    problems.append(f"Chromium's last output:\n{tail}")
                summary = None
            finally:
                browser.kill()
    except Unusable as error:
        print(f"{NAME}: {error}", file=sys.stderr)
        return 2

    if summary:
        print(summary)
    for problem in problems:
        print(f"{NAME}: {problem}", file=sys.stderr)
    if problems:
        print(f"{NAME}: {len(problems)} problem(s) in {args.report}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
