"""The segmented page: clicking each segment and pressing keys selects it (`selected` events with
the right cause, the tab selected in the accessibility tree), and after the slide the underline sits
under the selected segment in a screenshot. Right to left mirrors the segments and the arrows."""

import subprocess
import time

import pyatspi

from harness import App, extents, screenshot, xdo

WINDOW_OFFSET = 5          # window coordinates → screen (client-side border), see _offset_from_underline
SLIDE_SECONDS = 0.3 + 0.25  # the 300 ms slide plus frames to spare


def _tabs(app):
    panel = app.find(name="Segmented")
    tablist = app.find(role="page tab list", name="Sections", root=panel)
    return tablist, app.find_all(role="page tab", root=tablist)


def _selected(tabs):
    return [i for i, t in enumerate(tabs) if t.getState().contains(pyatspi.STATE_SELECTED)]


def _click(node):
    x, y, w, h = extents(node)
    xdo("mousemove", x + w // 2 + WINDOW_OFFSET, y + h // 2 + WINDOW_OFFSET, "click", 1)


def _underline_span(tablist):
    """The horizontal span (screen x, width) of the accent-coloured underline below the tab list's
    titles, read from a screenshot: the row with the most strongly blue pixels."""
    x, y, w, h = extents(tablist)
    path = screenshot("segmented-probe")
    top = y + WINDOW_OFFSET + h // 2
    crop = f"{w + 2 * WINDOW_OFFSET}x{h}+{x}+{top}"
    out = subprocess.run(["convert", path, "-crop", crop, "+repage", "txt:-"], capture_output=True, text=True, check=True).stdout
    rows = {}
    for line in out.splitlines()[1:]:
        coords, _, rest = line.partition(":")
        px, py = (int(v) for v in coords.split(","))
        r, g, b = (int(float(v)) for v in rest.split("(")[1].split(")")[0].split(",")[:3])
        if b > r + 60 and b > 120:   # the accent (the theme's selection blue toward the text colour), not grey text or borders
            rows.setdefault(py, []).append(px + x)
    assert rows, "no underline found"
    xs = max(rows.values(), key=len)
    return min(xs), max(xs) - min(xs) + 1


def _assert_underline_under(tablist, tabs, index):
    ux, uw = _underline_span(tablist)
    tx, _, tw, _ = extents(tabs[index])
    tx += WINDOW_OFFSET
    # Tab extents on GTK 4.8 may be the button's content box; the underline spans the whole segment.
    centre = ux + uw / 2
    assert tx <= centre <= tx + tw, (f"underline centre {centre} not under tab {index}", (ux, uw), (tx, tw))
    for j, other in enumerate(tabs):
        if j != index:
            ox, _, ow, _ = extents(other)
            assert not (ox + WINDOW_OFFSET <= centre <= ox + WINDOW_OFFSET + ow), f"underline also under tab {j}"
    return ux, uw


def _run(rtl):
    args = ["--page", "segmented"] + (["--rtl"] if rtl else [])
    with App(*args) as app:
        tablist, tabs = _tabs(app)
        assert [t.name for t in tabs] == ["Overview", "Details", "Reviews"], [t.name for t in tabs]
        assert _selected(tabs) == [0]
        xs = [extents(t)[0] for t in tabs]
        assert xs == (sorted(xs, reverse=True) if rtl else sorted(xs)), ("segment order on screen", xs)
        time.sleep(0.3)
        _assert_underline_under(tablist, tabs, 0)

        # Click each segment: one selected event (cause click), the tab selected, the underline under it.
        for index in [2, 1, 0, 2]:
            mark = app.mark()
            _click(tabs[index])
            event = app.wait_event("selected", component="segmented")
            assert (event["index"], event["cause"]) == (index, "click"), event
            time.sleep(SLIDE_SECONDS)
            assert len(app.since(mark, "selected")) == 1
            assert _selected(tabs) == [index]
            _assert_underline_under(tablist, tabs, index)

        # Clicking the selected segment again changes nothing.
        mark = app.mark()
        _click(tabs[2])
        app.quiet(0.4)
        assert app.since(mark, "selected") == []

        # Keys (focus is on the selected tab after the click): Left/Right follow what the user sees.
        towards_first = "Right" if rtl else "Left"
        towards_last = "Left" if rtl else "Right"
        current = 2
        for key, expected in [(towards_first, 1), (towards_first, 0), (towards_first, 0), ("End", 2), ("Home", 0), (towards_last, 1)]:
            mark = app.mark()
            xdo("key", key)
            if expected == current:
                app.quiet(0.4)
                assert app.since(mark, "selected") == [], f"{key} at the edge: no event"
                continue
            event = app.wait_event("selected", component="segmented")
            assert (event["index"], event["cause"]) == (expected, "keyboard"), (key, event)
            current = expected
        time.sleep(SLIDE_SECONDS)
        assert _selected(tabs) == [1]
        _assert_underline_under(tablist, tabs, 1)
        # The section the stack shows follows the selection.
        panel = app.find(name="Segmented")
        assert any(n.name.startswith("Details") for n in app.find_all(role="label", root=panel))
        shot = screenshot("segmented" + ("-rtl" if rtl else ""))
        return shot


def test_segmented_clicks_and_keys():
    _run(rtl=False)


def test_segmented_rtl():
    _run(rtl=True)


def test_segmented_quick_reselection_ends_under_the_last():
    with App("--page", "segmented") as app:
        tablist, tabs = _tabs(app)
        mark = app.mark()
        for index in [2, 1, 2, 0]:
            _click(tabs[index])
            time.sleep(0.06)   # well inside the 300 ms slide: each click retargets
        time.sleep(SLIDE_SECONDS)
        events = app.since(mark, "selected")
        assert [e["index"] for e in events] == [2, 1, 2, 0], events
        assert _selected(tabs) == [0]
        _assert_underline_under(tablist, tabs, 0)


def test_segmented_reduced_motion_is_instant():
    with App("--page", "segmented", "--reduce-motion") as app:
        tablist, tabs = _tabs(app)
        _click(tabs[2])
        app.wait_event("selected", component="segmented", index=2)
        time.sleep(0.08)   # a few frames, far less than the slide
        _assert_underline_under(tablist, tabs, 2)
