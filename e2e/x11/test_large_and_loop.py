"""A million items rest exactly in place (offsets beyond GTK's single precision), looping strips and
carousels wrap for every input, and the carousel's autoplay advances and holds still when it should."""

import json
import os
import tempfile
import time

import pyatspi

from harness import PATIENCE, App, ROOT, extents, xdo
from snapchecks import Strip, wheel, drag
import test_carousel as carousel

MILLION = 1_000_000
STRIP_PITCH = 100 + 70
FRUIT = ["🍎", "🍊", "🍇", "🍌", "🍉", "🍐", "🍒"]
_files = {}


def _million(kind):
    """A content file with a million strip items and menu titles ("lists"), or a million banners ("banners");
    written once per run."""
    if kind not in _files:
        fd, path = tempfile.mkstemp(suffix=f"-{kind}.json")
        with os.fdopen(fd, "w") as f:
            if kind == "lists":
                json.dump({"menu": [f"Day {i + 1}" for i in range(MILLION)],
                           "strip": [f"Item {i + 1}" for i in range(MILLION)],
                           "banners": [{"title": "One", "image": "banners/banner-1.png"}]}, f)
            else:
                images = [os.path.join(ROOT, "resources", "banners", f"banner-{i + 1}.png") for i in range(5)]
                json.dump({"strip": ["a"], "banners": [{"title": carousel.TITLES[i % 5], "image": images[i % 5]}
                                                       for i in range(MILLION)]}, f)
        _files[kind] = path
    return _files[kind]


def _settled(app, component, index, cause, strip=None, rtl=False, loop=False):
    """Waits for a settled event on `index`; with `strip`, also checks its offset: the adjustment's value over the
    whole row from its left end (docs/component-contract.md), modulo a round's length when the row loops."""
    event = app.wait_event("settled", component=component)
    assert event["index"] == index and event["cause"] == cause, (event, index, cause)
    if strip:
        expected = strip.resting_offset(index, rtl)
        offset = event["offset"] % (strip.count * strip.pitch) if loop else event["offset"]
        assert offset == expected, (event, expected)
    return event


def _focus_by_tap(app, s, component, index):
    m = app.mark()
    xdo("mousemove", *s.centre_on_screen(), "click", 1)
    app.wait_event("tapped", component=component, index=index)
    return m


def _check_far_items(app, s, component, start, rtl=False):
    """From item `start` (`--start-item`, its settle right after `ready` with the real offset): one notch on, End,
    Home — each resting centred within a pixel, reported once."""
    _settled(app, component, start, "programmatic", strip=s, rtl=rtl)
    s.assert_centred(start)
    point = s.centre_on_screen()
    wheel(point, 6 if rtl else 7)
    _settled(app, component, start + 1, "wheel", strip=s, rtl=rtl)
    s.assert_centred(start + 1)
    m = _focus_by_tap(app, s, component, start + 1)
    app.quiet(0.3)   # the time a settle would take to show: the card tapped rests in place, nothing moves
    assert not app.since(m, "settled"), app.since(m, "settled")
    for key, index in [("End", MILLION - 1), ("Left" if not rtl else "Right", MILLION - 2), ("Home", 0)]:
        m = app.mark()
        xdo("key", key)
        _settled(app, component, index, "keyboard", strip=s, rtl=rtl)
        app.quiet(0.3)   # the time a second settle would take to show
        assert len(app.since(m, "settled")) == 1, app.since(m, "settled")
        s.assert_centred(index)


def test_a_million_strip_items_rest_centred_at_the_start_the_middle_and_the_end():
    with App("--page", "strip", "--content", _million("lists"), "--start-item", "500000") as app:
        s = Strip(app, "Strip", "Fruit strip", "panel", lambda i: f"Item {i + 1}, item {i + 1}", STRIP_PITCH, MILLION)
        _check_far_items(app, s, "strip", 500_000)
        assert not app.stderr, app.stderr


def test_a_million_strip_items_right_to_left():
    with App("--page", "strip", "--rtl", "--content", _million("lists"), "--start-item", "999990") as app:
        s = Strip(app, "Strip", "Fruit strip", "panel", lambda i: f"Item {i + 1}, item {i + 1}", STRIP_PITCH, MILLION)
        _check_far_items(app, s, "strip", 999_990, rtl=True)


def test_a_million_menu_tabs_rest_centred_at_the_start_the_middle_and_the_end():
    with App("--page", "menu", "--content", _million("lists"), "--start-item", "500000") as app:
        s = Strip(app, "Tab menu", "Weekday menu", "page tab", lambda i: f"Day {i + 1}", 100, MILLION)
        _check_far_items(app, s, "menu", 500_000)


