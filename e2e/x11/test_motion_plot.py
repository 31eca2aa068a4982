"""The QA panel's motion plot: drawn with the theme's colours, redrawn after each gesture (its pixels change), found
in the accessibility tree by its name ("Motion plot: …" with the gesture's figures), and saved as a PNG from its
button; and both of the panel's save dialogs open in the user's documents folder (else home), never in the folder
the app was started from."""

import os
import struct
import tempfile

from harness import App, screenshot, wait_until, xdo
from look import THEMES, Window
from snapchecks import drag, wheel

SIZE = "960x760"


def _plot(app):
    found = []

    def look():
        found[:] = [n for n in app.find_all(role="image") if n.name.startswith("Motion plot")]
        return len(found) == 1
    wait_until(look, message="one image named Motion plot…")
    return found[0]


def _pixels(window, node):
    x, y, w, h = window.rect(node)
    return window.still_shot().region(x, y, x + w, y + h)


def _changed(a, b):
    return sum(1 for p, q in zip(a, b) if p != q)


def _strip_centre(app, window):
    x, y, w, h = window.rect(app.find(role="scroll pane", name="Fruit strip"))
    return int(x + w / 2), int(y + h / 2)


def test_the_plot_is_redrawn_after_a_drag_in_every_theme():
    for theme, name in THEMES.items():
        with App("--page", "strip", "--size", SIZE, env={"GTK_THEME": name}) as app:
            app.accessible()
            window = Window(app)
            window.park_pointer()
            plot = _plot(app)
            assert plot.name == "Motion plot: no gesture yet", plot.name
            before = _pixels(window, plot)
            # A fling to the left: the plot shows its offset and speed, release, projected rest, target and settle.
            mark = app.mark()
            drag(_strip_centre(app, window), -240, 6, 0.012)
            settled = app.wait_event("settled", component="strip", cause="drag")
            end = [e for e in app.since(mark, "gesture") if e["phase"] == "end"][-1]
            window.park_pointer()
            prefix = f"Motion plot: drag on strip: 0 → {settled['index']}, "
            wait_until(lambda: _plot(app).name.startswith(prefix), message=f"the plot named {prefix}…")
            description = _plot(app).description
            assert f"target {settled['offset']} px" in description or f"target {settled['offset']:.1f}" in description, \
                description
            assert f"at {end['velocity']} px/s" in description, (description, end)
            after = _pixels(window, plot)
            changed = _changed(before, after)
            assert changed > 1500, f"{theme}: only {changed} pixels of the plot changed after a drag"
            screenshot(f"motion-plot-{theme}")
            # The next gesture draws it again.
            wheel(_strip_centre(app, window), 6)
            app.wait_event("settled", component="strip", cause="wheel")
            window.park_pointer()
            wait_until(lambda: _plot(app).name.startswith("Motion plot: wheel on strip: "), message="the wheel's plot")
            assert _changed(after, _pixels(window, plot)) > 500, f"{theme}: the plot is the same after a wheel notch"


def _home_with_documents():
    """A home folder with a documents folder named in its user-dirs.dirs (as xdg-user-dirs writes it)."""
    home = tempfile.mkdtemp(prefix="plot-home-")
    os.makedirs(os.path.join(home, ".config"))
    documents = os.path.join(home, "Papers")
    os.makedirs(documents)
    with open(os.path.join(home, ".config", "user-dirs.dirs"), "w") as f:
        f.write('XDG_DOCUMENTS_DIR="$HOME/Papers"\n')
    return home, documents


def _save_with_return(app, window, button_name, dialog_name):
    window.click(app.find(role="push button", name=button_name))
    wait_until(lambda: app.find_all(name=dialog_name), message=f"the dialog {dialog_name}")
    xdo("key", "Return")   # the name offered, in the folder the dialog opened in
    wait_until(lambda: not app.find_all(name=dialog_name, showing=True), message="the dialog to close")


def test_save_the_plot_as_a_png_in_the_documents_folder():
    home, documents = _home_with_documents()
    env = {"HOME": home, "XDG_CONFIG_HOME": os.path.join(home, ".config")}
    with App("--page", "strip", "--size", SIZE, env=env) as app:
        app.accessible()
        window = Window(app)
        wheel(_strip_centre(app, window), 7)
        app.wait_event("settled", component="strip")
        wait_until(lambda: _plot(app).name.startswith("Motion plot: wheel"), message="the plot drawn")
        _, _, width, height = window.rect(_plot(app))
        _save_with_return(app, window, "Save the motion plot as an image…", "Save the motion plot")
        path = os.path.join(documents, "snapscroll-motion-plot.png")
        wait_until(lambda: os.path.exists(path) and os.path.getsize(path) > 100, message=f"{path} written")
        with open(path, "rb") as f:
            head = f.read(24)
        assert head[:8] == b"\x89PNG\r\n\x1a\n", head
        assert struct.unpack(">II", head[16:24]) == (width, height), (struct.unpack(">II", head[16:24]), width, height)
        assert not app.since(0, "error"), app.since(0, "error")


def test_the_logs_save_dialog_opens_in_documents_or_home():
    home, documents = _home_with_documents()
    env = {"HOME": home, "XDG_CONFIG_HOME": os.path.join(home, ".config")}
    with App("--page", "strip", "--size", SIZE, env=env) as app:
        app.accessible()
        window = Window(app)
        _save_with_return(app, window, "Save…", "Save the QA event log")
        path = os.path.join(documents, "snapscroll-qa-log.jsonl")
        wait_until(lambda: os.path.exists(path), message=f"{path} written")
        assert '"event":"ready"' in open(path).read()
    # Without a documents folder: home.
    home = tempfile.mkdtemp(prefix="plot-home-")
    with App("--page", "strip", "--size", SIZE, env={"HOME": home, "XDG_CONFIG_HOME": os.path.join(home, ".config")}) as app:
        app.accessible()
        _save_with_return(app, Window(app), "Save…", "Save the QA event log")
        wait_until(lambda: os.path.exists(os.path.join(home, "snapscroll-qa-log.jsonl")), message="saved at home")
