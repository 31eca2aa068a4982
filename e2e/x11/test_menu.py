"""The weekday menu: tabs slide under a fixed indicator; every input rests with one tab centred,
selected, and reported once."""

import json
import os
import tempfile
import time

import pyatspi

from harness import PATIENCE, App, atspi_call, extents, screenshot, wait_until, xdo
from look import Window, open_options, saturation
from snapchecks import Strip, app_window, drag, wheel

# The C locale's abbreviated weekdays, starting on its first weekday (Sunday).
DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
PITCH = 100


def menu(app):
    return Strip(app, "Tab menu", "Weekday menu", "page tab", lambda i: DAYS[i], PITCH, len(DAYS))


def selected_tabs(app, s):
    return [t.name for t in app.find_all(role="page tab", root=s.pane) if t.getState().contains(pyatspi.STATE_SELECTED)]


def test_menu_is_a_tab_list_with_the_centred_tab_selected():
    with App("--page", "menu") as app:
        s = menu(app)
        tablist = app.find(role="page tab list", name="Weekdays", root=s.pane)
        names = [t.name for t in app.find_all(role="page tab", root=tablist)]
        assert names == DAYS, names
        s.assert_centred(0)
        assert selected_tabs(app, s) == ["Sun"]
        # The indicator does not move: the tabs slide under it (same screen, before and after).
        m = app.mark(); wheel(s.centre_on_screen(), 7, times=2); s.settle(m, "menu", 2, "wheel")
        assert selected_tabs(app, s) == ["Tue"]
        screenshot("menu")


def test_menu_wheel_notches_both_directions_and_bursts():
    with App("--page", "menu") as app:
        s = menu(app)
        point = s.centre_on_screen()
        m = app.mark(); wheel(point, 7); s.settle(m, "menu", 1, "wheel")
        m = app.mark(); wheel(point, 5, times=4); s.settle(m, "menu", 5, "wheel")
        m = app.mark(); wheel(point, 6, times=2); s.settle(m, "menu", 3, "wheel")
        m = app.mark(); wheel(point, 4); s.settle(m, "menu", 2, "wheel")
        m = app.mark(); wheel(point, 7, times=9); s.settle(m, "menu", 6, "wheel")
        assert selected_tabs(app, s) == ["Sat"]


def test_menu_click_on_a_tab_brings_it_to_the_centre():
    with App("--page", "menu") as app:
        s = menu(app)
        cx, cy = s.centre_on_screen()
        m = app.mark(); xdo("mousemove", cx + 2 * PITCH, cy, "click", 1)
        assert app.wait_event("tapped", component="menu")["index"] == 2
        s.settle(m, "menu", 2, "click")
        m = app.mark(); xdo("mousemove", cx - PITCH, cy, "click", 1)
        s.settle(m, "menu", 1, "click")


def test_menu_drags_and_keys():
    with App("--page", "menu") as app:
        s = menu(app)
        cx, cy = s.centre_on_screen()
        # A slow drag by 240 px held before release: the nearest tab, 2 away.
        m = app.mark(); drag((cx, cy), -240, 8, 0.04, hold=0.3); s.settle(m, "menu", 2, "drag")
        # A flick back to the right: past the nearest, clamped at the first tab.
        m = app.mark(); drag((cx, cy), 120, 3, 0.01); s.settle(m, "menu", 0, "drag")
        # Keys, once focused (the click above focused the scroller; Tab order is not needed).
        for key, index in [("Right", 1), ("End", 6), ("Left", 5), ("Home", 0)]:
            m = app.mark(); xdo("key", key); s.settle(m, "menu", index, "keyboard")


def test_menu_resize_reduce_motion_and_rtl():
    with App("--page", "menu", "--reduce-motion") as app:
        s = menu(app)
        # Reduced motion: each notch moves at once; notches waited on one by one are separate gestures.
        for index in (1, 2, 3):
            m = app.mark(); wheel(s.centre_on_screen(), 7); s.settle(m, "menu", index, "wheel")
        chrome = app.ready["width"] - extents(s.pane)[2]
        xdo("windowsize", app_window(), 733, 600)
        deadline = time.time() + PATIENCE
        while extents(s.pane)[2] != 733 - chrome:
            assert time.time() < deadline, extents(s.pane)
            time.sleep(0.05)
        # Laid out at the new width, in the same pass as the tab's place: centred at once.
        s.assert_centred(3)
    with App("--page", "menu", "--rtl") as app:
        s = menu(app)
        s.assert_centred(0)
        assert s.item_centre(1) < s.item_centre(0), "the first tab starts at the right"
        m = app.mark(); wheel(s.centre_on_screen(), 6); s.settle(m, "menu", 1, "wheel", rtl=True)
        cx, cy = s.centre_on_screen()
        m = app.mark(); xdo("mousemove", cx - PITCH, cy, "click", 1); s.settle(m, "menu", 2, "click", rtl=True)
        screenshot("menu-rtl")


# Titles of very different lengths from a content file: each tab is as wide as its title (natural width plus
# padding), and each rests centred under the fixed indicator.
MIXED = ["Go", "Settings and preferences", "A", "Notifications", "Hi", "An extraordinarily long title"]


