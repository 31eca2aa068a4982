"""The example consumer in Examples/SnapGallery: a package depending on SnapScroll by path that builds a window with
a strip, a carousel with dots and a segmented control from SnapGtk's Swift API alone (scripts/test builds it)."""

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


def test_example_opens_its_window_with_the_three_components():
    assert os.path.exists(BINARY), f"build it first: swift build --package-path {os.path.relpath(EXAMPLE, ROOT)}"
    with Gallery() as app:
        app.wait_event("ready")
        app.find(role="page tab list", name="Sections")
        for name in ("Fruit", "Sections", "Tap a banner", "Centre: Apple"):
            app.find(name=name)
        # The dots are a tab list of three tabs, the current one first.
        pages = app.find(role="page tab list", name="Pages")
        assert pages.childCount == 3, pages.childCount
        assert [pages.getChildAtIndex(i).name for i in range(3)] == ["Page 1 of 3", "Page 2 of 3", "Page 3 of 3"]
        # A click on the second dot moves the carousel; the dots follow it.
        import harness
        tab = pages.getChildAtIndex(1)
        x, y = harness.centre_x(tab), harness.extents(tab)[1] + harness.extents(tab)[3] // 2
        xdo("mousemove", x, y, "click", 1)
        import pyatspi
        wait_until(lambda: tab.getState().contains(pyatspi.STATE_SELECTED), message="the second dot selected")
        assert not pages.getChildAtIndex(0).getState().contains(pyatspi.STATE_SELECTED)
        screenshot("example")
