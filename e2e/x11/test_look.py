"""The window's look at every size and theme: every page reachable from the header at phone to desktop
widths, nothing laid out past the window's edges, the resting item centred; and contrast measured on the rendered
pixels in the light, dark and high-contrast themes."""

import random
import subprocess

from harness import App, extents, wait_until, xdo
from look import PAGES, THEMES, Window, background, contrast, header_shows_tabs, open_options, page_panel, saturation, \
    showing, switch_page, text_contrast
from soak import Soak

SIZES = [(360, 640), (600, 800), (960, 640), (1400, 900)]
# Named component panes: what scrolls inside them may lie outside the window by design.
COMPONENT_PANES = {"Weekday menu", "Fruit strip", "Banners", "Chips, centred when they fit"}
# Laid-out nodes: containers and decorations without a role of their own are not what a user reads or clicks.
CHECKED_ROLES = {"label", "push button", "spin button", "radio button", "check box", "page tab", "scroll pane",
                 "page tab list", "toggle button", "combo box"}
TEXT = 4.5
NON_TEXT = 3.0


def _laid_out(node, found):
    """The laid-out nodes under `node` with a role worth checking, not descending into component panes (a node
    without extents, such as a stack page, is looked through)."""
    try:
        role = node.getRoleName()
        try:
            _, _, w, h = extents(node)
            if w <= 0 or h <= 0:
                return
            if role in CHECKED_ROLES:
                found.append(node)
        except Exception:
            pass
        if role == "scroll pane" and node.name in COMPONENT_PANES:
            return
        for i in range(node.childCount):
            _laid_out(node.getChildAtIndex(i), found)
    except Exception:
        return


def _check_page(app, window, soak, page, size):
    panel = page_panel(app, page)
    assert panel is not None, f"{page} at {size}: not showing"
    _check_inside(panel, window, f"{page} at {size}")
    if page in ("menu", "strip", "carousel"):
        soak.page = page
        soak.assert_in_place(0)
        # The page's test controls, opened, fit too, and the component stays in place around them.
        open_options(app, panel, window=window)
        _check_inside(panel, window, f"{page} at {size} with its options open")
        soak.assert_in_place(0)


def _check_inside(panel, window, what):
    nodes = []
    _laid_out(panel, nodes)
    assert len(nodes) >= 3, f"{what}: only {len(nodes)} nodes"
    width, height = window.width, window.height
    for node in nodes:
        x, y, w, h = extents(node)
        if w <= 0 or h <= 0:
            continue
        assert x >= 0 and x + w <= width and y >= 0 and y + h <= height, \
            f"{what}: {node.getRoleName()} {node.name!r} at {(x, y, w, h)} is outside the window {width}x{height}"


def test_every_page_reachable_unclipped_and_centred_at_every_size():
    for theme in ("light", "dark"):
        for size in SIZES:
            with App("--page", "menu", "--size", "%dx%d" % size, env={"GTK_THEME": THEMES[theme]}) as app:
                assert (app.ready["width"], app.ready["height"]) == size, (size, app.ready)
                app.accessible()
                window = Window(app)
                window.park_pointer()
                soak = Soak(app, random.Random(1))
                for page in PAGES:
                    if page != "menu":
                        switch_page(app, window, page)
                    try:
                        _check_page(app, window, soak, page, size)
                    except AssertionError as error:
                        raise AssertionError(f"{theme}: {error}") from None
                assert [e for e in app.events if e.get("event") in ("settled", "page", "selected", "tapped")] == [], \
                    "visiting the pages moved a component"


