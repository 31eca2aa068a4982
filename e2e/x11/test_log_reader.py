"""The QA log never stops the app. With `--qa-log` writing into a pipe nobody reads, a flood of events (keys on the
carousel, under reduced motion: a `page` and a `settled` line each) fills the pipe; the window must go on repainting
and answering, the lines the log could not keep must be dropped and counted (`"dropped": N` on the next line that gets
through once the pipe is read), no line may be cut in half, and SIGTERM must still end the app at once with status 0.
The pipe is shrunk to one page (4 KiB) so that the flood need not be long."""

import fcntl
import json
import os
import select
import signal
import subprocess
import threading
import time

from harness import DEMO, PATIENCE, App, launch_env, wait_until, xdo
from hostile import centre, close_button, window_origin

# Keys in the flood: each End or Home writes two lines of about 80 bytes, so 600 rounds (2,400 lines) are far more
# than the pipe (4 KiB) and the log's queue (512 lines) hold.
FLOOD_ROUNDS = 600
# A clean quit takes well under a second (the log gives up on a reader that takes nothing after 0.1 s); a sanitizer
# build (`scripts/test asan`, `tsan`) is many times slower.
EXIT_TIMEOUT = 10 if os.environ.get("SNAPSCROLL_SANITIZED") else 3


class _UnreadApp(App):
    """The demo with standard output into a pipe that the test reads only when it says so."""

    def __init__(self, *args):
        self.started = time.monotonic()
        self.proc = subprocess.Popen([DEMO, "--qa-log", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     env=launch_env())
        self.fd = self.proc.stdout.fileno()
        fcntl.fcntl(self.fd, fcntl.F_SETPIPE_SZ, 4096)
        self.received = b""
        self.events, self.stderr, self._cursor, self._atspi_app = [], [], 0, None
        self._stderr_reader = threading.Thread(target=self._read_stderr, daemon=True)
        self._stderr_reader.start()

    def _read_stderr(self):
        for line in self.proc.stderr:
            self.stderr.append(line.decode(errors="replace"))

    def drain(self, quiet=1.0, limit=20, until=None):
        """Reads standard output until nothing came for `quiet` s, or `until(lines)` holds, or the end, or `limit` s;
        returns the whole lines read so far, each parsed (a line that is not JSON, such as half a line, fails)."""
        deadline, last = time.monotonic() + limit, time.monotonic()
        while time.monotonic() < deadline and time.monotonic() - last < quiet:
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                chunk = os.read(self.fd, 65536)
                if not chunk:
                    break
                self.received += chunk
                last = time.monotonic()
                if until and until(self.lines()):
                    break
        return self.lines()

    def lines(self):
        whole = self.received.split(b"\n")[:-1]
        parsed = []
        for line in whole:
            try:
                parsed.append(json.loads(line))
            except ValueError:
                raise AssertionError(f"a line that is not JSON (cut in half?): {line[:200]!r}") from None
        return parsed

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        return "".join(self.stderr)


def _screen(region):
    """The pixels of a screen region (x, y, w, h), raw."""
    x, y, w, h = region
    return subprocess.run(["import", "-silent", "-window", "root", "-crop", f"{w}x{h}+{x}+{y}", "-depth", "8", "rgb:-"],
                          capture_output=True, check=True).stdout


def _window_region(pid):
    """The app's X window (x, y, w, h), found without asking the app (it may be stuck)."""
    ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], capture_output=True,
                         text=True).stdout.split()
    for wid in ids:
        out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", wid], capture_output=True, text=True).stdout
        g = dict(line.split("=") for line in out.split() if "=" in line)
        if int(g["WIDTH"]) > 300:
            return int(g["X"]), int(g["Y"]), int(g["WIDTH"]), int(g["HEIGHT"])
    raise AssertionError(f"no window of process {pid}")


def _still(region):
    """Waits for the window to stop changing (the flood handled); returns its pixels."""
    before, deadline = _screen(region), time.monotonic() + 20
    while True:
        time.sleep(0.5)
        now = _screen(region)
        if now == before:
            return now
        assert time.monotonic() < deadline, "the window never came to rest after the flood"
        before = now


def _repaints_after_a_key(region, key):
    """Waits for the window to stop changing, presses `key`, and waits for it to change."""
    before = _still(region)
    xdo("key", key)
    deadline = time.monotonic() + 10
    while _screen(region) == before:
        assert time.monotonic() < deadline, f"the window did not repaint within 10 s of {key} (GTK's thread stuck?)"
        time.sleep(0.2)


