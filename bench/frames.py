"""Frame figures: frame-clock intervals and the per-frame cost of our code while a snapping component makes
programmatic snaps or touchpad flings (the demo's SNAPSCROLL_BENCH_SNAPS mode with SNAPSCROLL_BENCH_INPUT, which ends
with one `{"event":"bench",…}` line).
Also writes the large content files (menu titles, strip items and banners) the benchmark and the
bad-input tests use (100,000 of each by default). Run inside scripts/headless."""

import json
import os
import subprocess
import tempfile
import threading
import time

from resize import window_id

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BANNERS = os.path.join(ROOT, "resources", "banners")


def write_large_content(path, count=100_000):
    """A valid content file with `count` menu titles, strip items and banners (the shipped images, cycled,
    by absolute path so the file may live anywhere)."""
    images = sorted(os.path.join(BANNERS, f) for f in os.listdir(BANNERS) if f.endswith(".png"))
    content = {
        "menu": [f"Day {i + 1}" for i in range(count)],
        "strip": [f"Item {i + 1}" for i in range(count)],
        "banners": [{"title": f"Banner {i + 1}", "image": images[i % len(images)]} for i in range(count)],
    }
    with open(path, "w") as f:
        json.dump(content, f)
    return path


def bench_event(cmd, variables, what, timeout):
    """Runs `cmd` with `variables` added to its environment and returns the `{"event":"bench",…}` line it prints
    (dict), with how many lines it wrote to standard error as `stderr_lines`; raises, naming `what`, when the event
    reports an error or never comes. When the run asks for the pointer (`{"event":"bench-pointer","x":…,"y":…}`, a
    point on its window), the pointer moves there."""
    deadline = time.monotonic() + timeout
    with tempfile.TemporaryFile("w+") as errors:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=errors, text=True,
                             env=dict(os.environ, **variables))
        watchdog = threading.Timer(timeout, p.kill)
        watchdog.start()
        event = None
        try:
            for line in p.stdout:
                if not line.startswith("{"):
                    continue
                if '"bench-pointer"' in line:
                    point = json.loads(line)
                    geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window_id(p.pid, deadline)],
                                              capture_output=True, text=True, check=True).stdout
                    origin = dict(part.split("=") for part in geometry.split())
                    subprocess.run(["xdotool", "mousemove", str(int(origin["X"]) + point["x"]),
                                    str(int(origin["Y"]) + point["y"])], check=True)
                elif '"bench"' in line and event is None:
                    event = json.loads(line)
            p.wait()
        finally:
            watchdog.cancel()
            p.kill()
        errors.seek(0)
        stderr = errors.read()
    if event is None:
        raise RuntimeError(f"{what}: no bench event (status {p.returncode}); stderr: {stderr[-2000:]}")
    if "error" in event:
        raise RuntimeError(f"{what}: {event['error']}")
    event["stderr_lines"] = len(stderr.splitlines())
    return event


def measure_frames(demo, page, snaps, args=(), timeout=300, input="snaps"):
    """Runs the demo on `page` with SNAPSCROLL_BENCH_SNAPS=snaps motions of `input` ("snaps": programmatic snaps,
    "flings": touchpad flings through the component's input handlers); returns its bench event (dict)."""
    return bench_event([demo, "--qa-log", "--page", page, *args],
                       {"SNAPSCROLL_BENCH_SNAPS": str(snaps), "SNAPSCROLL_BENCH_INPUT": input}, page, timeout)


def measure_bare_frames(bare, frames, timeout=300):
    """Runs the bare C window (startup.bare_window()) scrolling a row of buttons back and forth for `frames` frames
    (SNAPSCROLL_BENCH_FRAMES); returns its bench event (dict): how many frame intervals any GTK app had over 20 ms on
    this machine meanwhile."""
    return bench_event([bare], {"SNAPSCROLL_BENCH_FRAMES": str(frames)}, "bare window", timeout)


LATENCY_KINDS = ["wheel", "drag", "swipe"]


