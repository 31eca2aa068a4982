"""The example consumer in Examples/SnapGallery: a package depending on SnapScroll by path that builds a window with
a photo browser (a segmented filter, a carousel of its own pages with pictures, a strip of thumbnails kept in step)
from SnapGtk's Swift API alone (scripts/test builds it)."""

import glob
import os
import re

from harness import ROOT, App, screenshot, wait_until, xdo

EXAMPLE = os.path.join(ROOT, "Examples", "SnapGallery")
BINARY = os.environ.get("SNAPGALLERY", os.path.join(EXAMPLE, ".build", "debug", "SnapGallery"))
# What ordinary use of the library must not need: the C module, unsafe pointers, a stylesheet of its own.
FORBIDDEN = re.compile(r"CSnapGtk|Unsafe|Unmanaged|OpaquePointer|\.css\b|Stylesheet|gtk_|g_object")


class Gallery(App):
    """The example app: it prints one plain line, `ready`, after its first frame (no QA log)."""

    def __init__(self):
        super().__init__(env={"G_DEBUG": "fatal-criticals"}, ready=False, command=[BINARY])

    def _drain(self):
        while not self.lines.empty():
            self.events.append({"event": self.lines.get_nowait().strip()})


def test_example_source_needs_no_c_module_no_unsafe_pointers_no_stylesheet():
    files = glob.glob(os.path.join(EXAMPLE, "Sources", "**", "*"), recursive=True) + [os.path.join(EXAMPLE, "Package.swift")]
    files = [f for f in files if os.path.isfile(f)]
    assert any(f.endswith("main.swift") for f in files), files
    for path in files:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                found = FORBIDDEN.search(line)
                assert not found, f"{os.path.relpath(path, ROOT)}:{number}: {found.group(0)!r} in {line.strip()!r}"


WARM = ["Sunrise over the bay", "Dusk in the hills", "Embers and ash", "Harbour at dawn", "Red cliffs"]
COOL = ["Lagoon afternoon", "Summer meadow", "Blue hour", "Green valley"]


def _click(node):
    import harness
    x, y, w, h = harness.extents(node)
    xdo("mousemove", int(x + w / 2), int(y + h / 2), "click", 1)


def test_example_photo_browser_filters_as_one_update_and_keeps_the_rows_in_step():
    assert os.path.exists(BINARY), f"build it first: swift build --package-path {os.path.relpath(EXAMPLE, ROOT)}"
    import pyatspi
    with Gallery() as app:
        app.wait_event("ready")
        filter_tabs = app.find(role="page tab list", name="Filter")
        app.find(role="scroll pane", name="Photos")
        app.find(role="scroll pane", name="Thumbnails")
        pages = app.find(role="page tab list", name="Pages")
        assert pages.childCount == 9, pages.childCount
        app.find(name="Showing: Sunrise over the bay (1 of 9)")
        # The third dot: the carousel moves there, and the strip follows it.
        _click(pages.getChildAtIndex(2))
        app.wait_event("showing: Dusk in the hills")
        app.find(name="Showing: Dusk in the hills (3 of 9)")
        # Warm photos only: the photo on screen passes, so it stays on screen, now the second of five.
        _click(app.find(role="page tab", name="Warm", root=filter_tabs))
        wait_until(lambda: pages.childCount == len(WARM), message="five dots")
        app.find(name=f"Showing: Dusk in the hills (2 of {len(WARM)})")
        # Cool photos: the one on screen is gone; the next cool one after it takes its place.
        _click(app.find(role="page tab", name="Cool", root=filter_tabs))
        wait_until(lambda: pages.childCount == len(COOL), message="four dots")
        app.find(name=f"Showing: Summer meadow (2 of {len(COOL)})")
        selected = [pages.getChildAtIndex(i).getState().contains(pyatspi.STATE_SELECTED) for i in range(len(COOL))]
        assert selected == [False, True, False, False], selected
        screenshot("example")




def _installed_gallery(prefix, beside):
    """Copies the example and its image loader into an install-like layout under `prefix`: PREFIX/bin/SnapGallery and
    PREFIX/libexec/snapscroll/snapscroll-decode, or both in PREFIX/bin when `beside`. Returns the binary's path."""
    import shutil
    loader = os.path.join(os.path.dirname(BINARY), "snapscroll-decode")
    assert os.path.exists(loader), f"build it first: swift build --package-path {os.path.relpath(EXAMPLE, ROOT)} --product snapscroll-decode"
    os.makedirs(os.path.join(prefix, "bin"))
    binary = shutil.copy2(BINARY, os.path.join(prefix, "bin", "SnapGallery"))
    folder = os.path.join(prefix, "bin") if beside else os.path.join(prefix, "libexec", "snapscroll")
    os.makedirs(folder, exist_ok=True)
    shutil.copy2(loader, os.path.join(folder, "snapscroll-decode"))
    return binary


class InstalledGallery(Gallery):
    def __init__(self, binary):
        App.__init__(self, env={"G_DEBUG": "fatal-criticals"}, ready=False, command=[binary])


def test_example_runs_from_an_install_like_layout_and_says_once_when_its_loader_is_missing():
    """As an adopter ships it: the app in PREFIX/bin with the loader in PREFIX/libexec/snapscroll, or the two
    together in one folder; its pictures decode from anywhere. Without the loader it says so once, not per picture."""
    import shutil
    import tempfile
    for beside in (False, True):
        prefix = tempfile.mkdtemp()
        try:
            binary = _installed_gallery(os.path.join(prefix, "inst"), beside)
            with InstalledGallery(binary) as app:
                app.wait_event("ready")
                events = app.quiet(2.0)
                failures = [e["event"] for e in app.events if e["event"].startswith("cannot load")]
                assert failures == [], (beside, failures)
            if beside:
                os.remove(os.path.join(prefix, "inst", "bin", "snapscroll-decode"))
                with InstalledGallery(binary) as app:
                    app.wait_event("ready")
                    app.quiet(2.0)
                    failures = [e["event"] for e in app.events if e["event"].startswith("cannot load")]
                    assert failures == ["cannot load a picture: image decoder not found (snapscroll-decode)"], failures
        finally:
            shutil.rmtree(prefix)
