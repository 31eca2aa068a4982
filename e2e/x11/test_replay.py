"""Record and replay (docs/recording.md): a session of wheel notches, drags and keys on each snapping page is
recorded with --record and replayed with --replay, which must reproduce every settle (exit 0); a recording changed
so that a settle differs names the difference (exit 1); a damaged one is refused with its line number (exit 2)."""

import os
import re
import subprocess
import tempfile
import time

from harness import DEMO, PATIENCE, App, extents, launch_env, wait_until, xdo
from snapchecks import Strip, app_window, drag, wheel

DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
FRUIT = ["🍎", "🍊", "🍇", "🍌", "🍉", "🍐", "🍒"]
BANNERS = ["Sunrise over the bay", "Lagoon afternoon", "Dusk in the hills", "Summer meadow", "Embers and ash"]

PAGES = {
    # page: (panel, pane, item role, item name)
    "menu": ("Tab menu", "Weekday menu", "page tab", lambda i: DAYS[i]),
    "strip": ("Strip", "Fruit strip", "panel", lambda i: f"{FRUIT[i]}, item {i + 1}"),
    "carousel": ("Carousel", "Banners", None, lambda i: f"Banner {i + 1} of 5: {BANNERS[i]}"),
}


def row(app, page):
    panel, pane, role, name = PAGES[page]
    s = Strip(app, panel, pane, role, name, 1, 7)
    x0, _, w0, _ = extents(s.item(0))
    x1, _, w1, _ = extents(s.item(1))
    pitch = (x1 + w1 / 2) - (x0 + w0 / 2)
    s.pitch = pitch
    return s


def temp_path(suffix):
    fd, path = tempfile.mkstemp(suffix=suffix)
    os.close(fd)
    return path


def replay(path, *extra):
    """Runs a replay to its end: (status, stdout, stderr)."""
    p = subprocess.run([DEMO, *extra, "--replay", path], capture_output=True, text=True, timeout=PATIENCE * 3,
                       env=launch_env())
    return p.returncode, p.stdout, p.stderr


def record_session(page, path):
    """Records wheel notches, a slow drag, a flick and keys on `page`; returns the settles the QA log showed."""
    with App("--page", page, "--record", path) as app:
        s = row(app, page)
        point = s.centre_on_screen()
        cx, cy = point

        def gesture(action):
            mark = app.mark()
            action()
            app.wait_event("settled", component=page)
            app.quiet(0.5)
            return mark

        gesture(lambda: wheel(point, 7))
        gesture(lambda: wheel(point, 7, times=2))
        gesture(lambda: wheel(point, 6))
        # A slow drag held still before release, then a flick back (within the row on screen).
        reach = min(s.pitch, (cx - extents(s.pane)[0] - s.margin[0] - 10) / 1.3)
        gesture(lambda: drag((cx, cy), -int(1.3 * reach), 8, 0.03, hold=0.3))
        gesture(lambda: drag((cx, cy), int(0.9 * reach), 3, 0.01))
        for key in ("Right", "End", "Left", "Home"):
            gesture(lambda: xdo("key", key))
        if page == "carousel":
            # A click on the third page dot (keys on the dots are the same path: PageDotsTests).
            dot = app.find(role="page tab", name="Page 3 of 5", root=s.panel)
            x, y, w, h = extents(dot)
            gesture(lambda: xdo("mousemove", int(x + w / 2 + s.margin[0]), int(y + h / 2 + s.margin[1]), "click", 1))
        settles = [(e["component"], e["index"], e["offset"], e["cause"]) for e in app.since(0, "settled")]
    return settles


def recorded_settles(path):
    out = []
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) == 6 and fields[1] == "settled":
                out.append((fields[2], int(fields[3]), float(fields[4]), fields[5]))
    return out


def check_round_trip(page):
    path = temp_path(f"-{page}.rec")
    try:
        logged = record_session(page, path)
        recorded = recorded_settles(path)
        assert len(logged) >= 8, logged
        assert [(c, i, round(o, 3), k) for c, i, o, k in recorded] == [(c, i, round(o, 3), k) for c, i, o, k in logged], \
            (recorded, logged)
        causes = {k for _, _, _, k in recorded}
        assert {"wheel", "drag", "keyboard"} <= causes, causes
        status, out, err = replay(path)
        assert (status, out, err) == (0, f"replay: {len(recorded)} settles, all match\n", ""), (status, out, err)
        return path
    except BaseException:
        with open(path) as f:
            print(f"the recording:\n{f.read()}")
        os.unlink(path)
        raise


