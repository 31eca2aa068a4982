"""Runs the end-to-end tests: every test_* function in e2e/x11/test_*.py.
Usage: run.py [-k SUBSTRING]. Ends with 'e2e: N passed, N failed' and a non-zero status on failure."""

import glob
import importlib.util
import os
import sys
import time
import traceback

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
pattern = sys.argv[sys.argv.index("-k") + 1] if "-k" in sys.argv else ""
passed = failed = 0
failures = []
for path in sorted(glob.glob(os.path.join(here, "test_*.py"))):
    name = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for attr in sorted(a for a in dir(module) if a.startswith("test_")):
        test_name = f"{name}.{attr}"
        if pattern and pattern not in test_name:
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
    print("failed: " + ", ".join(failures))
print(f"e2e: {passed} passed, {failed} failed")
sys.exit(1 if failed or not passed else 0)
