"""Record and replay an ordinary session (docs/recording.md): everything a tester does that moves or reshapes a
component — autoplay, "Back to first", Options opened, the edit buttons, Vertical, Spacing, wheel, drag, keys, a
window resize — is recorded with xdotool input in the real app, and the replay gives the same settles, exit 0."""

import os
import re
import tempfile

from harness import App, extents, wait_until, xdo
from look import Window, open_options
from snapchecks import app_window, drag, wheel
from test_replay import recorded_settles, replay

PANES = {"strip": ("Strip", "Fruit strip"), "carousel": ("Carousel", "Banners")}


class Session:
    """A page of the demo driven as a tester would, each step waited out until nothing moves."""

    def __init__(self, app, page):
        self.app, self.page = app, page
        app.accessible()
        self.window = Window(app)
        panel, pane = PANES[page]
        self.panel = app.find(role="panel", name=panel)
        self.pane = app.find(role="scroll pane", name=pane, root=self.panel)

    def centre(self):
        x, y, w, h = self.window.rect(self.pane)
        return int(x + w / 2), int(y + h / 2)

    def calm(self, seconds=0.7):
        """Waits until the page has been still for `seconds` (no settled or page event meanwhile)."""
        while any(e.get("event") in ("settled", "page", "gesture") for e in self.app.quiet(seconds)):
            pass

    def step(self, action):
        action()
        self.calm()

    def press(self, name):
        button = self.app.find(role="push button", name=name, root=self.panel)
        self.step(lambda: self.window.click(button))
        self.window.park_pointer()

    def flip(self, title, on):
        self.window.set_check(self.panel, title, on)
        self.window.park_pointer()
        self.calm()

    def set_field(self, name, value):
        self.window.set_field(self.panel, name, value)
        self.calm()

    def gestures(self):
        """A wheel notch, a slow drag back, a click on the row (focus), keys."""
        point = self.centre()
        self.step(lambda: wheel(point, 7))
        self.step(lambda: wheel(point, 7))
        self.step(lambda: drag(point, 120, 10, 0.03, hold=0.2))
        for key in ("Right", "Right", "Left"):
            self.step(lambda: xdo("mousemove", *point, "key", key))
        self.window.park_pointer()

    def resize(self, width, height):
        before = extents(self.pane)[2]
        xdo("windowsize", app_window(), width, height)
        wait_until(lambda: extents(self.pane)[2] != before, message="laid out at the new width")
        self.calm()


def record(page, path, *options, script):
    with App("--page", page, "--record", path, *options) as app:
        session = Session(app, page)
        session.window.park_pointer()
        script(session)
        logged = [(e["component"], e["index"], e["offset"], e["cause"]) for e in app.since(0, "settled")]
    return logged


def check(page, path, logged, causes, lines):
    with open(path) as f:
        text = f.read()
    recorded = recorded_settles(path)
    assert [(c, i, round(o, 3), k) for c, i, o, k in recorded] == [(c, i, round(o, 3), k) for c, i, o, k in logged], \
        (recorded, logged, text)
    assert causes <= {k for _, _, _, k in recorded}, (causes, recorded)
    for pattern in lines:
        assert re.search(pattern, text, re.M), (pattern, text)
    status, out, err = replay(path)
    assert (status, out, err) == (0, f"replay: {len(recorded)} settles, all match\n", ""), (status, out, err, text)


def test_an_ordinary_carousel_session_replays_with_the_same_settles():
    """Autoplay advances on its own (every 3 s, also between the later steps), "Back to first", Options opened (the banners rescale), an insert, Vertical on
    and off, Spacing, wheel, drag, keys and a resize: every settle the same in the replay."""
    fd, path = tempfile.mkstemp(suffix="-carousel.rec")
    os.close(fd)

    def script(s):
        s.app.wait_event("settled", component="carousel", cause="autoplay")
        s.calm()
        s.press("Back to first")
        open_options(s.app, s.panel, window=s.window)
        s.calm()
        s.press("Insert after")
        s.flip("Vertical", True)
        s.flip("Vertical", False)
        s.set_field("Spacing", 40)
        s.gestures()
        s.resize(800, 600)

    try:
        logged = record("carousel", path, "--autoplay", "3", script=script)
        check("carousel", path, logged, {"autoplay", "programmatic", "dataChange", "wheel", "drag", "keyboard"},
              [r"^\S+ autoplay carousel \d+$", r"^\S+ control carousel\.back-to-first$",
               r"^\S+ control carousel\.options on$", r"^\S+ control carousel\.insert-after$",
               r"^\S+ control carousel\.vertical on$", r"^\S+ control carousel\.spacing 40$", r"^\S+ resize \d+ \d+$"])
    finally:
        os.unlink(path)


def test_an_ordinary_strip_session_replays_with_the_same_settles():
    """Options opened, the edit buttons, Vertical on and off, Spacing, wheel, drag, keys and a resize."""
    fd, path = tempfile.mkstemp(suffix="-strip.rec")
    os.close(fd)

    def script(s):
        open_options(s.app, s.panel, window=s.window)
        s.calm()
        s.gestures()
        s.press("Insert before")
        s.press("Move current to end")
        s.press("Remove current")
        s.flip("Vertical", True)
        s.flip("Vertical", False)
        s.set_field("Spacing", 30)
        s.gestures()
        s.resize(820, 600)

    try:
        logged = record("strip", path, script=script)
        check("strip", path, logged, {"dataChange", "wheel", "drag", "keyboard"},
              [r"^\S+ control strip\.options on$", r"^\S+ control strip\.insert-before$",
               r"^\S+ control strip\.remove-current$", r"^\S+ control strip\.vertical off$",
               r"^\S+ control strip\.spacing 30$", r"^\S+ resize \d+ \d+$"])
    finally:
        os.unlink(path)
