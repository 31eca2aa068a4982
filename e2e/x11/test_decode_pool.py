"""Banners are decoded by a pool of at most two sandboxed loader processes kept between images: 60 distinct banners
scrolled through start no more than two loaders, each shows `NoNewPrivs: 1` and `Seccomp: 2` in its status, none is
left a zombie, no banner fails, and once the app has been idle for the pool's idle time (5 s) it has no child
process at all."""

import json
import os
import shutil
import tempfile
import threading
import time

from harness import ROOT, App, wait_until, xdo

SHIPPED = sorted(os.path.join(ROOT, "resources", "banners", name)
                 for name in os.listdir(os.path.join(ROOT, "resources", "banners")))
IDLE_SECONDS = 5


def children(pid):
    """The process IDs of `pid`'s children, from every thread's list."""
    found = set()
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                found.update(f.read().split())
        except OSError:
            pass
    return found


def status(pid):
    """Fields of /proc/PID/status as a dict (empty once the process is gone)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            return dict(line.split(":\t", 1) for line in f.read().splitlines() if ":\t" in line)
    except OSError:
        return {}


class Watch:
    """Samples the app's children every 20 ms on a thread: every child seen, with its status fields."""

    def __init__(self, pid):
        self.pid = pid
        self.seen = {}
        self.most_at_once = 0
        self.zombie_samples = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        while not self._stop.is_set():
            try:
                now = children(self.pid)
            except OSError:
                return
            self.most_at_once = max(self.most_at_once, len(now))
            for child in now:
                fields = status(child)
                if not fields:
                    continue
                if fields.get("State", "").startswith("Z"):
                    self.zombie_samples[child] = self.zombie_samples.get(child, 0) + 1
                else:
                    self.seen[child] = fields
            time.sleep(0.02)

    def stop(self):
        self._stop.set()
        self._thread.join()


def test_sixty_banners_are_decoded_by_at_most_two_sandboxed_loaders_ended_when_idle():
    folder = tempfile.mkdtemp()
    try:
        banners = []
        for i in range(60):
            source = SHIPPED[i % len(SHIPPED)]
            path = os.path.join(folder, f"banner-{i:02d}{os.path.splitext(source)[1]}")
            shutil.copyfile(source, path)
            banners.append({"title": f"Banner {i + 1}", "image": path})
        content = os.path.join(folder, "content.json")
        with open(content, "w") as f:
            json.dump({"strip": ["a", "b"], "banners": banners}, f)
        with App("--page", "carousel", "--content", content, env={"G_DEBUG": "fatal-criticals"}) as app:
            watch = Watch(app.proc.pid)
            try:
                for index in range(1, 60):
                    xdo("key", "Right")
                    app.wait_event("settled", component="carousel", index=index)
                # Every banner's decode is in (none left waiting), then the pool's idle time passes.
                app.quiet(1.0)
                busy_until = time.monotonic()
                wait_until(lambda: not children(app.proc.pid), timeout=IDLE_SECONDS + 10,
                           message="no child process once idle")
                idle_for = time.monotonic() - busy_until
            finally:
                watch.stop()
            errors = [e["message"] for e in app.since(0, "error")]
            assert errors == [], errors
            loaders = watch.seen
            print(f"     loaders {sorted(loaders)}, most at once {watch.most_at_once}, "
                  f"children gone {idle_for:.1f} s after the last decode")
            assert 1 <= len(loaders) <= 2, f"{len(loaders)} loaders: {sorted(loaders)}"
            assert watch.most_at_once <= 2, watch.most_at_once
            for pid, fields in loaders.items():
                assert fields.get("Name") == "snapscroll-deco", (pid, fields.get("Name"))
                assert fields.get("NoNewPrivs") == "1", (pid, fields.get("NoNewPrivs"))
                assert fields.get("Seccomp") == "2", (pid, fields.get("Seccomp"))
            # A zombie lasts only until the main loop reaps it: never seen in more than a few samples in a row.
            assert all(n <= 5 for n in watch.zombie_samples.values()), watch.zombie_samples
            assert app.proc.poll() is None
    finally:
        shutil.rmtree(folder)
