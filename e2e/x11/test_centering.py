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


def test_a_scrolling_row_is_a_tab_stop_with_a_ring_moved_by_keys_and_a_vertical_wheel():
    """Once the chips overflow, the row's view is a Tab stop: it shows a focus ring, its keys scroll it (Home/End to
    the ends, Right a step) and so does a vertical wheel over it (a turn down toward the end)."""
    import pyatspi
    from look import Window, saturation
    with App("--page", "centering", "--size", "360x640") as app:
        app.wait_event("layout", component="centering")
        panel = app.find(name="Centring")
        view = app.find(role="scroll pane", name="Chips, centred when they fit", root=panel)
        row = app.find(name="Chips", root=panel)
        add = app.find(role="push button", name="Add chip", root=panel)
        mark = app.mark()
        for _ in range(MAX_CHIPS):
            if any(e["mode"] == "scrolling" for e in app.since(mark, "layout")):
                break
            _click_and_wait_for_layout(add, row, grows=True)
        app.wait_event("layout", component="centering", mode="scrolling")
        for _ in range(3):   # a few chips more than fit, so a step and a notch have room to move
            _click_and_wait_for_layout(add, row, grows=True)
        window = Window(app)
        window.park_pointer()
        vx, vy, vw, vh = window.rect(view)
        # Across the view's left edge at mid height: its border, or the ring over it.
        edge = [(vx + dx, vy + vh // 2) for dx in range(-2, 5)]
        plain = max(saturation(window.still_shot().at(*p)) for p in edge)
        # The focus is on "Add chip"; Shift+Tab goes back to the row's view.
        xdo("key", "shift+Tab")
        wait_until(lambda: view.getState().contains(pyatspi.STATE_FOCUSED), message="the row's view to take the focus")
        assert plain < 0.2, ("the view's edge is coloured before it has the focus", plain)
        # The ring is drawn on a frame after the focus moved: wait for the pixels that show it.
        wait_until(lambda: max(saturation(window.shot().at(*p)) for p in edge) > 0.3,
                   message="a focus ring on the row's view")

        start = extents(row)[0]
        xdo("key", "End")
        ex, _, ew, _ = extents(view)
        wait_until(lambda: abs(extents(row)[0] + extents(row)[2] - (ex + ew - INSET)) <= 1,
                   message="End to bring the row's end into view")
        xdo("key", "Home")
        wait_until(lambda: extents(row)[0] == start, message="Home to bring the row's start back")
        xdo("key", "Right")
        wait_until(lambda: extents(row)[0] < start, message="Right to move the row a step")
        xdo("key", "Home")
        wait_until(lambda: extents(row)[0] == start, message="Home to bring the row's start back")
        xdo("mousemove", vx + vw // 2, vy + vh // 2, "click", 5)
        wait_until(lambda: extents(row)[0] < start, message="a vertical wheel notch down to scroll the row")
        xdo("click", 4)
        wait_until(lambda: extents(row)[0] == start, message="a notch up to scroll it back")
