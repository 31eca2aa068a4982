"""Start-up figures: time from launch to the `ready` event and resident memory at `ready`, for the
demo on each page and for a bare GTK4 window in C (the floor), in one run. Run inside
scripts/headless (scripts/bench does). Prints a table, then one JSON line."""

import contextlib
import functools
import json
import math
import os
import random
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Launches per row. On a shared 2-core machine one launch's time varies by about +-15 % (a bare window 71-92 ms, 10th
# to 90th percentile), and a ratio of two medians of 15 launches by about +-0.07 (its bootstrap standard deviation,
# measured over 60 interleaved rounds): wider than the margins the start-up target is decided on. 45 launches narrow
# that to about +-0.04, and each ratio is printed with its 90 % interval. The rows with very large content are
# decided on seconds, far from their limits, and take a second a launch: they get LARGE_RUNS.
RUNS = int(os.environ.get("BENCH_RUNS", "45"))
LARGE_RUNS = int(os.environ.get("BENCH_LARGE_RUNS", "15"))

sys.path.insert(0, os.path.join(ROOT, "e2e", "x11"))
from harness import draws_with_gl, renderer_env, rss_kb  # noqa: E402  (the tests' own readers: one for both)


# Start-up phases the demo (and the bare window) mark on the monotonic clock when SNAPSCROLL_BENCH_PHASES is set,
# in the order reached: main (first line of main), content (file loaded), gtk (gtk_init done), css (stylesheet
# installed), activate (the application runs), window (window built), present, frame (first frame painted).
PHASES = ["main", "content", "gtk", "css", "activate", "window", "present", "frame"]


def stop(p):
    """Ends a process the benchmark started: SIGTERM, then SIGKILL if it has not gone within 10 s."""
    p.terminate()
    try:
        p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        p.kill()


def launch(cmd, env=None):
    """(seconds to ready, RSS in MB at ready, {phase: seconds from launch}, {"main"|"process": CPU seconds at ready})
    for one launch."""
    env = dict(env or os.environ, SNAPSCROLL_BENCH_PHASES="1")
    start = time.monotonic()  # CLOCK_MONOTONIC, the clock the phases are marked on
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        for line in p.stdout:
            if '"ready"' in line:
                elapsed = time.monotonic() - start
                ready = json.loads(line)
                phases = {k: v - start for k, v in ready.get("phases", {}).items()}
                if env.get("GSK_RENDERER") == "gl" and not draws_with_gl(p.pid):
                    raise RuntimeError(f"{cmd[0]}: asked to draw with gl, it draws without GL")
                return elapsed, rss_kb(p.pid) / 1024, phases, ready.get("cpu", {})
        raise RuntimeError(f"{cmd[0]} exited before ready: {p.stderr.read()}")
    finally:
        stop(p)


def summarize(name, samples):
    times = sorted(s[0] * 1000 for s in samples)
    rss = sorted(s[1] for s in samples)
    phases = {k: statistics.median(s[2][k] * 1000 for s in samples) for k in PHASES if all(k in s[2] for s in samples)}
    # Processor time to ready (GTK's thread, and all threads): the figure a busy machine disturbs least.
    cpu = {k: statistics.median(s[3][k] * 1000 for s in samples) for k in ("main", "process") if all(k in s[3] for s in samples)}
    # GTK's thread's processor time spent in each phase: from the previous phase reached (from launch, for the first)
    # to this one, and from the last phase to ready as "ready".
    def spent(cpu_at):
        steps, before = {}, 0.0
        for k in [p for p in PHASES if p in cpu_at.get("phases", {})]:
            steps[k], before = cpu_at["phases"][k] - before, cpu_at["phases"][k]
        if "main" in cpu_at:
            steps["ready"] = cpu_at["main"] - before
        return steps
    steps = [spent(s[3]) for s in samples]
    cpu_phases = {k: statistics.median(st[k] * 1000 for st in steps) for k in PHASES + ["ready"] if all(k in st for st in steps)}
    return {"name": name, "ready_ms": statistics.median(times), "ready_ms_min": times[0],
            "ready_ms_max": times[-1], "rss_mb": statistics.median(rss), "phases_ms": phases, "cpu_ms": cpu,
            "cpu_phases_ms": cpu_phases}


def measure_interleaved(configs):
    """Launches every (name, cmd[, runs]) once per round after one warm-up round (not counted), so a busy machine
    slows every configuration alike; each round starts one configuration further on, so none always follows the same
    one (the exit of a large one, say). A configuration takes part in its first `runs` rounds (RUNS when not given).
    Returns one summary row per configuration, with its launches' times in `ready_samples_ms`."""
    runs = [c[2] if len(c) > 2 else RUNS for c in configs]
    for c in configs:
        launch(c[1])  # warm the page cache
    samples = [[] for _ in configs]
    for turn in range(max(runs)):
        for step in range(len(configs)):
            i = (turn + step) % len(configs)
            if turn < runs[i]:
                samples[i].append(launch(configs[i][1]))
    rows = [summarize(c[0], s) for c, s in zip(configs, samples)]
    for row, s in zip(rows, samples):
        row["ready_samples_ms"] = [round(x[0] * 1000, 2) for x in s]
    return rows


def percentile(values, p):
    """Nearest-rank percentile `p` (0-100) of `values`, as the demo's and the bare window's benchmarks take it."""
    ordered = sorted(values)
    return ordered[min(max(math.ceil(p / 100 * len(ordered)), 1), len(ordered)) - 1]


