"""Two builds of the demo side by side: `ready` and resident memory at `ready` (with the start-up phases) for each
page, launches interleaved with the bare GTK window so a busy machine slows every row alike. Run inside
scripts/headless after building both, e.g.
    scripts/headless /usr/bin/python3 bench/compare.py OLD/snapscroll-demo NEW/snapscroll-demo [PAGE...]
BENCH_RUNS sets the launches per row (45)."""

import sys

import startup

before, after = sys.argv[1], sys.argv[2]
pages = sys.argv[3:] or ["menu", "strip", "carousel"]
configs = [("bare", [startup.bare_window()])]
for page in pages:
    configs.append((f"before {page}", [before, "--qa-log", "--page", page]))
    configs.append((f"after  {page}", [after, "--qa-log", "--page", page]))
rows = startup.measure_interleaved(configs)
bare = rows[0]
print(f"{'':16} {'ready ms':>9} {'x bare':>7} {'CPU main':>9} {'x bare':>7} {'CPU all':>8} {'x bare':>7} {'RSS MB':>7} "
      f"{'+MB':>6}   phases (ms from launch)")
for r in rows:
    phases = " ".join(f"{k}={v:.1f}" for k, v in r["phases_ms"].items())
    cpu = r.get("cpu_ms", {})
    cells = " ".join(f"{cpu[k]:{w}.1f} {cpu[k] / bare['cpu_ms'][k]:7.2f}" if k in cpu and k in bare.get("cpu_ms", {})
                     else f"{'-':>{w}} {'-':>7}" for k, w in (("main", 9), ("process", 8)))
    print(f"{r['name']:16} {r['ready_ms']:9.1f} {r['ready_ms'] / bare['ready_ms']:7.2f} {cells} {r['rss_mb']:7.1f} "
          f"{r['rss_mb'] - bare['rss_mb']:6.1f}   {phases}")
print()
for page in pages:
    old, new = next(r for r in rows if r["name"] == f"before {page}"), next(r for r in rows if r["name"] == f"after  {page}")
    low, high = startup.ratio_interval(new["ready_samples_ms"], old["ready_samples_ms"])
    print(f"{page}: ready after / before {new['ready_ms'] / old['ready_ms']:.3f} (90% interval {low:.3f}-{high:.3f})")
print()
print(f"{'CPU ms per phase':16} " + " ".join(f"{k:>8}" for k in startup.PHASES + ["ready"]))
for r in rows:
    steps = r.get("cpu_phases_ms", {})
    print(f"{r['name']:16} " + " ".join(f"{steps[k]:8.1f}" if k in steps else f"{'-':>8}" for k in startup.PHASES + ["ready"]))
print("(GTK's thread's processor time from the previous phase shown to this one; `ready`: from the last phase on)")
