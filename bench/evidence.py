"""The whole benchmark in one run (scripts/bench runs it inside scripts/headless after a release build):
start-up and memory against a bare GTK window (with a per-phase breakdown), start-up with 1,000,000 items on every
page, frame timing during programmatic snaps with the shipped content and with 1,000,000 items, during touchpad
flings and during motions across a looping row's seam with 1,000,000 items, input latency (wheel, drag, swipe)
against a stock GtkScrolledWindow in the component's place in the demo's window, the longest frame around a resize
beside the bare window's, CPU time and context
switches per second of motion by thread beside the bare window's scrolling, idle wake-ups, decoding through the loader
pool (cold and warm) beside the same decode in-process, and the core's figures.
Start-up, frames and latency are measured with each of GTK's renderers in turn (cairo, and gl: Mesa's software GL
under Xvfb), the bare window and the stock control drawn with the same one, and every row names its renderer. Prints
tables, the targets with PASS/MISS (OPEN: a latency row the runs cannot decide, bench/latency.py), then one JSON line.
Usage: evidence.py [--quick] [--snaps N] [--flings N] [--latency N] [--latency-runs N] [--renderers cairo,gl]
                   [--items N] [--snapcore FILE-WITH-ITS-JSON-LINE]"""

import argparse
import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import startup  # noqa: E402
from frames import (measure_bare_frames, measure_frames, print_frames, print_latency, row_name,  # noqa: E402
                    write_large_content)
from harness import RENDERERS  # noqa: E402  (startup puts the tests' folder on the path)
from latency import measure_latency_rows, latency_targets  # noqa: E402
from decode import measure_pool, pool_targets, print_pool  # noqa: E402
from energy import measure_autoplay, measure_idle, print_energy  # noqa: E402
from resize import measure_resize, print_resize  # noqa: E402
from startup import PAGES, bare_window, measure_startup, print_startup  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The targets the figures are held to (docs/performance.md).
READY_RATIO = 1.15       # ready within 1.15 x the bare window's time, on every page (issue 36)
RSS_EXTRA_MB = 8.0       # resident memory within the bare window's + 8 MB, on every page (issue 36)
LARGE_ITEMS = 1_000_000  # the large content: this many menu titles, strip items and banners
LARGE_READY_MS = 1500.0  # with the large content: ready within 1.5 s on every page
# With the large content: resident memory within the bare window's (drawn with the same renderer, in the same run)
# + 95 MB on every page. The million items' own memory (the content file, the index) is the same whichever renderer
# draws; what the renderer brings differs (Mesa's software GL alone makes the bare window ~151 MB, against ~25 MB with
# cairo), so the bound is the bare window per renderer plus one allowance. 95 MB keeps the 120 MB bound set for cairo.
LARGE_RSS_OVER_BARE_MB = 95.0
LATE_FRAME_MS = 20.0     # a frame interval over 20 ms is a late frame
# With the large content, no more late frames in a run than the bare window had at the same moments (the control),
# plus two: no GTK window on this machine is sure of none (the hypervisor's steal, timers woken late), so the
# demo's frames are held to what any GTK app got beside them.
LATE_OVER_CONTROL = 2
LARGE_TOLERANCE = 0.10   # large-content frame figures within 10 % of the small ones
SNAPPING_PAGES = ["menu", "strip", "carousel"]
# Resize: the longest frame around a resize to 1920x1080 and back within one frame period of the bare window's.
RESIZE_OVER_BARE_MS = 1000 / 60
LOOPING_PAGES = ["strip", "carousel"]   # the pages `--loop` makes wrap around


