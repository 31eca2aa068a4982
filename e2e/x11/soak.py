"""Soak test: the real demo under Xvfb with G_DEBUG=fatal-criticals, driven by a seeded random sequence of wheel
bursts, drags, clicks, keys, window resizes and page switches across all five pages. After every gesture it
checks the events the contract asks for and, on a snapping page, that the item at rest is exactly in place (read
through AT-SPI); throughout, no crash and nothing on standard error; it samples resident memory (VmRSS). Between
rounds it closes the window through its close button at a random moment, mostly mid-animation, and launches the app
again on a random page: each close must end the process with status 0 and nothing on standard error.

    scripts/headless /usr/bin/python3 e2e/x11/soak.py --minutes 10 --seed 7

Memory: the first round starts with a warm-up that shows every page at the largest window size (building a page,
loading its fonts and decoding its images happen once, and are not growth); resident memory is then read on the
start page at the start size, and again there at the end of the first round: their difference is the growth bounded
by --max-growth-mb (2 MB). With --one-process there are no rounds: one process runs the whole time, so the bound
covers all of it (`--minutes 30 --one-process`: at most 2 MB over 30 minutes). Samples along the way give the
maximum and a trace; -v prints resident memory (anonymous, file-backed, shared) with each gesture. Each round ends
with the app's `caches` event (written as its window closes): the summary reports the caches of the first round's
process and of the last, so a cache that filled up is told apart from memory that leaked.

    SNAPSCROLL_DEMO=.build/release/snapscroll-demo scripts/headless /usr/bin/python3 e2e/x11/soak.py --minutes 30 --one-process

Prints one line per gesture with -v, then a summary and one JSON line. Exit status 1 on the first violation.
e2e/x11/test_soak.py runs it for about 40 s in CI."""

import argparse
import json
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pyatspi  # noqa: E402

import harness  # noqa: E402
from harness import PATIENCE, App, extents, rss_kb, xdo  # noqa: E402
from look import drop_down_open, header_shows_tabs, page_panel  # noqa: E402
from snapchecks import TOLERANCE, app_window  # noqa: E402

PAGES = {"menu": "Tab menu", "centering": "Centring", "segmented": "Segmented", "strip": "Strip", "carousel": "Carousel"}
# The scroll pane of each snapping page (its accessible label) and how its items are named.
PANES = {"menu": "Weekday menu", "strip": "Fruit strip", "carousel": "Banners"}
SNAPPING = set(PANES)
# The C locale's weekdays, the menu's tabs under the headless session.
DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
# Window sizes a resize picks from: phone-sized to large.
SIZES = [(360, 480), (480, 560), (640, 480), (800, 600), (960, 640), (1280, 800), (1600, 900)]
# After a gesture's events: the time in which nothing more may follow for it to count as over.
QUIET = 0.45


class Violation(AssertionError):
    pass


