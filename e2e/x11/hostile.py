"""Hostile surroundings for the demo: banner images that are not files, are endless, huge or bombs;
closed standard streams; signals. The fixtures and one measured launch each, shared by test_hardening.py and the
figures this prints when run directly:

    scripts/headless /usr/bin/python3 e2e/x11/hostile.py            # the debug build
    SNAPSCROLL_DEMO=.build/release/snapscroll-demo scripts/headless /usr/bin/python3 e2e/x11/hostile.py

For each image case: time from launch to `ready`, the process's peak resident memory (VmHWM) once the image has been
refused, the `error` events, the placeholders showing and what standard error got."""

import json
import os
import struct
import subprocess
import sys
import tempfile
import time
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import App, DEMO, PATIENCE, ROOT, extents, wait_until  # noqa: E402

GOOD_IMAGE = os.path.join(ROOT, "resources", "banners", "banner-1.png")


def write_png(path, width, height):
    """A valid black PNG of width x height pixels, one bit a pixel: tiny on disk, width * height pixels decoded."""
    row = b"\x00" + bytes((width + 7) // 8)
    data = zlib.compress(row * height, 9)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0))
                + chunk(b"IDAT", data) + chunk(b"IEND", b""))
    return path


def write_xpm(path, width, height, rows):
    """An XPM declaring width x height pixels in one colour, with `rows` of its rows (a file cut short when fewer):
    GdkPixbuf's XPM decoder fills every row it finds before it reports the size."""
    row = '"' + "." * width + '",\n'
    with open(path, "w") as f:
        f.write(f'/* XPM */\nstatic char *bomb[] = {{\n"{width} {height} 1 1",\n". c #000000",\n' + row * rows + "};\n")
    return path