def measure_latency(demo, page, rounds, args=(), timeout=300, stock=False):
    """Runs the demo on `page` with SNAPSCROLL_BENCH_INPUT=latency for `rounds` rounds of a wheel notch, a drag and a
    touchpad swipe injected from main-loop timers; returns its bench event (dict): per kind, the time from each input
    not yet drawn to the end of the paint (`<kind>_paint_*`) and to the frame time (`<kind>_start_*`) of the first
    frame whose row offset moved, and how many frames were painted without it (`<kind>_frames_behind_max`).
    `stock`: SNAPSCROLL_BENCH_INPUT=latency-stock, the page's snapping component hidden and a stock GtkScrolledWindow
    in its place in the same window (buttons after the menu and the strip, the carousel's pictures at its banner
    geometry after the carousel), given the same motions as gtk_adjustment_set_value() calls from main-loop timers
    (the same fields, `page` "stock")."""
    input, what = ("latency-stock", f"stock row on {page}") if stock else ("latency", page)
    return bench_event([demo, "--qa-log", "--page", page, *args],
                       {"SNAPSCROLL_BENCH_SNAPS": str(rounds), "SNAPSCROLL_BENCH_INPUT": input}, what, timeout)


def print_latency(rows):
    """One line per row and input kind (rows: latency bench events, each with `page`)."""
    print(f"{'latency (input to frame)':34} {'kind':>6} {'inputs':>6} {'to paint end ms: median':>24} {'p95':>7} "
          f"{'max':>7} {'to frame start: median':>23} {'p95':>7} {'max':>7} {'frames behind':>14} {'undrawn':>8}")
    for r in rows:
        for k in LATENCY_KINDS:
            print(f"{r['page']:34} {k:>6} {r[k + '_inputs']:6d} {r[k + '_paint_median_ms']:24.2f} "
                  f"{r[k + '_paint_p95_ms']:7.2f} {r[k + '_paint_max_ms']:7.2f} {r[k + '_start_median_ms']:23.2f} "
                  f"{r[k + '_start_p95_ms']:7.2f} {r[k + '_start_max_ms']:7.2f} {r[k + '_frames_behind_max']:14d} "
                  f"{r[k + '_undrawn']:8d}")


def row_name(row):
    """A frame row's name: the page, ` loop` for a looping row, and what moved it unless programmatic snaps."""
    name = row["page"] + (" loop" if row.get("loops") else "")
    return name + (f" {row['input']}" if row.get("input", "snaps") != "snaps" else "")


def print_frames(rows, title=None):
    title = title or "frames (%d programmatic snaps)" % rows[0]["snaps"]
    print(f"{title:26} {'items':>7} {'frames':>7} "
          f"{'interval ms: median':>20} {'p99':>7} {'max':>7} {'>20ms':>6} {'our cost ms: median':>20} {'p99':>7} {'max':>7}")
    for r in rows:
        print(f"{row_name(r):26} {r['items']:7d} {r['frames']:7d} {r['interval_median_ms']:20.2f} {r['interval_p99_ms']:7.2f} "
              f"{r['interval_max_ms']:7.2f} {r['late_frames']:6d} {r['cost_median_ms']:20.3f} {r['cost_p99_ms']:7.3f} "
              f"{r['cost_max_ms']:7.3f}")


def main():
    """Frame figures with a large generated content file on the snapping pages, e.g.
    `scripts/headless python3 bench/frames.py --items 1000000 --snaps 40` (release build), also `--step N` (snaps of
    N items), `--input flings` (touchpad flings instead of snaps) and `--loop` (every motion crosses the seam between
    the last item and the first)."""
    import argparse
    import tempfile
    parser = argparse.ArgumentParser()
    parser.add_argument("--items", type=int, default=1_000_000)
    parser.add_argument("--snaps", type=int, default=40)
    parser.add_argument("--step", type=int, default=1)
    parser.add_argument("--loop", action="store_true")
    parser.add_argument("--input", choices=["snaps", "flings"], default="snaps",
                        help="programmatic snaps, or touchpad flings (short and long, both ways) through the input handlers")
    parser.add_argument("--pages", default="menu,strip,carousel")
    opts = parser.parse_args()
    demo = os.environ.get("SNAPSCROLL_DEMO", os.path.join(ROOT, ".build", "release", "snapscroll-demo"))
    os.environ["SNAPSCROLL_BENCH_STEP"] = str(opts.step)
    with tempfile.TemporaryDirectory() as tmp:
        content = write_large_content(os.path.join(tmp, "large.json"), count=opts.items)
        rows = []
        for page in opts.pages.split(","):
            args = ["--content", content] + (["--loop"] if opts.loop else [])
            row = measure_frames(demo, page, opts.snaps, args, timeout=900, input=opts.input)
            row["page"] = f"{page}{f' step {opts.step}' if opts.step > 1 and opts.input == 'snaps' else ''}"
            rows.append(row)
        print_frames(rows)


if __name__ == "__main__":
    main()