def options():
    parser = argparse.ArgumentParser()
    parser.add_argument("--snaps", type=int, default=None, help="snaps per frame run (default 100; 20 with --quick)")
    parser.add_argument("--flings", type=int, default=None,
                        help="touchpad flings per fling run (default 48; 12 with --quick): short and long, both ways")
    parser.add_argument("--latency", type=int, default=None,
                        help="latency rounds (a notch, a drag, a swipe) per run (default 40; 10 with --quick)")
    parser.add_argument("--latency-runs", type=int, default=None,
                        help="interleaved latency runs of the demo and of the stock control per page (default 4; 3 "
                             "with --quick)")
    parser.add_argument("--renderers", default=",".join(RENDERERS),
                        help="GTK's renderers to measure with, in turn (default cairo,gl; gl is Mesa's software GL)")
    parser.add_argument("--items", type=int, default=LARGE_ITEMS, help="items in the large content")
    parser.add_argument("--quick", action="store_true", help="3 launches per start-up row, 20 snaps, 12 flings: for iterating")
    parser.add_argument("--snapcore", help="file whose last line is snapcore-bench's JSON")
    opts = parser.parse_args()
    if opts.quick and "BENCH_RUNS" not in os.environ:
        startup.RUNS = 3
    opts.snaps = opts.snaps or (20 if opts.quick else 100)
    opts.flings = opts.flings or (12 if opts.quick else 48)
    opts.latency = opts.latency or (10 if opts.quick else 40)
    opts.latency_runs = opts.latency_runs or (3 if opts.quick else 4)
    opts.renderers = opts.renderers.split(",")
    return opts


def measure_renderer(renderer, demo, large, opts):
    """Start-up, frames, flings and wraps, and latency, every program drawn with `renderer`; every row's name begins
    with it."""
    bare = bare_window()
    with startup.drawn_with(renderer):
        rows = measure_startup(demo, more=[(f"--page {p}, {opts.items:,} items", ["--page", p, "--content", large])
                                           for p in PAGES])
        for r in rows:
            r["name"], r["renderer"] = f"{renderer}: {r['name']}", renderer
        # The control: after each large-content frame row, the bare C window scrolls a row of buttons for as many
        # frames, so it meets the same moments of a shared machine; its late frames are what any GTK app would have.
        control = []

        def large_row(row):
            control.append(measure_bare_frames(bare, row["frames"]))
            return row

        frames = []
        for page in SNAPPING_PAGES:
            frames.append(measure_frames(demo, page, opts.snaps))
            frames.append(large_row(measure_frames(demo, page, opts.snaps, ["--content", large])))
        # Flings and wraps, with the large content only: flings on every snapping page; on a looping row every motion
        # crosses the seam (snaps from the last item to the first and back, flings from the last item and back).
        motions = [large_row(measure_frames(demo, page, opts.flings, ["--content", large], input="flings"))
                   for page in SNAPPING_PAGES]
        for page in LOOPING_PAGES:
            for kind, count in [("snaps", opts.snaps), ("flings", opts.flings)]:
                motions.append(large_row(measure_frames(demo, page, count, ["--content", large, "--loop"], input=kind)))
        for r in frames + motions:
            r["page"], r["renderer"] = f"{renderer} {r['page']}", renderer
        # Input latency on each snapping page against a stock scrolled window in the component's place in the same
        # window, runs interleaved (bench/latency.py).
        latency, latency_control = measure_latency_rows(demo, SNAPPING_PAGES, opts.latency, opts.latency_runs, renderer)
    floor = {"frames": sum(c["frames"] for c in control), "late_frames": sum(c["late_frames"] for c in control),
             "interval_max_ms": max(c["interval_max_ms"] for c in control), "runs": len(control)}
    return {"renderer": renderer, "startup": rows, "frames": frames, "motions": motions, "control": control,
            "floor": floor, "latency": latency, "latency_control": latency_control}


def print_renderer(m, opts):
    """One renderer's tables."""
    print(f"== drawn with GTK's {m['renderer']} renderer ==")
    print_startup(m["startup"])
    print()
    print_frames(m["frames"])
    print()
    print_frames(m["motions"], title=f"flings ({opts.flings}), wraps")
    print()
    large_rows = m["frames"][1::2] + m["motions"]
    print(f"control: the bare GTK4 window (C) scrolling a row of 200 buttons, after each {opts.items:,}-item row for as "
          f"many frames: {m['floor']['late_frames']} of {m['floor']['frames']} frame intervals over "
          f"{LATE_FRAME_MS:.0f} ms (max {m['floor']['interval_max_ms']:.1f} ms); the demo's {opts.items:,}-item rows: "
          f"{sum(r['late_frames'] for r in large_rows)} of {sum(r['frames'] for r in large_rows)}")
    print()
    print_latency([row for pair in zip(m["latency"], m["latency_control"]) for row in pair])
    print()