def test_a_million_banners_rest_in_place_at_the_middle_and_the_end():
    with App("--page", "carousel", "--content", _million("banners"), "--start-item", "500000") as app:
        app.accessible()
        carousel._assert_in_place(app, 500_000, MILLION)
        xdo("mousemove", *carousel._carousel_centre(app), "click", 5)
        carousel._settle(app, 500_001, "wheel")
        carousel._assert_in_place(app, 500_001, MILLION)
        xdo("mousemove", *carousel._carousel_centre(app), "click", 1)
        app.wait_event("tapped", component="carousel", index=500_001)
        xdo("key", "End")
        carousel._settle(app, MILLION - 1, "keyboard")
        carousel._assert_in_place(app, MILLION - 1, MILLION)


# MARK: - Loop

def _fruit_strip(app):
    return Strip(app, "Strip", "Fruit strip", "panel", lambda i: f"{FRUIT[i]}, item {i + 1}", STRIP_PITCH, 7)


def test_a_looping_strip_wraps_for_wheel_keys_drag_and_clicks():
    with App("--page", "strip", "--loop") as app:
        s = _fruit_strip(app)
        s.assert_centred(0)
        point = s.centre_on_screen()
        # Wheel back from the first: the last; on from the last: the first.
        m = app.mark(); wheel(point, 6)
        _settled(app, "strip", 6, "wheel", strip=s, loop=True); s.assert_centred(6)
        m = app.mark(); wheel(point, 7, times=3)
        _settled(app, "strip", 2, "wheel", strip=s, loop=True); s.assert_centred(2)
        assert len(app.since(m, "settled")) == 1
        # The last card peeks in at the left of the first: a click on it brings it to the centre.
        m = app.mark(); wheel(point, 6, times=2); _settled(app, "strip", 0, "wheel")
        xdo("mousemove", point[0] - STRIP_PITCH, point[1], "click", 1)
        app.wait_event("tapped", component="strip", index=6)
        _settled(app, "strip", 6, "click"); s.assert_centred(6)
        # Keys: Right wraps to the first; Left back; Home and End are the first and the last of this round.
        for key, index in [("Right", 0), ("Left", 6), ("Home", 0), ("End", 6), ("Right", 0), ("Left", 6)]:
            m = app.mark(); xdo("key", key)
            _settled(app, "strip", index, "keyboard", strip=s, loop=True); s.assert_centred(index)
        # A slow drag to the left by one card: the content moves on, from the last to the first.
        m = app.mark(); drag(point, -STRIP_PITCH, 10, 0.04, hold=0.3)
        _settled(app, "strip", 0, "drag"); s.assert_centred(0)
        # And many rounds on: still exact.
        m = app.mark(); wheel(point, 7, times=15, delay_ms=30)
        _settled(app, "strip", 15 % 7, "wheel", strip=s, loop=True); s.assert_centred(15 % 7)
        assert not app.stderr, app.stderr


def test_a_looping_strip_right_to_left_and_reduced_motion():
    with App("--page", "strip", "--loop", "--rtl", "--reduce-motion") as app:
        s = _fruit_strip(app)
        point = s.centre_on_screen()
        # Right to left, the previous card is at the right: a wheel notch right goes back, to the last card.
        m = app.mark(); wheel(point, 7)
        _settled(app, "strip", 6, "wheel", strip=s, rtl=True, loop=True); s.assert_centred(6)
        m = app.mark(); wheel(point, 6, times=2)
        _settled(app, "strip", 1, "wheel", strip=s, rtl=True, loop=True); s.assert_centred(1)
        assert len(app.since(m, "settled")) == 1
        _focus_by_tap(app, s, "strip", 1)   # the card at rest: tapped only, nothing moves
        for key, index in [("Right", 0), ("Right", 6), ("Left", 0), ("End", 6)]:
            m = app.mark(); xdo("key", key)
            _settled(app, "strip", index, "keyboard", strip=s, rtl=True, loop=True); s.assert_centred(index)


def test_a_looping_carousel_reports_pages_modulo_the_count_and_keeps_the_dots_right():
    with App("--page", "carousel", "--loop") as app:
        app.accessible()
        x, y = carousel._carousel_centre(app)
        m = app.mark()
        xdo("mousemove", x, y, "click", 4)   # wheel up: back, from the first to the last
        carousel._settle(app, 4, "wheel")
        assert carousel._page_events(app, m) == [(4, "wheel")], carousel._page_events(app, m)
        carousel._assert_in_place(app, 4)
        assert carousel._selected_dot(app) == ["Page 5 of 5"]
        m = app.mark()
        xdo("click", 5)                       # and on again to the first
        carousel._settle(app, 0, "wheel")
        assert carousel._page_events(app, m) == [(0, "wheel")]
        assert carousel._selected_dot(app) == ["Page 1 of 5"]
        # A dot goes the short way: from the first page, page 5 is one page back.
        m = app.mark()
        xdo("mousemove", *carousel._centre(app, carousel._dot(app, 4)), "click", 1)
        carousel._settle(app, 4, "click")
        assert carousel._page_events(app, m) == [(4, "click")], carousel._page_events(app, m)
        carousel._assert_in_place(app, 4)


