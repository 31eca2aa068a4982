"""Snap guides (`--snap-guides`, Ctrl+G): drawn over the menu, the strip and the carousel, and nothing else changes:
the same input settles on the same items at the same offsets as without them."""

from harness import App, xdo, wait_until
from look import Window, switch_page
from snapchecks import drag, wheel
from test_main_menu import checked, open_menu, menu_closed

# The snapping pages and their scroll panes' accessible names.
PANES = {"menu": "Weekday menu", "strip": "Fruit strip", "carousel": "Banners"}
SIZE = "960x640"
# The offset's label sits at the pane's top start corner, over plain background at rest in this window size.
LABEL_CORNER = (2, 2, 60, 18)


def pane_rect(app, window, page):
    return window.rect(app.find(role="scroll pane", name=PANES[page]))


def pane_pixels(window, rect, inset=0):
    """The pane's pixels (`inset` px in from its edges) once the window has stopped changing."""
    x, y, w, h = rect
    return window.still_shot().region(x + inset, y + inset, x + w - inset, y + h - inset)


def corner_marks(window, rect):
    """How many pixels of the pane's top start corner differ from that corner's background (the offset's label)."""
    x, y, _, _ = rect
    x0, y0, x1, y1 = LABEL_CORNER
    pixels = window.shot().region(x + x0, y + y0, x + x1, y + y1)
    background = max(set(pixels), key=pixels.count)
    return sum(1 for p in pixels if p != background)


def gestures(app, window, page):
    """A wheel notch forward, then a slow drag back held still before release (so no fling: the nearest item, the
    same whatever the timing); returns their settled events as (index, offset, cause)."""
    x, y, w, h = pane_rect(app, window, page)
    centre = (int(x + w / 2), int(y + h / 2))
    mark = app.mark()
    wheel(centre, 7)
    app.wait_event("settled", component=page)
    # Dragged right by a little more than half an item (the carousel's pages are wider: a third of the pane).
    distance = int(w / 3) if page == "carousel" else 120
    drag(centre, distance, 10, 0.03, hold=0.3)
    app.wait_event("settled", component=page)
    app.quiet()
    return [(e["index"], e["offset"], e["cause"]) for e in app.since(mark, "settled")]


def test_guides_draw_over_each_component_and_settle_the_same():
    for page in PANES:
        runs = {}
        for guided in (False, True):
            args = ["--page", page, "--size", SIZE] + (["--snap-guides"] if guided else [])
            with App(*args) as app:
                app.accessible()
                window = Window(app)
                window.park_pointer()
                rect = pane_rect(app, window, page)
                runs[guided] = {"rect": rect, "pixels": pane_pixels(window, rect),
                                "corner": corner_marks(window, rect), "settled": gestures(app, window, page)}
        plain, guided = runs[False], runs[True]
        assert plain["rect"] == guided["rect"], (page, plain["rect"], guided["rect"])   # no layout change
        changed = sum(1 for a, b in zip(plain["pixels"], guided["pixels"]) if a != b)
        # At least the alignment line's 2 px by the pane's height, and the offset's label.
        assert changed >= 2 * plain["rect"][3] + 50, f"{page}: only {changed} pixels differ with guides"
        assert plain["corner"] == 0 and guided["corner"] >= 20, (page, plain["corner"], guided["corner"])
        assert plain["settled"] == guided["settled"], (page, plain["settled"], guided["settled"])
        assert [cause for _, _, cause in guided["settled"]] == ["wheel", "drag"], guided["settled"]
        assert guided["settled"][0][0] == 1 and guided["settled"][1][0] == 0, guided["settled"]


def test_ctrl_g_toggles_the_guides_on_every_page_and_the_menu_follows():
    with App("--page", "menu", "--size", SIZE) as app:
        app.accessible()
        window = Window(app)
        window.park_pointer()
        rect = pane_rect(app, window, "menu")
        plain_inside = pane_pixels(window, rect, inset=4)
        assert corner_marks(window, rect) == 0
        xdo("key", "ctrl+g")
        wait_until(lambda: corner_marks(window, rect) >= 20, message="Ctrl+G to draw the guides")
        open_menu(app)
        assert "Snap guides" in checked(app), checked(app)
        xdo("key", "Escape")
        wait_until(lambda: menu_closed(app), message="the menu to close")
        # A page built after the switch was turned on shows them too.
        for page in ("strip", "carousel"):
            switch_page(app, window, page)
            window.park_pointer()
            page_rect = pane_rect(app, window, page)
            window.still_shot()
            assert corner_marks(window, page_rect) >= 20, f"no guides on the {page}"
        switch_page(app, window, "menu")
        window.park_pointer()
        xdo("key", "ctrl+g")
        wait_until(lambda: corner_marks(window, rect) == 0, message="Ctrl+G to take the guides away")
        # Inside the focus ring, which the keys used since may have turned on.
        assert pane_pixels(window, rect, inset=4) == plain_inside, "the menu does not look as it did before the guides"
        open_menu(app)
        assert "Snap guides" not in checked(app), checked(app)
        xdo("key", "Escape")
