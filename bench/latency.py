"""The latency rows, decided: per snapping page, several runs of the demo's latency run (bench/frames.py
measure_latency) and of the stock control in the same window (measure_latency(stock=True): a stock GtkScrolledWindow in
the component's place), interleaved, every input's latency pooled, and
each input kind decided on the 90 % interval of the ratio demo / stock, at median and at p95:
    PASS  the demo's figure is no more than the stock window's, and the interval's top end is within PARITY of it
          (a pass the runs can tell from noise: a slower demo would not pass by a lucky draw)
    MISS  the interval's bottom end is above 1: the demo is slower, beyond the noise
    OPEN  neither: the runs cannot tell; more rounds (--latency, --latency-runs) decide it.
Never more than LATENCY_FRAMES_BEHIND frames painted without an input, and every input drawn, in every run."""

import statistics

from frames import LATENCY_KINDS, measure_latency
from startup import percentile, ratio_interval

# At parity: the 90 % interval's top end within 5 % of the stock window's figure.
PARITY = 1.05
LATENCY_FRAMES_BEHIND = 1


def measure_latency_interleaved(demo, page, rounds, runs):
    """`runs` runs of the demo on `page` and of the stock control in its place in the same window, interleaved,
    taking turns at going first so a busy machine slows both alike; returns the two rows, every run's latencies
    pooled (pool_latency)."""
    demo_runs, stock_runs = [], []
    for turn in range(runs):
        for which in ("demo", "stock") if turn % 2 == 0 else ("stock", "demo"):
            runs_of = demo_runs if which == "demo" else stock_runs
            runs_of.append(measure_latency(demo, page, rounds, stock=which == "stock"))
    return pool_latency(demo_runs), pool_latency(stock_runs)


def pool_latency(runs):
    """One row from several runs' events: the first run's fields, with each kind's latencies to the paint's end
    pooled (`<kind>_paint_ms`) and their median, p95 and max; inputs and never-drawn inputs summed; the most frames
    behind of any run; to the frame's start (each run gives only its figures), the median of the runs' medians and
    the worst p95 and max."""
    row = dict(runs[0], runs=len(runs))
    for k in LATENCY_KINDS:
        values = [v for r in runs for v in r[f"{k}_paint_ms"]]
        row[f"{k}_paint_ms"] = values
        for name, p in (("median", 50), ("p95", 95), ("max", 100)):
            row[f"{k}_paint_{name}_ms"] = percentile(values, p) if values else 0.0
        for field in ("inputs", "undrawn"):
            row[f"{k}_{field}"] = sum(r[f"{k}_{field}"] for r in runs)
        row[f"{k}_frames_behind_max"] = max(r[f"{k}_frames_behind_max"] for r in runs)
        row[f"{k}_start_median_ms"] = statistics.median(r[f"{k}_start_median_ms"] for r in runs)
        for name in ("p95", "max"):
            row[f"{k}_start_{name}_ms"] = max(r[f"{k}_start_{name}_ms"] for r in runs)
    return row


def measure_latency_rows(demo, pages, rounds, runs, renderer):
    """The demo's and the control's pooled rows for each page, labelled with `renderer` (the one drawing now): the
    control stands in the page's own window, with buttons on the menu's and the strip's, the carousel's own pictures
    at its size on the carousel's."""
    rows, controls = [], []
    for page in pages:
        row, stock = measure_latency_interleaved(demo, page, rounds, runs)
        row["page"] = f"{renderer} {page}"
        stock["page"] = f"{renderer} stock ({page}'s window)"
        rows.append(row)
        controls.append(stock)
    return rows, controls


def verdict(values, stock, p):
    """(verdict, demo figure, stock figure, interval of the ratio) at percentile `p`."""
    ours, theirs = percentile(values, p), percentile(stock, p)
    low, high = ratio_interval(values, stock, p=p)
    if ours <= theirs and high <= PARITY:
        word = "PASS"
    elif low > 1:
        word = "MISS"
    else:
        word = "OPEN"
    return word, ours, theirs, (low, high)


def latency_targets(rows, controls):
    """Per row and input kind, a target {"target", "measured", "pass", "verdict"}: both the median's and the p95's
    verdicts PASS, at most LATENCY_FRAMES_BEHIND frames behind, every input drawn. MISS when either figure misses or
    a frame bound fails, else OPEN when either is open."""
    targets = []
    for r, c in zip(rows, controls):
        for k in LATENCY_KINDS:
            values, stock = r[f"{k}_paint_ms"], c[f"{k}_paint_ms"]
            behind, undrawn = r[f"{k}_frames_behind_max"], r[f"{k}_undrawn"]
            drawn = behind <= LATENCY_FRAMES_BEHIND and undrawn == 0 and values and stock
            words, parts = [], []
            for name, p in (("median", 50), ("p95", 95)):
                word, ours, theirs, (low, high) = verdict(values, stock, p) if drawn else ("MISS", 0, 0, (0, 0))
                words.append(word)
                parts.append(f"{name} {ours:.2f} vs {theirs:.2f} ms (x {low:.2f}-{high:.2f}, {word})")
            word = "MISS" if "MISS" in words else "OPEN" if "OPEN" in words else "PASS"
            targets.append({"target": f"{r['page']} {k} latency: median and p95 <= the stock scrolled window's "
                                      f"(90% interval of the ratio within {PARITY}), at most {LATENCY_FRAMES_BEHIND} "
                                      f"frame behind",
                            "measured": ", ".join(parts) + f"; max {r[k + '_paint_max_ms']:.1f} ms, {behind} frames "
                                        f"behind at most ({len(values)} inputs vs {len(stock)} in {r['runs']} "
                                        f"interleaved runs each, {undrawn} never drawn)",
                            "pass": word == "PASS", "verdict": word})
    return targets
