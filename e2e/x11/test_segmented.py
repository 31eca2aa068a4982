"""The segmented page: clicking each segment and pressing keys selects it (`selected` events with
the right cause, the tab selected in the accessibility tree), and after the slide the underline sits
under the selected segment in a screenshot. Right to left mirrors the segments and the arrows."""

import time

import pyatspi

from harness import PATIENCE, App, extents, screenshot, wait_until, xdo
from look import Shot

WINDOW_OFFSET = 5          # window coordinates → screen (client-side border)


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
    top = y + WINDOW_OFFSET + h // 2
    shot = Shot(x, top, w + 2 * WINDOW_OFFSET, h)
    rows = {}
    for py in range(top, top + shot.height):
        for px in range(x, x + shot.width):
            r, g, b = shot.at(px, py)
            if b > r + 60 and b > 120:   # the accent (the theme's selection blue toward the text colour), not grey text or borders
                rows.setdefault(py, []).append(px)
    assert rows, "no underline found"
    xs = max(rows.values(), key=len)
    return min(xs), max(xs) - min(xs) + 1


def _resting_under(tablist, tabs):
    """The tab the underline rests under in a screenshot now (its span the tab's, to a pixel), or None while it is
    between tabs; and the span."""
    ux, uw = _underline_span(tablist)
    for i, tab in enumerate(tabs):
        tx, _, tw, _ = extents(tab)
        if abs(ux - (tx + WINDOW_OFFSET)) <= 1 and abs(uw - tw) <= 1:
            return i, (ux, uw)
    return None, (ux, uw)


def _wait_underline_rests_under(tablist, tabs, index):
    """Samples the screen until the underline rests under tab `index` (the slide's end state), within the harness's
    patience, then checks it is under that tab only. Returns where each sample found it (None: between tabs)."""
    samples = []
    deadline = time.monotonic() + PATIENCE
    while True:
        under, span = _resting_under(tablist, tabs)
        samples.append(under)
        if under == index:
            break
        assert time.monotonic() < deadline, \
            f"the underline never came to rest under tab {index}: at {span}, {len(samples)} samples, the last {samples[-8:]}"
    _assert_underline_under(tablist, tabs, index)
    return samples


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
        _wait_underline_rests_under(tablist, tabs, 0)

        # Click each segment: one selected event (cause click), the tab selected, the underline under it.
        for index in [2, 1, 0, 2]:
            mark = app.mark()
            _click(tabs[index])
            event = app.wait_event("selected", component="segmented")
            assert (event["index"], event["cause"]) == (index, "click"), event
            _wait_underline_rests_under(tablist, tabs, index)
            # One click, one event: none came during the slide either.
            assert len(app.since(mark, "selected")) == 1
            assert _selected(tabs) == [index]

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
        _wait_underline_rests_under(tablist, tabs, 1)
        assert _selected(tabs) == [1]
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
            time.sleep(0.06)   # input pacing, well inside the 300 ms slide: each click retargets
        wait_until(lambda: len(app.since(mark, "selected")) >= 4, message="a selected event for each click")
        _wait_underline_rests_under(tablist, tabs, 0)
        events = app.since(mark, "selected")
        assert [e["index"] for e in events] == [2, 1, 2, 0], events
        assert _selected(tabs) == [0]


def test_segmented_reduced_motion_is_instant():
    with App("--page", "segmented", "--reduce-motion") as app:
        tablist, tabs = _tabs(app)
        _wait_underline_rests_under(tablist, tabs, 0)
        _click(tabs[2])
        app.wait_event("selected", component="segmented", index=2)
        # From the selection on, every screenshot finds the underline at rest: under the first tab (the frame with
        # the jump not drawn yet) until it is under the third, never between them as a slide would show it.
        samples = _wait_underline_rests_under(tablist, tabs, 2)
        assert set(samples) <= {0, 2}, f"the underline was seen between the tabs: {samples}"
