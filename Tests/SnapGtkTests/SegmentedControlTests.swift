import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The segmented control on the GTK thread: selection by API and keys, the underline's slide
/// (target reached, retarget without a jump, resize mid-slide, reduced motion), RTL and accessibility.
final class SegmentedControlTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    @MainActor
    private final class Fixture: WidgetFixture {
        let control: SegmentedControl
        var selections: [(Int, Cause)] = []

        init(count: Int = 4, width: Int32 = 400, mode: SegmentedControl.WidthMode = .equal) {
            // Short titles, so the control's natural width is below the widths the tests give it;
            // in fit-content mode, titles of growing length.
            let titles = (0..<count).map { mode == .equal ? "Tab \($0)" : "Tab \($0)" + String(repeating: "x", count: $0 * 3) }
            control = SegmentedControl(titles: titles, label: "test")
            control.widthMode = mode
            super.init(hosting: control.widget, fixedWidth: width)
            framesToSettle = 6
            control.onSelected = { [unowned self] in self.selections.append(($0.index, $0.cause)) }
            settle()
        }

        func finishSlide() {
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { !control.isAnimating }, "slide never ended")
            settle(3)
        }

        /// A segment's span in the control's coordinates.
        func segmentBounds(_ index: Int) -> (x: Double, width: Double) {
            var bounds = graphene_rect_t()
            XCTAssertTrue(gtk_widget_compute_bounds(control.segments[index], control.widget, &bounds) != 0)
            return (Double(bounds.origin.x), Double(bounds.size.width))
        }

        func assertUnderlineUnder(_ index: Int, file: StaticString = #filePath, line: UInt = #line) {
            let line_ = control.underlineBounds, segment = segmentBounds(index)
            XCTAssertEqual(line_.x, segment.x, accuracy: 0.01, "underline x", file: file, line: line)
            XCTAssertEqual(line_.width, segment.width, accuracy: 0.01, "underline width", file: file, line: line)
        }
    }

    private func run(rtl: Bool = false, animations: Bool = true, _ body: @MainActor () -> Void) {
        MainActor.assumeIsolated {
            let (wasRTL, wasAnimating) = (Preferences.rightToLeft, Preferences.animationsEnabled)
            Preferences.rightToLeft = rtl
            Preferences.animationsEnabled = animations
            defer { Preferences.rightToLeft = wasRTL; Preferences.animationsEnabled = wasAnimating }
            body()
        }
    }

    func testEqualSegmentsAndTheUnderlineStartUnderTheFirst() {
        run {
            let f = Fixture(count: 4, width: 400)
            for i in 0..<4 {
                XCTAssertEqual(f.segmentBounds(i).x, Double(i) * 100, accuracy: 0.01)
                XCTAssertEqual(f.segmentBounds(i).width, 100, accuracy: 0.01)
            }
            f.assertUnderlineUnder(0)
            var bounds = graphene_rect_t()
            XCTAssertTrue(gtk_widget_compute_bounds(f.control.underline, f.control.widget, &bounds) != 0)
            XCTAssertEqual(Double(bounds.size.height), SegmentedControl.underlineThickness)
            XCTAssertEqual(Double(bounds.origin.y + bounds.size.height), Double(gtk_widget_get_height(f.control.widget)), "at the bottom")
        }
    }

    func testSelectSlidesTheUnderlineToTheTargetAndReports() {
        run {
            let f = Fixture()
            f.control.select(2)
            XCTAssertEqual(f.control.selectedIndex, 2)
            XCTAssertTrue(f.control.isAnimating)
            XCTAssertEqual(f.selections.map(\.0), [2])
            XCTAssertEqual(f.selections.map(\.1), [.programmatic])
            // Part way: between the two segments.
            f.nextFrame(); f.nextFrame(); f.nextFrame()
            let mid = f.control.underlineBounds.x
            XCTAssertTrue(mid > 0 && mid < 200, "mid-slide x \(mid)")
            f.finishSlide()
            f.assertUnderlineUnder(2)
            XCTAssertEqual(f.control.position, 2)
            // Selecting the same segment again is no change and no event.
            f.control.select(2)
            f.control.select(9)
            XCTAssertEqual(f.selections.count, 1)
        }
    }

    func testSlideLastsAtLeastTheDesignDuration() {
        run {
            let f = Fixture()
            let start = g_get_monotonic_time()
            f.control.select(3)
            f.finishSlide()
            let ms = Double(g_get_monotonic_time() - start) / 1000
            // The slide is animated, not a jump: it cannot end before its design duration (less a frame of
            // slack). No upper bound: a loaded machine drops frames, and speed is for benchmarks, not tests.
            XCTAssert(ms >= SegmentedControl.slideDuration - 20, "slide took \(ms) ms")
        }
    }

    func testRetargetMidSlideContinuesFromWhereTheUnderlineIs() {
        run {
            let f = Fixture(count: 4, width: 400)
            f.control.select(3)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { f.control.position > 1.2 })
            let before = f.control.underlineBounds.x
            let position = f.control.position
            f.control.select(0)
            XCTAssertEqual(f.control.position, position, "retarget does not move the underline by itself")
            var previous = before
            var steps: [Double] = []
            while f.control.isAnimating {
                f.nextFrame()
                let x = f.control.underlineBounds.x
                steps.append(x - previous)
                previous = x
            }
            // Never a jump: each frame moves less than one segment, and the motion heads back without reversing.
            XCTAssertFalse(steps.isEmpty)
            for step in steps { XCTAssertLessThan(abs(step), 100, "steps \(steps)") }
            XCTAssertTrue(steps.allSatisfy { $0 <= 0.01 }, "it only moves towards the new target: \(steps)")
            f.settle(3)
            f.assertUnderlineUnder(0)
            XCTAssertEqual(f.selections.map(\.0), [3, 0])
        }
    }

    func testResizeMidSlideKeepsTheUnderlineUnderTheSelection() {
        run {
            let f = Fixture(count: 4, width: 400)
            f.control.select(2)
            f.nextFrame(); f.nextFrame()
            gtk_widget_set_size_request(f.control.widget, 600, -1)
            f.finishSlide()
            XCTAssertEqual(Double(gtk_widget_get_width(f.control.widget)), 600)
            XCTAssertEqual(f.segmentBounds(2).x, 300, accuracy: 0.01)
            f.assertUnderlineUnder(2)
            // And at rest a resize follows at once.
            gtk_widget_set_size_request(f.control.widget, 320, -1)
            f.settle()
            f.assertUnderlineUnder(2)
        }
    }

    func testReducedMotionMovesAtOnceAndIsFollowedLive() {
        run(animations: false) {
            let f = Fixture()
            f.control.select(3)
            XCTAssertFalse(f.control.isAnimating)
            XCTAssertEqual(f.control.position, 3)
            f.settle(3)
            f.assertUnderlineUnder(3)
            // Turned back on: slides again; turned off mid-slide: jumps to the target.
            Preferences.animationsEnabled = true
            f.control.select(0)
            XCTAssertTrue(f.control.isAnimating)
            f.nextFrame()
            Preferences.animationsEnabled = false
            XCTAssertFalse(f.control.isAnimating)
            XCTAssertEqual(f.control.position, 0)
            f.settle(3)
            f.assertUnderlineUnder(0)
        }
    }

    func testKeysSelectAndMirrorInRightToLeft() {
        for rtl in [false, true] {
            run(rtl: rtl) {
                let f = Fixture(count: 4)
                XCTAssertTrue(f.control.handleKey(UInt32(GDK_KEY_Right)))
                XCTAssertEqual(f.control.selectedIndex, rtl ? 0 : 1)
                XCTAssertTrue(f.control.handleKey(UInt32(GDK_KEY_End)))
                XCTAssertEqual(f.control.selectedIndex, 3)
                XCTAssertTrue(f.control.handleKey(UInt32(GDK_KEY_Left)))
                XCTAssertEqual(f.control.selectedIndex, rtl ? 3 : 2)
                XCTAssertTrue(f.control.handleKey(UInt32(GDK_KEY_Home)))
                XCTAssertEqual(f.control.selectedIndex, 0)
                XCTAssertTrue(f.control.handleKey(UInt32(GDK_KEY_Left)))
                XCTAssertEqual(f.control.selectedIndex, rtl ? 1 : 0)
                XCTAssertFalse(f.control.handleKey(UInt32(GDK_KEY_a)), "other keys pass through")
                XCTAssertTrue(f.selections.allSatisfy { $0.1 == .keyboard })
                // The selected segment has keyboard focus and is the one tab stop.
                let selected = f.control.selectedIndex
                XCTAssertTrue(gtk_widget_has_focus(f.control.segments[selected]) != 0)
                for (i, segment) in f.control.segments.enumerated() {
                    XCTAssertEqual(gtk_widget_get_focusable(segment) != 0, i == selected)
                }
            }
        }
    }

    func testRightToLeftMirrorsSegmentsAndUnderline() {
        run(rtl: true) {
            let f = Fixture(count: 4, width: 400)
            XCTAssertEqual(f.segmentBounds(0).x, 300, accuracy: 0.01, "the first segment is at the right")
            XCTAssertEqual(f.segmentBounds(3).x, 0, accuracy: 0.01)
            f.assertUnderlineUnder(0)
            f.control.select(1)
            f.finishSlide()
            XCTAssertEqual(f.control.underlineBounds.x, 200, accuracy: 0.01)
            // A live flip of direction follows.
            Preferences.rightToLeft = false
            f.settle()
            XCTAssertEqual(f.segmentBounds(1).x, 100, accuracy: 0.01)
            f.assertUnderlineUnder(1)
        }
    }

    func testFitContentSegmentsAreAsWideAsTheirTitles() {
        run {
            let f = Fixture(count: 3, width: 600, mode: .fitContent)
            var x = 0.0
            let widths = f.control.naturalWidths()
            for i in 0..<3 {
                let bounds = f.segmentBounds(i)
                var natural: Int32 = 0
                gtk_widget_measure(f.control.segments[i], GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
                // Its title's width, in the selected (semi-bold) font for the segments not selected.
                if i == 0 {
                    XCTAssertEqual(widths[i].natural, natural, "the selected segment: its own title")
                } else {
                    XCTAssertGreaterThan(widths[i].natural, natural, "room for the semi-bold title")
                }
                XCTAssertEqual(bounds.x, x, accuracy: 0.5)
                XCTAssertEqual(bounds.width, Double(widths[i].natural) + 2 * SegmentedControl.segmentPadding, accuracy: 0.5)
                x += bounds.width
            }
            XCTAssertLessThan(f.segmentBounds(0).width, f.segmentBounds(2).width, "longer titles are wider")
            f.control.select(2)
            f.finishSlide()
            f.assertUnderlineUnder(2)
            // Selecting makes a title semi-bold without moving the segments.
            XCTAssertEqual(f.segmentBounds(2).x, x - f.segmentBounds(2).width, accuracy: 0.01)
            // Switching modes re-lays out.
            f.control.widthMode = .equal
            f.settle()
            XCTAssertEqual(f.segmentBounds(2).x, 400, accuracy: 0.01)
            f.assertUnderlineUnder(2)
        }
    }

    func testASelectedFontFromTheAppsStylesheetNeverMovesTheSegments() {
        run {
            // An app's stylesheet makes the selected title much heavier and larger than the control's own style.
            XCTAssertEqual(Stylesheet.install(css: """
                .loud-selection > button.segment.selected .segment-title { font-weight: 900; font-size: 24px; }
                """), [])
            let f = Fixture(count: 3, width: 600, mode: .fitContent)
            gtk_widget_add_css_class(f.control.widget, "loud-selection")
            f.settle()
            @MainActor func titleWidth(_ index: Int) -> Int32 {
                var natural: Int32 = 0
                gtk_widget_measure(gtk_widget_get_first_child(f.control.segments[index])!, GTK_ORIENTATION_HORIZONTAL, -1,
                                   nil, &natural, nil, nil)
                return natural
            }
            let before = (0..<3).map(f.segmentBounds)
            let plainTitle = titleWidth(1)
            for index in [1, 2, 0] {
                f.control.select(index)
                f.finishSlide()
                f.assertUnderlineUnder(index)
                for i in 0..<3 {
                    XCTAssertEqual(f.segmentBounds(i).x, before[i].x, accuracy: 0.01, "segment \(i) with \(index) selected")
                    XCTAssertEqual(f.segmentBounds(i).width, before[i].width, accuracy: 0.01, "segment \(i) with \(index) selected")
                }
                if index == 1 { XCTAssertGreaterThan(titleWidth(1), plainTitle + 10, "the stylesheet's selected font applies") }
            }
        }
    }

    func testAccessibleRolesLabelsAndSelectedState() {
        run {
            let f = Fixture(count: 3)
            XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(f.control.widget)), GTK_ACCESSIBLE_ROLE_TAB_LIST)
            for segment in f.control.segments {
                XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(segment)), GTK_ACCESSIBLE_ROLE_TAB)
            }
            @MainActor func assertSelected(_ index: Int) {
                for (i, segment) in f.control.segments.enumerated() {
                    XCTAssertTrue(accessibleSelected(segment, is: i == index), "segment \(i) selected = \(i == index)")
                    XCTAssertEqual(gtk_widget_has_css_class(segment, "selected") != 0, i == index)
                }
            }
            assertSelected(0)
            f.control.select(2)
            assertSelected(2)
            // New titles keep a selection that still exists and clamp one that does not.
            f.control.setTitles(["A", "B"])
            XCTAssertEqual(f.control.selectedIndex, 1)
            assertSelected(1)
            f.settle()
            f.assertUnderlineUnder(1)
        }
    }
}
