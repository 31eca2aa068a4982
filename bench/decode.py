"""What first showing the carousel costs GTK's thread: launches the release demo on the carousel page with the
frame watch on (SNAPSCROLL_BENCH_WATCH), resizes the window larger part-way (the banners decode again, larger),
and prints the frame intervals over 20 ms with when they started (ms after the `ready` frame).
Run inside a headless session: scripts/headless /usr/bin/python3 bench/decode.py [--runs N]

With --pool (no display needed): what a decode costs through the loader pool, cold (a loader started for it) and
warm (a loader kept), beside the same decode in the demo's own process with the loader's GdkPixbuf code, for the
shipped banners and a 710x536 JPEG, all at 710x536 px; rounds interleaved, medians printed. With --today HELPER
(a build of the per-image decoder, before the pool), that helper's time per image is measured in the same rounds."""

import argparse
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "e2e", "x11"))
os.environ.setdefault("SNAPSCROLL_DEMO", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build",
                                                      "release", "snapscroll-demo"))
from harness import App  # noqa: E402

ROOT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
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


FIT = (710, 536)


def pool_files(folder):
    """The shipped banners and a 710x536 JPEG (ImageMagick's plasma, a photo's texture, fixed seed)."""
    banners = os.path.join(ROOT_DIR, "resources", "banners")
    files = sorted(os.path.join(banners, f) for f in os.listdir(banners))
    jpeg = os.path.join(folder, "photo-710x536.jpg")
    subprocess.run(["convert", "-seed", "7", "-size", "710x536", "plasma:fractal", "-quality", "90", jpeg], check=True)
    return files + [jpeg]


def today_ms(helper, path):
    """One decode by the per-image decoder as the library ran it before the pool: the file on standard input, the
    answer read to its end, the process reaped."""
    size = os.path.getsize(path)
    started = time.monotonic()
    with open(path, "rb") as f:
        subprocess.run([helper, "decode", str(size), str(32 << 20), "16000000", "2", str(512 << 20), str(FIT[0]),
                        str(FIT[1])], stdin=f, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
    return (time.monotonic() - started) * 1000


def median(values):
    values = sorted(v for v in values if v == v)
    return values[len(values) // 2] if values else float("nan")


def measure_pool(demo, rounds, today=None):
    """Times per file (ms lists): pool cold, pool warm, in-process, and the per-image decoder `today` when given."""
    import json
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        files = pool_files(folder)
        spec = f"1 {FIT[0]} {FIT[1]}\n" + "\n".join(files)
        rows = {os.path.basename(f): {"pool_cold_ms": [], "pool_warm_ms": [], "in_process_ms": [], "today_ms": []}
                for f in files}
        for _ in range(rounds):
            # One launch per round (its loaders start from nothing), the per-image decoder's times between them.
            out = subprocess.run([demo], env=dict(os.environ, SNAPSCROLL_BENCH_DECODE=spec), capture_output=True,
                                 text=True, check=True).stdout
            for row in json.loads(out.strip().splitlines()[-1])["rows"]:
                for key in ("pool_cold_ms", "pool_warm_ms", "in_process_ms"):
                    rows[row["file"]][key] += row[key]
            if today:
                for f in files:
                    rows[os.path.basename(f)]["today_ms"].append(today_ms(today, f))
    return rows


def pool_targets(rows):
    """The targets: warm through the pool at most 1.25 x in-process (all files together); the cold first banner
    within a frame (16.7 ms) of the per-image decoder's, when that was measured."""
    warm = sum(median(r["pool_warm_ms"]) for r in rows.values())
    control = sum(median(r["in_process_ms"]) for r in rows.values())
    targets = [{"target": "decode through the pool, warm, <= 1.25 x in-process", "pass": warm <= 1.25 * control,
                "measured": f"{warm:.1f} / {control:.1f} ms = {warm / control:.2f}"}]
    first = next(iter(rows.values()))
    if first["today_ms"]:
        cold, before = median(first["pool_cold_ms"]), median(first["today_ms"])
        targets.append({"target": "cold first banner within 16.7 ms of the per-image decoder", "pass": cold - before <= 16.7,
                        "measured": f"{cold:.1f} ms vs {before:.1f} ms ({cold - before:+.1f} ms)"})
    return targets


def print_pool(rows):
    today = any(r["today_ms"] for r in rows.values())
    rounds = len(next(iter(rows.values()))["pool_cold_ms"])
    print(f"decode at {FIT[0]}x{FIT[1]} px, {rounds} interleaved rounds, medians in ms (load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: other work shares the machine)")
    print(f"{'file':24} {'pool cold':>10} {'pool warm':>10} {'in-process':>11} {'warm/in-proc':>13}"
          + (f" {'per-image (before)':>19}" if today else ""))
    for name, r in rows.items():
        warm, control = median(r["pool_warm_ms"]), median(r["in_process_ms"])
        print(f"{name:24} {median(r['pool_cold_ms']):10.1f} {warm:10.1f} {control:11.1f} {warm / control:13.2f}"
              + (f" {median(r['today_ms']):19.1f}" if today else ""))


def pool_main(rounds, today):
    import json
    rows = measure_pool(os.environ["SNAPSCROLL_DEMO"], rounds, today)
    print_pool(rows)
    targets = pool_targets(rows)
    for t in targets:
        print(f"{'PASS' if t['pass'] else 'MISS'}  {t['target']}: {t['measured']}")
    print(json.dumps({"bench": "decode-pool", "rounds": rounds, "fit": FIT, "rows": rows, "targets": targets}))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pool", action="store_true", help="the loader pool against in-process decoding")
    parser.add_argument("--rounds", type=int, default=15, help="rounds of --pool")
    parser.add_argument("--today", help="with --pool: the per-image decoder of before the pool, timed alongside")
    args = parser.parse_args()
    if args.pool:
        return pool_main(args.rounds, args.today)
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