def _mixed_content():
    fd, path = tempfile.mkstemp(suffix="-menu.json")
    with os.fdopen(fd, "w") as f:
        json.dump({"menu": MIXED, "strip": ["a"], "banners": [{"title": "One", "image": "banners/banner-1.png"}]}, f)
    return path


def _settle_centred(app, s, mark, index, cause):
    event = app.wait_event("settled", component="menu")
    app.quiet(0.5)
    settled = app.since(mark, "settled")
    assert len(settled) == 1, f"expected one settled, got {settled}"
    assert event["index"] == index and event["cause"] == cause, (event, index, cause)
    s.assert_centred(index)
    assert selected_tabs(app, s) == [MIXED[index]]


def test_menu_titles_of_mixed_lengths_each_rest_centred():
    path = _mixed_content()
    try:
        with App("--page", "menu", "--content", path) as app:
            s = Strip(app, "Tab menu", "Weekday menu", "page tab", lambda i: MIXED[i], None, len(MIXED))
            s.assert_centred(0)
            # Natural widths: the long titles' tabs are much wider than the short ones', none ellipsized to a slot.
            widths = {i: extents(s.item(i))[2] for i in range(3)}
            assert widths[1] > widths[0] + 80 and widths[1] > widths[2] + 80, widths
            point = s.centre_on_screen()
            for index in (1, 2, 3, 4, 5):
                m = app.mark(); wheel(point, 7); _settle_centred(app, s, m, index, "wheel")
            m = app.mark(); wheel(point, 6, times=2); _settle_centred(app, s, m, 3, "wheel")
            # A click on the short neighbour brings it to the centre (and focuses the scroller for the keys).
            x, y = s.screen_point(s.item_centre(2), s.pane_centre()[1])
            m = app.mark(); xdo("mousemove", x, y, "click", 1); _settle_centred(app, s, m, 2, "click")
            for key, index in [("Left", 1), ("Right", 2), ("End", 5), ("Home", 0), ("Right", 1)]:
                m = app.mark(); xdo("key", key); _settle_centred(app, s, m, index, "keyboard")
            screenshot("menu-mixed-titles")
    finally:
        os.unlink(path)


