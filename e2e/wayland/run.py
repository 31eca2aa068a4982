"""End-to-end tests under a real Wayland compositor (run inside e2e/wayland/session): a virtual pointer gives the
demo real touchpad scrolling (finger source, axis stop → GTK scroll-end) and high-resolution wheel partial notches,
which X cannot send. Every gesture on the menu, the strip and the carousel, in both directions of text, must end in
exactly one `settled` with the right cause, on an item resting exactly in place (the QA log's offset, and the
item's centre on the viewport's centre through AT-SPI), and so on the strip turned vertical; the segmented and centering pages take horizontal scrolling
without side effects. The app must print nothing on standard error.
Usage: run.py [-k SUBSTRING]. Ends with 'wayland: N passed, N failed'."""

import os
import subprocess
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "x11"))

from harness import DEMO, PATIENCE, ROOT, App, extents, wait_until  # noqa: E402

# Half a pixel of allowed error, plus half a pixel because AT-SPI extents are whole pixels.
TOLERANCE = 1.0
# The centring box's inner padding at each end (SnapGtk's stylesheet): a row wider than the view less two of them
# scrolls.
INSET = 12
DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
FRUIT = ["🍎", "🍊", "🍇", "🍌", "🍉", "🍐", "🍒"]
BANNERS = ["Sunrise over the bay", "Lagoon afternoon", "Dusk in the hills", "Summer meadow", "Embers and ash"]


