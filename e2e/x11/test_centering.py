"""The centring page: a CenteringBox of chips. Adding chips crosses into scrolling (child start
edge at the view's start edge), removing them crosses back (child centred within 0.5 px), with one
`layout` event per crossing, in both directions of text."""

from harness import App, extents, screenshot, wait_until, xdo

# Extents are in window coordinates; the window's client-side border puts the screen a few pixels
# further right and down. Clicks aim at a button's middle, so the exact figure does not matter.
WINDOW_OFFSET = 5
MAX_CHIPS = 40


# The centring box's inner padding at its ends (SnapGtk's stylesheet), visible once the content scrolls.
INSET = 12


def _click(node):
    x, y, w, h = extents(node)
    xdo("mousemove", x + w // 2 + WINDOW_OFFSET, y + h // 2 + WINDOW_OFFSET, "click", 1)


def _click_and_wait_for_layout(node, row, grows):
    """Clicks `node` (Add or Remove chip), then waits until the row is laid out with one chip more (`grows`) or less:
    wider or narrower than before."""
    before = extents(row)[2]
    _click(node)
    wait_until(lambda: (extents(row)[2] - before) * (1 if grows else -1) > 0,
               message=f"the row to {'grow' if grows else 'shrink'} by a chip from {before} px")


def _fit(view, row):
    """Whether the row fits inside the view's insets (True), overflows them (False), or is within a pixel of the
    edge, where the view's one-pixel border leaves it undecided from outside (None)."""
    _, _, vw, _ = extents(view)
    _, _, rw, _ = extents(row)
    room = vw - 2 * INSET
    return True if rw < room - 1 else False if rw > room + 1 else None


def _label_shown(app, panel, *names):
    labels = [n.name for n in app.find_all(role="label", root=panel)]
    return [name for name in names if name in labels]


def _run(rtl):
    args = ["--page", "centering"] + (["--rtl"] if rtl else [])
    with App(*args) as app:
        first = app.wait_event("layout", component="centering")
        assert first["mode"] == "centered", first
        panel = app.find(name="Centring")
        view = app.find(role="scroll pane", name="Chips, centred when they fit", root=panel)
        row = app.find(name="Chips", root=panel)
        add = app.find(role="push button", name="Add chip", root=panel)
        remove = app.find(role="push button", name="Remove chip", root=panel)

        def centred():
            vx, _, vw, _ = extents(view)
            rx, _, rw, _ = extents(row)
            assert rw < vw, (rw, vw)
            assert abs((rx + rw / 2) - (vx + vw / 2)) <= 0.5, ("not centred", (rx, rw), (vx, vw))

        centred()
        assert _label_shown(app, panel, "Centred") == ["Centred"]

        # Add chips one at a time until the row overflows: exactly one layout event, at the crossing. Once a chip is
        # laid out, the row either still fits (no event, centred) or overflows (the event is due, from an idle).
        mark = app.mark()
        added = 0
        while not app.since(mark, "layout"):
            assert added < MAX_CHIPS, "never started scrolling"
            _click_and_wait_for_layout(add, row, grows=True)
            added += 1
            fit = _fit(view, row)
            if fit is False:
                app.wait_event("layout", component="centering")
            elif fit:
                assert not app.since(mark, "layout"), ("a layout event while the row fits", app.since(mark, "layout"))
                centred()
        # Nothing more follows the crossing: the time for a second event to show.
        app.quiet(0.3)
        events = app.since(mark, "layout")
        assert [e["mode"] for e in events] == ["scrolling"], events
        vx, _, vw, _ = extents(view)
        rx, _, rw, _ = extents(row)
        assert rw > vw, (rw, vw)
        # The row starts one inset (the box's inner padding) from the view's start edge; the view's border is one
        # pixel: its extents and its inner edge differ by at most that.
        if rtl:
            assert abs((rx + rw) - (vx + vw - INSET)) <= 1, ("RTL: the row's right edge is not an inset from the view's right", rx, rw, vx, vw)
        else:
            assert abs(rx - (vx + INSET)) <= 1, ("the row's left edge is not an inset from the view's left", rx, vx)
        assert _label_shown(app, panel, "Scrolling") == ["Scrolling"]
        screenshot("centering-scrolling" + ("-rtl" if rtl else ""))

        # One more chip scrolls further without another event (given the time one would take to show).
        mark = app.mark()
        _click_and_wait_for_layout(add, row, grows=True)
        app.quiet(0.4)
        assert app.since(mark, "layout") == []

        # Remove chips until it fits again: one event, centred once more.
        mark = app.mark()
        removed = 0
        while not app.since(mark, "layout"):
            assert removed < MAX_CHIPS, "never centred again"
            _click_and_wait_for_layout(remove, row, grows=False)
            removed += 1
            if _fit(view, row):
                app.wait_event("layout", component="centering")
        # Nothing more follows the crossing: the time for a second event to show.
        app.quiet(0.3)
        events = app.since(mark, "layout")
        assert [e["mode"] for e in events] == ["centered"], events
        centred()
        assert _label_shown(app, panel, "Centred") == ["Centred"]
        assert removed == 2, f"crossing back took {removed} removals after {added + 1} additions"
        screenshot("centering" + ("-rtl" if rtl else ""))


def test_centering_crosses_the_threshold_both_ways():
    _run(rtl=False)


def test_centering_rtl():
    _run(rtl=True)
