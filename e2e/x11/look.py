"""What the look tests and the screenshot gallery share: the window's pixels read back from the X server, WCAG
contrast, moving between pages from the header the way a user does (the tabs, or the drop-down that replaces
them in a narrow window), and opening a page's Options."""

import subprocess
import time

from harness import PATIENCE, atspi_call, extents, wait_until, xdo
from snapchecks import app_window

PAGES = {"menu": "Tab menu", "centering": "Centring", "segmented": "Segmented", "strip": "Strip", "carousel": "Carousel"}
# The themes GTK 4.8 ships built in (GTK_THEME values).
THEMES = {"light": "Adwaita", "dark": "Adwaita:dark", "contrast": "HighContrast"}


class Shot:
    """The pixels of a screen rectangle, read once from the X server (ImageMagick's `import`, as binary PPM)."""

    def __init__(self, x, y, width, height):
        data = subprocess.run(["import", "-window", "root", "-crop", f"{width}x{height}+{x}+{y}", "-depth", "8", "ppm:-"],
                              capture_output=True, check=True).stdout
        parts, rest = [], data
        while len(parts) < 4:   # magic, width, height, maximum, separated by whitespace
            rest = rest.lstrip()
            end = next(i for i, c in enumerate(rest) if chr(c).isspace())
            parts.append(rest[:end])
            rest = rest[end:]
        assert parts[0] == b"P6" and parts[3] == b"255", parts
        self.x, self.y = x, y
        self.width, self.height = int(parts[1]), int(parts[2])
        self.pixels = rest[1:]

    def at(self, x, y):
        """(r, g, b) of the screen point (x, y)."""
        i = 3 * ((int(y) - self.y) * self.width + (int(x) - self.x))
        return tuple(self.pixels[i:i + 3])

    def region(self, x0, y0, x1, y1):
        """Every pixel of a screen rectangle, clamped to the shot."""
        x0, y0 = max(int(x0), self.x), max(int(y0), self.y)
        x1, y1 = min(int(x1), self.x + self.width), min(int(y1), self.y + self.height)
        return [self.at(x, y) for y in range(y0, y1) for x in range(x0, x1)]


def luminance(rgb):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    """WCAG contrast ratio of two colours, 1 to 21."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def background(pixels):
    """The most common colour: the background a region's content sits on."""
    counts = {}
    for p in pixels:
        counts[p] = counts.get(p, 0) + 1
    return max(counts, key=counts.get)


def text_contrast(pixels):
    """Contrast of the text drawn in a region against its background: the glyph pixel farthest from it (a stem's
    core, fully covered) against the most common colour."""
    bg = background(pixels)
    return max(contrast(p, bg) for p in pixels), bg


def saturation(rgb):
    hi, lo = max(rgb), min(rgb)
    return 0 if hi == 0 else (hi - lo) / hi


