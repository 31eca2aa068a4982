"""What first showing the carousel costs GTK's thread: launches the release demo on the carousel page with the
frame watch on (SNAPSCROLL_BENCH_WATCH), resizes the window larger part-way (the banners decode again, larger),
and prints the frame intervals over 20 ms with when they started (ms after the `ready` frame).
Run inside a headless session: scripts/headless /usr/bin/python3 bench/decode.py [--runs N]"""

import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "e2e"))
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
    for run in range(args.runs):
        e = one_run()
        first = [x for x in e["late_at_ms"] if x[0] < RESIZE_AT * 1000 - 100]
        resize = [x for x in e["late_at_ms"] if x[0] >= RESIZE_AT * 1000 - 100]
        print(f"run {run + 1}: {e['frames']} frames in {e['watch_seconds']} s, median {e['interval_median_ms']} ms, "
              f"max {e['interval_max_ms']} ms; over 20 ms: first show {len(first)} "
              f"(sum {sum(x[1] for x in first):.0f} ms), after the resize {len(resize)} "
              f"(sum {sum(x[1] for x in resize):.0f} ms)")
        print(f"   late (start ms, interval ms): {e['late_at_ms']}")


if __name__ == "__main__":
    main()