def test_replay_menu_session_matches():
    os.unlink(check_round_trip("menu"))


def test_replay_strip_session_matches_and_a_changed_delta_is_named():
    path = check_round_trip("strip")
    try:
        with open(path) as f:
            lines = f.read().split("\n")
        # The first wheel notch (one item forward) made two notches: the first settle is one item further.
        first = next(i for i, l in enumerate(lines) if " input strip scroll 1 0 wheel " in l)
        lines[first] = lines[first].replace(" scroll 1 0 wheel ", " scroll 2 0 wheel ")
        with open(path, "w") as f:
            f.write("\n".join(lines))
        expected = recorded_settles(path)
        line = 1 + next(n for n, l in enumerate(lines) if l.split()[1:2] == ["settled"])
        started = time.monotonic()
        status, out, err = replay(path)
        took = time.monotonic() - started
        assert status == 1, (status, out, err)
        c, i, o, k = expected[0]
        assert out == (f"replay: line {line}: settle 1 of {len(expected)} differs: expected {c} {i} {o:g} {k}, "
                       f"got {c} {i + 1} {o + 170:g} {k}\n"), out
        assert err == "", err
        # It stops there: the session's later gestures (seconds apart) are not played.
        session = float(lines[-2].split()[0]) / 1000
        assert took < session, (took, session)
        # --keep-going plays on to the end, then names the same first difference.
        status, kept, err = replay(path, "--keep-going")
        assert (status, kept, err) == (1, out, ""), (status, kept, err)
    finally:
        os.unlink(path)


def test_replay_carousel_session_matches_and_the_log_is_written():
    path = check_round_trip("carousel")
    try:
        with open(path) as f:
            dots = [line.split()[1:] for line in f if line.split()[1:2] == ["dot"]]
        assert dots == [["dot", "carousel", "2", "click"]], dots
        last = recorded_settles(path)[-1]
        assert (last[0], last[1], last[3]) == ("carousel", 2, "click"), last
        # With --qa-log the usual log is standard output, and the result line goes to standard error.
        status, out, err = replay(path, "--qa-log")
        expected = recorded_settles(path)
        assert status == 0 and err == f"replay: {len(expected)} settles, all match\n", (status, err)
        import json
        events = [json.loads(line) for line in out.splitlines()]
        assert events[0]["event"] == "ready" and events[0]["page"] == "carousel", events[0]
        assert [(e["component"], e["index"], e["cause"]) for e in events if e["event"] == "settled"] == \
            [(c, i, k) for c, i, _, k in expected]
    finally:
        os.unlink(path)


HEADER = "snapscroll-recording 1\noption page strip\noption size 960x640\noption content-size 960x593\n"


def refused(text, fragment, line=None, raw=None):
    """A recording holding `text` is refused: exit 2, no output, one line on standard error naming `fragment` (and
    the line number)."""
    path = temp_path(".rec")
    try:
        with open(path, "wb") as f:
            f.write(raw if raw is not None else text.encode())
        status, out, err = replay(path)
        assert status == 2 and out == "", (status, out, err)
        lines = err.strip().splitlines()
        assert len(lines) == 1 and fragment in lines[0], err
        assert lines[0].startswith(f"snapscroll-demo: recording {path}: "), lines[0]
        if line is not None:
            assert f": line {line}: " in lines[0], lines[0]
        return lines[0]
    finally:
        os.unlink(path)


