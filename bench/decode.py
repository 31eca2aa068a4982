"""What first showing the carousel costs GTK's thread: launches the release demo on the carousel page with the
frame watch on (SNAPSCROLL_BENCH_WATCH), resizes the window larger part-way (the banners decode again, larger),
and prints the frame intervals over 20 ms with when they started (ms after the `ready` frame).
Run inside a headless session: scripts/headless /usr/bin/python3 bench/decode.py [--runs N]"""

import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e", "x11"))
os.environ.setdefault("SNAPSCROLL_DEMO", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build",
                                                      "release", "snapscroll-demo"))
from harness import App  # noqa: E402

WATCH = 4.0
RESIZE_AT = 2.0


def window_id(app):
    ids = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.proc.pid)], capture_output=True,
                         text=True).stdout.split()
    if not ids:
        raise AssertionError("no window")
    return ids[-1]


def one_run():
    with App("--page", "carousel", "--size", "800x600", env={"SNAPSCROLL_BENCH_WATCH": str(WATCH)}) as app:
        started = time.monotonic()
        time.sleep(max(0.0, RESIZE_AT - (time.monotonic() - started)))
        subprocess.run(["xdotool", "windowsize", window_id(app), "1600", "1000"], check=True)
        event = app.wait_event("bench", timeout=WATCH + 20)
        return event


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    # Windows of interest (ms after `ready`): the first show, and the second after the resize was sent.
    windows = {"first 1 s": (0, 1000), "1 s after resize": (RESIZE_AT * 1000 - 50, RESIZE_AT * 1000 + 1000)}
    totals = {name: [] for name in windows}
    for run in range(args.runs):
        e = one_run()
        parts = []
        for name, (start, end) in windows.items():
            late = [x[1] for x in e["late_at_ms"] if start <= x[0] < end]
            totals[name].append(max(late, default=0))
            parts.append(f"{name}: {len(late)} over 20 ms, max {max(late, default=0):.1f} ms")
        print(f"run {run + 1}: {e['frames']} frames in {e['watch_seconds']} s, median {e['interval_median_ms']} ms, "
              f"{len(e['late_at_ms'])} over 20 ms in all; " + "; ".join(parts), flush=True)
        print(f"   late (start ms, interval ms): {e['late_at_ms']}", flush=True)
    for name, values in totals.items():
        values.sort()
        print(f"{name}: longest interval per run {values}, median {values[len(values) // 2]:.1f} ms")


if __name__ == "__main__":
    main()
