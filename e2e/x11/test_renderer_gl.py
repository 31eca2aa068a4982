"""A set of the end-to-end tests again, drawn by GTK's `gl` renderer (Mesa's software GL under Xvfb): what GTK 4.8
draws with on a desktop with working GL, where every other test draws with `cairo`. Each page's snap exactness (the
item at rest exactly in place, from the accessibility tree's extents and the QA log) and the carousel's pictures
(sampled from the screen, inside and outside their rounded corners). The tests are the ones in the pages' modules,
not copies; each launch asserts that the demo really mapped a GL driver (harness.App)."""

import harness
# Aliased: run.py runs every module attribute named test_*.
import test_carousel as carousel
import test_carousel_taps as carousel_taps
import test_centering as centering
import test_menu as menu
import test_segmented as segmented
import test_strip as strip


def _under_gl(test):
    def run():
        with harness.drawn_with("gl"):
            test()
    run.__doc__ = f"{test.__module__}.{test.__name__}, drawn with gl."
    return run


test_gl_menu_wheel = _under_gl(menu.test_menu_wheel_notches_both_directions_and_bursts)
test_gl_centering = _under_gl(centering.test_centering_crosses_the_threshold_both_ways)
test_gl_segmented = _under_gl(segmented.test_segmented_clicks_and_keys)
test_gl_strip_drags = _under_gl(strip.test_strip_drags_with_and_without_fling_and_a_click_is_a_tap)
test_gl_carousel_wheel = _under_gl(carousel.test_wheel_notches_move_one_page_each)
test_gl_carousel_pictures = _under_gl(carousel_taps.test_banner_veils_on_hover_and_while_pressed_within_its_corners)
test_gl_carousel_resize = _under_gl(carousel.test_resize_keeps_the_current_page_in_place)


def test_gl_launches_draw_with_gl_and_cairo_ones_without():
    """The check the set rests on: a launch asked for `gl` maps a GL driver, one asked for `cairo` does not."""
    for name, expected in (("gl", True), ("cairo", False)):
        with harness.drawn_with(name), harness.App("--page", "carousel") as app:
            assert harness.draws_with_gl(app.proc.pid) == expected, f"{name}: GL driver mapped is not {expected}"