def main():
    opts = options()
    demo = os.environ.get("SNAPSCROLL_DEMO", os.path.join(ROOT, ".build", "release", "snapscroll-demo"))
    with tempfile.TemporaryDirectory() as tmp:
        large = write_large_content(os.path.join(tmp, "large.json"), opts.items)
        measured = [measure_renderer(renderer, demo, large, opts) for renderer in opts.renderers]
        # Resizes, idle wake-ups and an autoplay advance, drawn as scripts/headless draws (cairo).
        bare = bare_window()
        resize = measure_resize(demo, bare, PAGES, 2 if opts.quick else 5)
        idle = [dict(measure_idle([bare]), name="bare GTK4 window (C)")]
        idle += [dict(measure_idle([demo, "--qa-log", "--page", page]), name=page) for page in PAGES]
        autoplay = measure_autoplay(demo)
        # Decoding through the loader pool, cold and warm, beside the same decode in-process (no window).
        pool = measure_pool(demo, 5 if opts.quick else 15)
    core = None
    if opts.snapcore:
        with open(opts.snapcore) as f:
            lines = [line for line in f.read().splitlines() if line.startswith("{")]
        core = json.loads(lines[-1]) if lines else None

    for m in measured:
        print_renderer(m, opts)
    print("drawn with cairo (scripts/headless):")
    print_resize(resize)
    print()
    energy = energy_rows([r for m in measured for r in m["frames"]], [r for m in measured for r in m["motions"]],
                         [c for m in measured for c in m["control"]])
    energy.insert(-1, ("carousel, one autoplay advance", autoplay))
    print_energy(energy)
    print("idle (3 s, 1.5 s after ready): " + "; ".join(
        f"{r['name']} {r['switches']} switches, {r['cpu_ms']:.0f} ms CPU"
        + (" (" + ", ".join(f"{n} {v[1]}" for n, v in sorted(r["threads"].items()) if v[1]) + ")" if r["switches"] else "")
        for r in idle))
    print()
    print_pool(pool)
    print()
    targets = []
    for m in measured:
        targets += (check_targets(m["startup"], m["frames"], m["motions"], m["floor"])
                    + latency_targets(m["latency"], m["latency_control"]))
    targets += resize_targets(resize) + idle_targets(idle) + pool_targets(pool)
    for t in targets:
        print(f"{t.get('verdict', 'PASS' if t['pass'] else 'MISS')}  {t['target']}: {t['measured']}")
    if core:
        print()
        print("core (snapcore-bench): " + json.dumps(core))
    print(json.dumps({"bench": "evidence", "runs": startup.RUNS, "snaps": opts.snaps, "flings": opts.flings,
                      "renderers": opts.renderers,
                      "startup": [r for m in measured for r in m["startup"]],
                      "frames": [r for m in measured for r in m["frames"]],
                      "frames_flings_wraps": [r for m in measured for r in m["motions"]],
                      "frames_bare_control": {m["renderer"]: m["floor"] for m in measured},
                      "latency": [r for m in measured for r in m["latency"]],
                      "latency_stock_control": [r for m in measured for r in m["latency_control"]],
                      "resize": resize, "decode_pool": pool, "energy": [dict(r, name=n) for n, r in energy], "idle": idle,
                      "targets": targets, "snapcore": core}))


