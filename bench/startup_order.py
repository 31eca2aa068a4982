"""Writes the demo's start-up symbol order (Sources/SnapScrollDemo/startup-order.txt), which the release build hands
to the linker (Package.swift): the functions of the demo's binary that run from launch to `ready` on any page (as
callgrind's profiles name them, page by page), so the code start-up touches sits together and fewer of the binary's pages become resident.
Runs the release demo under callgrind (valgrind) on every page with each renderer; run it inside scripts/headless
after `swift build -c release --product snapscroll-demo`, and relink. A stale list costs only memory: symbols it
names that no longer exist are passed over, and functions it misses are placed as the linker would."""

import os
import re
import signal
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from startup import PAGES, ROOT  # noqa: E402
from harness import renderer_env  # noqa: E402  (startup puts the tests' folder on the path)

OUT = os.path.join(ROOT, "Sources", "SnapScrollDemo", "startup-order.txt")


def profile(demo, page, renderer, out):
    """Runs the demo on `page` under callgrind until its `ready` line, then ends it; the profile goes to `out`."""
    cmd = ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}", demo, "--qa-log",
           "--page", page]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                         env=renderer_env(renderer))
    try:
        for line in p.stdout:
            if '"ready"' in line:
                break
        else:
            raise RuntimeError(f"{page} ({renderer}): exited before ready")
    finally:
        p.send_signal(signal.SIGTERM)
        p.wait(timeout=120)


def functions_run(path):
    """The function names a callgrind profile mentions, in the order it first names them."""
    names = []
    with open(path, errors="replace") as f:
        for line in f:
            m = re.match(r"^c?fn=\(\d+\) (.+)$", line.rstrip("\n"))
            if m:
                names.append(m.group(1))
    return names


def main():
    demo = os.environ.get("SNAPSCROLL_DEMO", os.path.join(ROOT, ".build", "release", "snapscroll-demo"))
    defined = set(subprocess.run(["nm", "--defined-only", "--format=just-symbols", demo], capture_output=True,
                                 text=True, check=True).stdout.split())
    order, seen = [], set()
    with tempfile.TemporaryDirectory() as work:
        for renderer in ("cairo", "gl"):
            for page in PAGES:
                out = os.path.join(work, f"{renderer}-{page}.out")
                profile(demo, page, renderer, out)
                for name in functions_run(out):
                    if name in defined and name not in seen:
                        seen.add(name)
                        order.append(name)
    with open(OUT, "w") as f:
        f.write("".join(f"{name}\n" for name in order))
    print(f"{len(order)} functions of {len(defined)} symbols -> {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
