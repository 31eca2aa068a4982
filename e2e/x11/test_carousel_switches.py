"""The carousel's switches, flipped with the demo's check buttons and spin fields as a user would: the scroll
wheel, mouse drag and all interaction each turned off (input ignored, taps and page dots still work), long swipes,
the spacing and the animation duration changed while shown."""

import pyatspi

from harness import App, atspi_call, extents, wait_until, xdo
from look import Window, open_options, showing
from snapchecks import drag

TITLES = ["Sunrise over the bay", "Lagoon afternoon", "Dusk in the hills", "Summer meadow", "Embers and ash"]


class Carousel:
    """The carousel page seen from outside."""

    def __init__(self, app):
        self.app = app
        app.accessible()
        self.window = Window(app)
        self.panel = app.find(role="panel", name="Carousel")
        self.pane = app.find(role="scroll pane", name="Banners", root=self.panel)
        open_options(app, self.panel)

    def banner(self, i):
        return self.app.find(name=f"Banner {i + 1} of 5: {TITLES[i]}", root=self.panel)

    def centre(self, node=None):
        x, y, w, h = self.window.rect(node or self.pane)
        return int(x + w / 2), int(y + h / 2)

    def switch(self, title):
        return self.app.find(role="check box", name=title, root=self.panel)

    def flip(self, title, on):
        self.window.set_check(self.panel, title, on)

    def set_field(self, name, value):
        self.window.set_field(self.panel, name, value)

    def settled(self, index, cause):
        return self.app.wait_event("settled", component="carousel", index=index, cause=cause)

    def tap_current(self, index):
        """Focuses the carousel with a tap on its current banner."""
        xdo("mousemove", *self.centre(self.banner(index)), "click", 1)
        self.app.wait_event("tapped", component="carousel", index=index)

    def assert_nothing_moved(self, mark):
        """Nothing settled or paged for a while after `mark` (a fixed wait: proving nothing happens)."""
        self.app.quiet(0.8)
        moved = [e for e in self.app.since(mark) if e.get("event") in ("settled", "page")]
        assert moved == [], moved

    def start(self, dx):
        """Where a drag by dx starts: near the pane's edge it moves away from, so it stays inside."""
        x, y, w, h = self.window.rect(self.pane)
        return (x + w - 20 if dx < 0 else x + 20), y + h // 2

    def drag(self, dx, steps=20, pause=0.02):
        drag(self.start(dx), dx, steps, pause)

    def fling(self, dx, steps=3, pause=0.005):
        drag(self.start(dx), dx, steps, pause)


def test_options_start_closed_are_built_on_first_open_and_keep_their_values():
    """The page's test controls sit under its Options button: none exists at start (the button says it expands and
    is not expanded); a click opens and builds them; a click hides them; Enter shows the same controls again with
    the values they were given. Nothing moves the carousel's current banner off its place: not one `settled`."""
    with App("--page", "carousel") as app:
        app.accessible()
        panel = app.find(role="panel", name="Carousel")
        button = app.find(role="push button", name="Options", root=panel)

        def state(which):
            return atspi_call(lambda: button.getState().contains(which))

        assert state(pyatspi.STATE_EXPANDABLE) and not state(pyatspi.STATE_EXPANDED)
        for role, name in (("check box", "Mouse drag"), ("push button", "Insert before"), ("spin button", "Spacing")):
            assert app.find_all(role=role, name=name, root=panel) == [], f"{name} built before Options opened"
        mark = app.mark()
        c = Carousel(app)   # opens Options
        pane_x = lambda: extents(c.pane)[0] + extents(c.pane)[2] / 2
        banner_x = lambda: extents(c.banner(0))[0] + extents(c.banner(0))[2] / 2
        assert abs(banner_x() - pane_x()) <= 1
        c.set_field("Spacing", 20)
        c.window.click(button)
        wait_until(lambda: not state(pyatspi.STATE_EXPANDED), message="Options closed")
        # Hidden controls leave the accessibility tree (GTK drops a hidden widget's accessible).
        wait_until(lambda: not any(showing(n) for n in app.find_all(role="check box", name="Mouse drag", root=panel)),
                   message="the controls hidden")
        assert abs(banner_x() - pane_x()) <= 1
        xdo("key", "Return")   # the button kept the focus the click gave it
        wait_until(lambda: state(pyatspi.STATE_EXPANDED), message="Options open again")
        spin = app.find(role="spin button", name="Spacing", root=panel)
        wait_until(lambda: showing(spin), message="the controls shown again")
        assert atspi_call(lambda: spin.queryValue().currentValue) == 20
        assert len(app.find_all(role="spin button", name="Spacing", root=panel)) == 1, "controls built twice"
        assert abs(banner_x() - pane_x()) <= 1
        app.quiet(0.5)
        assert app.since(mark, "settled") == [], "opening or closing Options moved the carousel"