def frame_cpu(row):
    """The whole frame's CPU time on GTK's thread (ours, GTK's layout, cairo's drawing; not time spent waiting for the
    CPU) and its CPU time between two frames (input, timers, idle callbacks, accessibility, the QA log), and for late
    frames how long that thread waited for a CPU, how much CPU time the hypervisor took from the machine meanwhile
    (steal, invisible to the wait) and how many major page faults the thread slept through (pages of code or data read
    back from disk, invisible to both): with frame CPU far below 16.7 ms and a wait or steal as long as the lateness,
    or major faults, a late frame was the machine's, not the frame's work. Last, GTK's thread's CPU
    time over the late intervals (the frames' work and whatever ran between them): far below the intervals, the thread
    slept rather than worked."""
    text = (f"; frame CPU median {row['frame_cpu_median_ms']:.1f}, max {row['frame_cpu_max_ms']:.1f} ms, between"
            f" frames max {row.get('between_cpu_max_ms', 0):.1f} ms")
    if row["late_frames"]:
        # The kernel's run-queue wait of GTK's thread during the late intervals (sampled at the frames' ticks).
        text += (f"; late by {row['late_excess_ms']:.0f} ms in all, while GTK's thread waited "
                 f"{row['late_runqueue_wait_ms']:.0f} ms for a CPU and the hypervisor took "
                 f"{row.get('late_steal_ms', 0):.0f} ms of this machine's CPUs (steal), and GTK's thread took "
                 f"{row.get('late_major_faults', 0)} major page faults (read back from disk) and ran "
                 f"{row.get('late_thread_cpu_ms', 0):.1f} ms of the late intervals' {row.get('late_intervals_ms', 0):.0f} ms")
    return text


def energy_rows(frames, motions, control):
    """(name, figures) per frame row, then the bare window's scrolling control (all its runs together: it scrolled
    after each large-content row for as many frames)."""
    rows = [(f"{row_name(r)}, {r['items']:,} items", r) for r in frames + motions]
    threads = {}
    for c in control:
        for name, (cpu, sw) in c["threads"].items():
            threads.setdefault(name, [0.0, 0])
            threads[name][0] += cpu
            threads[name][1] += sw
    rows.append(("stock scrolled window (control)", {"seconds": sum(c["seconds"] for c in control),
                                                     "cpu_ms": sum(c["cpu_ms"] for c in control),
                                                     "switches": sum(c["switches"] for c in control),
                                                     "threads": threads}))
    return rows


def idle_targets(idle):
    """Idle: no thread of the app wakes at all (the bare window's figure beside it)."""
    bare = idle[0]
    return [{"target": f"{r['name']}: idle, no wake-ups (3 s)",
             "measured": f"{r['switches']} context switches, {r['cpu_ms']:.0f} ms CPU (bare window {bare['switches']})",
             "pass": r["switches"] == 0} for r in idle[1:]]


def resize_targets(rows):
    """Per page: the median over runs of the longest frame around the resizes within RESIZE_OVER_BARE_MS of the bare
    window's (rows[0])."""
    bare = rows[0]
    return [{"target": f"{r['name']}: longest frame around a resize to 1920x1080 and back <= the bare window's + "
                       f"{RESIZE_OVER_BARE_MS:.1f} ms",
             "measured": f"{r['longest_median_ms']:.1f} vs {bare['longest_median_ms']:.1f} ms (medians of {r['runs']})",
             "pass": r["longest_median_ms"] <= bare["longest_median_ms"] + RESIZE_OVER_BARE_MS} for r in rows[1:]]


