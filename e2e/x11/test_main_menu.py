"""The window's GNOME conventions: the main menu (F10, arrow keys, check items that follow their settings), the About
and Keyboard Shortcuts windows, Ctrl+W and Ctrl+Q."""

import os
import re

import pyatspi

from harness import PATIENCE, ROOT, App, screenshot, wait_until, xdo
from look import showing

# The main menu's items, in order: the settings (check items), then the two windows.
CHECKS = ["Reduce motion", "Right to left", "QA event log", "Snap guides"]
ITEMS = CHECKS + ["Keyboard Shortcuts", "About SnapScroll"]


def state(node, which):
    return node.getState().contains(which)


def items(app):
    """The main menu's items, by name: in the accessibility tree only while the menu is open (GTK 4.8 gives a
    popover's items no SHOWING state, and check items the plain menu item role)."""
    found = {}
    for role in ("check menu item", "menu item"):
        for node in app.find_all(role=role):
            if node.name in ITEMS:
                found[node.name] = node
    return found


def open_menu(app):
    """Presses F10 and waits for every item of the menu to show."""
    xdo("key", "F10")
    wait_until(lambda: set(items(app)) == set(ITEMS), message="the main menu's items to show")
    return items(app)


def focused(app):
    return [name for name, node in items(app).items() if state(node, pyatspi.STATE_FOCUSED)]


def checked(app):
    return sorted(name for name, node in items(app).items() if name in CHECKS and state(node, pyatspi.STATE_CHECKED))


def focus_item(app, name):
    """Moves the focus to the item `name` with the arrow keys, as a keyboard user would."""
    for _ in range(len(ITEMS) + 1):
        if focused(app) == [name]:
            return
        before = focused(app)
        xdo("key", "Down")
        wait_until(lambda: focused(app) != before, message="the focus to move down the menu")
    raise AssertionError(f"Down never reached {name}; focused: {focused(app)}")


def qa_panel_shows(app):
    return any(showing(n) for n in app.find_all(role="label", name="QA event log"))


def menu_closed(app):
    return not items(app)


def test_f10_opens_the_main_menu_and_arrows_move_between_items_changing_nothing():
    with App("--page", "menu", "--size", "800x640") as app:
        app.accessible()
        open_menu(app)
        screenshot("main-menu")
        before = checked(app)
        assert before == ["QA event log"], before   # a 640 px window opens with the QA panel
        mark = app.mark()
        # Opened from the keyboard, the first item has the focus; Down and Up move it to the next and back.
        wait_until(lambda: len(focused(app)) == 1, message="an item to take the focus")
        assert focused(app) == [ITEMS[0]], focused(app)
        xdo("key", "Down")
        wait_until(lambda: focused(app) == [ITEMS[1]], message="Down to move the focus to the next item")
        xdo("key", "Down")
        wait_until(lambda: focused(app) == [ITEMS[2]], message="Down to move the focus to the third item")
        xdo("key", "Up")
        wait_until(lambda: focused(app) == [ITEMS[1]], message="Up to move the focus back")
        # Moving the focus toggles nothing and moves nothing: the same items checked, no event from the page.
        assert app.quiet() == [] and app.since(mark) == [], app.since(mark)
        assert checked(app) == before, checked(app)
        # F10 again (or Escape) closes it; the page still answers its keys.
        xdo("key", "F10")
        wait_until(lambda: menu_closed(app), message="F10 to close the menu")
        open_menu(app)
        xdo("key", "Escape")
        wait_until(lambda: menu_closed(app), message="Escape to close the menu")


def test_activating_the_check_items_changes_the_settings_and_they_follow_ctrl_l():
    with App("--page", "menu", "--size", "800x640") as app:
        app.accessible()
        open_menu(app)
        focus_item(app, "Reduce motion")
        xdo("key", "Return")
        wait_until(lambda: menu_closed(app), message="the menu to close once an item is activated")
        open_menu(app)
        assert checked(app) == ["QA event log", "Reduce motion"], checked(app)
        # The QA panel's item hides the panel.
        focus_item(app, "QA event log")
        xdo("key", "Return")
        wait_until(lambda: not qa_panel_shows(app), message="the QA panel to hide")
        open_menu(app)
        assert checked(app) == ["Reduce motion"], checked(app)
        xdo("key", "Escape")
        wait_until(lambda: menu_closed(app), message="the menu to close")
        # Ctrl+L shows the panel again, and the menu's item says so.
        xdo("key", "ctrl+l")
        wait_until(lambda: qa_panel_shows(app), message="Ctrl+L to show the QA panel")
        open_menu(app)
        assert checked(app) == ["QA event log", "Reduce motion"], checked(app)
        xdo("key", "Escape")


def metainfo_version():
    with open(os.path.join(ROOT, "data", "io.github.snapscroll.Demo.metainfo.xml"), encoding="utf-8") as f:
        return re.search(r'<release version="([^"]+)"', f.read()).group(1)


def about_windows(app):
    """The About window when it shows (the menu's item has the same name, and another role)."""
    return [n for n in app.find_all(name="About SnapScroll") if n.getRoleName() in ("dialog", "frame")]