def _flood():
    xdo("key", "--delay", "0", "--repeat", FLOOD_ROUNDS, "End", "Home")


def _flood_handled(app):
    """Waits until the app has handled every key of the flood, which takes it seconds on a busy machine (a still
    screen does not say so: the flood shows only the first and the last page, and two looks may see the same one).
    One Right after it is handled after all of them (X events are handled in order): page 2, which the flood never
    shows, selected says so. Then the window stops changing."""
    import pyatspi
    xdo("key", "Right")
    dot = app.find(role="page tab", name="Page 2 of 5")
    wait_until(lambda: dot.getState().contains(pyatspi.STATE_SELECTED), message="the key after the flood handled")
    _still(_window_region(app.proc.pid))


def _ends_at_once(app, what, started):
    """Waits for the app to end (EXIT_TIMEOUT at most); checks status 0, nothing on standard error and only whole
    lines in the pipe; returns how long it took (s) since `started`."""
    try:
        status = app.proc.wait(timeout=EXIT_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"{what} did not end the app within {EXIT_TIMEOUT} s") from None
    took = time.monotonic() - started
    app.drain(limit=5)
    assert app.received.endswith(b"\n"), app.received[-200:]
    app._stderr_reader.join(PATIENCE)   # the app has ended: its standard error closes
    err = "".join(app.stderr)
    assert status == 0 and err == "", f"{what}: status {status}, stderr:\n{err}"
    return took


def test_a_pipe_nobody_reads_never_stops_the_app():
    app = _UnreadApp("--page", "carousel", "--reduce-motion")
    try:
        app.accessible()
        region = _window_region(app.proc.pid)
        # A tap on the current banner gives the carousel the keyboard focus.
        xdo("mousemove", *centre(app.find(role="scroll pane", name="Banners"), window_origin(app)),
            "click", 1)
        _flood()
        # Nobody reads: the pipe is full and the queue too, yet the app handles every key, answers AT-SPI and
        # repaints. (The repaint is timed once the flood is handled: on a busy machine its backlog alone takes seconds.)
        _flood_handled(app)
        _repaints_after_a_key(region, "End")
        app.find(role="page tab", name="Page 5 of 5")

        # The pipe is read at last: what waited comes through, then a line saying how many were dropped.
        lines = app.drain()
        assert lines and lines[0]["event"] == "ready", lines[:3]
        assert not any("dropped" in e for e in lines), [e for e in lines if "dropped" in e]
        kept = len(lines)
        xdo("key", "Home")
        lines = app.drain(quiet=10, until=lambda got: any("dropped" in e for e in got[kept:]))
        marked = [e for e in lines if "dropped" in e]
        assert len(marked) == 1, marked
        first_after = lines[kept:][0]
        assert first_after is marked[0] and first_after["dropped"] > 0, lines[kept:kept + 3]
        # Every line is either kept or counted: `ready`, the tap, four for each key of the flood, for Right and for End
        # (its gesture's start and end, `page`, `settled`); the dropped ones are counted by `seq` too.
        written = 1 + 1 + 4 * (2 * FLOOD_ROUNDS + 2)
        print(f"     {kept} lines kept while nobody read, then {first_after['dropped']} dropped (of {written})")
        assert kept + first_after["dropped"] == written, (kept, first_after, written)
        assert [e["seq"] for e in lines[:kept]] == list(range(1, kept + 1)), "seq counts the lines kept"
        assert first_after["seq"] == written + 1, (first_after, written)

        # Nobody reads again: SIGTERM ends the app at once, with status 0 and nothing on standard error.
        _flood()
        _flood_handled(app)
        started = time.monotonic()
        app.proc.send_signal(signal.SIGTERM)
        took = _ends_at_once(app, "SIGTERM", started)
        print(f"     SIGTERM with a full pipe: ended in {took * 1000:.0f} ms, status 0")
    finally:
        app.close()


def test_the_close_button_ends_the_app_at_once_while_nobody_reads_the_pipe():
    app = _UnreadApp("--page", "carousel", "--reduce-motion")
    try:
        app.accessible()
        origin = window_origin(app)
        close = close_button(app, origin)
        xdo("mousemove", *centre(app.find(role="scroll pane", name="Banners"), origin), "click", 1)
        _flood()
        _flood_handled(app)
        started = time.monotonic()
        xdo("mousemove", *close, "click", 1)
        took = _ends_at_once(app, "the close button", started)
        print(f"     the close button with a full pipe: ended {took * 1000:.0f} ms after xdotool started, status 0")
    finally:
        app.close()