def ratio_interval(times, floor_times, level=0.90, resamples=2000, p=None):
    """The `level` bootstrap interval of median(times) / median(floor_times) (or of their `p` percentiles): both sets
    resampled with replacement, each independently, `resamples` times (a fixed seed, so a run's table is reproducible
    from its launches)."""
    rng = random.Random(0)
    stat = statistics.median if p is None else (lambda values: percentile(values, p))
    ratios = sorted(stat(rng.choices(times, k=len(times)))
                    / stat(rng.choices(floor_times, k=len(floor_times))) for _ in range(resamples))
    cut = int(resamples * (1 - level) / 2)
    return ratios[cut], ratios[resamples - 1 - cut]


@contextlib.contextmanager
def drawn_with(renderer):
    """Within it, every program the benchmark launches draws with GTK's `renderer` (harness.renderer_env)."""
    before = dict(os.environ)
    os.environ.update(renderer_env(renderer))
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(before)


@functools.cache
def bare_window():
    """Builds the bare C window (the floor), once per process, and returns its path.

    Test workers are separate processes that may build it at the same moment, so each compiles into a file of its
    own and renames it into place: a reader sees the old program or the new one, never one half written."""
    bare = os.path.join(ROOT, ".build", "bare-window")
    building = f"{bare}.{os.getpid()}"
    cflags = subprocess.run(["pkg-config", "--cflags", "--libs", "gtk4"], capture_output=True, text=True, check=True).stdout.split()
    subprocess.run(["cc", "-O2", "-o", building, os.path.join(ROOT, "bench", "bare-window.c"), *cflags, "-lm"],
                   check=True)
    os.replace(building, bare)
    return bare


# The second reference row: the bare window with a header bar and four stock widgets (a button, a check button, an
# entry, a switch) in place of its label. Not a target; it shows what GTK's own widgets cost over the floor with each
# renderer (under gl through Mesa's software GL, their first frame compiles the shaders they draw with).
STOCK_WIDGETS = "stock widgets window (C)"


def measure_startup(demo, extra=(), more=()):
    """Rows for the bare window and the stock-widgets window, then the demo on each page (RUNS launches each), then `more` ((name, extra args)
    pairs, LARGE_RUNS launches each), each with its ratio to the bare window's time (medians, with its 90 % interval,
    and minimums) and its memory over the bare window's."""
    configs = [("bare GTK4 window (C)", [bare_window()]), (STOCK_WIDGETS, [bare_window(), "--stock-widgets"])]
    configs += [(f"snapscroll-demo --page {page}", [demo, "--qa-log", "--page", page, *extra]) for page in PAGES]
    configs += [(name, [demo, "--qa-log", *args, *extra], min(LARGE_RUNS, RUNS)) for name, args in more]
    rows = measure_interleaved(configs)
    floor = rows[0]
    for r in rows:
        r["ready_ratio"] = r["ready_ms"] / floor["ready_ms"]
        r["ready_ratio_interval"] = (ratio_interval(r["ready_samples_ms"], floor["ready_samples_ms"])
                                     if r is not floor else None)
        r["ready_ratio_min"] = r["ready_ms_min"] / floor["ready_ms_min"]
        r["rss_over_bare_mb"] = r["rss_mb"] - floor["rss_mb"]
    return rows


def print_startup(rows):
    print(f"{'start-up (launches interleaved)':44} {'launches':>8} {'ready ms (median)':>18} {'x bare':>7} "
          f"{'90% interval':>12} {'min ms':>7} {'x bare':>7} {'RSS MB':>7} {'+MB vs bare':>12}")
    for r in rows:
        interval = "{:7.2f}-{:4.2f}".format(*r["ready_ratio_interval"]) if r["ready_ratio_interval"] else f"{'-':>12}"
        print(f"{r['name']:44} {len(r['ready_samples_ms']):8} {r['ready_ms']:18.1f} {r['ready_ratio']:7.2f} "
              f"{interval} {r['ready_ms_min']:7.1f} {r['ready_ratio_min']:7.2f} {r['rss_mb']:7.1f} "
              f"{r['rss_over_bare_mb']:12.1f}")
    print("(90% interval: of the ratio of medians, from resampling each row's launches; one launch varies by about")
    print(" +-15 % on a shared machine, so a ratio is known to a few hundredths, not better)")
    print()
    print(f"{'start-up phases, ms from launch (median)':44}" + "".join(f"{p:>9}" for p in PHASES) + f"{'ready':>9}"
          + f"{'CPU main':>10}{'CPU all':>9}")
    for r in rows:
        cells = "".join(f"{r['phases_ms'][p]:9.1f}" if p in r["phases_ms"] else f"{'-':>9}" for p in PHASES)
        cpu = "".join(f"{r['cpu_ms'][k]:{w}.1f}" if k in r.get("cpu_ms", {}) else f"{'-':>{w}}"
                      for k, w in (("main", 10), ("process", 9)))
        print(f"{r['name']:44}{cells}{r['ready_ms']:9.1f}{cpu}")
    print("(CPU: processor ms to ready on GTK's thread and in all threads; the ratio a loaded machine disturbs least)")


PAGES = ["menu", "centering", "segmented", "strip", "carousel"]


def main():
    demo = os.environ.get("SNAPSCROLL_DEMO", os.path.join(ROOT, ".build", "release", "snapscroll-demo"))
    rows = measure_startup(demo, sys.argv[1:])
    print_startup(rows)
    print(json.dumps({"bench": "startup", "runs": RUNS, "rows": rows}))


if __name__ == "__main__":
    main()