def _pages_until(app, mark, count):
    """The carousel's page events since `mark` once there are `count` of them, or all there are after the harness's
    patience."""
    deadline = time.time() + PATIENCE
    while time.time() < deadline:
        time.sleep(0.1)
        pages = carousel._page_events(app, mark)
        if len(pages) >= count:
            return pages
    return carousel._page_events(app, mark)


def test_autoplay_advances_wraps_and_holds_still_while_hovered():
    xdo("mousemove", 5, 5)
    with App("--page", "carousel", "--loop", "--autoplay", "0.5") as app:
        # Marked at `ready`, before the accessibility tree is read: under load that read can outlast an interval.
        m = app.mark()
        app.accessible()
        pages = _pages_until(app, m, 6)
        assert [i for i, _ in pages[:6]] == [1, 2, 3, 4, 0, 1], pages
        assert all(c == "autoplay" for _, c in pages), pages
        settled = [e["index"] for e in app.since(m, "settled")]
        assert settled[:5] == [1, 2, 3, 4, 0], settled
        # The pointer over the carousel: nothing moves.
        xdo("mousemove", *carousel._carousel_centre(app))
        app.quiet(0.8)   # an advance already under way when the pointer came ends first
        m = app.mark()
        time.sleep(2.0)  # four intervals pass, and no advance with them
        assert carousel._page_events(app, m) == [], carousel._page_events(app, m)
        # The pointer leaves: it goes on.
        xdo("mousemove", 5, 5)
        assert len(_pages_until(app, m, 1)) >= 1


def test_autoplay_without_loop_goes_back_to_the_first_and_not_at_all_under_reduced_motion():
    xdo("mousemove", 5, 5)
    # Two seconds between advances leave time to read the resting place (through AT-SPI, slow under load) before the
    # next one starts.
    with App("--page", "carousel", "--autoplay", "2", "--rtl") as app:
        m = app.mark()
        app.accessible()
        pages = _pages_until(app, m, 4)
        assert [i for i, _ in pages][:4] == [1, 2, 3, 4], pages
        # From the last page it runs back to the first (the animation crosses the pages between).
        deadline = time.time() + PATIENCE
        while [e["index"] for e in app.since(m, "settled")][4:5] != [0]:
            assert len(app.since(m, "settled")) <= 5, app.since(m, "settled")
            assert time.time() < deadline, app.since(m, "settled")
            time.sleep(0.1)
        assert [e["index"] for e in app.since(m, "settled")][:5] == [1, 2, 3, 4, 0]
        carousel._assert_in_place(app, 0)
    with App("--page", "carousel", "--autoplay", "0.5", "--reduce-motion") as app:
        app.accessible()
        xdo("mousemove", 5, 5)
        m = app.mark()
        time.sleep(2.0)  # four intervals pass, and no advance with them
        assert carousel._page_events(app, m) == [], carousel._page_events(app, m)


def test_autoplay_holds_still_while_the_carousel_has_focus():
    xdo("mousemove", 5, 5)
    with App("--page", "carousel", "--loop", "--autoplay", "0.5") as app:
        app.accessible()
        # It plays with the window's initial (invisible) focus on the carousel.
        m = app.mark()
        assert _pages_until(app, m, 1), "autoplay never advanced"
        # A key on the focused carousel: visible keyboard focus, and autoplay holds still.
        xdo("key", "Right")
        app.wait_event("settled", component="carousel", cause="keyboard")
        app.quiet(0.8)   # an advance already under way when the key came ends first
        m = app.mark()
        time.sleep(2.0)  # four intervals pass, and no advance with them
        assert carousel._page_events(app, m) == [], carousel._page_events(app, m)


def test_bad_loop_and_autoplay_options_are_refused_with_one_line():
    from harness import run_demo
    for args, fragment in [(["--autoplay", "soon"], 'bad interval "soon" for --autoplay'),
                           (["--autoplay", "0"], 'bad interval "0" for --autoplay'),
                           (["--autoplay", "nan"], 'bad interval "nan" for --autoplay'),
                           (["--autoplay"], "--autoplay"),
                           (["--loop=yes"], "--loop takes no value")]:
        status, out, err = run_demo(*args)
        assert status == 2, (args, status, err)
        assert out == "", out
        lines = err.strip().splitlines()
        assert len(lines) == 1 and fragment in lines[0], (args, err)