def _indicator_width(window, s):
    """The fixed indicator's width on screen: the run of its colour along its row, through the pane's centre (the
    most saturated pixel of the centre column near the pane's bottom, as the look tests find it)."""
    px, py, pw, ph = window.rect(s.pane)
    shot = window.shot()
    cx = px + pw // 2
    y, accent = max(((yy, shot.at(cx, yy)) for yy in range(py + ph * 3 // 4, py + ph + 4)),
                    key=lambda c: saturation(c[1]))
    assert saturation(accent) > 0.3, f"no indicator under the centre: {accent}"

    def same(x):
        return all(abs(a - b) <= 24 for a, b in zip(shot.at(x, y), accent))
    left, right = cx, cx
    while left > px and same(left - 1):
        left -= 1
    while right < px + pw - 1 and same(right + 1):
        right += 1
    return right - left + 1


def test_menu_min_width_widens_natural_width_tabs_and_the_indicator_follows():
    """With natural-width titles the width control is a minimum: raising it widens the narrow tabs (then all of
    them equally), its start gives the natural widths back, the current tab stays centred, and the fixed indicator
    is always as wide as the tab under it."""
    path = _mixed_content()
    try:
        with App("--page", "menu", "--content", path) as app:
            s = Strip(app, "Tab menu", "Weekday menu", "page tab", lambda i: MIXED[i], None, len(MIXED))
            window = Window(app)
            open_options(app, s.panel, window=window)
            assert app.find_all(role="spin button", name="Width") == [], "a width control that does nothing"
            spin = app.find(role="spin button", name="Min width")

            def value():
                return atspi_call(lambda: spin.queryValue().currentValue, "spin value")

            def widths():
                return [extents(s.item(i))[2] for i in range(3)]

            def set_minimum(text):
                # Into the spin button's entry, as a user would: click, select all, type, Enter.
                x, y, w, h = window.rect(spin)
                xdo("mousemove", x + 12, y + h // 2, "click", 1)
                xdo("key", "ctrl+a")
                xdo("type", text)
                xdo("key", "Return")

            def expect_widths(expected, what):
                wait_until(lambda: all(abs(a - b) <= 1 for a, b in zip(widths(), expected)),
                           message=f"{what}: tab widths {expected}, not {widths()}")
                s.assert_centred(0)
                window.park_pointer()
                wait_until(lambda: abs(_indicator_width(window, s) - widths()[0]) <= 1,
                           message=f"{what}: the indicator as wide as the centred tab ({widths()[0]} px)")

            natural = widths()
            start = value()
            assert start <= min(natural) and start >= 20, (start, natural)
            expect_widths(natural, "at start")
            # Raised above the short titles: "Go" and "A" widen to it, the long title keeps its natural width.
            minimum = int(max(natural[0], natural[2])) + 40
            assert minimum < natural[1], (minimum, natural)
            set_minimum(str(minimum))
            wait_until(lambda: value() == minimum, message=f"spin value {minimum}")
            expect_widths([minimum, natural[1], minimum], "raised")
            # The arrow keys step it, two pixels a press.
            xdo("key", "--delay", "60", "Up", "Up", "Up")
            wait_until(lambda: value() == minimum + 6, message="three steps up")
            expect_widths([minimum + 6, natural[1], minimum + 6], "stepped")
            # Past the widest title every tab is the same width.
            set_minimum("400")
            wait_until(lambda: value() == 400, message="spin value 400")
            expect_widths([400, 400, 400][:len(natural)], "past the widest")
            screenshot("menu-min-width")
            # Back to the start: the natural widths again.
            set_minimum(str(int(start)))
            wait_until(lambda: value() == start, message=f"spin value {start}")
            expect_widths(natural, "back to the start")
            # The indicator follows the tab that slides under it: the long title next.
            m = app.mark(); wheel(s.centre_on_screen(), 7); _settle_centred(app, s, m, 1, "wheel")
            window.park_pointer()
            wait_until(lambda: abs(_indicator_width(window, s) - extents(s.item(1))[2]) <= 1,
                       message="the indicator as wide as the long title's tab")
    finally:
        os.unlink(path)


def test_menu_width_sets_every_tab_and_the_indicator():
    """The weekday tabs share one width: the width control sets it, and the indicator with it."""
    with App("--page", "menu") as app:
        s = menu(app)
        window = Window(app)
        open_options(app, s.panel, window=window)
        spin = app.find(role="spin button", name="Width")
        assert atspi_call(lambda: spin.queryValue().currentValue, "spin value") == PITCH
        assert abs(_indicator_width(window, s) - PITCH) <= 1
        x, y, w, h = window.rect(spin)
        xdo("mousemove", x + 12, y + h // 2, "click", 1)
        xdo("key", "ctrl+a")
        xdo("type", "160")
        xdo("key", "Return")
        wait_until(lambda: all(abs(extents(s.item(i))[2] - 160) <= 1 for i in range(3)), message="tabs 160 px wide")
        s.assert_centred(0)
        window.park_pointer()
        wait_until(lambda: abs(_indicator_width(window, s) - 160) <= 1, message="the indicator 160 px wide")


def test_a_1000_character_title_is_ellipsized_in_a_tab_that_fits_the_view():
    """The contract's cap: a title from `--content` makes its tab at most 320 px wide, so a 1,000-character title is
    ellipsized in a tab narrower than the view, rests centred, and keeps the whole title as its accessible name."""
    long_title = ("A very long menu title " * 50)[:1000]
    titles = ["Go", long_title, "Hi"]
    fd, path = tempfile.mkstemp(suffix="-menu.json")
    with os.fdopen(fd, "w") as f:
        json.dump({"menu": titles, "strip": ["a"], "banners": [{"title": "One", "image": "banners/banner-1.png"}]}, f)
    try:
        with App("--page", "menu", "--content", path) as app:
            s = Strip(app, "Tab menu", "Weekday menu", "page tab", lambda i: titles[i], None, len(titles))
            view = extents(s.pane)[2]
            m = app.mark(); wheel(s.centre_on_screen(), 7)
            event = app.wait_event("settled", component="menu")
            assert event["index"] == 1 and len(app.since(m, "settled")) == 1, app.since(m, "settled")
            tab = s.item(1)
            assert tab.name == long_title, f"accessible name of {len(tab.name)} characters"
            width = extents(tab)[2]
            assert width <= 320 and width <= view, f"the tab is {width} px wide, the view {view} px"
            s.assert_centred(1)
            assert selected_tabs(app, s) == [long_title]
    finally:
        os.unlink(path)


def test_hover_follows_tabs_that_slide_under_a_still_pointer():
    """GTK marks hover on crossing events only, which a sliding row does not cause: with the pointer resting on Tue,
    two Right keys slide Thu under it. Thu must show hover (its text in the full text colour) and the tabs that moved
    away must not (Fri, dimmed, for comparison)."""
    from look import text_contrast
    with App("--page", "menu", "--size", "960x640") as app:
        s = menu(app)
        window = Window(app)
        cx, cy = s.centre_on_screen()
        xdo("mousemove", cx + 2 * PITCH, cy)
        for index in (1, 2):
            m = app.mark()
            xdo("key", "Right")
            s.settle(m, "menu", index, "keyboard")
        shot = window.still_shot()

        def ink(name):
            x, y, w, h = window.rect(app.find(role="page tab", name=name, root=s.pane))
            return text_contrast(shot.region(x + 4, y + 4, x + w - 4, y + h - 4))[0]
        thu, fri, sat = ink("Thu"), ink("Fri"), ink("Sat")
        assert thu > 1.25 * fri and abs(fri - sat) < 0.2 * fri, \
            f"the tab under the pointer (Thu) does not show hover: text contrast {thu:.2f}, Fri {fri:.2f}, Sat {sat:.2f}"
