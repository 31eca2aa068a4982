"""A banner whose image costs more than a decode's budget: a 4000×4000 SVG, within the pixel limit, whose filter
(turbulence of many octaves, merged, then a large blur) takes many seconds of processor time at any size it is
drawn. Its decoder process is stopped at the budget; the banner gets the placeholder and exactly one `error` naming
the budget; the app stays responsive meanwhile (the other banners draw, keys move the carousel); and the file is not
decoded again on return to the page nor when the window grows."""

import json
import os
import random
import shutil
import tempfile
import time

from harness import ROOT, App, xdo
from soak import Soak

BANNERS = [os.path.join(ROOT, "resources", "banners", f"banner-{i}.png") for i in (1, 2, 3)]


def write_slow_svg(path, layers=48):
    """The SVG: seconds of processor time however small the carousel draws it (12 layers took 1.2 s at 246×165 px,
    under the budget, and about 8 s at 710×536 px), minutes at its own size."""
    turbulence = "".join(f'<feTurbulence baseFrequency="0.002" numOctaves="24" seed="{i}" result="t{i}"/>'
                         for i in range(layers))
    merge = "".join(f'<feMergeNode in="t{i}"/>' for i in range(layers))
    with open(path, "w") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000">\n'
                f'  <filter id="f" x="0" y="0" width="1" height="1">{turbulence}<feMerge>{merge}</feMerge>'
                '<feGaussianBlur stdDeviation="300"/></filter>\n'
                '  <rect width="4000" height="4000" filter="url(#f)"/>\n</svg>\n')


def decoders_of(pid, name):
    """The app's loader processes decoding the file called `name` (they hold it open while they decode it)."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children") as f:
                children = f.read().split()
        except OSError:
            continue
        for child in children:
            try:
                fds = os.listdir(f"/proc/{child}/fd")
            except OSError:
                continue
            for fd in fds:
                try:
                    if os.path.basename(os.readlink(f"/proc/{child}/fd/{fd}")) == name:
                        found.append(child)
                        break
                except OSError:
                    pass
    return found


def test_a_slow_svg_is_stopped_at_its_budget_once_and_the_app_stays_responsive():
    folder = tempfile.mkdtemp()
    try:
        slow = os.path.join(folder, "slow.svg")
        write_slow_svg(slow)
        banners = [{"title": "Slow", "image": slow}] + [{"title": f"Good {i}", "image": p} for i, p in enumerate(BANNERS)]
        content = os.path.join(folder, "content.json")
        with open(content, "w") as f:
            json.dump({"strip": ["a", "b"], "banners": banners}, f)
        with App("--page", "carousel", "--content", content, env={"G_DEBUG": "fatal-criticals"}) as app:
            # While the decoder works (its budget is seconds of processor time): keys move the carousel (focused at
            # start) there and back.
            xdo("key", "Right")
            app.wait_event("settled", component="carousel", index=1)
            xdo("key", "Left")
            app.wait_event("settled", component="carousel", index=0)
            assert not app.since(0, "error"), "the decode ended before the keys were handled"
            assert decoders_of(app.proc.pid, "slow.svg"), "no decoder of the slow file runs"
            error = app.wait_event("error")
            app.accessible()
            soak = Soak(app, random.Random(1))
            panel = app.find(role="panel", name="Carousel")
            assert error["message"] in ("banner 1: cannot load image slow.svg: decoding took longer than its 2 s CPU budget",
                                        "banner 1: cannot load image slow.svg: decoding took longer than its 15 s time budget"), error
            assert decoders_of(app.proc.pid, "slow.svg") == [], "its decoder was left running"
            # One placeholder (the slow banner's): the good banners beside it show their images.
            placeholders = app.find_all(role="label", name="Image unavailable", root=panel)
            assert len(placeholders) == 1, f"{len(placeholders)} placeholders"

            # Away and back, then a larger window: never decoded again (a decoder of it would live for seconds).
            soak.switch_page("strip")
            soak.switch_page("carousel")
            soak.resize((1600, 900))
            deadline = time.monotonic() + 3
            while time.monotonic() < deadline:
                assert decoders_of(app.proc.pid, "slow.svg") == [], "decoded again"
                time.sleep(0.05)
            xdo("key", "End")
            app.wait_event("settled", component="carousel", index=3)
            errors = [e["message"] for e in app.since(0, "error")]
            assert errors == [error["message"]], errors
            assert app.proc.poll() is None
        caches = [e for e in app.events if e["event"] == "caches"]
        assert len(caches) == 1 and caches[0]["image_failed"] == 1, caches
    finally:
        shutil.rmtree(folder)
