"""The fruit strip: every input comes to rest with one card exactly centred, reported once."""

import json
import os
import tempfile
import time

from harness import PATIENCE, App, extents, screenshot, xdo
from snapchecks import Strip, app_window, drag, wheel

FRUIT = ["🍎", "🍊", "🍇", "🍌", "🍉", "🍐", "🍒"]
PITCH = 100 + 70


def strip(app, count=len(FRUIT)):
    return Strip(app, "Strip", "Fruit strip", "panel", lambda i: f"{FRUIT[i % len(FRUIT)] if i < len(FRUIT) else FRUIT[i % len(FRUIT)] + ' ' + str(i + 1)}, item {i + 1}",
                 PITCH, count)


def centre_label(app, s):
    labels = [n.name for n in app.find_all(role="label", root=s.panel) if n.name.startswith("Centre: ")]
    assert len(labels) == 1, labels
    return labels[0]


def test_strip_wheel_notches_and_bursts_both_directions():
    with App("--page", "strip") as app:
        s = strip(app)
        s.assert_centred(0)
        # Shown to a person counted from 1, logged counted from 0: settled on index 0 is "item 1".
        assert centre_label(app, s) == "Centre: item 1 of 7"
        point = s.centre_on_screen()
        m = app.mark(); wheel(point, 7); s.settle(m, "strip", 1, "wheel")
        m = app.mark(); wheel(point, 7, times=3); s.settle(m, "strip", 4, "wheel")
        assert centre_label(app, s) == "Centre: item 5 of 7"
        m = app.mark(); wheel(point, 6); s.settle(m, "strip", 3, "wheel")
        # Vertical wheel over the horizontal strip: up = previous, down = next.
        m = app.mark(); wheel(point, 4, times=2); s.settle(m, "strip", 1, "wheel")
        m = app.mark(); wheel(point, 5); s.settle(m, "strip", 2, "wheel")
        # Past the last item: clamped, one settle; the last card is centred too.
        m = app.mark(); wheel(point, 7, times=8); s.settle(m, "strip", 6, "wheel")
        screenshot("strip-last")


def test_strip_drags_with_and_without_fling_and_a_click_is_a_tap():
    with App("--page", "strip") as app:
        s = strip(app)
        cx, cy = s.centre_on_screen()
        # Slow drag left by 200 px, held still before release: nearest card (1).
        m = app.mark(); drag((cx, cy), -200, 10, 0.04, hold=0.3); s.settle(m, "strip", 1, "drag")
        # A quick flick left: velocity carries it further than the 1 card the distance alone would give.
        m = app.mark(); drag((cx, cy), -150, 3, 0.01)
        event = app.wait_event("settled", component="strip")
        assert event["index"] >= 3, event
        app.mark()
        index = event["index"]
        s.assert_centred(index)
        assert event["offset"] == s.resting_offset(index)
        # A click on the card left of the centre: tapped, then brought to the centre.
        m = app.mark(); xdo("mousemove", cx - PITCH, cy, "click", 1)
        tapped = app.wait_event("tapped", component="strip")
        assert tapped["index"] == index - 1, tapped
        s.settle(m, "strip", index - 1, "click")


def test_strip_keys_home_end_left_right():
    with App("--page", "strip") as app:
        s = strip(app)
        cx, cy = s.centre_on_screen()
        # Focus by clicking the centred card: a tap on the item resting in place, which moves nothing, so no settle.
        m = app.mark(); xdo("mousemove", cx, cy, "click", 1); app.wait_event("tapped", component="strip", index=0)
        app.quiet(0.3)   # the time a settle would take to show
        assert not app.since(m, "settled"), app.since(m, "settled")
        # Page Down: the farthest card whose resting place lies within one viewport (914 px / 170 px → 5).
        for key, index in [("Right", 1), ("End", 6), ("Left", 5), ("Home", 0), ("Page_Down", 5)]:
            m = app.mark(); xdo("key", key); s.settle(m, "strip", index, "keyboard")


def test_strip_window_resize_keeps_the_card_centred():
    with App("--page", "strip") as app:
        s = strip(app)
        m = app.mark(); wheel(s.centre_on_screen(), 7, times=2); s.settle(m, "strip", 2, "wheel")
        window = app_window()
        chrome = app.ready["width"] - extents(s.pane)[2]   # window width minus the viewport's
        for width in (701, 1200, 655):
            xdo("windowsize", window, width, 600)
            deadline = time.time() + PATIENCE
            while extents(s.pane)[2] != width - chrome:
                assert time.time() < deadline, f"the window never resized to {width}: {extents(s.pane)}"
                time.sleep(0.05)
            # Laid out at the new width, in the same pass as the card's place: centred at once.
            s.assert_centred(2)
        # Still exactly on the item for the next input.
        m = app.mark(); wheel(s.centre_on_screen(), 7); s.settle(m, "strip", 3, "wheel")


def test_strip_reduce_motion_still_snaps():
    with App("--page", "strip", "--reduce-motion") as app:
        s = strip(app)
        point = s.centre_on_screen()
        m = app.mark(); start = time.time(); wheel(point, 7); s.settle(m, "strip", 1, "wheel")
        m = app.mark(); drag(point, -180, 6, 0.03, hold=0.3); s.settle(m, "strip", 2, "drag")
        # A quick burst is one gesture even when every move is instant: three items, one settled.
        m = app.mark(); wheel(point, 7, 3); s.settle(m, "strip", 5, "wheel")


def test_strip_right_to_left_starts_at_the_right_and_follows_what_the_user_sees():
    with App("--page", "strip", "--rtl") as app:
        s = strip(app)
        s.assert_centred(0)
        # The second card lies to the left of the first.
        assert s.item_centre(1) < s.item_centre(0)
        point = s.centre_on_screen()
        m = app.mark(); wheel(point, 6); s.settle(m, "strip", 1, "wheel", rtl=True)
        m = app.mark(); wheel(point, 7); s.settle(m, "strip", 0, "wheel", rtl=True)
        # A click on the card at rest focuses the strip: tapped, nothing moves, no settle.
        m = app.mark(); xdo("mousemove", *point, "click", 1); app.wait_event("tapped", component="strip", index=0)
        app.quiet(0.3)
        assert not app.since(m, "settled"), app.since(m, "settled")
        m = app.mark(); xdo("key", "Left"); s.settle(m, "strip", 1, "keyboard", rtl=True)
        m = app.mark(); xdo("key", "End"); s.settle(m, "strip", 6, "keyboard", rtl=True)


def test_strip_accessible_label_and_screenshot():
    with App("--page", "strip") as app:
        s = strip(app)
        assert s.pane.name == "Fruit strip"
        screenshot("strip")