def _accent_below(shot, window, node, pane):
    """The most saturated colour on the column through `node`'s centre, from the middle of its lower half down to
    just below `pane`: the indicator or underline under the current tab, and the background just above it."""
    x, y, w, h = window.rect(node)
    px, py, pw, ph = window.rect(pane)
    column = [(yy, shot.at(x + w // 2, yy)) for yy in range(y + h * 3 // 4, py + ph + 4)]
    yy, accent = max(column, key=lambda c: saturation(c[1]))
    return accent, shot.at(x + w // 2, y + h * 3 // 4 - 2)


def test_contrast_of_text_indicator_underline_dots_and_focus_in_each_theme():
    report = []
    for theme, gtk_theme in THEMES.items():
        with App("--page", "menu", "--size", "960x640", env={"GTK_THEME": gtk_theme}) as app:
            app.accessible()
            window = Window(app)
            window.park_pointer()
            ratios = {}

            # Menu: the dimmed tabs, the current one, the fixed indicator; then its focus ring once keys are used.
            menu = page_panel(app, "menu")
            pane = app.find(role="scroll pane", name="Weekday menu", root=menu)
            current = app.find(role="page tab", name="Sun", root=pane)
            other = app.find(role="page tab", name="Mon", root=pane)
            shot = window.still_shot()
            ratios["menu tab"] = text_contrast(shot.region(*_box(window.rect(other))))[0]
            ratios["menu current tab"] = text_contrast(shot.region(*_box(window.rect(current))))[0]
            accent, bg = _accent_below(shot, window, current, pane)
            ratios["menu indicator"] = contrast(accent, bg)
            # A key press makes the focus ring show (focus-visible); the menu already has the focus.
            mark = app.mark()
            xdo("key", "Right")
            app.wait_event("settled", component="menu")
            shot = window.still_shot()
            px, py, pw, ph = window.rect(pane)
            ring = [shot.at(px + dx, py + ph // 2) for dx in range(0, 3)]
            inside = shot.at(px + 8, py + ph // 2)
            ratios["focus ring"] = max(contrast(p, inside) for p in ring)

            # Segmented: the dimmed titles and the underline.
            switch_page(app, window, "segmented")
            window.park_pointer()
            panel = page_panel(app, "segmented")
            tabs = app.find(role="page tab list", name="Sections", root=panel)
            selected = app.find(role="page tab", name="Overview", root=tabs)
            details = app.find(role="page tab", name="Details", root=tabs)
            shot = window.still_shot()
            ratios["segment title"] = text_contrast(shot.region(*_box(window.rect(details))))[0]
            accent, bg = _accent_below(shot, window, selected, tabs)
            ratios["underline"] = contrast(accent, bg)

            # Centering: the introduction.
            switch_page(app, window, "centering")
            window.park_pointer()
            intro = [n for n in app.find_all(role="label", root=page_panel(app, "centering"))
                     if (n.name or "").startswith("Centred while")][0]
            shot = window.still_shot()
            ratios["centring intro"] = text_contrast(shot.region(*_box(window.rect(intro))))[0]

            # Carousel: current and other dots, the tap label.
            switch_page(app, window, "carousel")
            window.park_pointer()
            panel = page_panel(app, "carousel")
            shot = window.still_shot()
            for name, index in (("current dot", 0), ("other dot", 1)):
                x, y, w, h = window.rect(app.find(role="page tab", name=f"Page {index + 1} of 5", root=panel))
                assert w >= 24 and h >= 24, f"dot target {w}x{h} px"
                dot = shot.at(x + w // 2, y + h // 2)
                ratios[name] = contrast(dot, background(shot.region(x, y, x + w, y + h)))
            feedback = app.find(role="label", name="Tap a banner", root=panel)
            ratios["tap label"] = text_contrast(shot.region(*_box(window.rect(feedback))))[0]

            report.append((theme, ratios))
    print("     " + "\n     ".join(f"{theme}: " + ", ".join(f"{k} {v:.2f}" for k, v in r.items()) for theme, r in report))
    failures = []
    for theme, ratios in report:
        for name, ratio in ratios.items():
            need = TEXT if name in ("menu tab", "menu current tab", "segment title", "centring intro", "tap label") \
                else NON_TEXT
            if ratio < need:
                failures.append(f"{theme} {name}: {ratio:.2f} < {need}")
    assert not failures, failures


def _box(rect):
    x, y, w, h = rect
    return x, y, x + w, y + h


def test_focus_starts_on_the_component_and_follows_page_switches():
    with App("--page", "menu", "--size", "960x640") as app:
        app.accessible()
        window = Window(app)
        # At launch the arrow keys move the menu (not a spin button's number).
        xdo("key", "Right")
        assert app.wait_event("settled", component="menu")["index"] == 1
        for page, component in (("strip", "strip"), ("carousel", "carousel")):
            switch_page(app, window, page)
            mark = app.mark()
            xdo("key", "Right")
            event = app.wait_event("settled", component=component)
            assert (event["index"], event["cause"]) == (1, "keyboard"), event
            assert [e for e in app.since(mark) if e.get("component") not in (component, None)] == []


def test_qa_panel_starts_hidden_in_a_short_window_and_ctrl_l_shows_it_with_the_earlier_lines():
    with App("--page", "menu", "--size", "360x480") as app:
        app.accessible()
        assert [n for n in app.find_all(role="label", name="QA event log") if showing(n)] == [], \
            "the QA panel shows in a 480 px window"
        xdo("key", "Right")
        app.wait_event("settled", component="menu")
        xdo("key", "ctrl+l")
        log = app.find(role="text", name="QA event log")

        def log_text():
            t = log.queryText()
            return t.getText(0, t.characterCount)
        wait_until(lambda: '"settled"' in log_text(), message="the settled line in the QA panel")
        lines = log_text().strip().splitlines()
        # The lines logged before the panel was shown, then Ctrl+L's own `setting` line, which showed it.
        assert lines and '"event":"ready"' in lines[0] and '"event":"settled"' in lines[-2], lines
        assert '"event":"setting"' in lines[-1] and '"name":"qaPanel","value":true' in lines[-1], lines
        # Never wrapped: a line longer than the panel is wide scrolls sideways, so the horizontal scroll bar (shown
        # only when there is something to scroll) is laid out.
        bars = [b for b in app.find_all(role="scroll bar", root=log.parent) if showing(b) and extents(b)[2] > extents(b)[3]]
        assert bars, "no horizontal scroll bar under the log: its lines wrap"
        # Ctrl+L again hides it.
        xdo("key", "ctrl+l")
        wait_until(lambda: not any(showing(n) for n in app.find_all(role="label", name="QA event log")),
                   message="the QA panel to hide")


def test_a_window_opened_wide_gets_the_drop_down_when_narrowed():
    """A window that opens wide paints its first frame with the header's tabs and adds the drop-down after it; once
    narrowed below the tabs' width, the header shows the drop-down, and it switches pages."""
    with App("--page", "menu", "--size", "960x640") as app:
        app.accessible()
        window = Window(app)
        assert header_shows_tabs(app), "960 px wide: the header should show its tabs"
        subprocess.run(["xdotool", "windowsize", window.id, "400", "640"], check=True)
        wait_until(lambda: not header_shows_tabs(app), message="the header to give way to the drop-down")
        drop = app.find(role="combo box", name="Demo page")
        wait_until(lambda: showing(drop), message="the drop-down to be laid out")
        window = Window(app)
        switch_page(app, window, "strip")
        subprocess.run(["xdotool", "windowsize", window.id, "960", "640"], check=True)
        wait_until(lambda: header_shows_tabs(app), message="the tabs to come back")