def test_about_opens_from_the_menu_with_the_metainfo_version_and_escape_closes_it():
    with App("--page", "menu", "--size", "800x640") as app:
        app.accessible()
        open_menu(app)
        focus_item(app, "About SnapScroll")
        xdo("key", "Return")
        wait_until(lambda: about_windows(app), message="the About window to open")
        about = about_windows(app)[0]
        version = metainfo_version()
        assert any(version in (n.name or "") for n in app.find_all(role="label", root=about)), \
            f"no label with the version {version} in the About window"
        screenshot("about")
        xdo("key", "Escape")
        wait_until(lambda: not about_windows(app), message="Escape to close About")


def test_ctrl_question_and_ctrl_slash_open_the_keyboard_shortcuts_window():
    # One app for each key: with no window manager in the headless session, a closed window's focus goes nowhere.
    # The plain C.UTF-8 locale, no LANGUAGE: no catalogue names GTK's keys (the harness's LANGUAGE=en picks GTK's
    # English one, which does).
    plain = {"LANGUAGE": "", "LANG": "C.UTF-8", "LC_ALL": ""}
    for key in ("ctrl+question", "ctrl+slash"):
        with App("--page", "menu", "--size", "800x640", env=plain) as app:
            app.accessible()
            xdo("key", key)
            window = app.find(name="Keyboard Shortcuts", showing=True)
            for title in ("Close the window", "Quit", "Main menu", "Show or hide the QA event log",
                          "Show or hide the snap guides", "First or last item"):
                app.find(name=title, root=window)
            # Keys named as people say them ("Page Up"), not by their key symbols ("Page_Up").
            wait_until(lambda: app.find_all(role="label", name="Page Up", root=window), message="a key named Page Up")
            keys = [n.name for n in app.find_all(role="label", root=window) if "_" in n.name]
            assert keys == [], keys
            if key == "ctrl+question":
                screenshot("shortcuts")
            xdo("key", "Escape")
            wait_until(lambda: not app.find_all(name="Keyboard Shortcuts", showing=True),
                       message="Escape to close the shortcuts window")


def test_ctrl_w_closes_and_ctrl_q_quits_with_status_0_and_nothing_on_stderr():
    for key in ("ctrl+w", "ctrl+q"):
        app = App("--page", "menu")
        try:
            app.accessible()
            xdo("key", key)
            status = app.proc.wait(timeout=PATIENCE)
        finally:
            app.close()   # ends it if the key did not, and reads what it wrote
        assert status == 0, (key, status)
        assert "".join(app.stderr) == "", (key, app.stderr)
        # As it ends, one `caches` event with the sizes of the built pages' caches (the menu's row: its tabs).
        caches = [e for e in app.events if e["event"] == "caches"]
        assert len(caches) == 1 and caches[0]["item_widgets"].get("menu", 0) >= 7, (key, caches)


def _window_id(app):
    import subprocess
    for wid in subprocess.run(["xdotool", "search", "--pid", str(app.proc.pid)], capture_output=True, text=True).stdout.split():
        info = subprocess.run(["xwininfo", "-id", wid], capture_output=True, text=True).stdout
        if "Map State: IsViewable" in info and "Width: 1\n" not in info:
            return wid
    raise AssertionError("no mapped window")


def _resize(app, window, width, height):
    """Resizes the window and waits until GTK has laid it out at that height (the frame's extents say so)."""
    from harness import extents
    xdo("windowsize", window, width, height)
    frame = app.find(role="frame", name="SnapScroll")
    wait_until(lambda: abs(extents(frame)[3] - height) <= 60, message=f"the window to be {height} px tall")


def test_qa_panel_follows_the_window_height_unless_the_user_hid_it():
    """Below 500 px of height the QA panel hides, when the window opens so and when it is resized so; above it, it
    comes back, unless the user hid it (then it stays hidden until the user shows it)."""
    with App("--page", "menu", "--size", "800x640") as app:
        app.accessible()
        window = _window_id(app)
        wait_until(lambda: qa_panel_shows(app), message="a 640 px window to open with the QA panel")
        xdo("windowsize", window, 800, 480)
        wait_until(lambda: not qa_panel_shows(app), message="the QA panel to hide in a 480 px window")
        xdo("windowsize", window, 800, 700)
        wait_until(lambda: qa_panel_shows(app), message="the QA panel to come back in a 700 px window")
        open_menu(app)
        assert "QA event log" in checked(app), checked(app)
        xdo("key", "Escape")
        wait_until(lambda: menu_closed(app), message="the menu to close")
        # Hidden by the user: resizing across the threshold and back leaves it hidden.
        xdo("key", "ctrl+l")
        wait_until(lambda: not qa_panel_shows(app), message="Ctrl+L to hide the QA panel")
        _resize(app, window, 800, 480)
        _resize(app, window, 800, 720)
        app.quiet(0.5)  # time for a resize to show the panel: the check is that it does not
        assert not qa_panel_shows(app)
        xdo("key", "ctrl+l")
        wait_until(lambda: qa_panel_shows(app), message="Ctrl+L to show the QA panel again")
    with App("--page", "menu", "--size", "800x480") as app:
        app.accessible()
        window = _window_id(app)
        app.quiet(0.3)  # the window opened short: the check is that no panel shows
        assert not qa_panel_shows(app)
        xdo("windowsize", window, 800, 640)
        wait_until(lambda: qa_panel_shows(app), message="the QA panel to show once the window is 640 px tall")