def test_replay_refuses_damaged_recordings_with_the_line_number():
    end = "5000 end\n"
    refused(HEADER + "100 input strip scroll 1O 0 wheel 99\n" + end, 'bad number "1O" for DX', line=5)
    refused(HEADER + "100 input strip scroll 1 0 wheel\n" + end, '"scroll" takes DX DY wheel|surface TIME', line=5)
    refused(HEADER + "100 input strip fling 1 0 99\n" + end, 'unknown input "fling"', line=5)
    refused(HEADER + "100 input segmented key Right 99\n" + end, 'unknown component "segmented"', line=5)
    refused(HEADER + "100 input strip key NoSuchKey 99\n" + end, 'unknown key "NoSuchKey"', line=5)
    refused(HEADER + "200 page menu\n100 page strip\n" + end, "goes back", line=6)
    refused(HEADER + "100 settled strip 1 170 wind\n" + end, 'unknown cause "wind"', line=5)
    refused(HEADER + "100 input strip scroll 1 0 wheel nan\n" + end, 'bad number "nan"', line=5)
    refused(HEADER + "100 input strip scroll 1e300 0 wheel 99\n" + end, 'bad number "1e300"', line=5)
    refused(HEADER + "100 input strip scroll 1 0 wheel 99\n", 'no "end" line', line=6)
    refused(HEADER + end + "6000 page menu\n", 'nothing may follow "end"', line=6)
    refused(HEADER.replace("960x640", "960x64O") + end, 'bad size "960x64O"', line=3)
    refused("snapscroll-recording 1\noption page strip\n100 page menu\n" + end, '"option page", "option size" and "option content-size" come first', line=3)
    refused(HEADER + "100  page menu\n" + end, "one space", line=5)
    refused(HEADER + "100 page " + "m" * 1100 + "\n" + end, "longer than 1024 bytes", line=5)
    refused(None, "not UTF-8", line=5, raw=(HEADER + "100 page m\xe9nu\n" + end).encode("latin-1"))


def test_replay_refuses_a_wrong_version_a_foreign_file_and_a_file_too_large():
    refused(HEADER.replace("recording 1", "recording 2") + "5000 end\n", 'unsupported version "2"', line=1)
    refused('{"menu": []}\n', "not a SnapScroll recording", line=1)
    refused("", "empty file", line=1)
    # Refused from its size, before reading: 16 MB and one byte.
    refused(None, "file too large (16777217 bytes, limit 16 MB)", raw=(HEADER + "#" * (16 << 20)).encode()[: (16 << 20) + 1])
    # Options with --replay: the recording holds them.
    status, out, err = replay("/nonexistent.rec", "--page", "menu")
    assert status == 2 and "--page cannot be given with --replay" in err, (status, err)
    status, out, err = replay("/nonexistent.rec")
    assert status == 2 and err.startswith("snapscroll-demo: recording /nonexistent.rec: cannot open: "), (status, err)
    # A recording that cannot be created: one line, exit status 2, no window.
    p = subprocess.run([DEMO, "--record", "/nonexistent/session.rec"], capture_output=True, text=True,
                       timeout=PATIENCE, env=launch_env())
    assert p.returncode == 2 and p.stdout == "" and \
        p.stderr.startswith("snapscroll-demo: recording /nonexistent/session.rec: cannot write: "), p


def check_replay_needs(path, text, lines, component):
    """The recording at `path` (its `text`) replays with every settle matching; without the lines that match the
    pattern `lines`, its replay differs at a settle of `component`: the replay did act on those lines."""
    expected = recorded_settles(path)
    status, out, err = replay(path)
    assert (status, out, err) == (0, f"replay: {len(expected)} settles, all match\n", ""), (status, out, err, text)
    with open(path, "w") as f:
        f.write(re.sub(lines, "", text, flags=re.M))
    status, out, err = replay(path)
    assert status == 1 and f" differs: expected {component} " in out, (status, out, err, text)


