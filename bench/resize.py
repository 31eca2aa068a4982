"""The resize row: the longest frame interval while the window is resized from 960x640 to 1920x1080 and back, on
each page and on the bare C window in the same run. Each launch keeps frames coming (SNAPSCROLL_BENCH_WATCH, in the
demo and in bench/bare-window.c alike: every interval from tick to tick on the monotonic clock, with when it began),
and `xdotool windowsize` resizes it RESIZE_AT seconds after `ready` and back BACK_AT seconds after; the row is the
longest interval that began from RESIZE_AT - 0.05 s to the end of the watch (the first show's costs before it are
left out). Run inside scripts/headless."""

import json
import os
import queue
import statistics
import subprocess
import threading
import time

from startup import stop

WATCH = 3.0
RESIZE_AT = 1.0
BACK_AT = 2.0
LARGE = ("1920", "1080")
SMALL = ("960", "640")


def window_id(pid, deadline):
    while time.monotonic() < deadline:
        ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(pid)], capture_output=True,
                             text=True).stdout.split()
        if ids:
            return ids[-1]
        time.sleep(0.02)
    raise RuntimeError(f"no window for process {pid}")


def longest_around_resize(cmd, name, timeout=60):
    """Launches `cmd` with the frame watch, resizes its window larger and back; returns the longest frame interval
    (ms) that began from just before the first resize on, with the watch's event."""
    env = dict(os.environ, SNAPSCROLL_BENCH_WATCH=str(WATCH))
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in p.stdout], daemon=True).start()
    deadline = time.monotonic() + timeout

    def wait(event):
        while True:
            line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            if line.startswith("{") and f'"event":"{event}"' in line:
                return json.loads(line)

    try:
        wait("ready")
        ready = time.monotonic()
        window = window_id(p.pid, deadline)
        for at, size in [(RESIZE_AT, LARGE), (BACK_AT, SMALL)]:
            time.sleep(max(0.0, ready + at - time.monotonic()))
            subprocess.run(["xdotool", "windowsize", window, *size], check=True)
        event = wait("bench")
    finally:
        stop(p)
    around = [interval for start, interval in event["intervals_at_ms"] if start >= RESIZE_AT * 1000 - 50]
    if not around:
        raise RuntimeError(f"{name}: no frames after the resize")
    return max(around)


def measure_resize(demo, bare, pages, runs):
    """Per row (the bare window first, then each page), interleaved over `runs` rounds: the longest interval around
    the resizes in each run, and their median."""
    configs = [("bare GTK4 window (C)", [bare])] + [(page, [demo, "--qa-log", "--page", page]) for page in pages]
    samples = {name: [] for name, _ in configs}
    for _ in range(runs):
        for name, cmd in configs:
            samples[name].append(longest_around_resize(cmd, name))
    rows = []
    for name, _ in configs:
        values = sorted(samples[name])
        rows.append({"name": name, "runs": len(values), "longest_ms": values,
                     "longest_median_ms": statistics.median(values)})
    return rows


def print_resize(rows):
    print(f"{'resize 960x640 > 1920x1080 > back':34} {'runs':>5} {'longest frame ms (median)':>26}  each run")
    for r in rows:
        print(f"{r['name']:34} {r['runs']:5d} {r['longest_median_ms']:26.1f}  "
              + " ".join(f"{v:.1f}" for v in r["longest_ms"]))
