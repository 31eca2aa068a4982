"""The QA event log as a tester reads it and a script checks it: `seq` and `t` on every line (the harness checks
them on every line of every test), gestures with their release, page switches, settings, resizes, the causes that
tell autoplay, keys and clicks apart, one `page` event per page change, and `--start-item`."""

import time

import pyatspi

from harness import App, run_demo, xdo
from hostile import centre, window_origin
from look import header_tab
from snapchecks import Strip, app_window, drag, wheel
import test_carousel as carousel
from test_main_menu import focus_item, open_menu

STRIP_PITCH = 100 + 70
FRUIT = ["🍎", "🍊", "🍇", "🍌", "🍉", "🍐", "🍒"]


def _strip(app):
    return Strip(app, "Strip", "Fruit strip", "panel", lambda i: f"{FRUIT[i]}, item {i + 1}", STRIP_PITCH, len(FRUIT))


def _gesture(app, mark, component):
    """The one gesture since `mark`: its start and end, in that order, and the settle after them."""
    events = [e for e in app.since(mark) if e.get("component") == component and e["event"] in ("gesture", "settled")]
    kinds = [(e["event"], e.get("phase")) for e in events]
    assert kinds == [("gesture", "start"), ("gesture", "end"), ("settled", None)], events
    return events


def test_every_line_starts_with_event_seq_and_t():
    with App("--page", "strip") as app:
        assert app.ready["seq"] == 1 and app.ready["t"] > 0, app.ready
        s = _strip(app)
        m = app.mark(); wheel(s.centre_on_screen(), 7); s.settle(m, "strip", 1, "wheel")
        # The harness checked each line as it came (seq one more than the last, t never less); here, all at once.
        seqs = [e["seq"] for e in app.events]
        assert seqs == list(range(1, len(seqs) + 1)), seqs
        times = [e["t"] for e in app.events]
        assert times == sorted(times), times


def test_a_drag_and_a_wheel_burst_are_gestures_with_their_release():
    with App("--page", "strip") as app:
        s = _strip(app)
        m = app.mark()
        # A quick throw toward later items: 300 px in 6 moves 15 ms apart, released while moving.
        drag(s.centre_on_screen(), -300, 6, 0.015)
        settled = app.wait_event("settled", component="strip")
        start, end, settled = _gesture(app, m, "strip")
        assert start["input"] == "drag" and start["index"] == 0, start
        assert end["input"] == "drag" and end["index"] == 0, end
        assert end["velocity"] > 300, f"a throw is hundreds of px/s: {end}"
        assert end["peak"] >= end["velocity"] * 0.5, end
        assert end["target"] == settled["index"] and settled["cause"] == "drag", (end, settled)
        assert end["projected"] > 300, f"the throw projects past where it was let go: {end}"
        assert start["t"] <= end["t"] <= settled["t"], (start, end, settled)

        m = app.mark()
        wheel(s.centre_on_screen(), 6, times=2)
        settled = app.wait_event("settled", component="strip", cause="wheel")
        start, end, settled = _gesture(app, m, "strip")
        assert start["input"] == end["input"] == "wheel", (start, end)
        assert end["velocity"] == 0 and end["peak"] == 0, end
        assert end["target"] == settled["index"] and end["projected"] == settled["offset"], (end, settled)


def test_keys_are_gestures_and_enter_on_the_tab_at_rest_is_a_tap_only():
    with App("--page", "menu") as app:
        app.accessible()
        m = app.mark()
        xdo("key", "Right")
        settled = app.wait_event("settled", component="menu", cause="keyboard")
        start, end, _ = _gesture(app, m, "menu")
        assert start["input"] == end["input"] == "keyboard" and end["target"] == 1 == settled["index"], (start, end)
        m = app.mark()
        xdo("key", "Return")
        app.wait_event("tapped", component="menu", index=1)
        quiet = app.quiet(0.6)   # the time a settle would take to show
        assert [e["event"] for e in app.since(m)] == ["tapped"], app.since(m) + quiet


def test_switched_names_the_page_and_its_cause():
    with App("--page", "menu", "--size", "960x640") as app:
        app.accessible()
        origin = window_origin(app)
        m = app.mark()
        xdo("mousemove", *centre(header_tab(app, "carousel"), origin), "click", 1)
        app.wait_event("switched", page="carousel", cause="click")
        xdo("mousemove", *centre(header_tab(app, "strip"), origin), "click", 1)
        app.wait_event("switched", page="strip", cause="click")
        assert [(e["page"], e["cause"]) for e in app.since(m, "switched")] == [("carousel", "click"), ("strip", "click")]

    # The keyboard: Shift+Tab from the page's component reaches the header's last tab (Carousel); Space opens it.
    with App("--page", "menu", "--size", "960x640") as app:
        app.accessible()
        switcher = app.find(role="panel", name="Demo pages")

        def focused_tab():
            tabs = [n.name for n in app.find_all(role="page tab", root=switcher)
                    if n.getState().contains(pyatspi.STATE_FOCUSED)]
            return tabs[0] if tabs else None
        for _ in range(6):
            xdo("key", "shift+Tab")
            if wait_until_or_none(focused_tab):
                break
        assert focused_tab() == "Carousel", focused_tab()
        m = app.mark()
        xdo("key", "space")
        app.wait_event("switched", page="carousel", cause="keyboard")
        assert len(app.since(m, "switched")) == 1, app.since(m, "switched")


