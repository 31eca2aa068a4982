"""Editing the items as an application does (the contract's four edit buttons on the strip and the carousel
pages): the current item stays the same item, exactly centred, or hands over to its neighbour when removed; each
edit ends in exactly one `settled` with cause `dataChange`, and a `page` event only when the current index moved."""

from harness import App, extents, screenshot, xdo
from look import open_options
from snapchecks import TOLERANCE, Strip, wheel
from test_carousel import TITLES, _carousel_centre, _centre, _panel

FRUIT = ["🍎", "🍊", "🍇", "🍌", "🍉", "🍐", "🍒"]
PITCH = 100 + 70


def _title(item, new_titles):
    """The title of an item id: the content's (an int) or a new item's (a string)."""
    return item if isinstance(item, str) else new_titles[item]


def _press(app, s_or_none, name, panel):
    button = app.find(role="push button", name=name, root=panel)
    x, y, w, h = extents(button)
    if s_or_none is not None:
        point = s_or_none.screen_point(x + w / 2, y + h / 2)
    else:
        point = _centre(app, button)
    xdo("mousemove", *point, "click", 1)


def _one_settle(app, mark, component):
    event = app.wait_event("settled", component=component, cause="dataChange")
    app.quiet(0.5)
    settled = [e for e in app.since(mark, "settled") if e.get("component") == component]
    assert settled == [event], f"expected exactly one settled, got {settled}"
    return event


def test_strip_insert_remove_and_move_keep_the_current_card_centred():
    _strip_edits()


def test_strip_edits_under_reduced_motion_settle_once_at_once():
    _strip_edits("--reduce-motion")


def _strip_edits(*options):
    with App("--page", "strip", *options) as app:
        items = list(range(len(FRUIT)))
        s = Strip(app, "Strip", "Fruit strip", "panel",
                  lambda i: f"{_title(items[i], FRUIT)}, item {i + 1}", PITCH, len(items))
        open_options(app, s.panel)
        m = app.mark(); wheel(s.centre_on_screen(), 7, times=3); s.settle(m, "strip", 3, "wheel")
        current = 3
        new = 0

        def edit(button, expected_index):
            m = app.mark()
            _press(app, s, button, s.panel)
            event = _one_settle(app, m, "strip")
            s.count = len(items)
            assert event["index"] == expected_index, (button, event)
            assert event["offset"] == expected_index * PITCH, (button, event)
            error = s.item_centre(expected_index) - s.pane_centre()[0]
            assert abs(error) <= TOLERANCE, f"{button}: {s.names(expected_index)} is {error} px off centre"
            return event

        new += 1; items.insert(current, f"New {new}"); current += 1
        edit("Insert before", current)
        assert items[current] == 3
        new += 1; items.insert(current + 1, f"New {new}")
        edit("Insert after", current)
        items.append(items.pop(current)); current = len(items) - 1
        edit("Move current to end", current)
        assert items[current] == 3
        if not options:
            screenshot("strip-edited")
        # The current card was the last: the one before it takes over.
        items.pop(current); current -= 1
        edit("Remove current", current)
        # A card in the middle: the next one takes over, at the same index.
        m = app.mark(); wheel(s.centre_on_screen(), 6, times=current - 2); s.settle(m, "strip", 2, "wheel")
        items.pop(2)
        edit("Remove current", 2)


def test_carousel_insert_remove_and_move_keep_the_current_banner_in_place():
    _carousel_edits()


def test_carousel_edits_under_reduced_motion_settle_once_at_once():
    _carousel_edits("--reduce-motion")


def _carousel_edits(*options):
    with App("--page", "carousel", *options) as app:
        items = list(range(len(TITLES)))
        panel = _panel(app)
        open_options(app, panel)

        def banner(i):
            return app.find(name=f"Banner {i + 1} of {len(items)}: {_title(items[i], TITLES)}", root=panel)

        def pane_centre():
            x, _, w, _ = extents(app.find(role="scroll pane", name="Banners", root=panel))
            return x + w / 2

        m = app.mark(); wheel(_carousel_centre(app), 7, times=2)
        app.wait_event("settled", component="carousel", index=2, cause="wheel")
        current = 2
        new = 0

        def edit(button, expected_index, page_moves):
            m = app.mark()
            _press(app, None, button, panel)
            event = _one_settle(app, m, "carousel")
            assert event["index"] == expected_index, (button, event)
            pages = [(e["index"], e["cause"]) for e in app.since(m, "page") if e.get("component") == "carousel"]
            assert pages == ([(expected_index, "dataChange")] if page_moves else []), (button, pages)
            x, _, w, _ = extents(banner(expected_index))
            error = x + w / 2 - pane_centre()
            assert abs(error) <= TOLERANCE, f"{button}: banner {expected_index} is {error} px off centre"

        new += 1; items.insert(current, f"New {new}"); current += 1
        edit("Insert before", current, page_moves=True)
        new += 1; items.insert(current + 1, f"New {new}")
        edit("Insert after", current, page_moves=False)
        items.append(items.pop(current)); current = len(items) - 1
        edit("Move current to end", current, page_moves=True)
        assert items[current] == 2
        if not options:
            screenshot("carousel-edited")
        items.pop(current); current -= 1
        edit("Remove current", current, page_moves=True)
        assert items[current] == 4


def test_new_strip_items_can_be_told_apart():
    """Two inserted cards, "New 1" and "New 2", each show its whole title: their pixels differ (in the fruit's 40 px
    type both showed "Ne…", the same picture)."""
    from look import Window
    with App("--page", "strip", "--size", "960x640") as app:
        app.accessible()
        window = Window(app)
        s = Strip(app, "Strip", "Fruit strip", "panel", lambda i: f"{FRUIT[i]}, item {i + 1}", PITCH, len(FRUIT))
        open_options(app, s.panel)
        for _ in range(2):
            m = app.mark()
            _press(app, s, "Insert after", s.panel)
            _one_settle(app, m, "strip")
        window.park_pointer()
        shot = window.still_shot()
        cards = []
        for name in ("New 2, item 2", "New 1, item 3"):
            x, y, w, h = window.rect(app.find(name=name))
            cards.append(shot.region(x + 4, y + 4, x + w - 4, y + h - 4))
        assert cards[0] != cards[1], "the new cards look the same"
        screenshot("strip-new-items")
