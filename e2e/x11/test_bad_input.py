"""Bad input: wrong option values, content files that are empty, cut short, of the wrong types, nested too deep or
huge, over the content limits, named by odd paths or not UTF-8 inside, banner images that are missing or corrupt,
and windows from 120x120 to 4000x2000 on every page. Each gets one clear line and status 2, or a placeholder and an
`error` event — never a crash or a hang. (test_shell.py has the first cases of each kind; these extend them.)"""

import json
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

from harness import DEMO, PATIENCE, ROOT, App, extents, fails_with, wait_until, xdo
from look import page_panel
from soak import Soak, Violation

sys.path.insert(0, os.path.join(ROOT, "bench"))
from frames import write_large_content  # noqa: E402

DEFAULT_CONTENT = os.path.join(ROOT, "resources", "content.json")
GOOD_IMAGE = os.path.join(ROOT, "resources", "banners", "banner-1.png")


def _content_file(folder, text, name="content.json", binary=False):
    path = os.path.join(folder, name)
    with open(path, "wb" if binary else "w") as f:
        f.write(text)
    return path


def test_every_option_given_a_wrong_value():
    # Switches take no value: GLib would otherwise take `--rtl=no` as "on".
    for switch in ["--qa-log=yes", "--rtl=no", "--reduce-motion=1", "--snap-guides=on"]:
        fails_with([switch], switch.split("=")[0] + " takes no value")
    for option in ["--content", "--size"]:
        fails_with([option], option)
    fails_with(["--page", ""], 'unknown page ""')
    fails_with(["--page", "MENU"], "MENU")
    fails_with(["--page", "menu "], "menu ")
    fails_with(["-x"], "-x")
    for size in ["--size=abc", "--size=4000x", "--size=16385x100", "--size= 960x640", "--size=９６０x640", "--size=960X640",
                 "--size=0x640"]:
        fails_with([size], "--size")
    # A later wrong value is not hidden by an earlier good one.
    fails_with(["--size", "120x120", "--size", "0x5"], '"0x5"')


