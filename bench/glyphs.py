"""Where the colour emoji of the strip are decoded at start-up: launches the release demo on a page with a uprobe
on libpng's png_read_image (FreeType decodes each colour emoji glyph it loads with it; GTK's icons are PNG files
too, loaded on GTK's icon thread), stops it at `ready`, and counts the decodes on GTK's thread and on others. Needs `perf` and the right to add uprobes (root).
Run inside a headless session: scripts/headless /usr/bin/python3 bench/glyphs.py [--page strip] [--runs 3]"""

import argparse
import glob
import os
import signal
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEMO = os.environ.get("SNAPSCROLL_DEMO", os.path.join(ROOT, ".build", "release", "snapscroll-demo"))
EVENT = "probe_libpng16:png_read_image"


def libpng():
    for path in glob.glob("/usr/lib/*/libpng16.so.16*") + glob.glob("/lib/*/libpng16.so.16*"):
        if not os.path.islink(path):
            return path
    sys.exit("glyphs.py: libpng16 not found")


def one_run(page, data):
    """(decodes on GTK's thread, decodes on other threads) from launch to `ready`."""
    env = dict(os.environ, SNAPSCROLL_RESOURCES=os.environ.get("SNAPSCROLL_RESOURCES", os.path.join(ROOT, "resources")))
    perf = subprocess.Popen(["perf", "record", "-q", "-e", EVENT, "-o", data, "--", DEMO, "--qa-log", "--page", page],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
    for line in perf.stdout:
        if '"ready"' in line:
            break
    # Stop the demo (perf's child) at once; perf then writes what it recorded.
    for pid in subprocess.run(["pgrep", "-P", str(perf.pid)], capture_output=True, text=True).stdout.split():
        os.kill(int(pid), signal.SIGKILL)
    perf.wait()
    samples = subprocess.run(["perf", "script", "-i", data, "-F", "pid,tid"], capture_output=True, text=True).stdout
    pairs = [line.split()[0].split("/") for line in samples.splitlines() if line.strip()]
    main = sum(1 for pid, tid in pairs if pid == tid)
    return main, len(pairs) - main


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--page", default="strip")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    added = subprocess.run(["perf", "probe", "-q", "-x", libpng(), "png_read_image"], capture_output=True, text=True)
    if added.returncode != 0 and "already exists" not in added.stderr:
        sys.exit(f"glyphs.py: cannot add the uprobe (root and perf are needed): {added.stderr.strip()}")
    try:
        with tempfile.TemporaryDirectory() as folder:
            for run in range(args.runs):
                main_thread, others = one_run(args.page, os.path.join(folder, "perf.data"))
                print(f"run {run + 1}, --page {args.page}: {main_thread} PNG decodes on GTK's thread before ready, "
                      f"{others} on other threads", flush=True)
    finally:
        if added.returncode == 0:
            subprocess.run(["perf", "probe", "-q", "-d", EVENT], capture_output=True)


if __name__ == "__main__":
    main()
