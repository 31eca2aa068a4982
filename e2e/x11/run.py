"""Runs the end-to-end tests: every test_* function in e2e/x11/test_*.py.
Usage: run.py [-k SUBSTRING] [--claims DIR --worker N | --serial-only]. Ends with 'e2e: N passed, N failed' and a
non-zero status on failure.

The tests mostly wait (for animations, settles, the accessibility tree), so scripts/test runs three workers at once
(the third once the Swift and Wayland tests are done), each in its own headless session (display, bus), sharing the
work through `--claims DIR`: a worker runs a test only if it is the first to create the test's file there, so all go
down the same list and none waits for another. The modules in SERIAL change the machine (the package test installs
and purges a .deb) and run alone after them, with `--serial-only`."""

import glob
import importlib.util
import os
import sys
import time
import traceback

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
SERIAL = {"test_package"}
pattern = sys.argv[sys.argv.index("-k") + 1] if "-k" in sys.argv else ""
claims = sys.argv[sys.argv.index("--claims") + 1] if "--claims" in sys.argv else None
worker = sys.argv[sys.argv.index("--worker") + 1] if "--worker" in sys.argv else None
serial_only = "--serial-only" in sys.argv


def mine(module, test_name):
    """Whether this run takes the test: all of them alone; as a worker, the parallel ones it claims first."""
    if serial_only:
        return module in SERIAL
    if claims is None:
        return True
    if module in SERIAL:
        return False
    try:
        os.close(os.open(os.path.join(claims, test_name), os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    return True


label = f" (worker {worker})" if worker else (" (alone)" if serial_only else "")
passed = failed = 0
failures = []
for path in sorted(glob.glob(os.path.join(here, "test_*.py"))):
    name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for attr in sorted(a for a in dir(module) if a.startswith("test_")):
        test_name = f"{name}.{attr}"
        if pattern and pattern not in test_name or not mine(name, test_name):
            continue
        start = time.time()
        try:
            getattr(module, attr)()
        except Exception:
            failed += 1
            failures.append(test_name)
            print(f"FAIL {test_name} ({time.time() - start:.1f}s)\n{traceback.format_exc()}", flush=True)
        else:
            passed += 1
            print(f"ok   {test_name} ({time.time() - start:.1f}s)", flush=True)
if failures:
    print(f"failed{label}: " + ", ".join(failures))
print(f"e2e{label}: {passed} passed, {failed} failed", flush=True)
sys.exit(1 if failed or not (passed or claims or serial_only) else 0)
