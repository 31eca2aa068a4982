"""End-to-end harness: starts the real snapscroll-demo under the headless session that
scripts/headless provides, drives it with xdotool, and reads it back through the QA log
(standard output) and the accessibility tree (AT-SPI)."""

import contextlib
import json
import os
import queue
import subprocess
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEMO = os.environ.get("SNAPSCROLL_DEMO", os.path.join(ROOT, ".build", "debug", "snapscroll-demo"))
SHOTS = os.environ.get("SNAPSCROLL_SHOTS", os.path.join(ROOT, ".build", "e2e-shots"))

# The bound of every wait on a condition (s), the one figure the end-to-end tests wait with (the Swift tests have
# `testPatience`). Generous: a wait ends as soon as its condition holds, so only a failing test pays it, while a
# loaded machine or a sanitizer build must not turn a slow pass into a failure. Time that must pass for a check that
# nothing (more) happens is not a wait on a condition: those sleeps say so where they are.
PATIENCE = 60


# AT-SPI calls: libatspi gives up on a call after 0.8 s by default (15 s in an app's first 15 s), which a GTK
# main loop starved of CPU on a loaded machine exceeds now and then. The harness waits longer, but bounded, retries
# a timed-out call once and keeps a record of every slow call (SLOW_CALLS) with what the app's main thread did
# meanwhile, so a run can tell an app that stalls from one that only waits for a CPU.
ATSPI_TIMEOUT_MS = int(os.environ.get("SNAPSCROLL_ATSPI_TIMEOUT_MS", "5000"))
ATSPI_DEFAULT_MS = 800
SLOW_CALLS = []    # dicts: seconds, what, app_cpu_ms, app_wait_ms (run-queue wait of the app's main thread)
RETRIED_CALLS = []
_watched_pid = None
_watched_since = 0.0
_timeout_set = False


def _pyatspi():
    global _timeout_set
    import pyatspi
    if not _timeout_set:
        pyatspi.setTimeout(ATSPI_TIMEOUT_MS, 15000)
        _timeout_set = True
    return pyatspi


def _schedstat(pid):
    """(CPU time, run-queue wait) of a process's main thread in ns, or None."""
    try:
        with open(f"/proc/{pid}/task/{pid}/schedstat") as f:
            run, wait, _ = f.read().split()
            return int(run), int(wait)
    except (OSError, ValueError):
        return None


def no_reply(error):
    return "Did not receive a reply" in str(error)


def atspi_call(fn, what="call"):
    """Calls fn (one AT-SPI request); on a no-reply timeout retries it once (a second timeout raises). Calls slower
    than libatspi's default timeout are recorded in SLOW_CALLS."""
    _pyatspi()
    pid = _watched_pid
    before = _schedstat(pid) if pid else None
    started = time.monotonic()
    try:
        try:
            return fn()
        except Exception as e:
            if not no_reply(e):
                raise
            RETRIED_CALLS.append({"what": what, "after_s": round(time.monotonic() - started, 2)})
            return fn()
    finally:
        seconds = time.monotonic() - started
        if seconds * 1000 > ATSPI_DEFAULT_MS:
            after = _schedstat(pid) if pid else None
            record = {"seconds": round(seconds, 2), "what": what, "app_age_s": round(started - _watched_since, 1)}
            if before and after:
                record["app_cpu_ms"] = round((after[0] - before[0]) / 1e6)
                record["app_wait_ms"] = round((after[1] - before[1]) / 1e6)
            with open("/proc/loadavg") as f:
                record["load"] = float(f.read().split()[0])
            SLOW_CALLS.append(record)


# Every launch traps on a GTK critical unless a test asks otherwise, so no critical slips through unnoticed.
DEFAULT_G_DEBUG = "fatal-criticals"


# GTK's renderers. scripts/headless draws with `cairo`, GL switched off (GDK_DEBUG=gl-disable): GTK's quiet software
# path. `gl` is what GTK 4.8 draws with on a desktop with working GL; under Xvfb, Mesa's software GL (llvmpipe).
RENDERERS = ("cairo", "gl")
# The renderer every launch is drawn with; None: the environment's (scripts/headless: cairo). See `drawn_with`.
renderer = None


def renderer_env(name, env=None):
    """`env` (this environment when None) drawn with renderer `name`: GSK_RENDERER, and GL disabled for cairo only."""
    env = dict(os.environ if env is None else env)
    env["GSK_RENDERER"] = name
    flags = [f for f in env.get("GDK_DEBUG", "").split(",") if f and f != "gl-disable"]
    env["GDK_DEBUG"] = ",".join(flags + (["gl-disable"] if name == "cairo" else []))
    return env


