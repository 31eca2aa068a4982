"""The QA panel as a tester's tool, driven as a user would (pointer and keys) and read through AT-SPI: the filters
(in a popover built when the Filters button first opens),
Pause and Resume, Clear, Save…, Copy (read back with xclip), the counts and the last gesture's summary, the log's view filling the panel and following its newest line, and a
Tab stop for every control."""

import json
import os
import subprocess
import tempfile

import pyatspi

from harness import App, atspi_call, extents, wait_until, xdo
from look import Window, drop_down_open
from snapchecks import wheel


def _log_view(app):
    return app.find(role="text", name="QA event log")


def _shown(app):
    """The lines the panel's view shows, parsed."""
    view = _log_view(app)
    text = atspi_call(lambda: (lambda t: t.getText(0, t.characterCount))(view.queryText()), "log text")
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def _label_starting(app, prefix):
    names = [n.name for n in app.find_all(role="label") if n.name.startswith(prefix)]
    assert len(names) == 1, names
    return names[0]


def filters_button(app, prefix="Filters"):
    """The panel's Filters button (its name is "Filters", or "Filters: …" naming the filters set)."""
    found = []

    def look():
        found[:] = [n for n in app.find_all(role="push button") if n.name.startswith(prefix)]
        return bool(found)
    wait_until(look, message=f"a button named {prefix}…")
    return found[0]


def _choose(app, window, name, index):
    """Opens the Filters popover (built the first time), picks entry `index` (0 = All) of its drop-down `name` with
    the keyboard, and closes the popover with Escape. The keyboard, because GTK 4.8 gives a popover's widgets
    extents in the popover's own surface, not the window's: the popover opens with the focus on its first
    drop-down, Tab reaches the second, Space opens a list."""
    window.click(filters_button(app))
    drops = [app.find(role="combo box", name=n) for n in ("Filter by event", "Filter by component")]
    wait_until(lambda: _focus_within(app, drops[0]), message="the focus in the Filters popover")
    if name == "Filter by component":
        xdo("key", "Tab")
    drop = next(d for d in drops if d.name == name)
    wait_until(lambda: _focus_within(app, drop), message=f"the focus on {name}")
    xdo("key", "space")
    wait_until(lambda: drop_down_open(app, drop), message=f"the list of {name} to open")
    xdo("key", "--delay", "60", "Home", *["Down"] * index, "Return")
    wait_until(lambda: not drop_down_open(app, drop), message=f"the list of {name} to close")
    xdo("key", "Escape")
    wait_until(lambda: not app.find_all(role="combo box", name=name), message="the Filters popover to close")


def _focus_within(app, node):
    return any(n.getState().contains(pyatspi.STATE_FOCUSED) for n in [node] + app.find_all(root=node))


