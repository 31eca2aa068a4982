"""Layout on wide windows: control rows stop growing at the clamp's width (960 px), centred; the carousel's gap
between banners stays bounded (24 px) however wide the window."""

from harness import App, extents

TITLES = ["Sunrise over the bay", "Lagoon afternoon"]
CLAMP = 960


def _assert_clamped(app, node, what):
    frame = app.find(role="frame", name="SnapScroll")
    fx, _, fw, _ = extents(frame)
    x, _, w, _ = extents(node)
    assert w <= CLAMP, f"{what} is {w} px wide in a {fw} px window (at most {CLAMP})"
    assert w >= CLAMP - 40, f"{what} is only {w} px wide: the clamp should give it about {CLAMP}"
    assert abs((x + w / 2) - (fx + fw / 2)) <= 2, f"{what} is not centred: {x}+{w} in {fx}+{fw}"


def test_control_rows_stop_at_the_clamp_width_centred_on_a_wide_window():
    with App("--page", "segmented", "--size", "1920x1000") as app:
        app.accessible()
        _assert_clamped(app, app.find(role="page tab list", name="Sections"), "the segmented control")
    with App("--page", "centering", "--size", "1920x1000") as app:
        app.accessible()
        _assert_clamped(app, app.find(role="scroll pane", name="Chips, centred when they fit"), "the chip row")


def test_carousel_gap_stays_bounded_on_wide_windows():
    for size in ("1920x1080", "3840x2160"):
        with App("--page", "carousel", "--size", size) as app:
            app.accessible()
            panel = app.find(role="panel", name="Carousel")
            first = app.find(name=f"Banner 1 of 5: {TITLES[0]}", root=panel)
            second = app.find(name=f"Banner 2 of 5: {TITLES[1]}", root=panel)
            x1, _, w1, _ = extents(first)
            x2, _, _, _ = extents(second)
            gap = x2 - (x1 + w1)
            assert 8 <= gap <= 25, f"the gap between banners is {gap} px in a {size} window (8 to 24 expected)"