def wait_until_or_none(predicate, seconds=1.0):
    """`predicate()` once it is true within `seconds`, else None: for a step that may or may not change something
    (a Shift+Tab that moves the focus somewhere else than the header)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    return None


def _setting(app, name, value):
    """Waits for the next `setting` event and checks it names `name` set to `value` (`name` is also wait_event's
    own parameter, so the fields are compared here)."""
    event = app.wait_event("setting")
    assert (event["name"], event["value"]) == (name, value), event


def test_each_setting_change_is_logged_once_whoever_makes_it():
    with App("--page", "menu") as app:
        app.accessible()
        m = app.mark()
        xdo("key", "ctrl+l")
        _setting(app, "qaPanel", False)
        xdo("key", "ctrl+l")
        _setting(app, "qaPanel", True)
        open_menu(app)
        focus_item(app, "Reduce motion")
        xdo("key", "Return")
        _setting(app, "reduceMotion", True)
        open_menu(app)
        focus_item(app, "Right to left")
        xdo("key", "Return")
        _setting(app, "rightToLeft", True)
        app.quiet(0.3)
        settings = [(e["name"], e["value"]) for e in app.since(m, "setting")]
        assert settings == [("qaPanel", False), ("qaPanel", True), ("reduceMotion", True), ("rightToLeft", True)], settings


def test_a_resize_is_one_resized_event_with_the_new_size():
    with App("--page", "strip", "--size", "960x640") as app:
        app.accessible()
        m = app.mark()
        xdo("windowsize", app_window(), 800, 600)
        event = app.wait_event("resized")
        app.quiet(0.5)
        assert app.since(m, "resized") == [event], app.since(m, "resized")
        # The size is the window's as the display has it (as `ready` reports it): its frame plus GTK's margin.
        assert event["width"] - app.ready["width"] == 800 - 960 and event["height"] - app.ready["height"] == 600 - 640, \
            (app.ready, event)


def test_autoplay_back_to_first_and_dots_have_their_own_causes_and_one_page_event_each():
    # Three seconds between advances: the clicks below fit between two of them (each movement restarts the countdown).
    with App("--page", "carousel", "--autoplay", "3") as app:
        app.accessible()
        app.wait_event("page", component="carousel", index=1, cause="autoplay")
        app.wait_event("settled", component="carousel", index=1, cause="autoplay")
        # A click on a dot three pages away is one page event.
        m = app.mark()
        xdo("mousemove", *carousel._centre(app, carousel._dot(app, 4)), "click", 1)
        carousel._settle(app, 4, "click")
        assert carousel._page_events(app, m) == [(4, "click")], carousel._page_events(app, m)
        m = app.mark()
        button = app.find(role="push button", name="Back to first", root=carousel._panel(app))
        xdo("mousemove", *carousel._centre(app, button), "click", 1)
        carousel._settle(app, 0, "programmatic")
        assert carousel._page_events(app, m) == [(0, "programmatic")], carousel._page_events(app, m)
        assert not [e for e in app.since(m, "gesture")], "a request is not a gesture"


def test_start_item_settles_after_ready_with_the_real_offset():
    with App("--page", "strip", "--start-item", "3") as app:
        settled = app.wait_event("settled", component="strip")
        assert app.events[0]["event"] == "ready" and app.events[1] is settled, app.events[:3]
        assert settled == {**settled, "index": 3, "offset": 3 * STRIP_PITCH, "cause": "programmatic"}, settled
        _strip(app).assert_centred(3)
    with App("--page", "carousel", "--start-item", "2") as app:
        settled = app.wait_event("settled", component="carousel")
        assert app.events[1] is settled and settled["index"] == 2 and settled["offset"] > 0, app.events[:3]
        carousel._assert_in_place(app, 2)
    with App("--page", "menu", "--start-item", "99") as app:
        settled = app.wait_event("settled", component="menu")
        assert settled["index"] == 6 and settled["offset"] == 600, settled


def test_a_bad_start_item_is_refused():
    for value in ["-1", "x", "1000000000", "3.5"]:
        status, _, stderr = run_demo(f"--start-item={value}")
        assert status == 2 and stderr == (
            f'snapscroll-demo: bad item "{value}" for --start-item (expected a whole number, 0...999999999, '
            'e.g. 500000)\n'), (value, status, stderr)
    _, help_text, _ = run_demo("--help")
    assert "--start-item=N" in help_text and "(default 0)" in help_text, help_text