def _notch(app, window):
    pane = app.find(role="scroll pane", name="Fruit strip")
    x, y, w, h = window.rect(pane)
    m = app.mark()
    wheel((x + w // 2, y + h // 2), 7)
    return app.wait_event("settled", component="strip"), m


def test_filter_pause_clear_and_the_summary():
    with App("--page", "strip", "--size", "960x760") as app:
        app.accessible()
        window = Window(app)
        settled, _ = _notch(app, window)
        wait_until(lambda: any(e.get("seq") == settled["seq"] for e in _shown(app)), message="the settle in the view")
        assert [e["seq"] for e in _shown(app)] == [e["seq"] for e in app.events], (_shown(app), app.events)
        wait_until(lambda: _label_starting(app, "Last gesture: ").startswith("Last gesture: wheel on strip: 0 → 1, "),
                   message="the last gesture's summary")
        assert "settled 1" in _label_starting(app, "Counts: "), _label_starting(app, "Counts: ")

        # Filter by event: only the settles (entry 2 after All and ready); the counts stay whole.
        _choose(app, window, "Filter by event", 2)
        wait_until(lambda: [e["event"] for e in _shown(app)] == ["settled"], message="only settled lines")
        assert "gesture 2" in _label_starting(app, "Counts: ")
        filters_button(app, "Filters: settled")   # the button names the filter set
        # And by component: the strip's lines; a page's lines are another's (none here).
        _choose(app, window, "Filter by component", 4)
        wait_until(lambda: [e["event"] for e in _shown(app)] == ["settled"], message="the strip's settled lines")
        _choose(app, window, "Filter by event", 0)
        wait_until(lambda: {e.get("component") for e in _shown(app)} == {"strip"} and len(_shown(app)) == 3,
                   message="every strip line, ready left out")
        filters_button(app, "Filters: strip")

        # Pause: the next lines are held and counted on the button, then shown on resume.
        pause = app.find(role="push button", name="Pause")
        window.click(pause)
        held, _ = _notch(app, window)
        wait_until(lambda: app.find_all(role="push button", name="Resume (3 new)"), message="three lines held")
        assert held["seq"] not in [e["seq"] for e in _shown(app)]
        window.click(app.find(role="push button", name="Resume (3 new)"))
        wait_until(lambda: held["seq"] in [e["seq"] for e in _shown(app)], message="the held lines shown on resume")
        app.find(role="push button", name="Pause")

        # Clear: the view, the counts and the summary are empty; the log on standard output goes on.
        window.click(app.find(role="push button", name="Clear"))
        wait_until(lambda: _shown(app) == [] and _label_starting(app, "Counts: ") == "Counts: none",
                   message="the view and the counts cleared")
        assert _label_starting(app, "Last gesture: ") == "Last gesture: none yet"
        again, _ = _notch(app, window)
        wait_until(lambda: [e["seq"] for e in _shown(app)][-1:] == [again["seq"]], message="new lines after Clear")


def test_save_writes_the_lines_shown_and_every_control_is_a_tab_stop():
    folder = tempfile.mkdtemp(prefix="qa-save-")
    path = os.path.join(folder, "saved.jsonl")
    with App("--page", "strip", "--size", "960x760") as app:
        app.accessible()
        window = Window(app)
        _notch(app, window)
        wait_until(lambda: len(_shown(app)) == len(app.events), message="every line in the view")
        shown = _shown(app)
        window.click(app.find(role="push button", name="Save…"))
        # GTK's save dialog, its name field focused: a whole path there names the folder too.
        wait_until(lambda: app.find_all(name="Save the QA event log"), message="the save dialog")
        xdo("key", "ctrl+a")
        xdo("type", "--delay", "20", path)
        xdo("key", "Return")
        wait_until(lambda: os.path.exists(path) and open(path).read().endswith("\n"), message="the file saved")
        with open(path) as f:
            saved = [json.loads(line) for line in f]
        assert saved == shown, (saved, shown)

        # Copy: the same lines on the clipboard (read back by another X client).
        window.click(app.find(role="push button", name="Copy"))

        def clipboard():
            p = subprocess.run(["xclip", "-o", "-selection", "clipboard"], capture_output=True, text=True, timeout=10)
            return p.stdout if p.returncode == 0 else None
        wait_until(lambda: clipboard() is not None, message="the clipboard to hold text")
        assert [json.loads(line) for line in clipboard().splitlines()] == shown, clipboard()

        # Shift+Tab from the log's view goes back through the panel: each control takes the focus in turn, none
        # skipped (a menu button's focus is on the button inside it).
        names = ["Filters", "Pause", "Clear", "Copy", "Save…"]
        view = _log_view(app)
        window.click(view)
        wait_until(lambda: view.getState().contains(pyatspi.STATE_FOCUSED), message="the log focused")
        for name in reversed(names):
            xdo("key", "shift+Tab")
            wait_until(lambda: _focused_in(app, name), message=f"the focus on {name}")


def _focused_in(app, name):
    """Whether the control named `name`, or something inside it, has the keyboard focus."""
    node = filters_button(app) if name == "Filters" else app.find(name=name, role="push button")
    return _focus_within(app, node)


def test_the_log_view_follows_its_newest_line():
    """Once the log's view is full, every new event's lines still come into view: the view follows its newest line
    (scrolled by the panel itself, since GtkTextView's scrolling to a line animates and kept GTK's frame clock
    running while the log grew). The view's pixels change with each new line; a view left at its top would not."""
    with App("--page", "strip") as app:
        app.accessible()
        window = Window(app)
        x, y, w, h = window.rect(app.find(role="scroll pane", name="Fruit strip"))
        centre = (x + w // 2, y + h // 2)
        # Four notches, each a gesture's start and end and a settle: 13 lines with `ready`, the view shows 5.
        for i in range(4):
            wheel(centre, 5 if i % 2 == 0 else 4)
            app.wait_event("settled", component="strip", index=1 if i % 2 == 0 else 0)
        window.park_pointer()
        lx, ly, lw, lh = window.rect(_log_view(app))
        before = window.still_shot().region(lx, ly, lx + lw, ly + lh)
        wheel(centre, 5)
        app.wait_event("settled", component="strip", index=1)
        window.park_pointer()
        wait_until(lambda: window.still_shot().region(lx, ly, lx + lw, ly + lh) != before,
                   message="the newest lines shown in the log's view")