def check_targets(startup, frames, motions, control):
    """The targets, each {"target", "measured", "pass"}, from the figures evidence.py prints in its JSON line:
    `startup`, `frames` (each page with the shipped content, then with the large content), `motions` (flings and
    wraps, large content) and `control` (the bare window's frames after the large-content rows, in all)."""
    floor = startup[0]
    pages = [r for r in startup[1:] if "snapscroll-demo --page" in r["name"]]
    large = [r for r in startup[1:] if r["name"].endswith(" items")]
    targets = []
    for r in pages:
        targets.append({"target": f"{r['name']}: ready <= {READY_RATIO} x bare",
                        "measured": f"{r['ready_ms']:.0f} ms = {r['ready_ratio']:.2f} x {floor['ready_ms']:.0f} ms"
                                    f" (90% interval {r['ready_ratio_interval'][0]:.2f}-{r['ready_ratio_interval'][1]:.2f},"
                                    f" {len(r['ready_samples_ms'])} launches each)",
                        "pass": r["ready_ratio"] <= READY_RATIO})
    for r in pages:
        targets.append({"target": f"{r['name']}: RSS <= bare + {RSS_EXTRA_MB:.0f} MB",
                        "measured": f"{r['rss_mb']:.1f} MB = bare + {r['rss_over_bare_mb']:.1f} MB",
                        "pass": r["rss_over_bare_mb"] <= RSS_EXTRA_MB})
    for r in large:
        targets.append({"target": f"{r['name']}: ready <= {LARGE_READY_MS / 1000:.1f} s",
                        "measured": f"{r['ready_ms']:.0f} ms", "pass": r["ready_ms"] <= LARGE_READY_MS})
    for r in large:
        bound = floor["rss_mb"] + LARGE_RSS_OVER_BARE_MB
        targets.append({"target": f"{r['name']}: RSS <= bare + {LARGE_RSS_OVER_BARE_MB:.0f} MB",
                        "measured": f"{r['rss_mb']:.1f} MB = bare + {r['rss_over_bare_mb']:.1f} MB (bound {bound:.0f} MB)",
                        "pass": r["rss_over_bare_mb"] <= LARGE_RSS_OVER_BARE_MB})
    # The shipped content's rows have no control run: each is held to no late frame.
    for r in frames[0::2]:
        targets.append({"target": f"{r['page']}, {r['items']} items: no frame over {LATE_FRAME_MS:.0f} ms",
                        "measured": f"{r['late_frames']} of {r['frames']} over, max {r['interval_max_ms']:.1f} ms"
                                    f"{frame_cpu(r)}",
                        "pass": r["late_frames"] == 0})
    large_rows = frames[1::2] + motions
    if large_rows:
        late = sum(r["late_frames"] for r in large_rows)
        where = "; ".join(f"{row_name(r)} {r['late_frames']} (max {r['interval_max_ms']:.1f} ms{frame_cpu(r)})"
                          for r in large_rows if r["late_frames"])
        targets.append({"target": f"{large_rows[0]['items']:,} items (snaps, flings, wraps): late frames (over "
                                  f"{LATE_FRAME_MS:.0f} ms) <= the bare window's at the same moments + {LATE_OVER_CONTROL}",
                        "measured": f"{late} of {sum(r['frames'] for r in large_rows)} against the bare window's "
                                    f"{control['late_frames']} of {control['frames']} (max {control['interval_max_ms']:.1f}"
                                    f" ms)" + (f": {where}" if where else ""),
                        "pass": late <= control["late_frames"] + LATE_OVER_CONTROL})
    for r in motions:
        if r["loops"]:
            # A looping row's run measures wraps only if every motion crossed the seam.
            targets.append({"target": f"{row_name(r)}, {r['items']} items: every motion crosses the seam",
                            "measured": f"{r['wraps']} seam crossings in {r['snaps']} {r['input']}"
                                        f" ({r['travel_min_items']:g}-{r['travel_max_items']:g} items each)",
                            "pass": r["wraps"] >= r["snaps"]})
    for small, large in zip(frames[0::2], frames[1::2]):
        for key, what in [("interval_p99_ms", "frame interval p99"), ("cost_median_ms", "our cost median"),
                          ("cost_p99_ms", "our cost p99")]:
            base, big = small[key], large[key]
            ratio = big / base if base else float("inf")
            targets.append({"target": f"{small['page']}: {what} with {large['items']} items within "
                                      f"{LARGE_TOLERANCE:.0%} of {small['items']}",
                            "measured": f"{big:.3f} vs {base:.3f} ms ({ratio - 1:+.0%})",
                            "pass": big <= base * (1 + LARGE_TOLERANCE)})
    return targets


if __name__ == "__main__":
    main()
