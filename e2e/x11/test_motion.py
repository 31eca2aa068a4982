"""Motion over real frames: programmatic one-item snaps in the running demo (its SNAPSCROLL_BENCH_SNAPS mode, which
samples the content's position once a frame) start gently — the first frame that moves covers at most 35 % of an
item — on every snapping page, in both directions of text. Later frames are not bounded here: on a loaded machine a
frame may come 100 ms late and rightly show that much more of the motion.
Also: the benchmark's control, the bare C window scrolling a row for a given number of frames, does scroll and report
them, its late frames consistent with its frame intervals; the latency mode and its stock control (a stock scrolled
window in the component's place in the demo's window) time every kind of input, and the frame rows report every
thread's CPU time and context switches (figures, not bounded here)."""

import os
import sys

from harness import DEMO, PATIENCE, ROOT

sys.path.insert(0, os.path.join(ROOT, "bench"))
from frames import LATENCY_KINDS, measure_bare_frames, measure_frames, measure_latency  # noqa: E402
from energy import measure_idle  # noqa: E402
from startup import bare_window  # noqa: E402

FIRST_FRAME_LIMIT = 0.35
SNAPS = 6


def _check(page, rtl):
    event = measure_frames(DEMO, page, SNAPS, args=["--rtl"] if rtl else [], timeout=PATIENCE)
    label = f"{page}{' rtl' if rtl else ''}: {event}"
    assert event["snaps"] == SNAPS, label
    assert 0 < event["first_step_max_items"] <= FIRST_FRAME_LIMIT, label
    assert event["step_max_items"] > event["first_step_max_items"], label   # it does speed up after the start
    assert event["stderr_lines"] == 0, label


def test_motion_snaps_start_gently_on_every_page():
    for page in ("menu", "strip", "carousel"):
        _check(page, rtl=False)


def test_motion_snaps_start_gently_right_to_left():
    for page in ("menu", "strip", "carousel"):
        _check(page, rtl=True)


# What the control counts as a late frame: a frame clock interval over this (ms, bench/bare-window.c).
LATE_FRAME_MS = 20
# The frame clock's period under Xvfb (60 Hz), ms.
FRAME_PERIOD_MS = 1000 / 60


def test_bench_control_scrolls_and_counts_its_frames():
    event = measure_bare_frames(bare_window(), 40, timeout=PATIENCE)
    assert event["frames"] == 40, event
    # The late frames it counts are its intervals over 20 ms: some exactly when the longest is, and each of them
    # takes more than 20 ms of the run's time. (How many there are depends on the machine's load: not bounded here.)
    assert (event["late_frames"] > 0) == (event["interval_max_ms"] > LATE_FRAME_MS), event
    assert event["late_frames"] * LATE_FRAME_MS < event["seconds"] * 1000, event
    # It moved back and forth across a good part of the row (40 frames are 2/3 s of its 2 s period), not a few pixels.
    assert event["scrolled_px"] > 1000, event
    assert event["interval_max_ms"] >= 16, event


def test_bench_latency_times_every_input_kind_in_the_demo_and_the_stock_control():
    demo = measure_latency(DEMO, "strip", 2, timeout=PATIENCE)
    stock = measure_latency(DEMO, "strip", 2, timeout=PATIENCE, stock=True)
    assert demo["stderr_lines"] == 0 and stock["stderr_lines"] == 0, (demo, stock)
    # The control stands in the strip's place in the demo's own window, a row of 200 buttons under the pointer.
    assert (stock["page"], stock["host_page"], stock["items"]) == ("stock", "strip", 200), stock
    assert stock["pointer_over_row"], stock
    for event in (demo, stock):
        for kind in LATENCY_KINDS:
            # Every kind was drawn. A frame's "start" is GTK's frame time, which the frame clock smooths onto the
            # refresh grid: it may lie after the paint ends (a paint right after an input, on a clock that ran a
            # frame shortly before, is stamped with the next grid time), but never by a whole frame period.
            assert event[f"{kind}_inputs"] > 0, (kind, event)
            assert event[f"{kind}_undrawn"] == 0, (kind, event)
            assert event[f"{kind}_start_median_ms"] <= event[f"{kind}_paint_median_ms"] + FRAME_PERIOD_MS, (kind, event)
            assert event[f"{kind}_paint_median_ms"] <= event[f"{kind}_paint_max_ms"], (kind, event)


def test_bench_latency_control_draws_the_carousels_banners_at_its_size():
    demo = measure_latency(DEMO, "carousel", 1, timeout=PATIENCE)
    # The carousel says how its pictures are drawn: the design's proportions (355 x 238, corners of 10) at the scale
    # of its width, within the window.
    width, height = demo["banner_width"], demo["banner_height"]
    assert 100 < width < 960 and abs(height - width * 238 / 355) <= 1, demo
    assert 0 < demo["banner_radius"] < height / 2 and abs(demo["banner_radius"] - 10 * width / 355) <= 1, demo
    assert demo["banner_gap"] >= 0, demo
    # The stock control, in the carousel's place in the same window, draws the content's pictures at that size (a
    # file it cannot read is an error event, which fails the run) and times every input kind.
    stock = measure_latency(DEMO, "carousel", 1, timeout=PATIENCE, stock=True)
    assert stock["host_page"] == "carousel" and stock["stderr_lines"] == 0, stock
    for key in ("banner_width", "banner_height", "banner_gap", "banner_radius"):
        assert stock[key] == demo[key], (key, demo, stock)
    for kind in LATENCY_KINDS:
        assert stock[f"{kind}_inputs"] > 0 and stock[f"{kind}_undrawn"] == 0, (kind, stock)


def test_an_idle_window_wakes_nothing_once_its_log_has_shown_the_ready_line():
    # From 1.5 s after `ready`, 3 s with nothing happening (the benchmark's idle row). The QA log's new line used to
    # show GTK's overlay scrollbar, whose 500 ms hide timer then woke the window 2-3 times in this span.
    for page in ("centering", "carousel"):
        idle = measure_idle([DEMO, "--qa-log", "--page", page])
        assert idle["switches"] == 0, (page, idle)


def test_bench_rows_report_every_threads_cpu_time_and_switches():
    demo = measure_frames(DEMO, "strip", 2, timeout=PATIENCE)
    bare = measure_bare_frames(bare_window(), 20, timeout=PATIENCE)
    for event in (demo, bare):
        # GTK's thread (named after the program) switched at least once a frame; the totals are the threads' sums.
        main = max(event["threads"].values(), key=lambda used: used[1])
        assert main[1] >= event["frames"], event
        assert event["switches"] == sum(used[1] for used in event["threads"].values()), event
        assert abs(event["cpu_ms"] - sum(used[0] for used in event["threads"].values())) < 0.01, event