class Pointer:
    """The session's virtual pointer (vpointer): one command a line, answered once its input is sent."""

    def __init__(self):
        self.proc = subprocess.Popen([os.environ["VPOINTER"]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self._answer("start")

    def _answer(self, command):
        line = self.proc.stdout.readline().strip()
        assert line == "ok", f"vpointer: {command!r} answered {line!r}"

    def __call__(self, command):
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        self._answer(command)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=PATIENCE)


class Row:
    """One snapping component as seen from outside."""

    def __init__(self, app, component, panel, pane, item_name, count):
        self.app, self.component, self.count = app, component, count
        self.panel = app.find(role="panel", name=panel)
        self.pane = app.find(role="scroll pane", name=pane, root=self.panel)
        self.item_name = item_name
        # The distance between neighbours' resting places, read off the screen.
        self.pitch = abs(self.item_centre(1) - self.item_centre(0))
        assert self.pitch > 10, self.pitch

    def item_centre(self, index):
        x, _, w, _ = extents(self.app.find(name=self.item_name(index), root=self.pane))
        return x + w / 2

    def pane_centre(self):
        x, y, w, h = extents(self.pane)
        return x + w / 2, y + h / 2

    def resting_offset(self, index, rtl):
        return round(((self.count - 1 - index) if rtl else index) * self.pitch)


def expect_one_settle(app, row, mark, rtl, cause, check, label):
    """Waits for the gesture's `settled`, lets the app go quiet, and checks it was the only one, with `cause`, on an
    index passing `check`, at the exact resting offset, with the item centred on screen. Returns the index."""
    app.wait_event("settled", component=row.component)
    app.quiet(0.6)
    settled = [e for e in app.since(mark, "settled") if e.get("component") == row.component]
    assert len(settled) == 1, f"{label}: expected one settled, got {settled}"
    event = settled[0]
    assert event["cause"] == cause, f"{label}: {event}"
    index = event["index"]
    assert check(index), f"{label}: settled on {index}: {event}"
    # The offset is the physical adjustment value; resting places are whole multiples of the pitch read off screen.
    assert abs(event["offset"] - row.resting_offset(index, rtl)) <= TOLERANCE, \
        f"{label}: offset {event['offset']} for item {index}, pitch {row.pitch}"
    error = row.item_centre(index) - row.pane_centre()[0]
    assert abs(error) <= TOLERANCE, f"{label}: item {index} is {error} px off the viewport's centre"
    return index


def gestures(page, component, panel, pane, item_name, count, rtl, pager=False):
    args = ["--page", page] + (["--rtl"] if rtl else [])
    pointer = Pointer()
    try:
        with App(*args) as app:
            row = Row(app, component, panel, pane, item_name, count)
            x, y = row.pane_centre()
            # No wait after the move: the compositor delivers the pointer's events in order, the entry first.
            pointer(f"move {x:.0f} {y:.0f}")
            forward = -1 if rtl else 1     # physical direction of the next item
            p = row.pitch
            index = 0
            last = count - 1

            def run(label, command, cause, check):
                nonlocal index
                mark = app.mark()
                pointer(command)
                index = expect_one_settle(app, row, mark, rtl, cause, check, f"{page} {'rtl' if rtl else 'ltr'} {label}")

            before = index
            run("slow swipe forward", f"swipe {forward * 1.3 * p:.1f} 800 ease", "touchpad",
                lambda i: i == before + 1)
            before = index
            run("fling forward", f"swipe {forward * 1.2 * p:.1f} 120 fling", "touchpad",
                (lambda i: i == before + 1) if pager else (lambda i: i >= min(before + 2, last)))
            before = index
            run("swipe back without a stop", f"swipe {-forward * 1.3 * p:.1f} 300 even nostop", "touchpad",
                lambda i: i < before)
            before = index
            run("four quarter notches forward", "wheel120 4 30", "wheel", lambda i: i == min(before + 1, last))
            before = index
            run("two half notches back", "wheel120 2 -60", "wheel", lambda i: i == max(before - 1, 0))
            before = index
            run("one quarter notch stays", "wheel120 1 30", "wheel", lambda i: i == before)
            before = index
            run("slow swipe back", f"swipe {-forward * 1.3 * p:.1f} 800 ease", "touchpad",
                lambda i: i == max(before - 1, 0))
    finally:
        pointer.close()


def test_menu_ltr():
    gestures("menu", "menu", "Tab menu", "Weekday menu", lambda i: DAYS[i], 7, rtl=False)


def test_menu_rtl():
    gestures("menu", "menu", "Tab menu", "Weekday menu", lambda i: DAYS[i], 7, rtl=True)


def fruit(i):
    return f"{FRUIT[i % len(FRUIT)]}, item {i + 1}"


def test_strip_ltr():
    gestures("strip", "strip", "Strip", "Fruit strip", fruit, 7, rtl=False)


def test_strip_rtl():
    gestures("strip", "strip", "Strip", "Fruit strip", fruit, 7, rtl=True)


def banner(i):
    return f"Banner {i + 1} of 5: {BANNERS[i]}"


def test_carousel_ltr():
    gestures("carousel", "carousel", "Carousel", "Banners", banner, 5, rtl=False, pager=True)


def test_carousel_rtl():
    gestures("carousel", "carousel", "Carousel", "Banners", banner, 5, rtl=True, pager=True)


def record_touchpad_and_replay_under_xvfb(page, panel, pane, item_name, count):
    """Records real touchpad swipes (a slow one, a fling that decelerates, one without a lift) and partial wheel
    notches with --record, then replays the file under Xvfb (scripts/headless: no touchpad at all there): every
    settle must come out the same (exit 0)."""
    import tempfile
    fd, path = tempfile.mkstemp(suffix=f"-{page}-touchpad.rec")
    os.close(fd)
    pointer = Pointer()
    try:
        with App("--page", page, "--record", path) as app:
            row = Row(app, page, panel, pane, item_name, count)
            x, y = row.pane_centre()
            pointer(f"move {x:.0f} {y:.0f}")
            p = row.pitch
            for command in (f"swipe {1.3 * p:.1f} 800 ease", f"swipe {1.2 * p:.1f} 120 fling",
                            f"swipe {-1.3 * p:.1f} 300 even nostop", "wheel120 4 30", f"swipe {-1.3 * p:.1f} 800 ease"):
                mark = app.mark()
                pointer(command)
                app.wait_event("settled", component=page)
                app.quiet(0.6)
            logged = [(e["index"], e["cause"]) for e in app.since(0, "settled")]
        with open(path) as f:
            text = f.read()
        for word in (" surface ", " scroll-end", " decelerate ", " wheel "):
            assert word in text, f"{word!r} not recorded:\n{text}"
        settled = [line.split() for line in text.splitlines() if line.split()[1:2] == ["settled"]]
        assert [(int(f[3]), f[5]) for f in settled] == logged, (settled, logged)
        assert len(logged) == 5 and {cause for _, cause in logged} == {"touchpad", "wheel"}, logged
        replay = subprocess.run([os.path.join(ROOT, "scripts", "headless"), DEMO, "--replay", path],
                                capture_output=True, text=True, timeout=PATIENCE * 3)
        # (The headless session's bus may add a line of its own to standard output: the result is the last line.)
        assert replay.returncode == 0 and replay.stdout.endswith(f"\nreplay: {len(logged)} settles, all match\n"), \
            (replay.returncode, replay.stdout, replay.stderr[-2000:], text)
    finally:
        pointer.close()
        os.unlink(path)


def test_touchpad_recording_replays_under_xvfb_strip():
    record_touchpad_and_replay_under_xvfb("strip", "Strip", "Fruit strip", fruit, 7)


def test_touchpad_recording_replays_under_xvfb_carousel():
    record_touchpad_and_replay_under_xvfb("carousel", "Carousel", "Banners", banner, 5)


def test_touchpad_recording_replays_under_xvfb_menu():
    record_touchpad_and_replay_under_xvfb("menu", "Tab menu", "Weekday menu", lambda i: DAYS[i], 7)
class VerticalRow(Row):
    """A vertical snapping row: neighbours one pitch apart down the height, centred on the viewport's middle."""

    def item_centre(self, index):
        _, y, _, h = extents(self.app.find(name=self.item_name(index), root=self.pane))
        return y + h / 2

    def resting_offset(self, index, rtl):
        return round(index * self.pitch)


def vertical(page, panel_name, pane_name, item_name, count, rtl, pager=False):
    """A row turned vertical by its page's check button: touchpad swipes up and down (slow, a fling that
    decelerates, one without a lift), high-resolution vertical notches; a sideways swipe and a horizontal wheel are
    not the row's. Right to left changes nothing vertically."""
    import pyatspi
    args = ["--page", page] + (["--rtl"] if rtl else [])
    pointer = Pointer()
    last = count - 1
    try:
        with App(*args) as app:
            panel = app.find(role="panel", name=panel_name)

            def click(node):
                x, y, w, h = extents(node)
                pointer(f"move {x + w / 2:.0f} {y + h / 2:.0f}")
                pointer("click")

            # The check button is one of the page's test controls, under its Options button.
            options = app.find(role="push button", name="Options", root=panel)
            click(options)
            wait_until(lambda: options.getState().contains(pyatspi.STATE_EXPANDED), message="Options open")
            box = app.find(role="check box", name="Vertical", root=panel)
            click(box)
            wait_until(lambda: box.getState().contains(pyatspi.STATE_CHECKED), message="Vertical on")
            pane = app.find(role="scroll pane", name=pane_name, root=panel)
            second = app.find(name=item_name(1), root=pane)
            wait_until(lambda: extents(second)[1] > extents(app.find(name=item_name(0), root=pane))[1] + 10,
                       message="the second item below the first")
            row = VerticalRow(app, page, panel_name, pane_name, item_name, count)
            wait_until(lambda: abs(row.item_centre(0) - row.pane_centre()[1]) <= TOLERANCE,
                       message="the first item in the vertical middle")
            x, y = row.pane_centre()
            pointer(f"move {x:.0f} {y:.0f}")
            p = row.pitch
            index = 0

            def run(label, command, cause, check):
                nonlocal index
                mark = app.mark()
                pointer(command)
                label = f"vertical {page} {'rtl' if rtl else 'ltr'} {label}"
                app.wait_event("settled", component=page)
                app.quiet(0.6)
                settled = [e for e in app.since(mark, "settled") if e.get("component") == page]
                assert len(settled) == 1, f"{label}: expected one settled, got {settled}"
                event = settled[0]
                assert event["cause"] == cause and check(event["index"]), f"{label}: {event}"
                index = event["index"]
                assert abs(event["offset"] - row.resting_offset(index, rtl)) <= TOLERANCE, f"{label}: {event}, pitch {p}"
                error = row.item_centre(index) - row.pane_centre()[1]
                assert abs(error) <= TOLERANCE, f"{label}: item {index} is {error} px off the vertical centre"

            before = index
            run("slow swipe down the list", f"swipe 0 800 ease dy={1.3 * p:.1f}", "touchpad", lambda i: i == before + 1)
            before = index
            run("fling", f"swipe 0 120 fling dy={1.2 * p:.1f}", "touchpad",
                (lambda i: i == before + 1) if pager else (lambda i: i >= min(before + 2, last)))
            before = index
            run("swipe back without a stop", f"swipe 0 300 even nostop dy={-1.3 * p:.1f}", "touchpad", lambda i: i < before)
            before = index
            run("four quarter notches down", "wheel120 4 30", "wheel", lambda i: i == min(before + 1, last))
            before = index
            run("two half notches up", "wheel120 2 -60", "wheel", lambda i: i == max(before - 1, 0))
            # Across the list: a sideways swipe and a horizontal wheel move nothing (the time a settle would take).
            mark = app.mark()
            pointer(f"swipe {1.3 * p:.1f} 400 ease")
            pointer("wheel120 4 120 h")
            app.quiet(0.8)
            assert app.since(mark, "settled") == [], app.since(mark, "settled")
            error = row.item_centre(index) - row.pane_centre()[1]
            assert abs(error) <= TOLERANCE, f"still item {index}, centred ({error} px)"
    finally:
        pointer.close()


def test_strip_vertical_ltr():
    vertical("strip", "Strip", "Fruit strip", fruit, 7, rtl=False)


def test_strip_vertical_rtl():
    vertical("strip", "Strip", "Fruit strip", fruit, 7, rtl=True)


def test_carousel_vertical_ltr():
    vertical("carousel", "Carousel", "Banners", banner, 5, rtl=False, pager=True)


def test_carousel_vertical_rtl():
    vertical("carousel", "Carousel", "Banners", banner, 5, rtl=True, pager=True)


def centering(rtl):
    args = ["--page", "centering"] + (["--rtl"] if rtl else [])
    pointer = Pointer()
    try:
        with App(*args) as app:
            app.wait_event("layout", component="centering")
            panel = app.find(name="Centring")
            view = app.find(role="scroll pane", name="Chips, centred when they fit", root=panel)
            row = app.find(name="Chips", root=panel)
            add = app.find(role="push button", name="Add chip", root=panel)
            x, y, w, h = extents(add)
            pointer(f"move {x + w / 2:.0f} {y + h / 2:.0f}")

            def add_chip():
                # One click, one more chip: waited for until the row is laid out wider.
                before = extents(row)[2]
                pointer("click")
                wait_until(lambda: extents(row)[2] > before, message=f"the row to grow from {before} px")

            mark = app.mark()
            for _ in range(40):
                add_chip()
                if extents(row)[2] > extents(view)[2] - 2 * INSET + 1:   # overflowing: the mode change is due
                    app.wait_event("layout", component="centering")
                    break
            assert [e["mode"] for e in app.since(mark, "layout")] == ["scrolling"], app.since(mark, "layout")
            for _ in range(6):       # make sure there is room to scroll
                add_chip()
            vx, vy, vw, vh = extents(view)
            pointer(f"move {vx + vw / 2:.0f} {vy + vh / 2:.0f}")
            start = extents(row)[0]
            inward = -1 if rtl else 1      # towards the hidden end
            mark = app.mark()
            # The pointer answers once the swipe is sent; the row follows it (and coasts) within the patience.
            pointer(f"swipe {inward * 150} 400 ease")
            wait_until(lambda: (start - extents(row)[0]) * inward >= 100,
                       message=f"the row to move 100 px inward from {start}")
            pointer(f"swipe {-inward * 400} 400 ease")
            wait_until(lambda: abs(extents(row)[0] - start) <= TOLERANCE, message=f"the row back at the start edge, {start}")
            # Scrolling changes no mode: the time a layout event would take to show, then none.
            app.quiet(0.3)
            assert app.since(mark, "layout") == [], "scrolling changes no mode"
    finally:
        pointer.close()


def test_centering_ltr():
    centering(False)


def test_centering_rtl():
    centering(True)


def segmented(rtl):
    args = ["--page", "segmented"] + (["--rtl"] if rtl else [])
    pointer = Pointer()
    try:
        with App(*args) as app:
            import pyatspi
            tabs = app.find_all(role="page tab", name=None, root=app.find(role="page tab list", name="Sections"))
            assert len(tabs) >= 2, tabs
            x, y, w, h = extents(tabs[0])
            pointer(f"move {x + w / 2:.0f} {y + h / 2:.0f}")
            mark = app.mark()
            for command in ("swipe 200 400 ease", "swipe -200 120 fling", "swipe 150 300 even nostop",
                            "wheel120 4 30 h", "wheel120 4 30"):
                pointer(command)
            # The time a selection would take to show, then none.
            app.quiet(0.8)
            assert app.since(mark, "selected") == [], "scrolling selects nothing"
            selected = [t.name for t in tabs if t.getState().contains(pyatspi.STATE_SELECTED)]
            assert selected == [tabs[0].name], selected
    finally:
        pointer.close()


def test_segmented_ltr():
    segmented(False)


def test_segmented_rtl():
    segmented(True)


def test_proxy_outlives_clients_that_leave():
    """The high-resolution proxy keeps serving after clients that quit while the compositor still writes to them
    (it once died on the broken pipe, and every later test of the session found no display). A stand-in
    compositor keeps sending to each client after it has gone; then a new client must still get through."""
    import socket
    import struct
    import tempfile
    folder = tempfile.mkdtemp()
    upstream_path, listen_path = os.path.join(folder, "up"), os.path.join(folder, "hires")
    upstream = socket.socket(socket.AF_UNIX)
    upstream.bind(upstream_path)
    upstream.listen(8)
    upstream.settimeout(PATIENCE)
    proxy = subprocess.Popen([sys.executable, os.path.join(HERE, "hires_proxy.py"), listen_path, upstream_path],
                             stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.time() + PATIENCE
        while not os.path.exists(listen_path):
            assert time.time() < deadline and proxy.poll() is None, "the proxy did not start"
            time.sleep(0.01)
        message = struct.pack("<III", 1, 12 << 16, 0)    # a 12-byte message on object 1
        for n in range(10):
            client = socket.socket(socket.AF_UNIX)
            client.connect(listen_path)
            twin, _ = upstream.accept()
            client.sendall(message)
            client.close()
            for _ in range(50):
                try:
                    twin.sendall(message * 100)
                except OSError:
                    break
            twin.close()
            time.sleep(0.02)   # the time the proxy would take to die of the broken pipe, then it must still run
            assert proxy.poll() is None, f"the proxy died after client {n + 1}: {proxy.stderr.read()[-600:]}"
        client = socket.socket(socket.AF_UNIX)
        client.connect(listen_path)
        twin, _ = upstream.accept()
        client.sendall(message)
        twin.settimeout(PATIENCE)
        assert twin.recv(64) == message, "a new client's request did not reach the compositor"
        twin.sendall(message)
        client.settimeout(PATIENCE)
        assert client.recv(64) == message, "the compositor's event did not reach a new client"
        client.close()
        twin.close()
    finally:
        proxy.kill()
        proxy.wait()
        upstream.close()
        for path in (upstream_path, listen_path):
            if os.path.exists(path):
                os.unlink(path)
        os.rmdir(folder)


def main():
    pattern = sys.argv[sys.argv.index("-k") + 1] if "-k" in sys.argv else ""
    passed = failed = 0
    for name in [n for n in sorted(globals()) if n.startswith("test_") and pattern in n]:
        start = time.time()
        try:
            globals()[name]()
        except Exception:
            failed += 1
            print(f"FAIL {name} ({time.time() - start:.1f}s)\n{traceback.format_exc()}", flush=True)
        else:
            passed += 1
            print(f"ok   {name} ({time.time() - start:.1f}s)", flush=True)
    print(f"wayland: {passed} passed, {failed} failed")
    sys.exit(1 if failed or not passed else 0)


if __name__ == "__main__":
    main()