class Window:
    """The demo's window on the screen: converts the accessibility tree's window coordinates to screen ones."""

    def __init__(self, app):
        self.app = app
        self.id = app_window()
        self.frame = app.find(role="frame", name="SnapScroll")
        _, _, fw, fh = extents(self.frame)
        out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", self.id], capture_output=True, text=True,
                             check=True).stdout
        geometry = dict(line.split("=") for line in out.split() if "=" in line)
        self.screen_x = int(geometry["X"]) + (int(geometry["WIDTH"]) - fw) // 2
        self.screen_y = int(geometry["Y"]) + (int(geometry["HEIGHT"]) - fh) // 2
        self.width, self.height = fw, fh

    def rect(self, node):
        """A node's (x, y, width, height) on the screen."""
        x, y, w, h = extents(node)
        return x + self.screen_x, y + self.screen_y, w, h

    def shot(self):
        return Shot(self.screen_x, self.screen_y, self.width, self.height)

    def still_shot(self):
        """The window's pixels once they stop changing (a page's cross-fade, a hover's transition, images decoded and
        drawn): shots until three in a row are the same, within the harness's patience. A shot takes longer than
        several frames, and before each the app answers an accessibility call (its main loop is not stalled), so a
        fading or sliding picture does not look still."""
        same = []   # the latest shots, all of one picture
        deadline = time.time() + PATIENCE
        while True:
            extents(self.frame)
            shot = self.shot()
            if same and shot.pixels != same[-1].pixels:
                same = []
            same.append(shot)
            if len(same) == 3:
                return shot
            assert time.time() < deadline, "the window's pixels never stopped changing"

    def click(self, node):
        x, y, w, h = self.rect(node)
        xdo("mousemove", int(x + w / 2), int(y + h / 2), "click", 1)

    def park_pointer(self):
        """Moves the pointer off the window, so no hover state colours what is measured or shown."""
        xdo("mousemove", self.screen_x + self.width + 50, self.screen_y + self.height + 50)

    def set_check(self, panel, title, on):
        """Clicks the check button `title` under `panel` (an accessible) and waits until it is `on` (or off)."""
        import pyatspi
        box = self.app.find(role="check box", name=title, root=panel)
        self.click(box)
        wait_until(lambda: atspi_call(lambda: box.getState().contains(pyatspi.STATE_CHECKED)) == on,
                   message=f"{title} {'on' if on else 'off'}")

    def set_field(self, panel, name, value):
        """Types `value` into the spin button `name` under `panel` as a user would (a click, Ctrl+A, the digits,
        Return), waits until the field holds it, then parks the pointer."""
        spin = self.app.find(role="spin button", name=name, root=panel)
        x, y, w, h = self.rect(spin)
        xdo("mousemove", x + 12, y + h // 2, "click", 1)
        xdo("key", "ctrl+a")
        xdo("type", str(value))
        xdo("key", "Return")
        wait_until(lambda: atspi_call(lambda: spin.queryValue().currentValue) == value, message=f"{name} {value}")
        self.park_pointer()


def open_options(app, panel, name="Options", window=None):
    """Opens a page's test controls as a user would, unless they are open: a click on the Options button under its
    component (which builds them the first time), then waits until the button says it is expanded. Returns the
    button. `window`: the test's `Window`, when it has one (its popups are windows too)."""
    import pyatspi
    button = app.find(role="push button", name=name, root=panel)
    if atspi_call(lambda: button.getState().contains(pyatspi.STATE_EXPANDED)):
        return button
    window = window or Window(app)
    window.click(button)
    wait_until(lambda: atspi_call(lambda: button.getState().contains(pyatspi.STATE_EXPANDED)), message=f"{name} open")
    window.park_pointer()
    return button


def showing(node):
    """Whether a node is laid out on the screen now (GTK 4.8 does not keep AT-SPI's SHOWING state up to date, so this
    reads the extents: a widget that is not drawn has none)."""
    try:
        _, _, w, h = extents(node)
    except Exception:
        return False
    return w > 0 and h > 0


def header_shows_tabs(app):
    """Whether the header shows its page tabs (else the drop-down). The switcher decides at allocation: tabs when
    it is given their full width. A part GTK stopped drawing keeps its last extents in the accessibility tree, so
    this compares widths rather than trusting a hidden part's extents."""
    switcher = app.find(role="panel", name="Demo pages")
    tabs = app.find(role="page tab list", root=switcher)
    _, _, width, _ = extents(switcher)
    _, _, tabs_width, _ = extents(tabs)
    return 0 < tabs_width <= width


def header_tab(app, page):
    """The header's tab for `page` when the header shows tabs, else None (a narrow window shows a drop-down)."""
    if not header_shows_tabs(app):
        return None
    return app.find(role="page tab", name=PAGES[page])


def drop_down_open(app, drop):
    """Whether the drop-down's list is open with the keyboard focus in it (its popover is in the accessibility tree
    only while it is open)."""
    import pyatspi
    return any(item.getState().contains(pyatspi.STATE_FOCUSED) for item in app.find_all(role="list item", root=drop))


def switch_page(app, window, page):
    """Opens `page` from the header as a user would: its tab, or the drop-down and its entry. Waits for the page's
    panel to show (laid out; its pixels may still be fading in: `Window.still_shot`)."""
    tab = header_tab(app, page)
    if tab is not None:
        window.click(tab)
    else:
        drop = app.find(role="combo box", name="Demo page")
        # The drop-down's list opens in a popover (a surface of its own, whose extents AT-SPI gives relative to
        # it): Home, arrow keys and Enter pick the page, as a keyboard user would.
        window.click(drop)
        wait_until(lambda: drop_down_open(app, drop), message="the drop-down's list to open")
        xdo("key", "--delay", "60", "Home", *["Down"] * list(PAGES).index(page), "Return")
    wait_until(lambda: page_panel(app, page), message=f"{page} to show")


def page_panel(app, page):
    """The page `page` when it is the one shown (its stack page's child is laid out), or None."""
    for node in app.find_all(role="panel", name=PAGES[page]):
        if node.childCount and showing(node.getChildAtIndex(0)):
            return node
    return None