def test_record_pages_settings_and_resizes_replay_through_the_window():
    """A page switch, a setting (the QA panel) and a resize are recorded and replayed through the window's own paths:
    the carousel's settles after them, whose offsets depend on the window's width, match."""
    path = temp_path("-window.rec")
    try:
        with App("--page", "strip", "--record", path) as app:
            s = row(app, "strip")
            wheel(s.centre_on_screen(), 7, times=2)
            app.wait_event("settled", component="strip")
            app.quiet(0.5)
            tab = app.find(role="page tab", name="Carousel")
            x, y, w, h = extents(tab)
            xdo("mousemove", int(x + w / 2 + s.margin[0]), int(y + h / 2 + s.margin[1]), "click", 1)
            carousel = row(app, "carousel")
            wheel(carousel.centre_on_screen(), 7)
            before = app.wait_event("settled", component="carousel")
            app.quiet(0.5)
            xdo("key", "ctrl+l")                       # the QA panel: a setting
            width = extents(carousel.pane)[2]
            xdo("windowsize", app_window(), 733, 600)  # a resize
            wait_until(lambda: extents(carousel.pane)[2] != width, message="the carousel laid out at the new width")
            app.quiet(0.5)
            wheel(carousel.centre_on_screen(), 7)
            after = app.wait_event("settled", component="carousel", index=before["index"] + 1)
            app.quiet(0.5)
            # The pitch changed with the width: a replay at the wrong size could not match.
            assert after["offset"] != 2 * before["offset"], (before, after)
        with open(path) as f:
            text = f.read()
        assert re.search(r"^\S+ page carousel$", text, re.M), text
        assert re.search(r"^\S+ setting qa-panel off$", text, re.M), text
        assert re.search(r"^option size 960x640$", text, re.M), text
        assert re.search(r"^\S+ resize 72\d 5\d\d$", text, re.M), text
        # Without its resize, the same session does not match: the replay did resize the window.
        check_replay_needs(path, text, r"^\S+ resize .*\n", "carousel")
    finally:
        os.unlink(path)


def test_options_and_a_content_path_with_a_space_are_recorded_and_replayed():
    """--rtl, --loop, --reduce-motion and a --content file in a folder whose name has a space: the recording holds
    them and the replay runs with them (right to left and looping, every settle's offset differs from the defaults')."""
    import json
    import shutil
    from harness import ROOT
    folder = tempfile.mkdtemp(suffix=" with space")
    content = os.path.join(folder, "content.json")
    with open(os.path.join(ROOT, "resources", "content.json")) as f:
        data = json.load(f)
    for banner in data.get("banners", []):
        if "image" in banner and not os.path.isabs(banner["image"]):
            banner["image"] = os.path.join(ROOT, "resources", banner["image"])
    with open(content, "w") as f:
        json.dump(data, f)
    path = os.path.join(folder, "session.rec")
    try:
        with App("--page", "strip", "--rtl", "--loop", "--reduce-motion", "--content", content, "--record", path) as app:
            s = row(app, "strip")
            point = s.centre_on_screen()
            for action in (lambda: wheel(point, 7), lambda: wheel(point, 6, times=2), lambda: xdo("key", "Left"),
                           lambda: xdo("key", "End")):
                mark = app.mark()
                action()
                app.wait_event("settled", component="strip")
                app.quiet(0.3)
        with open(path) as f:
            text = f.read()
        for line in ("option rtl on", "option loop on", "option reduce-motion on",
                     'option content "' + content.replace(" ", "\\040") + '"'):
            assert line in text.splitlines(), (line, text)
        expected = recorded_settles(path)
        assert len(expected) == 4, text
        status, out, err = replay(path)
        assert (status, out, err) == (0, "replay: 4 settles, all match\n", ""), (status, out, err, text)
    finally:
        shutil.rmtree(folder)


def test_settings_changed_from_the_main_menu_are_replayed():
    """Right to left and reduced motion switched from the main menu mid-session: the replay switches them at the same
    moments (after right to left a strip's offsets count from the other end, so a replay without it could not
    match)."""
    from test_main_menu import focus_item, menu_closed, open_menu
    path = temp_path("-settings.rec")
    try:
        with App("--page", "strip", "--record", path) as app:
            s = row(app, "strip")
            point = s.centre_on_screen()
            for setting in ("Right to left", "Reduce motion"):
                mark = app.mark()
                wheel(point, 7, times=2)
                app.wait_event("settled", component="strip")
                app.quiet(0.5)
                open_menu(app)
                focus_item(app, setting)
                xdo("key", "Return")
                wait_until(lambda: menu_closed(app), message="the main menu to close")
                app.quiet(0.5)
            mark = app.mark()
            wheel(point, 6)
            app.wait_event("settled", component="strip")
            app.quiet(0.5)
        with open(path) as f:
            text = f.read()
        assert re.search(r"^\S+ setting right-to-left on$", text, re.M), text
        assert re.search(r"^\S+ setting reduce-motion on$", text, re.M), text
        # Without the right-to-left switch the same input settles elsewhere.
        check_replay_needs(path, text, r"^\S+ setting right-to-left on\n", "strip")
    finally:
        os.unlink(path)
