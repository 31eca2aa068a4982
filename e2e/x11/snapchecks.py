"""Checks shared by the menu and strip end-to-end tests: where the centred item sits, read from outside
(AT-SPI extents), against what the QA log's `settled` says."""

import subprocess
import time

from harness import PATIENCE, extents, xdo

# Half a pixel of allowed error, plus half a pixel because AT-SPI extents are whole pixels.
TOLERANCE = 0.5 + 0.5


class Strip:
    """One snapping row of the demo as seen from outside."""

    def __init__(self, app, panel_name, pane_name, item_role, names, pitch, count):
        self.app = app
        self.panel = app.find(role="panel", name=panel_name)
        self.pane = app.find(role="scroll pane", name=pane_name, root=self.panel)
        self.item_role = item_role
        self.names = names          # index -> accessible name
        self.pitch = pitch          # item width + spacing
        self.count = count
        frame = app.find(role="frame", name="SnapScroll")
        _, _, fw, fh = extents(frame)
        geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", app_window()],
                                  capture_output=True, text=True, check=True).stdout
        size = dict(line.split("=") for line in geometry.split() if "=" in line)
        # Window coordinates exclude the client-side border around the frame: screen = window + margin.
        self.margin = ((int(size["WIDTH"]) - fw) // 2, (int(size["HEIGHT"]) - fh) // 2)

    def pane_centre(self):
        x, y, w, h = extents(self.pane)
        return x + w / 2, y + h / 2

    def screen_point(self, x, y):
        return int(round(x + self.margin[0])), int(round(y + self.margin[1]))

    def centre_on_screen(self):
        return self.screen_point(*self.pane_centre())

    def item(self, index):
        return self.app.find(role=self.item_role, name=self.names(index), root=self.pane)

    def item_centre(self, index):
        x, _, w, _ = extents(self.item(index))
        return x + w / 2

    def resting_offset(self, index, rtl=False):
        logical = index * self.pitch
        return (self.count - 1) * self.pitch - logical if rtl else logical

    def settle(self, mark, component, index, cause=None, rtl=False, timeout=PATIENCE):
        """Waits for the gesture's settled event, then checks: exactly one, the item, the exact offset, and the
        item's centre on screen at the viewport's centre."""
        event = self.app.wait_event("settled", component=component, timeout=timeout)
        self.app.quiet(0.5)
        settled = self.app.since(mark, "settled")
        assert len(settled) == 1, f"expected one settled, got {settled}"
        assert event["index"] == index, f"settled on {event['index']}, expected {index}: {event}"
        if cause:
            assert event["cause"] == cause, event
        assert event["offset"] == self.resting_offset(index, rtl), (event, self.resting_offset(index, rtl))
        self.assert_centred(index)
        return event

    def assert_centred(self, index):
        error = self.item_centre(index) - self.pane_centre()[0]
        assert abs(error) <= TOLERANCE, f"item {index} is {error} px off the viewport's centre"


def app_window():
    """The X id of the demo's visible window. GTK gives its other X windows the same name: a hidden 1x1 leader, and
    popups (a tooltip under a pointer parked where the last test's window ended, a popover), which are override-redirect."""
    out = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^SnapScroll$"], capture_output=True,
                         text=True, check=True).stdout.split()
    out = [w for w in out if "Override Redirect State: no" in subprocess.run(
        ["xwininfo", "-id", w], capture_output=True, text=True).stdout]
    assert len(out) == 1, out
    return out[0]


def drag(start, dx, steps, pause, hold=0.0, dy=0):
    """Mouse drag from `start` by (dx, dy) in `steps` moves `pause` s apart; `hold` s still before release."""
    x, y = start
    args = ["mousemove", x, y, "mousedown", 1]
    for i in range(1, steps + 1):
        args += ["sleep", pause, "mousemove", x + dx * i // steps, y + dy * i // steps]
    if hold:
        args += ["sleep", hold]
    args += ["mouseup", 1]
    xdo(*args)


def wheel(point, button, times=1, delay_ms=40):
    x, y = point
    xdo("mousemove", x, y, "click", "--repeat", times, "--delay", delay_ms, button)