@contextlib.contextmanager
def drawn_with(name):
    """Within it, every launch is drawn with renderer `name`, and a `gl` launch must really draw with GL."""
    global renderer
    before, renderer = renderer, name
    try:
        yield
    finally:
        renderer = before


def draws_with_gl(pid):
    """Whether a running process has a Mesa DRI driver mapped: GTK loads one only to draw with GL (a `gl` request
    that fails falls back to cairo silently)."""
    with open(f"/proc/{pid}/maps") as f:
        return any(line.rstrip().endswith("_dri.so") for line in f)


def launch_env(extra=None):
    """The environment for a launch of the demo: this one (with `renderer`, when set), G_DEBUG=fatal-criticals by
    default, the interface in English (the tests read its words; a developer's own language would change them), then
    `extra`."""
    env = renderer_env(renderer) if renderer else dict(os.environ)
    env.setdefault("G_DEBUG", DEFAULT_G_DEBUG)
    env["LANGUAGE"] = "en"
    env.update(extra or {})
    return env


class App:
    """One running demo with --qa-log. Events arrive on a reader thread; stderr is kept."""

    def __init__(self, *args, env=None, ready=True, timeout=PATIENCE, command=None):
        full_env = launch_env(env)
        self.started = time.monotonic()
        self.proc = subprocess.Popen(command or [DEMO, "--qa-log", *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=full_env, text=True, bufsize=1)
        self.events = []
        self.lines = queue.Queue()
        self.stderr = []
        self._cursor = 0
        self._start_readers()
        self._atspi_app = None
        if ready:
            self.ready = self.wait_event("ready", timeout=timeout)
            if full_env.get("GSK_RENDERER") == "gl":
                assert draws_with_gl(self.proc.pid), "asked to draw with gl, the demo draws without GL"

    def _start_readers(self):
        self._readers = [threading.Thread(target=self._read_stdout, daemon=True),
                         threading.Thread(target=self._read_stderr, daemon=True)]
        for reader in self._readers:
            reader.start()

    def finish_reading(self):
        """Once the process has ended: waits until everything it wrote has been read (its pipes closed), so a check
        of its standard error sees every line."""
        for reader in self._readers:
            reader.join(PATIENCE)
            assert not reader.is_alive(), "the app's output was never closed"
        self._drain()

    def _read_stdout(self):
        for line in self.proc.stdout:
            self.lines.put(line)

    def _read_stderr(self):
        for line in self.proc.stderr:
            self.stderr.append(line)

    def _drain(self):
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return
            try:
                event = json.loads(line)
            except ValueError:
                raise AssertionError(f"non-JSON line on standard output: {line!r}")
            self._check_sequence(event)
            self.events.append(event)

    def _check_sequence(self, event):
        """Every event line (the benchmark's `bench` lines aside) starts with `event`, `seq` and `t`: `seq` one more than
        the last line's (plus the lines dropped just before, which it counts), `t` never less than the last."""
        if event.get("event") == "bench":
            return
        assert list(event)[:3] == ["event", "seq", "t"], f"a line not starting with event, seq, t: {event}"
        last_seq, last_t = getattr(self, "_last_seq", 0), getattr(self, "_last_t", 0)
        expected = last_seq + 1 + event.get("dropped", 0)
        assert event["seq"] == expected, f"seq {event['seq']} after {last_seq} (expected {expected}): {event}"
        assert isinstance(event["t"], int) and event["t"] >= last_t, f"t {event['t']} after {last_t}: {event}"
        self._last_seq, self._last_t = event["seq"], event["t"]

    def wait_event(self, name, timeout=PATIENCE, **fields):
        """Waits for the next event (after the cursor) named `name` with the given fields."""
        deadline = time.time() + timeout
        while True:
            self._drain()
            while self._cursor < len(self.events):
                event = self.events[self._cursor]
                self._cursor += 1
                if event.get("event") == name and all(event.get(k) == v for k, v in fields.items()):
                    return event
            if time.time() > deadline:
                raise AssertionError(f"no {name} {fields or ''} within {timeout}s; events: {self.events[-8:]}")
            if self.proc.poll() is not None:
                raise AssertionError(f"app exited ({self.proc.returncode}) waiting for {name}; stderr: {''.join(self.stderr)}")
            time.sleep(0.01)

    def quiet(self, seconds=0.6):
        """Lets the app run for `seconds`, then returns the events that arrived meanwhile: for checks that nothing
        (more) happens within that time, never to wait for something to happen."""
        start = len(self.events)
        time.sleep(seconds)
        self._drain()
        self._cursor = len(self.events)
        return self.events[start:]

    def mark(self):
        """Consumes every event so far; later waits and `since_mark` see only new ones."""
        self._drain()
        self._cursor = len(self.events)
        return self._cursor

    def since(self, mark, name=None):
        self._drain()
        return [e for e in self.events[mark:] if name is None or e.get("event") == name]

    # AT-SPI

    def accessible(self, timeout=PATIENCE):
        """This process's application node in the accessibility tree, found by its process id (never an earlier
        process's node: after a relaunch the new process is looked up afresh)."""
        global _watched_pid, _watched_since
        pyatspi = _pyatspi()
        deadline = time.time() + timeout
        while time.time() < deadline:
            desktop = pyatspi.Registry.getDesktop(0)
            for i in range(desktop.childCount):
                app = desktop.getChildAtIndex(i)
                try:
                    found = app is not None and app.get_process_id() == self.proc.pid
                except Exception:  # an application that went away while the tree was read
                    found = False
                if found:
                    self._atspi_app = app
                    if _watched_pid != self.proc.pid:
                        _watched_pid, _watched_since = self.proc.pid, self.started
                    return app
            time.sleep(0.1)
        raise AssertionError("the app never appeared in the accessibility tree")

    def find_all(self, role=None, name=None, root=None, showing=False):
        """Nodes with the given role name ('page tab', 'label', …) and/or name, depth first."""
        pyatspi = _pyatspi()
        root = root or self._atspi_app or self.accessible()
        found = []

        def walk(node, depth):
            if node is None or depth > 60:
                return
            try:
                ok = (role is None or node.getRoleName() == role) and (name is None or node.name == name)
                if ok and showing:
                    ok = node.getState().contains(pyatspi.STATE_SHOWING)
                if ok:
                    found.append(node)
                for i in range(node.childCount):
                    walk(node.getChildAtIndex(i), depth + 1)
            except Exception:
                return
        walk(root, 0)
        return found

    def find(self, role=None, name=None, root=None, timeout=PATIENCE, showing=False):
        deadline = time.time() + timeout
        while True:
            nodes = self.find_all(role, name, root, showing)
            if nodes:
                return nodes[0]
            if time.time() > deadline:
                raise AssertionError(f"no accessible with role={role!r} name={name!r}")
            time.sleep(0.1)

    def close(self):
        """Ends the app; returns what it wrote on standard error."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=PATIENCE)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.finish_reading()
        return "".join(self.stderr)

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        err = self.close()
        if kind is None:
            assert err == "", f"the app printed on standard error:\n{err}"


def extents(node):
    """(x, y, width, height) of a node, in window coordinates."""
    pyatspi = _pyatspi()
    e = atspi_call(lambda: node.queryComponent().getExtents(pyatspi.WINDOW_COORDS), "extents")
    return e.x, e.y, e.width, e.height


def centre_x(node):
    x, _, w, _ = extents(node)
    return x + w / 2


def rss_kb(pid):
    """Resident memory (VmRSS) of a running process, in KiB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def xdo(*args):
    subprocess.run(["xdotool", *[str(a) for a in args]], check=True)


def screenshot(name):
    """Saves the screen as PNG under SHOTS (named for the renderer when one is set); returns the path."""
    os.makedirs(SHOTS, exist_ok=True)
    path = os.path.join(SHOTS, name + (f"-{renderer}" if renderer else "") + ".png")
    subprocess.run(["import", "-window", "root", path], check=True)
    return path


def wait_until(predicate, timeout=PATIENCE, message="condition"):
    deadline = time.time() + timeout
    while not predicate():
        if time.time() > deadline:
            raise AssertionError(f"timed out waiting for {message}")
        time.sleep(0.05)


def run_demo(*args, timeout=PATIENCE):
    """Runs the demo to completion (for options that exit at once); returns (status, stdout, stderr)."""
    p = subprocess.run([DEMO, *args], capture_output=True, text=True, timeout=timeout, env=launch_env())
    return p.returncode, p.stdout, p.stderr


def fails_with(args, fragment):
    """Runs the demo with `args`, which it must refuse as the contract says (exit status 2, nothing on standard
    output, one line on standard error holding `fragment`); returns that line."""
    status, out, err = run_demo(*args)
    assert status == 2, (args, status, err)
    assert out == "", out
    lines = err.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], (args, err)
    return lines[0]
