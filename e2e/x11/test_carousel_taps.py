"""The banner carousel's activation: a click on the current banner taps it, a click on a peeking neighbour taps it
and pages; Enter taps, keys and page dots page (a dot's Enter is no gesture); hover and press veils; "Back to first"
stays put while the tap label changes."""

import time

import pyatspi

from harness import App, extents, wait_until, xdo
from test_carousel import _banner, _centre, _dot, _focus_by_tap, _page_events, _panel, _peeking, _selected_dot, \
    _assert_paged, _settle


def test_click_on_current_banner_taps_and_on_a_neighbour_pages():
    with App("--page", "carousel") as app:
        app.accessible()
        mark = app.mark()
        xdo("mousemove", *_centre(app, _banner(app, 0)), "click", 1)
        tapped = app.wait_event("tapped", component="carousel")
        assert tapped["index"] == 0
        app.find(role="label", name="Tapped: Sunrise over the bay (1 of 5)", root=_panel(app))
        app.quiet(0.5)
        assert not app.since(mark, "settled") and not app.since(mark, "page"), app.since(mark)
        # The next banner peeks in beside the current one: a click on it taps it (as the strip's items are), then
        # brings it to the middle. (How far in it shows depends on the room the page leaves the carousel, so the
        # click goes where it shows.)
        mark = app.mark()
        xdo("mousemove", *_peeking(app, 1), "click", 1)
        _settle(app, 1, "click")
        assert _page_events(app, mark) == [(1, "click")]
        events = [e["event"] for e in app.since(mark) if e["event"] in ("tapped", "page", "settled")]
        assert events == ["tapped", "page", "settled"], app.since(mark)
        assert [e["index"] for e in app.since(mark, "tapped")] == [1]
        # And the previous one on the other side.
        mark = app.mark()
        xdo("mousemove", *_peeking(app, 0), "click", 1)
        _settle(app, 0, "click")
        assert [e["index"] for e in app.since(mark, "tapped")] == [0], app.since(mark)
        assert not app.since(mark, "gesture"), "a click is no gesture"
        # Tap on the second banner once it is current.
        xdo("mousemove", *_peeking(app, 1), "click", 1)
        _settle(app, 1, "click")
        xdo("mousemove", *_centre(app, _banner(app, 1)), "click", 1)
        assert app.wait_event("tapped", component="carousel")["index"] == 1
        app.find(role="label", name="Tapped: Lagoon afternoon (2 of 5)", root=_panel(app))


def test_banner_veils_on_hover_and_while_pressed_within_its_corners():
    """Hover lightens the banner under the pointer and a press darkens it (a veil of the stylesheet's colour over the
    picture), inside the picture's rounded corners, for as long as the button is held; on release the banner shows
    hover again."""
    from look import Window
    with App("--page", "carousel", "--size", "960x640") as app:
        window = Window(app)
        x, y, w, _ = window.rect(_banner(app, 0))
        inside = (x + w // 2, y + 40)   # on the picture, above the title
        corner = (x + 1, y + 1)         # outside the top-left rounded corner, inside the banner's box

        def look():
            shot = window.still_shot()
            return sum(shot.at(*inside)), shot.at(*corner)
        window.park_pointer()
        rest, rest_corner = look()
        xdo("mousemove", *inside)
        hover, hover_corner = look()
        xdo("mousedown", 1)
        try:
            time.sleep(0.6)   # past GTK's double-click time (400 ms), when its click gesture says `stopped`
            pressed, pressed_corner = look()
        finally:
            xdo("mouseup", 1)
        released, _ = look()
        assert hover > rest + 8, f"hover does not lighten the picture: {hover} against {rest} at rest (sum of RGB)"
        assert pressed < rest - 20, f"a press does not darken the picture: {pressed} against {rest} at rest"
        assert hover_corner == rest_corner and pressed_corner == rest_corner, \
            f"the veil spills past the rounded corner: {rest_corner} at rest, {hover_corner}, {pressed_corner}"
        assert abs(released - hover) <= 3, f"after the release the banner shows {released}, not hover's {hover}"


def test_enter_on_a_page_dot_pages_and_is_no_gesture():
    """Enter on a focused dot moves the carousel there (cause keyboard), as a click on it does: dots are not
    gestures, so no `gesture` line comes."""
    with App("--page", "carousel") as app:
        app.accessible()
        _focus_by_tap(app)
        xdo("key", "Tab")   # from the carousel to its dots: the current page's dot takes the focus
        wait_until(lambda: _dot(app, 0).getState().contains(pyatspi.STATE_FOCUSED), message="the first dot focused")
        mark = app.mark()
        xdo("key", "--delay", "80", "Right", "Right", "Return")
        _settle(app, 2, "keyboard")
        assert _page_events(app, mark) == [(2, "keyboard")], app.since(mark)
        app.quiet(0.3)
        assert not app.since(mark, "gesture"), app.since(mark, "gesture")


def test_back_to_first_stays_put_when_the_tap_label_changes():
    """The tap label changes width with every tap; the button beside it must not move (it used to jump 78 px)."""
    with App("--page", "carousel") as app:
        app.accessible()
        button = app.find(role="push button", name="Back to first", root=_panel(app))
        before = extents(button)
        xdo("mousemove", *_centre(app, _banner(app, 0)), "click", 1)
        app.wait_event("tapped", component="carousel", index=0)
        app.find(role="label", name="Tapped: Sunrise over the bay (1 of 5)", root=_panel(app))
        app.quiet(0.3)  # time for the label's new width to be laid out: the check is that nothing moved then
        assert extents(button) == before, (before, extents(button))


def test_keys_page_and_enter_taps_and_reset_glides_back():
    with App("--page", "carousel") as app:
        app.accessible()
        _focus_by_tap(app)
        for key, start, end in [("Right", 0, 1), ("End", 1, 4), ("Left", 4, 3)]:
            mark = app.mark()
            xdo("key", key)
            _settle(app, end, "keyboard")
            _assert_paged(app, mark, start, end, "keyboard")
        xdo("key", "Return")
        assert app.wait_event("tapped", component="carousel")["index"] == 3
        mark = app.mark()
        xdo("mousemove", *_centre(app, app.find(role="push button", name="Back to first", root=_panel(app))), "click", 1)
        _settle(app, 0, "programmatic")
        _assert_paged(app, mark, 3, 0, "programmatic")
        assert _selected_dot(app) == ["Page 1 of 5"]
