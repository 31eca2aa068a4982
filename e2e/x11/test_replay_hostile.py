"""Hostile recordings and recording targets (docs/recording.md, the contract's --record and --replay): consecutive
resizes replay without a critical; a FIFO nobody reads is refused at once, one a reader never empties does not stop
the window; a replay a million lines long ends on SIGTERM; a recording that cannot be written is never lost in
silence (refused at start, or said once and exit status 3)."""

import os
import signal
import subprocess
import tempfile
import time

from harness import DEMO, PATIENCE, App, launch_env, xdo
from snapchecks import wheel
from test_replay import HEADER, replay, row

# How long an app has to end once asked (SIGTERM), or to refuse a target: "within a few seconds".
PROMPTLY = 5


def temp_dir():
    return tempfile.mkdtemp(prefix="snapscroll-rec-")


def test_resizes_5_ms_apart_replay_without_a_critical():
    """Case 1: three valid resizes 5 ms apart, before GTK lays the window out again in between, once ended the app
    with `gtk_window_set_default_size: assertion 'width >= -1' failed` (the tests run with fatal criticals)."""
    fd, path = tempfile.mkstemp(suffix=".rec")
    with os.fdopen(fd, "w") as f:
        f.write(HEADER + "100 resize 400 510\n105 resize 440 540\n110 resize 480 570\n1500 end\n")
    try:
        status, out, err = replay(path)
        assert (status, out, err) == (0, "replay: 0 settles, all match\n", ""), (status, out, err)
    finally:
        os.unlink(path)


def test_a_fifo_with_no_reader_is_refused_at_once():
    """Case 2: `--record FIFO` with nobody reading it once hung in open(), before any window, deaf to SIGTERM."""
    folder = temp_dir()
    fifo = os.path.join(folder, "session.rec")
    os.mkfifo(fifo)
    try:
        p = subprocess.run([DEMO, "--record", fifo], capture_output=True, text=True, timeout=PROMPTLY, env=launch_env())
        assert p.returncode == 2 and p.stdout == "", p
        assert p.stderr == f"snapscroll-demo: recording {fifo}: cannot write: a FIFO with no reader\n", p.stderr
    finally:
        os.unlink(fifo)
        os.rmdir(folder)


def test_a_fifo_whose_reader_never_reads_never_stops_the_window():
    """Case 3: a reader that holds the FIFO open and never reads. The recorder once wrote on GTK's thread and stopped
    the app after about 1,400 wheel notches; now its lines wait on a thread of their own, the window goes on settling,
    the loss is said once (standard error and an `error` event), and the exit status is 3."""
    folder = temp_dir()
    fifo = os.path.join(folder, "session.rec")
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        app = App("--page", "strip", "--record", fifo)
        try:
            point = row(app, "strip").centre_on_screen()
            for _ in range(4):
                wheel(point, 7, times=400, delay_ms=1)
                wheel(point, 6, times=400, delay_ms=1)
            app.mark()
            wheel(point, 7)
            app.wait_event("settled", component="strip", timeout=PATIENCE)
            errors = [e["message"] for e in app.since(0, "error")]
            assert errors == [f"recording {fifo}: incomplete: lines dropped, its reader not keeping up"], errors
            started = time.monotonic()
            app.proc.send_signal(signal.SIGTERM)
            status = app.proc.wait(timeout=PROMPTLY)
            assert time.monotonic() - started < PROMPTLY
        finally:
            err = app.close()
        assert status == 3, (status, err)
        assert err == f"snapscroll-demo: recording {fifo}: incomplete: lines dropped, its reader not keeping up\n", err
    finally:
        os.close(reader)
        os.unlink(fifo)
        os.rmdir(folder)


def million_page_switches(end):
    """A valid recording of 1,000,000 page switches (14 MB), all due at once, replayed for 2 s, then `end(app)`:
    the replay must be over within `PROMPTLY`, with status 1 and the line that says it ended early."""
    fd, path = tempfile.mkstemp(suffix=".rec")
    pages = ["menu", "strip", "carousel", "segmented"]
    with os.fdopen(fd, "w") as f:
        f.write(HEADER)
        f.writelines(f"100 page {pages[k % 4]}\n" for k in range(1_000_000))
        f.write("2000 end\n")
    try:
        app = App("--replay", path, timeout=PATIENCE)
        try:
            time.sleep(2)
            assert app.proc.poll() is None, "the replay ended early"
            started = time.monotonic()
            end(app)
            app.proc.wait(timeout=PROMPTLY)
            took = time.monotonic() - started
        finally:
            err = app.close()
        assert took < PROMPTLY, took
        assert app.proc.returncode == 1, (app.proc.returncode, err)
        assert err == "replay: the window closed before the end of the recording\n", err
    finally:
        os.unlink(path)


def test_a_replay_of_a_million_page_switches_ends_on_sigterm():
    """Case 4: such a replay once pinned a CPU for over 90 s, deaf to SIGTERM: it acted on every line due before it
    let the main loop (where SIGTERM is taken) run again."""
    million_page_switches(lambda app: app.proc.send_signal(signal.SIGTERM))


def test_a_replay_of_a_million_page_switches_ends_on_ctrl_w():
    """Case 4 again, the window closed with Ctrl+W (a key the main loop must get to)."""
    million_page_switches(lambda app: xdo("key", "ctrl+w"))


def test_a_recording_that_cannot_be_written_is_never_lost_in_silence():
    """Case 5: `--record /dev/full` once ran and exited 0 with nothing said. A device is now refused at start, and a
    regular file whose writes fail (here: past the process's file-size limit, EFBIG) is said once, on standard error
    and as an `error` event, with exit status 3."""
    p = subprocess.run([DEMO, "--record", "/dev/full"], capture_output=True, text=True, timeout=PROMPTLY,
                       env=launch_env())
    assert (p.returncode, p.stdout) == (2, ""), p
    assert p.stderr == "snapscroll-demo: recording /dev/full: cannot write: not a regular file or a FIFO\n", p.stderr
    folder = temp_dir()
    path = os.path.join(folder, "session.rec")
    try:
        app = App(command=["prlimit", "--fsize=300", DEMO, "--qa-log", "--page", "strip", "--record", path])
        try:
            point = row(app, "strip").centre_on_screen()
            wheel(point, 7, times=3)
            error = app.wait_event("error")
            assert error["message"] == f"recording {path}: incomplete: cannot write: File too large", error
            app.proc.send_signal(signal.SIGTERM)
            status = app.proc.wait(timeout=PROMPTLY)
        finally:
            err = app.close()
        assert status == 3, (status, err)
        assert err == f"snapscroll-demo: recording {path}: incomplete: cannot write: File too large\n", err
        assert os.path.getsize(path) <= 300
    finally:
        if os.path.exists(path):
            os.unlink(path)
        os.rmdir(folder)