class Soak:
    def __init__(self, app, rng, verbose=False):
        self.app = app
        self.rng = rng
        self.verbose = verbose
        self.page = app.ready["page"]
        self.window = app_window()
        self.size = (app.ready["width"], app.ready["height"])
        self.gestures = {}
        self.events = 0
        self.current = {}   # snapping page -> index at rest
        self.selected = None  # segmented
        self._margin = None
        self._nodes = {}

    # Geometry --------------------------------------------------------------------------------------------------

    def margin(self):
        """Screen = window coordinates + margin (GTK's client-side border around the frame, no window manager)."""
        (width, height), (fw, fh) = self.sizes()
        return (width - fw) // 2, (height - fh) // 2

    def sizes(self):
        """The X window's size, and the size of the frame GTK lays out inside it (the accessibility tree's)."""
        _, _, fw, fh = extents(self.node("frame", "SnapScroll"))
        out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", self.window], capture_output=True,
                             text=True, check=True).stdout
        geometry = dict(line.split("=") for line in out.split() if "=" in line)
        return (int(geometry["WIDTH"]), int(geometry["HEIGHT"])), (fw, fh)

    def screen(self, x, y):
        if self._margin is None:
            self._margin = self.margin()
        return int(round(x + self._margin[0])), int(round(y + self._margin[1]))

    def node(self, role, name, within=None):
        """A node found once and kept: the widgets live as long as the app, and walking the tree is slow."""
        key = (role, name, within)
        if key not in self._nodes:
            root = self.panel(within) if within else None
            self._nodes[key] = self.app.find(role=role, name=name, root=root)
        return self._nodes[key]

    def panel(self, page=None):
        return self.node("panel", PAGES[page or self.page])

    def pane(self):
        return self.node("scroll pane", PANES[self.page], self.page)

    def visible_rect(self):
        """The part of the window showing the page: below the header's page switcher, above the QA panel's title (when
        the panel shows)."""
        fx, fy, fw, fh = extents(self.node("frame", "SnapScroll"))
        _, sy, _, sh = extents(self.node("panel", "Demo pages"))
        bottom = fy + fh
        qa = self.app.find_all(role="label", name="QA event log")
        if qa and extents(qa[0])[3] > 0:
            bottom = min(bottom, extents(qa[0])[1])
        return fx, max(fy, sy + sh + 6), fx + fw, bottom

    def clip(self, node, within=None):
        """The visible part of a node (also inside `within`, a node that clips it) as (x0, y0, x1, y1), or None."""
        x, y, w, h = extents(node)
        vx0, vy0, vx1, vy1 = self.visible_rect()
        if within is not None:
            wx, wy, ww, wh = extents(within)
            vx0, vy0, vx1, vy1 = max(vx0, wx), max(vy0, wy), min(vx1, wx + ww), min(vy1, wy + wh)
        box = max(x, vx0), max(y, vy0), min(x + w, vx1), min(y + h, vy1)
        return box if box[2] - box[0] >= 4 and box[3] - box[1] >= 4 else None

    def items(self):
        """The items of the current snapping page: {index: node}."""
        pane = self.pane()
        found = {}
        if self.page == "menu":
            for t in self.app.find_all(role="page tab", root=pane):
                if t.name in DAYS:
                    found[DAYS.index(t.name)] = t
                elif (t.name or "").startswith("Day ") and t.name[4:].isdigit():  # more items than weekdays
                    found[int(t.name[4:]) - 1] = t
        else:
            for node in self.app.find_all(root=pane):
                index = item_index(self.page, node.name or "")
                if index is not None:
                    found[index] = node
        return found

    def item_count(self):
        return {"menu": 7, "strip": 7, "carousel": 5}[self.page]

    def assert_in_place(self, index):
        pane = self.pane()
        x, _, w, _ = extents(pane)
        centre = x + w / 2
        items = self.items()
        if index not in items:
            raise Violation(f"{self.page}: item {index} not in the accessibility tree ({sorted(items)})")
        ix, _, iw, _ = extents(items[index])
        error = ix + iw / 2 - centre
        if abs(error) > TOLERANCE:
            raise Violation(f"{self.page}: item {index} rests {error:+.1f} px off the viewport's centre")

    # Events ----------------------------------------------------------------------------------------------------

    def collect(self, mark, expect_settle, timeout=PATIENCE):
        """Waits for a settled (when one is due) then a quiet spell; returns the events since `mark`."""
        if expect_settle:
            deadline = time.time() + timeout
            while not [e for e in self.app.since(mark) if e.get("event") == expect_settle]:
                if time.time() > deadline:
                    raise Violation(f"no {expect_settle} within {timeout}s after the gesture; got {self.app.since(mark)}; "
                                    f"before it: {self.app.events[max(0, mark - 4):mark]}")
                self.check_alive()
                time.sleep(0.02)
        while True:
            before = len(self.app.since(mark))
            time.sleep(QUIET)
            if len(self.app.since(mark)) == before:
                break
        events = self.app.since(mark)
        self.events += len(events)
        self.app.mark()
        return events

    def check_alive(self):
        if self.app.proc.poll() is not None:
            raise Violation(f"the app exited with {self.app.proc.returncode}: {''.join(self.app.stderr)[-3000:]}")
        if self.app.stderr:
            raise Violation("the app printed on standard error:\n" + "".join(self.app.stderr)[-3000:])

    def expect_snap(self, events, index=None, causes=None, page_events_allowed=True):
        """Exactly one settled for this page's component; it and the page events agree; the item rests in place."""
        settled = [e for e in events if e.get("event") == "settled"]
        if len(settled) != 1 or settled[0].get("component") != self.page:
            raise Violation(f"{self.page}: expected one settled, got {settled}")
        e = settled[0]
        if index is not None and e["index"] != index:
            raise Violation(f"{self.page}: settled on {e['index']}, expected {index}: {e}")
        if causes and e["cause"] not in causes:
            raise Violation(f"{self.page}: settled with cause {e['cause']}, expected one of {causes}")
        self.check_page_events(events, e["index"], page_events_allowed)
        self.check_no_foreign(events)
        self.current[self.page] = e["index"]
        self.assert_in_place(e["index"])

    def check_page_events(self, events, final, allowed=True):
        pages = [e for e in events if e.get("event") == "page"]
        if self.page != "carousel":
            if pages:
                raise Violation(f"{self.page}: unexpected page events {pages}")
            return
        before = self.current.get("carousel", 0)
        if final != before and (not allowed or not pages or pages[-1]["index"] != final):
            raise Violation(f"carousel moved {before} -> {final} but page events were {pages}")
        if final == before and pages and pages[-1]["index"] != final:
            raise Violation(f"carousel came back to {final} but the last page event says {pages[-1]}")

    def check_no_foreign(self, events):
        for e in events:
            if e.get("event") in ("settled", "page") and e.get("component") != self.page:
                raise Violation(f"an event from {e.get('component')} while on {self.page}: {e}")
            if e.get("event") == "selected" and self.page != "segmented":
                raise Violation(f"selected while on {self.page}: {e}")
            if e.get("event") == "error":
                raise Violation(f"error event: {e}")

    # Gestures --------------------------------------------------------------------------------------------------

    def log(self, text):
        if self.verbose:
            rss = rss_breakdown(self.app.proc.pid) + " " if self.app.proc.poll() is None else ""
            print(f"  {rss}{self.page:9} {text}", flush=True)

    def count(self, name):
        self.gestures[name] = self.gestures.get(name, 0) + 1

    def point_in(self, node, within=None):
        box = self.clip(node, within)
        if box is None:
            return None
        return self.screen((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)

    def wheel(self):
        point = self.point_in(self.pane())
        if point is None:
            return False
        notches = self.rng.choice([1, 1, 1, 2, 3])
        forward = self.rng.random() < 0.5
        vertical = self.rng.random() < 0.3
        button = (5 if forward else 4) if vertical else (7 if forward else 6)
        start = self.current.get(self.page, 0)
        target = max(0, min(self.item_count() - 1, start + (notches if forward else -notches)))
        mark = self.app.mark()
        xdo("mousemove", *point, "click", "--repeat", notches, "--delay", 40, button)
        self.log(f"wheel {notches} x {'forward' if forward else 'back'} -> {target}")
        events = self.collect(mark, "settled")
        if target == start:
            self.count("wheel at an end")   # still exactly one settled: a burst is one gesture
        self.expect_snap(events, target, {"wheel"})
        self.count("wheel")
        return True

    def drag(self):
        point = self.point_in(self.pane())
        if point is None:
            return False
        dx = self.rng.choice([-1, 1]) * self.rng.randint(40, 260)
        # Keep the pointer on the screen (the window may be narrower than the drag).
        dx = max(2 - point[0], min(dx, self.screen(*self.visible_rect()[2:])[0] - 2 - point[0]))
        if abs(dx) < 40:
            return False
        steps = self.rng.randint(3, 10)
        pause = self.rng.choice([0.01, 0.02, 0.04])
        x, y = point
        args = ["mousemove", x, y, "mousedown", 1]
        for i in range(1, steps + 1):
            args += ["sleep", pause, "mousemove", x + dx * i // steps, y]
        if self.rng.random() < 0.3:
            args += ["sleep", 0.3]  # stand still before release: no fling
        args += ["mouseup", 1]
        mark = self.app.mark()
        xdo(*args)
        self.log(f"drag {dx:+d} px in {steps} steps")
        events = self.collect(mark, "settled")
        if [e for e in events if e.get("event") == "tapped"]:
            raise Violation(f"a drag of {dx} px was taken as a tap: {events}")
        self.expect_snap(events, None, {"drag"})
        self.count("drag")
        return True

    def click(self):
        """A click on a visible item other than the current one: it comes to the centre (carousel: a page event)."""
        current = self.current.get(self.page, 0)
        choices = []
        pane = self.pane()
        for index, node in self.items().items():
            if index != current and index < self.item_count():
                point = self.point_in(node, pane)
                if point is not None:
                    choices.append((index, point))
        if not choices:
            return False
        index, point = self.rng.choice(sorted(choices))
        mark = self.app.mark()
        xdo("mousemove", *point, "click", 1)
        self.log(f"click item {index} (at rest: {current})")
        events = self.collect(mark, "settled")
        if self.page != "carousel":
            taps = [e for e in events if e.get("event") == "tapped"]
            if [(e["component"], e["index"]) for e in taps] != [(self.page, index)]:
                raise Violation(f"{self.page}: a click on item {index} gave taps {taps}")
        self.expect_snap(events, index, {"click"})
        self.count("click")
        self.focused = self.page
        return True

    def keys(self):
        """Keys once the component has focus (a click gave it): Left/Right/Home/End/Page Up/Page Down."""
        if getattr(self, "focused", None) != self.page:
            return self.click()
        key = self.rng.choice(["Left", "Right", "Home", "End", "Page_Up", "Page_Down", "Right", "Left"])
        current = self.current.get(self.page, 0)
        last = self.item_count() - 1
        mark = self.app.mark()
        xdo("key", key)
        self.log(f"key {key}")
        events = self.collect(mark, "settled")
        expected = {"Left": current - 1, "Right": current + 1, "Home": 0, "End": last}.get(key)
        if expected is not None:
            expected = max(0, min(last, expected))
        self.expect_snap(events, expected, {"keyboard"})
        if key in ("Page_Up", "Page_Down"):
            moved = self.current[self.page] - current
            if (key == "Page_Down" and moved < 0) or (key == "Page_Up" and moved > 0):
                raise Violation(f"{key} moved {moved} items")
        self.count("key")
        return True

    def resize(self, size=None):
        w, h = size or self.rng.choice([s for s in SIZES if s != self.size])
        # The client-side border around the frame keeps its size: the frame is laid out this much smaller.
        (width, height), (fw, fh) = self.sizes()
        border = (width - fw, height - fh)
        mark = self.app.mark()
        subprocess.run(["xdotool", "windowsize", self.window, str(w), str(h)], check=True)
        self.log(f"resize {w}x{h}")
        # Until the X window has the size and GTK has laid the frame out in it.
        deadline = time.time() + PATIENCE
        while (sizes := self.sizes()) != ((w, h), (w - border[0], h - border[1])):
            if time.time() > deadline:
                raise Violation(f"the window did not take the size {w}x{h} (its frame less {border}): {sizes}")
            time.sleep(0.05)
        events = self.collect(mark, None)
        self.size = (w, h)
        self._margin = None
        self.check_no_foreign(events)
        if self.page in SNAPPING:
            # The current item stays current and in place; a move the resize needed is reported once, as `resize`.
            # A resize across 500 px of height also shows or hides the QA panel, which gives the page its new height
            # in a layout pass of its own: a carousel whose banners the height limits reports that move too.
            settled = [e for e in events if e.get("event") == "settled"]
            panel = [e for e in events if e.get("event") == "setting" and e.get("name") == "qaPanel"]
            if len(settled) > 1 + len(panel) or any(e["cause"] != "resize" or e["index"] != self.current.get(self.page, 0)
                                       for e in settled):
                raise Violation(f"{self.page}: resize gave {settled}")
            if [e for e in events if e.get("event") == "page"]:
                raise Violation(f"{self.page}: resize changed the page: {events}")
            self.assert_in_place(self.current.get(self.page, 0))
        self.count("resize")
        return True

    def switch_page(self, target=None):
        """Opens another page (`target`, or a random one) from the header: a click on its tab, or, in a window too
        narrow for the tabs, the drop-down that replaces them (Home, arrows and Enter in its list)."""
        target = target or self.rng.choice([page for page in PAGES if page != self.page])
        mark = self.app.mark()
        if header_shows_tabs(self.app):
            x, y, w, h = extents(self.node("page tab", PAGES[target]))
            xdo("mousemove", *self.screen(x + w / 2, y + h / 2), "click", 1)
        else:
            drop = self.node("combo box", "Demo page")
            x, y, w, h = extents(drop)
            xdo("mousemove", *self.screen(x + w / 2, y + h / 2), "click", 1)
            deadline = time.time() + PATIENCE
            while not drop_down_open(self.app, drop):
                if time.time() > deadline:
                    raise Violation("the drop-down's list never opened")
                time.sleep(0.05)
            xdo("key", "--delay", "60", "Home", *["Down"] * list(PAGES).index(target), "Return")
        self.log(f"switch to {target}")
        deadline = time.time() + PATIENCE
        while not page_panel(self.app, target):
            if time.time() > deadline:
                raise Violation(f"{target} did not show")
            time.sleep(0.05)
        events = self.collect(mark, None)
        snaps = [e for e in events if e.get("event") in ("settled", "page", "selected", "tapped")
                 and e.get("cause") != "resize"]
        if snaps:
            raise Violation(f"switching to {target} gave {snaps}")
        self.page = target
        self.focused = None
        if target in SNAPPING:
            self.assert_in_place(self.current.get(target, 0))
        self.count("page switch")
        return True

    def segment(self):
        tablist = self.node("page tab list", "Sections", "segmented")
        tabs = self.app.find_all(role="page tab", root=tablist)
        current = [i for i, t in enumerate(tabs) if t.getState().contains(pyatspi.STATE_SELECTED)]
        choices = [(i, self.point_in(t)) for i, t in enumerate(tabs) if i not in current]
        choices = [(i, p) for i, p in choices if p is not None]
        if not choices:
            return False
        index, point = self.rng.choice(choices)
        mark = self.app.mark()
        xdo("mousemove", *point, "click", 1)
        self.log(f"segment {index}")
        events = self.collect(mark, "selected")
        selected = [e for e in events if e.get("event") == "selected"]
        if [(e["component"], e["index"]) for e in selected] != [("segmented", index)]:
            raise Violation(f"segmented: a click on segment {index} gave {selected}")
        self.check_no_foreign(events)
        self.count("segment click")
        return True

    def centering_wheel(self):
        view = self.node("scroll pane", "Chips, centred when they fit", "centering")
        point = self.point_in(view)
        if point is None:
            return False
        mark = self.app.mark()
        xdo("mousemove", *point, "click", "--repeat", self.rng.randint(1, 3), "--delay", 40, self.rng.choice([6, 7]))
        self.log("wheel over the centring container")
        events = self.collect(mark, None)
        # A plain container: no snapping, so no settled, selected or page events.
        snaps = [e for e in events if e.get("event") in ("settled", "page", "selected")]
        if snaps:
            raise Violation(f"centering: wheel gave {snaps}")
        self.check_no_foreign(events)
        self.count("wheel")
        return True

    def step(self):
        """One random gesture. When an AT-SPI call inside it needed its retry (the app answered late), the app must
        then also prove it still runs through the QA log: a gesture whose events are awaited."""
        retried = len(harness.RETRIED_CALLS)
        done = self.random_gesture()
        if len(harness.RETRIED_CALLS) > retried:
            self.prove_responsive()
        return done

    def prove_responsive(self):
        for _ in range(3):
            if self.page in SNAPPING and (self.wheel() or self.click()):
                break
            if self.page == "segmented" and self.segment():
                break
            self.switch_page()
        else:
            raise Violation("after a retried AT-SPI call, no gesture with QA-log events could be made")
        self.count("QA-log proof after a retry")

    def random_gesture(self):
        r = self.rng.random()
        if r < 0.08:
            return self.switch_page()
        if r < 0.14:
            return self.resize()
        if self.page in SNAPPING:
            gesture = self.rng.choice([self.wheel, self.wheel, self.drag, self.click, self.keys, self.keys])
        elif self.page == "segmented":
            gesture = self.segment
        else:
            gesture = self.centering_wheel
        return gesture() or self.switch_page()


def rss_breakdown(pid):
    """VmRSS and its anonymous, file-backed and shared parts (MB), for the verbose log."""
    parts = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile", "RssShmem"):
                parts[key] = int(value.split()[0]) / 1024
    return "rss %(VmRSS)5.1f anon %(RssAnon)5.1f file %(RssFile)5.1f shm %(RssShmem)4.1f" % parts


def item_index(page, name):
    """The index in an item's accessible name: strip 'Apple, item 3', carousel 'Banner 3 of 5: …'."""
    try:
        if page == "strip" and ", item " in name:
            return int(name.rsplit(", item ", 1)[1]) - 1
        if page == "carousel" and name.startswith("Banner ") and " of " in name:
            return int(name[len("Banner "):].split(" of ", 1)[0]) - 1
    except ValueError:
        return None
    return None


def warm_up(soak):
    """Starts on the carousel: a click on the current banner taps it and gives it the keyboard focus, then Enter
    taps it eight times — a `tapped` each and no move. (It also once filled the QA panel gently, when a shell bug
    warned on bursts of lines; that is fixed.)"""
    app = soak.app
    node = soak.items()[0]
    x, y, w, h = extents(node)
    xdo("mousemove", *soak.screen(x + w / 2, y + h / 2), "click", 1)
    app.wait_event("tapped", component="carousel", index=0)
    for _ in range(8):
        xdo("key", "Return")
        app.wait_event("tapped", component="carousel", index=0)
    soak.collect(app.mark(), None)
    soak.focused = "carousel"


def visit_every_page(soak):
    """The memory warm-up: every page built and shown at the largest window size the soak uses (its first visit
    builds it, loads its fonts and decodes its images at that size), then back to the start page at the start size.
    What that costs once is not growth; the bound is measured from here. Uses no random numbers, so a seed gives
    the same gestures as without it."""
    start_page, start_size = soak.page, soak.size
    soak.resize(max(SIZES, key=lambda s: s[0] * s[1]))
    for page in PAGES:
        if page != soak.page:
            soak.switch_page(page)
    soak.switch_page(start_page)
    soak.resize(start_size)


def reference_rss(soak, start_page, start_size):
    """Resident memory in the reference state (the start page at the start size; window-sized buffers and a shown
    carousel's images depend on both): the median of three samples (KiB)."""
    if soak.page != start_page:
        soak.switch_page(start_page)
    if soak.size != start_size:
        soak.resize(start_size)
    samples = []
    for _ in range(3):
        time.sleep(0.4)
        samples.append(rss_kb(soak.app.proc.pid))
    return sorted(samples)[1]


def close_mid_animation(soak):
    """Ends a round: starts a snap (a wheel notch on a snapping page in view) and clicks the window's close button a
    random moment later, mostly while it still moves; the app must end with status 0 and nothing on standard error
    (it runs with G_DEBUG=fatal-criticals, so a critical during teardown ends it with a trap instead)."""
    app = soak.app
    x, y, w, h = extents(soak.node("push button", "Close"))
    close = soak.screen(x + w / 2, y + h / 2)
    moves = []
    point = soak.point_in(soak.pane()) if soak.page in SNAPPING else None
    if point is not None:
        moves = ["mousemove", *point, "click", soak.rng.choice([6, 7]), "sleep", round(soak.rng.uniform(0.0, 0.3), 3)]
    xdo(*moves, "mousemove", *close, "click", 1)
    soak.log(f"close on {soak.page}" + (" mid-animation" if moves else ""))
    try:
        status = app.proc.wait(timeout=PATIENCE)
    except subprocess.TimeoutExpired:
        raise Violation(f"the app did not end within {PATIENCE} s of a click on its close button") from None
    app.finish_reading()
    if status != 0 or app.stderr:
        raise Violation(f"closing on {soak.page}: status {status}, stderr: {''.join(app.stderr)[-3000:]!r}")
    soak.count("close mid-animation" if moves else "close")


def diagnose(app, error):
    import traceback
    print("DIAG traceback:\n" + "".join(traceback.format_exception(error)), flush=True)
    pid = app.proc.pid
    if app.proc.poll() is None:
        mark = app.mark()
        t0 = time.time()
        try:
            xdo("key", "Right")
        except Exception as e:
            print("DIAG xdotool failed", e)
        time.sleep(1.5)
        print(f"DIAG events after a key: {app.since(mark)}", flush=True)
        print(subprocess.run(["gdb", "-batch", "-p", str(pid), "-ex", "thread apply all bt 12"],
                             capture_output=True, text=True).stdout[-6000:], flush=True)
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            a = desktop.getChildAtIndex(i)
            try:
                print("DIAG desktop child", i, a, a.get_process_id(), flush=True)
            except Exception as e:
                print("DIAG desktop child", i, "error", e, flush=True)
        t0 = time.time()
        try:
            print("DIAG app name", app._atspi_app.name, app._atspi_app.childCount, time.time() - t0, flush=True)
        except Exception as e:
            print("DIAG app call error", e, time.time() - t0, flush=True)


def run(seconds, seed, verbose=False, size=(960, 640), rounds=True, round_seconds=None):
    """Runs the soak; returns its summary (dict). Raises Violation on the first broken rule.

    With `rounds`, the app is closed through its close button (mostly mid-animation) at random moments and launched
    again on a random page: the first round lasts half the time, so the memory bound still covers one long-lived
    process; the others last 10-30 % of the time each."""
    rng = random.Random(seed)
    env = {"G_DEBUG": "fatal-criticals"}
    started = time.time()
    gestures, events, closes = {}, 0, 0
    rss = []
    reference = []       # (when, KiB) in the reference state: after the warm-up, and at the end of the first round
    warmup_seconds = 0.0
    rounds_rss = []      # per round: page and window size at its end, resident memory (MB)
    caches = []          # per round: the app's `caches` event as it closed
    first_round = True
    page, steps = "carousel", 0
    while time.time() - started < seconds:
        length = seconds / 2 if first_round else rng.uniform(0.1, 0.3) * seconds
        if not first_round and round_seconds:
            length = rng.uniform(0.5, 1.5) * round_seconds
        round_end = min(time.time() + length, started + seconds) if rounds else started + seconds
        app = App("--page", page, "--size", "%dx%d" % size, env=env)
        try:
            app.accessible()
            soak = Soak(app, rng, verbose)
            soak.gestures = gestures
            if first_round:
                warm_up(soak)
                start_page, start_size = soak.page, soak.size
                warm_started = time.time()
                visit_every_page(soak)
                reference.append((time.time() - started, reference_rss(soak, start_page, start_size)))
                # The warm-up's time is not the soak's: the deadlines move by as much.
                warmup_seconds = time.time() - warm_started
                started += warmup_seconds
                round_end += warmup_seconds
                rss.append((time.time() - started, rss_kb(app.proc.pid)))
            while time.time() < round_end:
                soak.step()
                steps += 1
                soak.check_alive()
                if first_round and steps % 10 == 0:
                    rss.append((time.time() - started, rss_kb(app.proc.pid)))
            if first_round:
                rss.append((time.time() - started, rss_kb(app.proc.pid)))
                reference.append((time.time() - started, reference_rss(soak, start_page, start_size)))
            rounds_rss.append({"page": soak.page, "size": "%dx%d" % soak.size,
                               "rss_mb": round(rss_kb(app.proc.pid) / 1024, 1)})
            events += soak.events
            if rounds and time.time() - started < seconds:
                close_mid_animation(soak)
                closes += 1
            else:
                soak.check_alive()
        except Exception as v:  # a Violation, the harness's own checks, or AT-SPI losing the app
            time.sleep(0.5)
            status = app.proc.poll()
            state = "the app is running" if status is None else f"the app exited with status {status}"
            if os.environ.get("SOAK_DIAG"):
                diagnose(app, v)
            raise Violation(f"after {steps} gestures ({gestures}), seed {seed}, {time.time() - started:.0f} s: "
                            f"{type(v).__name__}: {v}; {state}; stderr: {''.join(app.stderr)[-3000:]!r}; "
                            f"last events: {app.events[-6:]}") from None
        finally:
            err = app.close()
        caches += [{k: v for k, v in e.items() if k != "event"} for e in app.events if e.get("event") == "caches"]
        if err:
            raise Violation(f"the app printed on standard error:\n{err[-3000:]}")
        first_round = False
        page = rng.choice(list(PAGES))
    duration = time.time() - started
    # Growth over the first (long) round, in the reference state (start page and size): at its end against right
    # after the warm-up that visited every page at the largest size (medians of three samples each). The samples
    # taken along the way (wherever the round was) give the maximum and the trace.
    first, last = reference[0][1], reference[-1][1]
    return {"soak": True, "seed": seed, "seconds": round(duration, 1), "warmup_seconds": round(warmup_seconds, 1),
            "gestures": sum(n for k, n in gestures.items()
                            if k not in ("wheel at an end", "close", "close mid-animation", "QA-log proof after a retry")),
            "by_kind": gestures, "events": events, "closes": closes, "rss_start_mb": round(first / 1024, 1),
            "rss_end_mb": round(last / 1024, 1), "rss_growth_mb": round((last - first) / 1024, 2),
            "rss_max_mb": round(max(k for _, k in rss + reference) / 1024, 1), "samples": len(rss),
            "rss_trace_mb": [(round(t), round(k / 1024, 1)) for t, k in rss], "rounds_rss": rounds_rss,
            "caches_first": caches[0] if caches else None, "caches_last": caches[-1] if caches else None,
            "rounds": len(rounds_rss),
            "atspi_slow_calls": len(harness.SLOW_CALLS),
            "atspi_slowest": sorted(harness.SLOW_CALLS, key=lambda c: -c["seconds"])[:5],
            "atspi_retried": harness.RETRIED_CALLS}


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--max-growth-mb", type=float, default=2.0,
                        help="fail when resident memory grows more than this (asserted from 5 minutes on)")
    parser.add_argument("--round-seconds", type=float, default=None,
                        help="after the first round, rounds last about this long (more closes and relaunches)")
    parser.add_argument("--one-process", action="store_true",
                        help="no closes and relaunches: one process the whole time, so the memory bound covers it all")
    parser.add_argument("-v", "--verbose", action="store_true")
    opts = parser.parse_args()
    try:
        summary = run(opts.minutes * 60, opts.seed, opts.verbose, rounds=not opts.one_process,
                      round_seconds=opts.round_seconds)
    except Violation as v:
        print(f"soak FAILED: {v}", flush=True)
        sys.exit(1)
    print(f"soak: {summary['seconds']} s, {summary['gestures']} gestures {summary['by_kind']}, {summary['events']} events, "
          f"{summary['closes']} closes and relaunches, first round's RSS at its start page and size {summary['rss_start_mb']} -> {summary['rss_end_mb']} MB after a warm-up of every page at the largest size (growth {summary['rss_growth_mb']:+} MB, "
          f"max {summary['rss_max_mb']} MB)")
    print(f"caches at the first round's close: {summary['caches_first']}; at the last: {summary['caches_last']}")
    print(json.dumps(summary))
    if opts.minutes >= 5 and summary["rss_growth_mb"] > opts.max_growth_mb:
        print(f"soak FAILED: resident memory grew {summary['rss_growth_mb']} MB (bound {opts.max_growth_mb} MB)")
        sys.exit(1)


if __name__ == "__main__":
    main()
