"""The energy row: CPU time and context switches of all of a process's threads, per second of motion, by thread name.
The demo's frame rows and the bare C window's scrolling control read /proc/self/task themselves when their motion
starts and ends (`cpu_ms`, `switches`, `threads` in their bench events); idle is read from outside here."""

import json
import os
import subprocess
import time

from startup import stop


def usage_row(seconds, threads):
    """A row of CPU time and context switches over `seconds`: per thread ({name: [ms, switches]}) and summed."""
    return {"seconds": seconds, "threads": threads, "cpu_ms": sum(t[0] for t in threads.values()),
            "switches": sum(t[1] for t in threads.values())}


def task_usage(pid):
    """{tid: (name, cpu ticks (utime + stime), context switches (voluntary + nonvoluntary))} of every thread now."""
    usage = {}
    base = f"/proc/{pid}/task"
    for tid in os.listdir(base):
        try:
            with open(f"{base}/{tid}/stat") as f:
                stat = f.read()
            with open(f"{base}/{tid}/status") as f:
                status = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        switches = sum(int(line.split(":")[1]) for line in status.splitlines()
                       if line.startswith(("voluntary_ctxt_switches:", "nonvoluntary_ctxt_switches:")))
        usage[tid] = (name, int(fields[11]) + int(fields[12]), switches)
    return usage


def since(later, earlier):
    """{name: [cpu ms, switches]} used between two task_usage readings, summed by thread name."""
    tick_ms = 1000 / os.sysconf("SC_CLK_TCK")
    out = {}
    for tid, (name, ticks, switches) in later.items():
        _, ticks0, switches0 = earlier.get(tid, (name, 0, 0))
        cpu, sw = out.get(name, [0.0, 0])
        out[name] = [cpu + (ticks - ticks0) * tick_ms, sw + switches - switches0]
    return out


def measure_idle(cmd, settle=1.5, seconds=3.0, timeout=60):
    """Launches `cmd`, waits for `ready` and `settle` s more, then reads every thread's usage over `seconds` s of
    nothing happening; returns {"cpu_ms", "switches", "threads", "seconds"}."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        deadline = time.monotonic() + timeout
        for line in p.stdout:
            if '"event":"ready"' in line or time.monotonic() > deadline:
                break
        time.sleep(settle)
        before = task_usage(p.pid)
        time.sleep(seconds)
        threads = since(task_usage(p.pid), before)
    finally:
        stop(p)
    return usage_row(seconds, threads)


def per_second(row):
    """CPU ms and context switches per second of a row's motion, and each thread's share of the CPU time."""
    seconds = row["seconds"] or 1
    total = row["cpu_ms"] or 1
    shares = sorted(((cpu / total, name, sw / seconds) for name, (cpu, sw) in row["threads"].items()), reverse=True)
    return row["cpu_ms"] / seconds, row["switches"] / seconds, shares


def print_energy(rows):
    """rows: (name, event with seconds, cpu_ms, switches, threads)."""
    print(f"{'energy (per second of motion)':34} {'seconds':>8} {'CPU ms/s':>9} {'switches/s':>11}  threads: CPU share, switches/s")
    for name, r in rows:
        cpu, switches, shares = per_second(r)
        print(f"{name:34} {r['seconds']:8.2f} {cpu:9.1f} {switches:11.0f}  "
              + ", ".join(f"{n} {s:.0%} {w:.0f}/s" for s, n, w in shares if s > 0 or w >= 1))


def measure_autoplay(demo, timeout=60):
    """The carousel advancing by itself (`--autoplay 1`): every thread's usage from one advance's `settled` to the
    next's (the timer's wake-up, the motion, and the idle second between them, which wakes nothing), per second of the
    motion (from its `page` event to its `settled`, on the QA log's clock)."""
    p = subprocess.Popen([demo, "--qa-log", "--page", "carousel", "--autoplay", "1"], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    try:
        deadline = time.monotonic() + timeout
        before = page_t = None
        for line in p.stdout:
            if time.monotonic() > deadline:
                raise RuntimeError("carousel autoplay: no advance")
            if '"cause":"autoplay"' not in line:
                continue
            event = json.loads(line)
            if event["event"] == "page" and before is not None:
                page_t = event["t"]
            elif event["event"] == "settled":
                time.sleep(0.1)
                if before is None:
                    before = task_usage(p.pid)
                elif page_t is not None:
                    threads = since(task_usage(p.pid), before)
                    seconds = (event["t"] - page_t) / 1000
                    break
        else:
            raise RuntimeError("carousel autoplay: the app ended")
    finally:
        stop(p)
    return usage_row(seconds, threads)
