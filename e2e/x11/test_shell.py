"""The demo shell: start-up, the QA log's ready event, pages, options and content errors."""

import json
import os
import tempfile

from harness import ROOT, App, fails_with, run_demo, screenshot

PAGES = {"menu": "Tab menu", "centering": "Centring", "segmented": "Segmented", "strip": "Strip", "carousel": "Carousel"}


def test_ready_arrives_with_page_and_size_and_nothing_on_stderr():
    with App("--page", "menu", "--size", "800x600") as app:
        assert app.ready["page"] == "menu"
        assert (app.ready["width"], app.ready["height"]) == (800, 600), app.ready


def test_window_and_page_names_in_accessibility_tree():
    with App() as app:
        root = app.accessible()
        frames = app.find_all(role="frame", root=root)
        assert any(f.name == "SnapScroll" for f in frames), [f.name for f in frames]
        for title in PAGES.values():
            app.find(name=title)
        screenshot("shell")


def test_page_option_opens_each_page():
    for page_id in PAGES:
        with App("--page", page_id) as app:
            assert app.ready["page"] == page_id


def test_bad_options_exit_2_with_one_line():
    fails_with(["--bogus"], "--bogus")
    fails_with(["--page", "nowhere"], "nowhere")
    fails_with(["--page"], "--page")
    for size in ["abc", "0x0", "-5x10", "10x", "x10", "100x100x3", "99999999999x2", "12.5x80"]:
        fails_with(["--size", size], "--size")
    fails_with(["stray"], "stray")


def test_help_prints_usage_and_exits_0():
    status, out, err = run_demo("--help")
    assert status == 0 and "--page" in out and "--qa-log" in out and err == "", (status, err)


def test_the_readme_gives_the_options_exactly_as_help_prints_them():
    status, out, _ = run_demo("--help")
    assert status == 0
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    section = readme.split("## The demo's options", 1)[1]
    block = section.split("```\n", 2)[1]
    assert block.rstrip("\n") == out.rstrip("\n"), "README's options block differs from --help:\n" + out


def _content(text):
    fd, path = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    return path


def test_malformed_content_exits_2_naming_the_problem():
    good_banner = {"title": "t", "image": "x.png"}
    cases = [
        ("", "empty"),
        ('{"strip": ["a"', "line 1"),
        ("[1, 2]", "top level"),
        (json.dumps({"strip": "abc", "banners": [good_banner]}), "strip"),
        (json.dumps({"strip": ["a", 3], "banners": [good_banner]}), "strip[1]"),
        (json.dumps({"strip": [], "banners": [good_banner]}), "strip"),
        (json.dumps({"strip": ["a"]}), "banners"),
        (json.dumps({"strip": ["a"], "banners": [good_banner, {"title": 5, "image": "y"}]}), "banners[1].title"),
        (json.dumps({"strip": ["a"], "banners": [{"title": "t"}]}), "banners[0].image"),
    ]
    for text, fragment in cases:
        path = _content(text)
        try:
            fails_with(["--content", path], fragment)
        finally:
            os.unlink(path)
    fails_with(["--content", "/nonexistent/content.json"], "no such file")


def test_window_sizes_from_phone_to_4k_open_at_the_size_asked():
    for page, size in [("menu", (120, 120)), ("carousel", (120, 120)), ("strip", (4000, 2000)), ("segmented", (300, 200))]:
        with App("--page", page, "--size", "%dx%d" % size) as app:
            # Smaller than 360x480 opens at that minimum, the size the pages are laid out for.
            expected = (max(size[0], 360), max(size[1], 480))
            assert (app.ready["width"], app.ready["height"]) == expected, (page, size, app.ready)