def write_xbm(path, width, height):
    """A whole XBM of width x height pixels, every byte written as "0,": about (width / 8) * height * 2 bytes on disk,
    and width * height * 3 bytes filled by GdkPixbuf's XBM decoder before it reports the size."""
    count = (width + 7) // 8 * height
    with open(path, "w") as f:
        f.write(f"#define bomb_width {width}\n#define bomb_height {height}\nstatic unsigned char bomb_bits[] = {{\n")
        chunk = "0," * 1_000_000
        for _ in range(count // 1_000_000):
            f.write(chunk)
        f.write("0," * (count % 1_000_000) + "};\n")
    return path


def write_sparse(path, size):
    """A file of `size` bytes that takes no disk space (a hole), named like an image."""
    with open(path, "wb") as f:
        f.truncate(size)
    return path


def image_cases(folder):
    """(name, path) of every hostile banner image; each must end as one placeholder and one `error`."""
    fifo = os.path.join(folder, "pipe.png")
    os.mkfifo(fifo)
    return [
        ("fifo", fifo),
        ("/dev/zero", "/dev/zero"),
        ("/dev/urandom", "/dev/urandom"),
        ("sparse 3 GB", write_sparse(os.path.join(folder, "sparse.png"), 3 * 1024 ** 3)),
        ("20000x20000 png", write_png(os.path.join(folder, "bomb.png"), 20000, 20000)),
    ]


def content_with_banner(folder, image, name="content.json"):
    """A content file whose first banner shows `image` and whose second the shipped artwork."""
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        json.dump({"strip": ["a", "b"], "banners": [{"title": "Hostile", "image": image},
                                                    {"title": "Good", "image": GOOD_IMAGE}]}, f)
    return path


def peak_rss_kb(pid):
    """The process's peak resident memory so far (VmHWM), in KiB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def measure_image(folder, image, env=None):
    """Launches the carousel with `image` as its first banner; returns the figures (dict). The app is closed."""
    content = content_with_banner(folder, image)
    started = time.monotonic()
    app = App("--page", "carousel", "--content", content, env=env, ready=False)
    figures = {"image": image}
    try:
        try:
            app.wait_event("ready")
            figures["ready_ms"] = round((time.monotonic() - started) * 1000)
        except AssertionError:
            figures["ready_ms"] = None
        if figures["ready_ms"] is not None:
            # The file is checked on a worker once its banner is bound: the refusal is an `error` event, after which
            # the banner draws its placeholder. Waited for with the harness's patience; a case that never gets there
            # shows in the figures (no error, no placeholder).
            try:
                wait_until(lambda: app.since(0, "error") or app.proc.poll() is not None, message="an error event")
            except AssertionError:
                pass
        if app.proc.poll() is None:
            figures["peak_rss_mb"] = round(peak_rss_kb(app.proc.pid) / 1024, 1)
            if figures["ready_ms"] is not None:
                panel = app.find(role="panel", name="Carousel")

                def placeholders():
                    # Hidden placeholders are not in the accessibility tree (GTK 4.8 reports no "showing" state).
                    return len(app.find_all(role="label", name="Image unavailable", root=panel))
                deadline = time.monotonic() + PATIENCE
                while not placeholders() and time.monotonic() < deadline:
                    time.sleep(0.05)
                # Nothing more is due (one error and one placeholder a banner): time for a second one to show.
                app.quiet(0.3)
                figures["placeholders"] = placeholders()
        figures["errors"] = [e["message"] for e in app.since(0, "error")]
    finally:
        stderr = app.close()
    figures["stderr"] = stderr
    return figures


# The snapping or animating part of each page, and a gesture that starts an animation on it.
GESTURES = {
    "menu": ("scroll pane", "Weekday menu", "wheel"),
    "centering": ("scroll pane", "Chips, centred when they fit", "wheel"),
    "segmented": ("page tab", "Details", "click"),
    "strip": ("scroll pane", "Fruit strip", "wheel"),
    "carousel": ("scroll pane", "Banners", "wheel"),
}
PAGE_TITLES = {"menu": "Tab menu", "centering": "Centring", "segmented": "Segmented", "strip": "Strip", "carousel": "Carousel"}


def window_origin(app):
    """Screen position of window point (0, 0): the X window's position plus GTK's client-side margin (the X window
    is larger than the frame AT-SPI reports by the shadow, evenly on each side; no window manager runs)."""
    _, _, fw, fh = extents(app.find(role="frame", name="SnapScroll"))
    ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.proc.pid)], capture_output=True,
                         text=True).stdout.split()
    for wid in ids:
        out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", wid], capture_output=True, text=True).stdout
        g = dict(line.split("=") for line in out.split() if "=" in line)
        w, h = int(g["WIDTH"]), int(g["HEIGHT"])
        if w >= fw and h >= fh:
            return int(g["X"]) + (w - fw) // 2, int(g["Y"]) + (h - fh) // 2
    raise AssertionError(f"no visible window of process {app.proc.pid}")


def centre(node, origin):
    x, y, w, h = extents(node)
    return int(origin[0] + x + w / 2), int(origin[1] + y + h / 2)


def gesture_then(app, page, then, pause=0.08):
    """Starts an animation on `page` (a wheel notch, or a click on a segment), then after `pause` s runs the xdotool
    commands `then` in the same xdotool call, so nothing in between delays them."""
    role, name, kind = GESTURES[page]
    panel = app.find(role="panel", name=PAGE_TITLES[page])
    origin = window_origin(app)
    point = centre(app.find(role=role, name=name, root=panel), origin)
    action = ["click", "7"] if kind == "wheel" else ["click", "1"]
    subprocess.run(["xdotool", "mousemove", *map(str, point), *action, "sleep", str(pause), *then], check=True)


def close_button(app, origin):
    """Screen point of the header bar's close button."""
    return centre(app.find(role="push button", name="Close"), origin)


def main():
    folder = tempfile.mkdtemp()
    env = {"G_DEBUG": "fatal-criticals"}
    print(f"{'case':<18} {'ready ms':>9} {'peak RSS MB':>12} {'placeholders':>13}  errors / stderr")
    try:
        for name, path in image_cases(folder):
            f = measure_image(folder, path, env)
            ready = "no ready" if f["ready_ms"] is None else str(f["ready_ms"])
            print(f"{name:<18} {ready:>9} {f.get('peak_rss_mb', '-')!s:>12} {f.get('placeholders', '-')!s:>13}  "
                  f"{f['errors']} {f['stderr'].strip()[:200]!r}", flush=True)
    finally:
        subprocess.run(["rm", "-rf", folder])


if __name__ == "__main__":
    main()
