"""The strip turned vertical (its page's "Vertical" check button): every input along the height comes to rest with
one card exactly centred vertically, reported once, with the vertical adjustment's offset; what runs across the
list (a horizontal wheel, Left/Right) moves nothing."""

import pyatspi

from harness import App, atspi_call, extents, screenshot, wait_until, xdo
from look import Window, open_options
from snapchecks import TOLERANCE, Strip, drag, wheel
from test_strip import PITCH, strip


class VerticalStrip(Strip):
    """The strip after its Vertical check button was turned on: centres compared along y."""

    def pane_centre(self):
        x, y, w, h = extents(self.pane)
        return x + w / 2, y + h / 2

    def item_centre_y(self, index):
        _, y, _, h = extents(self.item(index))
        return y + h / 2

    def assert_centred(self, index):
        error = self.item_centre_y(index) - self.pane_centre()[1]
        assert abs(error) <= TOLERANCE, f"item {index} is {error} px off the viewport's vertical centre"


def vertical_strip(app):
    s = strip(app)
    window = Window(app)
    open_options(app, s.panel, window=window)
    box = app.find(role="check box", name="Vertical", root=s.panel)
    window.click(box)
    wait_until(lambda: atspi_call(lambda: box.getState().contains(pyatspi.STATE_CHECKED)), message="Vertical on")
    window.park_pointer()
    v = VerticalStrip(app, "Strip", "Fruit strip", s.item_role, s.names, PITCH, s.count)
    # A column: taller than wide, the first card centred at its middle, the second one pitch below.
    wait_until(lambda: extents(v.pane)[3] > extents(v.pane)[2], message="a column taller than wide")
    wait_until(lambda: abs(v.item_centre_y(0) - v.pane_centre()[1]) <= TOLERANCE, message="the first card centred")
    assert abs(v.item_centre_y(1) - v.item_centre_y(0) - PITCH) <= 1
    return v


def focus_by_tap(app, v, index):
    xdo("mousemove", *v.centre_on_screen(), "click", 1)
    app.wait_event("tapped", component="strip", index=index)


def test_vertical_strip_wheel_notches_move_down_and_up_and_a_sideways_wheel_is_left():
    with App("--page", "strip") as app:
        v = vertical_strip(app)
        point = v.centre_on_screen()
        m = app.mark(); wheel(point, 5); v.settle(m, "strip", 1, "wheel")
        m = app.mark(); wheel(point, 5, times=3); v.settle(m, "strip", 4, "wheel")
        m = app.mark(); wheel(point, 4); v.settle(m, "strip", 3, "wheel")
        screenshot("strip-vertical")
        # Horizontal wheel over the vertical list: not the list's.
        m = app.mark(); wheel(point, 7, times=2); wheel(point, 6)
        assert [e for e in app.quiet(0.8) if e.get("event") == "settled"] == []
        v.assert_centred(3)
        # Past the last card: clamped, one settle, the last card centred too.
        m = app.mark(); wheel(point, 5, times=8); v.settle(m, "strip", 6, "wheel")


def test_vertical_strip_drags_up_and_down_and_a_click_is_a_tap():
    with App("--page", "strip") as app:
        v = vertical_strip(app)
        cx, cy = v.centre_on_screen()
        # A slow drag up by 200 px, held still before release: the nearest card (1).
        m = app.mark(); drag((cx, cy + 100), 0, 10, 0.04, hold=0.3, dy=-200); v.settle(m, "strip", 1, "drag")
        # A quick flick up: velocity carries it past the card the distance alone would give.
        m = app.mark(); drag((cx, cy + 100), 0, 3, 0.01, dy=-150)
        event = app.wait_event("settled", component="strip")
        assert event["index"] >= 3, event
        app.quiet(0.3)
        v.assert_centred(event["index"])
        assert event["offset"] == event["index"] * PITCH, event
        index = event["index"]
        # A slow drag down brings the previous card.
        m = app.mark(); drag((cx, cy - 100), 0, 10, 0.04, hold=0.3, dy=180); v.settle(m, "strip", index - 1, "drag")
        # A click on the card peeking in above (its lower 40 px show): tapped, then brought to the centre.
        m = app.mark(); xdo("mousemove", cx, cy - PITCH + 30, "click", 1)
        tapped = app.wait_event("tapped", component="strip")
        assert tapped["index"] == index - 2, tapped
        v.settle(m, "strip", index - 2, "click")


def test_vertical_strip_keys():
    with App("--page", "strip") as app:
        v = vertical_strip(app)
        focus_by_tap(app, v, 0)
        m = app.mark(); xdo("key", "Down"); v.settle(m, "strip", 1, "keyboard")
        m = app.mark(); xdo("key", "End"); v.settle(m, "strip", 6, "keyboard")
        m = app.mark(); xdo("key", "Up"); v.settle(m, "strip", 5, "keyboard")
        # Page Up: the farthest card within one viewport (280 px / 170 px pitch: 1 card).
        m = app.mark(); xdo("key", "Page_Up"); v.settle(m, "strip", 4, "keyboard")
        m = app.mark(); xdo("key", "Home"); v.settle(m, "strip", 0, "keyboard")
        # Right is not the list's: the focus moves on and the list stays.
        m = app.mark(); xdo("key", "Right")
        assert [e for e in app.quiet(0.6) if e.get("event") == "settled"] == []
        v.assert_centred(0)


def test_vertical_strip_turns_back_with_its_card_in_place():
    with App("--page", "strip") as app:
        v = vertical_strip(app)
        m = app.mark(); wheel(v.centre_on_screen(), 5, times=2); v.settle(m, "strip", 2, "wheel")
        window = Window(app)
        window.click(app.find(role="check box", name="Vertical", root=v.panel))
        window.park_pointer()
        s = strip(app)
        wait_until(lambda: extents(s.pane)[2] > extents(s.pane)[3], message="a row wider than tall")
        wait_until(lambda: abs(s.item_centre(2) - s.pane_centre()[0]) <= TOLERANCE, message="card 2 centred")
        m = app.mark(); wheel(s.centre_on_screen(), 7); s.settle(m, "strip", 3, "wheel")