def test_scroll_wheel_switch():
    with App("--page", "carousel") as app:
        c = Carousel(app)
        c.flip("Scroll wheel", False)
        mark = app.mark()
        xdo("mousemove", *c.centre(), "click", 5, "click", 5, "click", 7)
        c.assert_nothing_moved(mark)
        c.flip("Scroll wheel", True)
        mark = app.mark()
        xdo("mousemove", *c.centre(), "click", 5)
        c.settled(1, "wheel")
        assert len(app.since(mark, "settled")) == 1


def test_mouse_drag_switch():
    with App("--page", "carousel") as app:
        c = Carousel(app)
        _, _, pw, _ = extents(c.pane)
        c.flip("Mouse drag", False)
        mark = app.mark()
        c.drag(-int(pw * 0.6))
        c.fling(-int(pw * 0.95))
        c.assert_nothing_moved(mark)
        assert app.since(mark, "tapped") == [], "a drag given up is no tap"
        # A click without moving still taps; the wheel still pages.
        c.tap_current(0)
        xdo("mousemove", *c.centre(), "click", 5)
        c.settled(1, "wheel")
        c.flip("Mouse drag", True)
        c.drag(-int(pw * 0.6))
        c.settled(2, "drag")


def test_interactive_switch():
    with App("--page", "carousel") as app:
        c = Carousel(app)
        _, _, pw, _ = extents(c.pane)
        c.tap_current(0)    # the focus in the carousel, for the keys
        c.flip("Interactive", False)
        xdo("mousemove", *c.centre(c.banner(0)), "click", 1)   # the focus back in the carousel, and a tap
        app.wait_event("tapped", component="carousel", index=0)
        mark = app.mark()
        xdo("click", 5, "click", 7)
        c.drag(-int(pw * 0.6))
        xdo("key", "--delay", "60", "Right", "End", "Page_Down")
        # A click on the peeking neighbour: no page change, no tap.
        x, y, w, h = c.window.rect(c.pane)
        xdo("mousemove", x + w - 8, y + h // 2, "click", 1)
        c.assert_nothing_moved(mark)
        assert app.since(mark, "tapped") == []
        # The page dots and "Back to first" still move it.
        c.window.click(app.find(role="page tab", name="Page 3 of 5", root=c.panel))
        c.settled(2, "click")
        c.window.click(app.find(role="push button", name="Back to first", root=c.panel))
        c.settled(0, "programmatic")
        c.flip("Interactive", True)
        c.tap_current(0)
        xdo("key", "Right")
        c.settled(1, "keyboard")


def test_long_swipes_switch():
    with App("--page", "carousel") as app:
        c = Carousel(app)
        _, _, pw, _ = extents(c.pane)
        mark = app.mark()
        c.fling(-int(pw * 0.95))
        event = app.wait_event("settled", component="carousel", cause="drag")
        assert event["index"] == 1, "one page a swipe: " + str(event)
        c.flip("Long swipes", True)
        mark = app.mark()
        c.fling(-int(pw * 0.95), steps=2, pause=0.003)
        event = app.wait_event("settled", component="carousel", cause="drag")
        assert event["index"] >= 3, "a long swipe turns several pages: " + str(app.since(mark))


def test_spacing_and_duration_fields():
    with App("--page", "carousel") as app:
        c = Carousel(app)
        c.tap_current(0)
        xdo("key", "Right")
        c.settled(1, "keyboard")
        for gap in [40, 0, 120]:
            mark = app.mark()
            c.set_field("Spacing", gap)

            def laid_out():
                x0, _, w0, _ = extents(c.banner(1))
                x1, _, _, _ = extents(c.banner(2))
                return x1 - (x0 + w0)

            wait_until(lambda: abs(laid_out() - gap) <= 1, message=f"a {gap} px gap, not {laid_out()}")
            # The current page stays in place, centred, and nothing turned.
            px, _, pw, _ = extents(c.pane)
            bx, _, bw, _ = extents(c.banner(1))
            assert abs((bx + bw / 2) - (px + pw / 2)) <= 1, (extents(c.pane), extents(c.banner(1)))
            assert [e for e in app.since(mark, "page")] == []
        # Duration 0: a move to the end lands at once, so no page in between is ever current.
        c.set_field("Duration (ms)", 0)
        c.tap_current(1)
        mark = app.mark()
        xdo("key", "End")
        c.settled(4, "keyboard")
        assert [e["index"] for e in app.since(mark, "page")] == [4], app.since(mark, "page")
        # Two seconds a page: the way back takes at least that long (the log's `t` says when each line was
        # written; a slower machine only lengthens it), and is one page event, its destination.
        c.set_field("Duration (ms)", 2000)
        c.tap_current(4)
        mark = app.mark()
        xdo("key", "Home")
        settled = c.settled(0, "keyboard")
        pages = app.since(mark, "page")
        assert [e["index"] for e in pages] == [0], pages
        assert settled["t"] - pages[0]["t"] >= 2000, (pages, settled)


def test_vertical_carousel():
    """The carousel turned vertical: pages stacked down the height, each resting in the middle both ways; the wheel,
    Up/Down and a drag up turn one page; a sideways wheel is not the carousel's."""
    with App("--page", "carousel") as app:
        c = Carousel(app)
        c.flip("Vertical", True)
        wait_until(lambda: extents(c.banner(1))[1] > extents(c.banner(0))[1] + extents(c.banner(0))[3],
                   message="the second banner below the first")

        def centred(i):
            px, py, pw, ph = extents(c.pane)
            bx, by, bw, bh = extents(c.banner(i))
            return abs((by + bh / 2) - (py + ph / 2)) <= 1 and abs((bx + bw / 2) - (px + pw / 2)) <= 1

        wait_until(lambda: centred(0), message="the first banner in the middle")
        pitch = extents(c.banner(1))[1] - extents(c.banner(0))[1]
        mark = app.mark()
        xdo("mousemove", *c.centre(), "click", 5)
        event = c.settled(1, "wheel")
        assert abs(event["offset"] - pitch) <= 1, (event, pitch)
        assert centred(1), (extents(c.pane), extents(c.banner(1)))
        assert len(app.since(mark, "settled")) == 1
        mark = app.mark()
        xdo("click", 7, "click", 6)
        c.assert_nothing_moved(mark)
        c.tap_current(1)
        xdo("key", "Down")
        c.settled(2, "keyboard")
        xdo("key", "Up")
        c.settled(1, "keyboard")
        mark = app.mark()
        xdo("key", "Right")
        c.assert_nothing_moved(mark)
        # A fast drag up across most of the pane: one page.
        x, y, w, h = c.window.rect(c.pane)
        drag((x + w // 2, y + h - 10), 0, 3, 0.005, dy=-(h - 30))
        event = app.wait_event("settled", component="carousel", cause="drag")
        assert event["index"] == 2, event
        app.quiet(0.3)
        assert centred(2)