def test_content_files_of_the_wrong_kind_exit_2_naming_the_problem():
    folder = tempfile.mkdtemp()
    try:
        with open(DEFAULT_CONTENT) as f:
            good = f.read()
        cases = [
            ("   \n\t ", "not valid JSON"),
            ("null", "top level"),
            ('"just a string"', "top level"),
            (json.dumps({"menu": "Mon", "strip": ["a"], "banners": [{"title": "t", "image": "x.png"}]}), "menu"),
            (json.dumps({"menu": [], "strip": ["a"], "banners": [{"title": "t", "image": "x.png"}]}), "menu"),
            (json.dumps({"menu": ["Mon", ""], "strip": ["a"], "banners": [{"title": "t", "image": "x.png"}]}), "menu[1]"),
            (json.dumps({"strip": None, "banners": [{"title": "t", "image": "x.png"}]}), "strip"),
            (json.dumps({"strip": ["a"], "banners": {"title": "t", "image": "x.png"}}), "banners"),
            (json.dumps({"strip": ["a"], "banners": [{"title": "t", "image": 3}]}), "banners[0].image"),
            (json.dumps({"strip": ["a"], "banners": [{"title": "t", "image": ""}]}), "banners[0].image"),
            (json.dumps({"strip": [["a"]], "banners": [{"title": "t", "image": "x.png"}]}), "strip[0]"),
        ]
        # The shipped file cut short at several places: the line and column of the end.
        for cut in [1, len(good) // 4, len(good) // 2, len(good) - 3]:
            cases.append((good[:cut], "not valid JSON: line"))
        for i, (text, fragment) in enumerate(cases):
            fails_with(["--content", _content_file(folder, text, f"case{i}.json")], fragment)
        # Bytes that are not text at all (seeded, so a failure can be replayed).
        rng = random.Random(3)
        noise = bytes(rng.randrange(256) for _ in range(4096))
        fails_with(["--content", _content_file(folder, noise, "noise.json", binary=True)], "not valid JSON")
        # Nested a hundred thousand deep: refused, not a stack overflow.
        fails_with(["--content", _content_file(folder, "[" * 100_000 + "]" * 100_000, "deep.json")], "content file deep.json")
        fails_with(["--content", _content_file(folder, '{"strip":' + "[" * 100_000, "deep-cut.json")], "content file deep-cut.json")
        # A folder, not a file.
        fails_with(["--content", folder], "not a file")
    finally:
        shutil.rmtree(folder)


def _good_content(**changes):
    content = {"strip": ["a", "b"], "banners": [{"title": "Good", "image": GOOD_IMAGE}]}
    content.update(changes)
    return json.dumps(content)


def test_titles_and_items_over_the_limit_and_files_over_256_mb_exit_2_at_once():
    folder = tempfile.mkdtemp()
    try:
        ten_mb = "x" * (10 << 20)
        cases = [
            (_good_content(banners=[{"title": "ok", "image": GOOD_IMAGE}, {"title": ten_mb, "image": GOOD_IMAGE}]),
             "banners[1].title: longer than 1000 characters"),
            (_good_content(strip=["a", "b", "c", ten_mb]), "strip[3]: longer than 1000 characters"),
            (_good_content(menu=["Mon", "é" * 1001]), "menu[1]: longer than 1000 characters"),
            (_good_content(banners=[{"title": "t", "image": "p/" * 3000}]), "banners[0].image: longer than"),
        ]
        for i, (text, fragment) in enumerate(cases):
            started = time.monotonic()
            line = fails_with(["--content", _content_file(folder, text, f"long{i}.json")], fragment)
            assert line.startswith(f"snapscroll-demo: content file long{i}.json: "), line
            assert time.monotonic() - started < 10, f"{fragment}: took {time.monotonic() - started:.1f} s"
        # Exactly at the limit (in characters, not bytes) is fine: the window opens.
        at_limit = _content_file(folder, _good_content(strip=["é" * 1000], menu=["🍎" * 1000]), "at-limit.json")
        with App("--page", "strip", "--content", at_limit) as app:
            assert app.ready["page"] == "strip"
        # Over 256 MB: refused from its size, before reading (a sparse file, so nothing is written).
        huge = os.path.join(folder, "huge.json")
        with open(huge, "wb") as f:
            f.truncate(300 << 20)
        started = time.monotonic()
        fails_with(["--content", huge], "content file huge.json is 300 MB, over the limit of 256 MB")
        assert time.monotonic() - started < 5
    finally:
        shutil.rmtree(folder)


def test_a_nul_character_in_a_title_or_path_exits_2_naming_the_field():
    """A NUL (`\\u0000`) would end the text or the path there: "banner-1.png\\u0000garbage" would load banner-1.png, and
    a title "\\u0000x" would show as an empty tab. Refused instead, with the field named."""
    folder = tempfile.mkdtemp()
    try:
        cases = [
            (_good_content(banners=[{"title": "ok", "image": GOOD_IMAGE + "\0garbage"}]), "banners[0].image"),
            (_good_content(banners=[{"title": "ok", "image": GOOD_IMAGE},
                                    {"title": "Second\0", "image": GOOD_IMAGE}]), "banners[1].title"),
            (_good_content(menu=["Mon", "\0x"]), "menu[1]"),
            (_good_content(strip=["a", "b", "\0"]), "strip[2]"),
        ]
        for i, (text, field) in enumerate(cases):
            assert "\\u0000" in text, text  # json.dumps writes NUL as the escape
            line = fails_with(["--content", _content_file(folder, text, f"nul{i}.json")], field)
            assert line == f"snapscroll-demo: content file nul{i}.json: {field}: holds a NUL character (\\u0000)", line
    finally:
        shutil.rmtree(folder)


def test_content_paths_are_bytes_and_each_path_problem_has_its_own_message():
    folder = tempfile.mkdtemp()
    try:
        # A file name that is not UTF-8 (Latin-1 "café.json") opens like any other.
        latin1 = os.path.join(os.fsencode(folder), b"caf\xe9.json")
        with open(latin1, "w") as f:
            f.write(_good_content(strip=["from a Latin-1 name"]))
        with App("--page", "strip", "--content", latin1) as app:
            assert app.ready["page"] == "strip"
        # Missing, its name shown readably.
        fails_with(["--content", os.path.join(os.fsencode(folder), b"gone\xff.json")], "gone\ufffd.json: no such file")
        loop = os.path.join(folder, "loop.json")
        os.symlink(loop, loop)
        fifo = os.path.join(folder, "fifo.json")
        os.mkfifo(fifo)
        cases = [
            ("", "the content file's path is empty"),
            (loop, "symbolic link loop"),
            (os.path.join(folder, "x" * 300 + ".json"), "the path is too long"),
            ("/a" * 3000, "the path is too long"),
            (os.path.join(folder, "missing.json"), "missing.json: no such file"),
            (folder, "it is a directory, not a file"),
            (os.path.join(folder, "fifo.json", "x"), "a folder in the path is not a folder"),
            (fifo, "it is a FIFO, not a regular file"),  # refused without waiting for a writer
            ("/dev/zero", "it is a device, not a regular file"),
        ]
        for path, fragment in cases:
            started = time.monotonic()
            fails_with(["--content", path], fragment)
            assert time.monotonic() - started < 5, (path, time.monotonic() - started)
    finally:
        shutil.rmtree(folder)


def _first_banner_shown_second_refused(content, title, error):
    """Opens the carousel on `content` (two banners): the second banner's image is refused with exactly `error`, the
    only one, and the first banner, named `title`, shows its image (one placeholder on the page, the second's)."""
    with App("--page", "carousel", "--content", content) as app:
        app.wait_event("error")
        app.quiet(1.0)   # the time a second error would take to come
        errors = [e["message"] for e in app.since(0, "error")]
        assert errors == [error], errors
        panel = app.find(role="panel", name="Carousel")
        app.find(name=f"Banner 1 of 2: {title}", root=panel)
        placeholders = app.find_all(role="label", name="Image unavailable", root=panel)
        assert len(placeholders) == 1, f"{len(placeholders)} placeholders: banner 1's image did not load"


def test_a_relative_banner_path_is_found_in_a_content_folder_whose_name_is_not_utf8():
    """The content file's folder is taken as its bytes too: a relative image path inside a folder named in Latin-1
    (and with a byte no encoding uses) loads. A second banner's missing image is the control: its `error` shows that
    the images were looked for."""
    folder = tempfile.mkdtemp()
    try:
        odd = os.path.join(os.fsencode(folder), b"caf\xe9 \xff")
        os.mkdir(odd)
        shutil.copy(GOOD_IMAGE, os.path.join(odd, b"banner.png"))
        content = os.path.join(odd, b"content.json")
        with open(content, "w") as f:
            json.dump({"strip": ["a", "b"], "banners": [{"title": "Relative", "image": "banner.png"},
                                                        {"title": "Missing", "image": "missing.png"}]}, f)
        _first_banner_shown_second_refused(content, "Relative",
                                           "banner 2: cannot load image missing.png: file not found")
    finally:
        shutil.rmtree(folder)


def _position(line):
    """(line, column) from "… not valid JSON: line L, column C: …"."""
    match = re.search(r"not valid JSON: line (\d+), column (\d+): ", line)
    assert match, line
    return int(match.group(1)), int(match.group(2))


def test_encoding_errors_are_reported_at_a_line_and_column_inside_the_file():
    folder = tempfile.mkdtemp()
    try:
        head = b'{\n  "strip": ["ok", "'
        cases = [
            # (bytes, what the message says, expected line and column)
            (head + b'caf\xe9"],\n  "banners": []\n}\n', "invalid UTF-8 (bytes 0xe9 0x22)", (2, 23)),  # Latin-1
            (head + b'\\ud800"],\n  "banners": []\n}\n', "lone surrogate \\ud800", (2, 20)),
            (head + b'\\udc00\\u0041"]}', "lone surrogate \\udc00", (2, 20)),
            (head + b'\\ud800\\u0041"]}', "lone surrogate \\ud800", (2, 20)),
            (head + b'\xc3\xa9\x80"]}', "invalid UTF-8 (byte 0x80)", (2, 21)),
            (head + b'\xed\xa0\x80"]}', "invalid UTF-8 (bytes 0xed 0xa0)", (2, 20)),  # a surrogate in UTF-8
            (head + b'\xf0\x9f', "cut short by the end of file", (2, 20)),  # the file ends inside a character
            (head + b'\xff', "invalid UTF-8 (byte 0xff)", (2, 20)),  # the last byte of the file
            (head, "unexpected end of file inside a string", (2, 19)),
            (b"\xef\xbb\xbf{}", "byte 0xef", (1, 1)),  # a byte-order mark
        ]
        for i, (data, fragment, expected) in enumerate(cases):
            line = fails_with(["--content", _content_file(folder, data, f"enc{i}.json", binary=True)], fragment)
            row, column = _position(line)
            lines = data.split(b"\n")
            assert 1 <= row <= len(lines), (line, data)
            assert 1 <= column <= max(len(lines[row - 1]), 1), (line, data)
            if expected:
                assert (row, column) == expected, (line, data)
    finally:
        shutil.rmtree(folder)


def test_escapes_and_characters_reach_the_screen_decoded():
    folder = tempfile.mkdtemp()
    try:
        titles = ["caf\u00e9", "\U0001F34E apple", "tab\tquote\"slash\\", "月曜日", "a/b"]
        # json.dumps escapes every non-ASCII character (\u00e9, a surrogate pair for the apple); "\/" is an escaped
        # slash; the strip item goes in as raw UTF-8.
        text = json.dumps({"menu": titles, "strip": ["x"], "banners": [{"title": "t", "image": GOOD_IMAGE}]})
        text = text.replace("a/b", "a\\/b").replace('"x"', '"\u00fcber ✓"')
        with App("--page", "menu", "--content", _content_file(folder, text)) as app:
            tablist = app.find(role="page tab list", name="Weekdays")
            names = [t.name for t in app.find_all(role="page tab", root=tablist)]
            assert names[:len(titles)] == titles, names
    finally:
        shutil.rmtree(folder)


def test_mutated_content_is_refused_exactly_when_it_is_not_json_and_positions_stay_in_the_file():
    """Seeded mutations of the shipped file: the demo calls the text invalid JSON exactly when Python's strict
    parser does (except lone surrogates, which Python accepts and the contract refuses), and every position it
    names is a line and column of the file. Run without a display: valid content stops at "cannot open a display"."""
    with open(DEFAULT_CONTENT, "rb") as f:
        base = f.read()
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["GDK_BACKEND"] = "x11"
    alphabet = b'{}[]",:\\ u0123456789abcdefnrtl-+.eE\n\t\xff\xc3\xa9\xed\xa0\x80'
    rng = random.Random(11)
    folder = tempfile.mkdtemp()
    try:
        path = os.path.join(folder, "mutated.json")
        for case in range(150):
            data = bytearray(base)
            for _ in range(rng.randint(1, 3)):
                i = rng.randrange(len(data))
                kind = rng.randrange(3)
                if kind == 0:
                    data[i:i + 1] = bytes([rng.choice(alphabet)])
                elif kind == 1:
                    del data[i]
                else:
                    data[i:i] = bytes([rng.choice(alphabet)])
            data = bytes(data)
            with open(path, "wb") as f:
                f.write(data)
            try:
                json.loads(data.decode("utf-8"))
                python_ok = True
            except ValueError:
                python_ok = False
            p = subprocess.run([DEMO, "--content", path], capture_output=True, text=True, env=env, timeout=PATIENCE)
            refused = "not valid JSON" in p.stderr
            if "lone surrogate" not in p.stderr:
                assert refused != python_ok, (case, python_ok, p.stderr, data)
            if refused:
                match = re.search(r"line (\d+), column (\d+): ", p.stderr)
                row, column = int(match.group(1)), int(match.group(2))
                lines = data.split(b"\n")
                assert 1 <= row <= len(lines), (p.stderr, data)
                # A column may name the line break itself (a raw newline inside a string).
                assert 1 <= column <= len(lines[row - 1]) + (row < len(lines)) or column == 1, (p.stderr, data)
    finally:
        shutil.rmtree(folder)


def test_a_million_items_load_on_every_page():
    folder = tempfile.mkdtemp()
    try:
        large = write_large_content(os.path.join(folder, "million.json"), 1_000_000)
        for page in ["menu", "centering", "segmented", "strip", "carousel"]:
            started = time.monotonic()
            # The harness's patience guards against a hang; the figures are scripts/bench's business.
            with App("--page", page, "--content", large) as app:
                print(f"     {page}: 1,000,000 items ready after {time.monotonic() - started:.1f} s")
                # Loaded, it answers: the page is laid out in the accessibility tree.
                assert page_panel(app, page) is not None, f"{page} is not showing"
    finally:
        shutil.rmtree(folder)


def test_a_hundred_thousand_items_start_in_reasonable_time_and_respond():
    folder = tempfile.mkdtemp()
    try:
        large = write_large_content(os.path.join(folder, "large.json"))
        for page in ["menu", "strip", "carousel"]:
            started = time.monotonic()
            # The harness's patience guards against a hang; the figure itself is scripts/bench's business.
            with App("--page", page, "--content", large) as app:
                ready = time.monotonic() - started
                app.accessible()
                soak = Soak(app, random.Random(1))
                _one_wheel_notch_settles(soak)
                print(f"     {page}: 100,000 items ready after {ready:.1f} s; one notch settled on item 1")
    finally:
        shutil.rmtree(folder)


def _one_wheel_notch_settles(soak):
    """One notch over the component moves it one item, on the screen and in the event log."""
    point = soak.point_in(soak.pane()) or _reveal(soak, soak.pane())
    assert point is not None, f"{soak.page}: the component is not on the screen"
    mark = soak.app.mark()
    xdo("mousemove", *point, "click", 7)
    soak.expect_snap(soak.collect(mark, "settled"), 1, {"wheel"})


def _segment_by_keys(soak):
    """In a window that shows one segment only: click it (the current one: focus, no event), then Right."""
    point = _reveal(soak, soak.node("page tab", "Overview", "segmented"))
    assert point is not None, "no segment on the screen"
    mark = soak.app.mark()
    xdo("mousemove", *point, "click", 1)
    assert [e for e in soak.collect(mark, None) if e.get("event") == "selected"] == [], "reselecting said selected"
    mark = soak.app.mark()
    xdo("key", "Right")
    events = soak.collect(mark, "selected")
    selected = [(e["component"], e["index"]) for e in events if e.get("event") == "selected"]
    assert selected == [("segmented", 1)], events


def _reveal(soak, node):
    """Brings `node` into view in a tiny window as a user would; returns a screen point on it (or None)."""
    _reveal_page(soak)
    for _ in range(12):
        _, y, _, h = extents(node)
        _, top, _, bottom = soak.visible_rect()
        if min(y + h, bottom) - max(y, top) >= min(h, 24):  # well in view, not just an edge
            return soak.point_in(node)
        # The page scrolls as a whole when the window is smaller than it: wheel it down by its left margin, and
        # wait for the node to move with it (a page that cannot scroll further never shows it).
        _, top, _, _ = soak.visible_rect()
        xdo("mousemove", *soak.screen(6, top + 4), "click", 5)
        wait_until(lambda: extents(node)[1] != y, message=f"the page to scroll {node.name!r} up from y {y}")
    return None


def _reveal_page(soak):
    """A window too small for both the page and the QA panel (120x120) shows the panel only: drag the divider
    above it down to the window's bottom edge, so the page shows."""
    if soak.visible_rect()[3] - soak.visible_rect()[1] > 40:
        return True
    _, y, _, _ = extents(soak.app.find(role="label", name="QA event log"))
    _, fy, _, fh = extents(soak.app.find(role="frame", name="SnapScroll"))
    x, y = soak.screen(60, y - 5)
    bottom = soak.screen(60, fy + fh)[1]
    xdo("mousemove", x, y, "mousedown", 1, "sleep", 0.1, "mousemove", x, (y + bottom) // 2, "sleep", 0.1,
        "mousemove", x, bottom + 20, "mouseup", 1)
    wait_until(lambda: soak.visible_rect()[3] - soak.visible_rect()[1] > 40, message="the page to show above the QA panel")
    soak.collect(soak.app.mark(), None)
    return True


def test_missing_and_corrupt_images_become_placeholders_with_one_error_each():
    folder = tempfile.mkdtemp()
    try:
        with open(GOOD_IMAGE, "rb") as f:
            png = f.read()
        empty = _content_file(folder, b"", "empty.png", binary=True)
        truncated = _content_file(folder, png[: len(png) // 3], "truncated.png", binary=True)
        text = _content_file(folder, "not an image\n", "notes.png")
        directory = os.path.join(folder, "folder.png")
        os.mkdir(directory)
        bad = [empty, truncated, text, directory]
        banners = [{"title": "Good", "image": GOOD_IMAGE}] + [{"title": f"Bad {i}", "image": p} for i, p in enumerate(bad)]
        content = _content_file(folder, json.dumps({"strip": ["a", "b"], "banners": banners}))
        with App("--page", "carousel", "--content", content, env={"G_DEBUG": "fatal-criticals"}) as app:
            app.accessible()
            soak = Soak(app, random.Random(1))
            # Visit every banner and come back (cells are recycled and rebound): still one error each. Files are
            # checked on worker threads once a banner is bound, so a refusal may come in during the first notch:
            # counted at the end with the others, not taken for a stray event of the gesture.
            point = soak.point_in(soak.pane()) or _reveal(soak, soak.pane())
            mark = app.mark()
            xdo("mousemove", *point, "click", 7)
            soak.expect_snap([e for e in soak.collect(mark, "settled") if e.get("event") != "error"], 1, {"wheel"})
            banner = app.find(name="Banner 2 of 5: Bad 0")
            x, y, w, h = extents(banner)
            xdo("mousemove", *soak.screen(x + w / 2, y + h / 2), "click", 1)
            app.wait_event("tapped", component="carousel", index=1)
            for key, index in [("End", 4), ("Home", 0), ("End", 4)]:
                xdo("key", key)
                app.wait_event("settled", component="carousel", index=index)
            # The refusals come in from the workers within the patience, and then no more (the time another would
            # take to show).
            wait_until(lambda: len(app.since(0, "error")) >= len(bad), message=f"{len(bad)} errors")
            app.quiet(0.5)
            errors = [e["message"] for e in app.since(0, "error")]
            assert len(errors) == len(bad), errors
            for path in bad:
                assert sum(os.path.basename(path) in m for m in errors) == 1, (path, errors)
            placeholders = app.find_all(role="label", name="Image unavailable", root=app.find(role="panel", name="Carousel"))
            assert placeholders, "no placeholder drawn"
            assert app.proc.poll() is None, f"the app exited with {app.proc.returncode}"
    finally:
        shutil.rmtree(folder)


def test_every_page_works_from_120x120_to_4000x2000():
    for size in [(120, 120), (4000, 2000)]:
        for page in ["menu", "centering", "segmented", "strip", "carousel"]:
            with App("--page", page, "--size", "%dx%d" % size) as app:
                # The window is never smaller than 360x480, the size the pages are laid out for.
                expected = (max(size[0], 360), max(size[1], 480))
                assert (app.ready["width"], app.ready["height"]) == expected, (page, size, app.ready)
                app.accessible()
                soak = Soak(app, random.Random(5))
                try:
                    if page in ("menu", "strip", "carousel"):
                        _one_wheel_notch_settles(soak)
                    elif page == "segmented":
                        if not soak.segment():
                            _segment_by_keys(soak)
                    else:
                        view = app.find(role="scroll pane", name="Chips, centred when they fit")
                        assert extents(view)[2] > 0
                        if not soak.centering_wheel():
                            _reveal(soak, view)
                            assert soak.centering_wheel(), "the centring container is not on the screen"
                except Violation as v:
                    raise AssertionError(f"{page} at {size}: {v}") from None
                soak.check_alive()


def _gif(width, height, frame):
    """A GIF89a of a width x height canvas whose one frame is (left, top, w, h) of it, in red on a white background,
    written byte by byte: its image data is the frame's pixels as 3-bit codes, a clear code before every second one
    so the code width never grows."""
    left, top, w, h = frame
    codes = []
    pixels = [0] * (w * h)
    for i in range(0, len(pixels), 2):
        codes += [4] + pixels[i:i + 2]
    codes.append(5)
    bits = 0
    for n, code in enumerate(codes):
        bits |= code << (3 * n)
    data = bits.to_bytes((3 * len(codes) + 7) // 8, "little")
    blocks = b"".join(bytes([len(data[i:i + 255])]) + data[i:i + 255] for i in range(0, len(data), 255)) + b"\0"
    palette = bytes([255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255])
    return (b"GIF89a" + struct.pack("<HHBBB", width, height, 0x81, 3, 0) + palette
            + b"," + struct.pack("<HHHHB", left, top, w, h, 0) + b"\x02" + blocks + b";")


def _first_frame(gif):
    """(canvas width, canvas height, (left, top, width, height) of the first frame), read from the file."""
    width, height, flags = struct.unpack("<HHB", gif[6:11])
    i = 13 + (3 * (2 << (flags & 7)) if flags & 0x80 else 0)
    while gif[i] == 0x21:  # extensions: label, then sub-blocks
        i += 2
        while gif[i]:
            i += gif[i] + 1
        i += 1
    assert gif[i] == 0x2C, gif[i]
    return width, height, struct.unpack("<HHHH", gif[i + 1:i + 9])


def test_a_gif_whose_first_frame_is_smaller_than_its_canvas_loads_and_one_cut_short_does_not():
    """A GIF's first frame may cover part of its canvas: the whole file loads. The same file cut short in its image
    data is refused as one that ends before its image does."""
    folder = tempfile.mkdtemp()
    try:
        gif = _gif(40, 40, (5, 5, 10, 10))
        assert _first_frame(gif) == (40, 40, (5, 5, 10, 10)), _first_frame(gif)
        small = _content_file(folder, gif, "small-frame.gif", binary=True)
        _content_file(folder, gif[:-8], "cut.gif", binary=True)
        content = _content_file(folder, json.dumps({"strip": ["a", "b"], "banners": [
            {"title": "Small frame", "image": small}, {"title": "Cut short", "image": "cut.gif"}]}))
        _first_banner_shown_second_refused(content, "Small frame", "banner 2: cannot load image cut.gif: not a readable "
                                           "image: the file ends before the image does")
    finally:
        shutil.rmtree(folder)
