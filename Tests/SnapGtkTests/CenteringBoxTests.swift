import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The centring container on the GTK thread: placement at various widths (LTR and RTL), mode
/// callbacks exactly at the threshold, and scroll positions kept as the content changes.
final class CenteringBoxTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    /// A centring box `viewWidth` wide hosting a child of `childWidth`, in a window.
    @MainActor
    private final class Fixture: WidgetFixture {
        let box = CenteringBox(label: "test")
        let child = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        var modes: [CenteringLayout.Mode] = []

        init(childWidth: Int32, viewWidth: Int32) {
            gtk_widget_set_size_request(child, childWidth, 20)
            box.setChild(child)
            super.init(hosting: box.widget, fixedWidth: viewWidth)
            box.onModeChanged = { [unowned self] mode in self.modes.append(mode) }
            settle()
        }

        func setChildWidth(_ width: Int32) { gtk_widget_set_size_request(child, width, 20); settle() }
        func setViewWidth(_ width: Int32) { gtk_widget_set_size_request(box.widget, width, -1); settle() }

        /// The child's left edge and width in the scroller's (the view's) coordinates.
        var childInView: (x: Double, width: Double) {
            var bounds = graphene_rect_t()
            XCTAssertTrue(gtk_widget_compute_bounds(child, box.widget, &bounds) != 0)
            return (Double(bounds.origin.x), Double(bounds.size.width))
        }

        var viewWidth: Double { Double(gtk_widget_get_width(box.widget)) }
        var value: Double { gtk_adjustment_get_value(box.adjustment) }
        var upper: Double { gtk_adjustment_get_upper(box.adjustment) }
        /// The holder's padding at each end (SnapGtk's stylesheet): the content's inset once it scrolls.
        var inset: Double {
            var padding = GtkBorder()
            gtk_style_context_get_padding(gtk_widget_get_style_context(box.holder), &padding)
            XCTAssertEqual(padding.left, padding.right)
            return Double(padding.left)
        }
    }

    private func withRTL(_ rtl: Bool, _ body: @MainActor () -> Void) {
        MainActor.assumeIsolated {
            let was = Preferences.rightToLeft
            Preferences.rightToLeft = rtl
            defer { Preferences.rightToLeft = was }
            body()
        }
    }

    func testNarrowChildIsCentredWithoutScrolling() {
        for rtl in [false, true] {
            withRTL(rtl) {
                // Fitting means fitting inside the inset at each end (12 px): 376 of 400 is the widest that fits.
                for (child, view) in [(100, 400), (101, 400), (376, 400), (1, 333), (227, 251)] as [(Int32, Int32)] {
                    let f = Fixture(childWidth: child, viewWidth: view)
                    XCTAssertEqual(f.viewWidth, Double(view))
                    let placed = f.childInView
                    XCTAssertEqual(placed.width, Double(child))
                    XCTAssertEqual(placed.x + placed.width / 2, f.viewWidth / 2, accuracy: 0.5, "child \(child) in \(view), rtl \(rtl)")
                    XCTAssertEqual(f.box.mode, .centered)
                    XCTAssertEqual(f.modes, [.centered])
                    XCTAssertEqual(f.upper, Double(view), "nothing to scroll")
                }
            }
        }
    }

    func testWideChildStartsAtTheStartEdgeAndScrolls() {
        for rtl in [false, true] {
            withRTL(rtl) {
                for (child, view) in [(380, 400), (401, 400), (900, 400), (1500, 333)] as [(Int32, Int32)] {
                    let f = Fixture(childWidth: child, viewWidth: view)
                    let placed = f.childInView
                    XCTAssertEqual(placed.width, Double(child))
                    let inset = f.inset
                    XCTAssertEqual(inset, 12, "SnapGtk's stylesheet insets scrolling content")
                    if rtl {
                        XCTAssertEqual(placed.x + placed.width, f.viewWidth - inset, accuracy: 0.01, "right edge an inset from the view's right")
                        XCTAssertEqual(f.value, Double(child - view) + 2 * inset, accuracy: 0.01)
                    } else {
                        XCTAssertEqual(placed.x, inset, accuracy: 0.01, "left edge an inset from the view's left")
                        XCTAssertEqual(f.value, 0)
                    }
                    XCTAssertEqual(f.upper, Double(child) + 2 * inset)
                    XCTAssertEqual(f.box.mode, .scrolling)
                    XCTAssertEqual(f.modes, [.scrolling])
                }
            }
        }
    }

    func testModeChangesExactlyAtTheThresholdBothWays() {
        for rtl in [false, true] {
            withRTL(rtl) {
                // The room inside the view is 400 less the 12 px inset at each end: 376.
                let f = Fixture(childWidth: 374, viewWidth: 400)
                f.setChildWidth(375)
                f.setChildWidth(376)   // exactly as wide as the room: still fits
                XCTAssertEqual(f.modes, [.centered])
                XCTAssertEqual(f.childInView.x, 12, accuracy: 0.01)
                f.setChildWidth(377)
                XCTAssertEqual(f.modes, [.centered, .scrolling])
                f.setChildWidth(378)
                XCTAssertEqual(f.modes, [.centered, .scrolling], "no report without a change of mode")
                f.setChildWidth(376)
                XCTAssertEqual(f.modes, [.centered, .scrolling, .centered])
                XCTAssertEqual(f.value, 0)
                // The view changing size crosses the threshold too.
                f.setViewWidth(399)
                XCTAssertEqual(f.modes, [.centered, .scrolling, .centered, .scrolling])
                f.setViewWidth(600)
                XCTAssertEqual(f.modes, [.centered, .scrolling, .centered, .scrolling, .centered])
                XCTAssertEqual(f.childInView.x, 112, accuracy: 0.5)
            }
        }
    }

    func testCrossingTheThresholdMovesTheChildOnlyByTheChange() {
        // Growing by one pixel across the threshold moves the start edge by at most a pixel: no jump.
        for rtl in [false, true] {
            withRTL(rtl) {
                let f = Fixture(childWidth: 376, viewWidth: 400)   // exactly the room inside the insets
                let before = f.childInView
                f.setChildWidth(377)
                let after = f.childInView
                XCTAssertEqual(f.box.mode, .scrolling)
                if rtl {
                    XCTAssertEqual(after.x + after.width, before.x + before.width, accuracy: 1)
                } else {
                    XCTAssertEqual(after.x, before.x, accuracy: 1)
                }
            }
        }
    }

    func testGrowingWhileScrolledKeepsTheVisibleContentInPlace() {
        for rtl in [false, true] {
            withRTL(rtl) {
                let f = Fixture(childWidth: 1000, viewWidth: 400)
                gtk_adjustment_set_value(f.box.adjustment, 300)
                f.settle()
                let before = f.childInView
                // Content grows at its end (a box appends at the end: the left in RTL is where the new
                // width lands for a right-anchored child).
                f.setChildWidth(1200)
                let after = f.childInView
                if rtl {
                    // Anchored to the right end: the distance from the end is kept.
                    XCTAssertEqual(f.upper - f.value - 400, 1000 + 2 * f.inset - 300 - 400, accuracy: 0.01)
                    XCTAssertEqual(after.x + after.width, before.x + before.width, accuracy: 0.01)
                } else {
                    XCTAssertEqual(f.value, 300)
                    XCTAssertEqual(after.x, before.x, accuracy: 0.01)
                }
                // Shrinking below the view centres again with nothing left to scroll.
                f.setChildWidth(200)
                XCTAssertEqual(f.value, 0)
                XCTAssertEqual(f.childInView.x, 100, accuracy: 0.5)
                XCTAssertEqual(f.box.mode, .centered)
            }
        }
    }

    func testDirectionChangeLiveMovesTheStartEdge() {
        withRTL(false) {
            let f = Fixture(childWidth: 900, viewWidth: 400)
            XCTAssertEqual(f.childInView.x, f.inset, accuracy: 0.01)
            Preferences.rightToLeft = true
            f.settle()
            let placed = f.childInView
            XCTAssertEqual(placed.x + placed.width, f.viewWidth - f.inset, accuracy: 0.01, "start edge is now the right")
        }
    }

    func testReplacingAndRemovingTheChild() {
        MainActor.assumeIsolated {
            let f = Fixture(childWidth: 100, viewWidth: 400)
            let other = gtk_label_new("other")!
            f.box.setChild(other)
            XCTAssertTrue(f.box.childWidget == other, "the new child replaced the old")
            XCTAssertTrue(gtk_widget_get_parent(other) == f.box.holder)
            f.box.setChild(nil)
            f.settle()
            XCTAssertNil(f.box.childWidget)
        }
    }

    /// The holder is the scrolled window's child itself (no viewport between): a scrollable of ours, handed the
    /// scrolled window's adjustments.
    func testTheHolderIsTheScrolledWindowsScrollableChild() {
        MainActor.assumeIsolated {
            let f = Fixture(childWidth: 900, viewWidth: 400)
            XCTAssertTrue(gtk_scrolled_window_get_child(f.box.widget.opaque) == f.box.holder)
            XCTAssertNotEqual(g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(f.box.holder)), gtk_scrollable_get_type()), 0)
            XCTAssertTrue(gtk_scrollable_get_hadjustment(f.box.holder.opaque) == gtk_scrolled_window_get_hadjustment(f.box.widget.opaque))
            XCTAssertTrue(f.box.adjustment == gtk_scrolled_window_get_hadjustment(f.box.widget.opaque))
            XCTAssertTrue(gtk_widget_get_parent(f.child) == f.box.holder)
        }
    }

    /// Focus moving to a widget inside the child scrolls as little as shows it whole, both ways.
    func testFocusInsideTheChildIsScrolledIntoView() {
        for rtl in [false, true] {
            withRTL(rtl) {
                let f = Fixture(childWidth: 20, viewWidth: 400)
                let buttons = (0..<10).map { index -> UnsafeMutablePointer<GtkWidget> in
                    let button = gtk_button_new_with_label("\(index)")!
                    gtk_widget_set_size_request(button, 100, 20)
                    gtk_box_append(f.child.cast(), button)
                    return button
                }
                f.settle()
                XCTAssertEqual(f.box.mode, .scrolling)
                @MainActor func shown(_ index: Int) -> Bool {
                    var bounds = graphene_rect_t()
                    XCTAssertTrue(gtk_widget_compute_bounds(buttons[index], f.box.widget, &bounds) != 0)
                    return bounds.origin.x >= 0 && Double(bounds.origin.x + bounds.size.width) <= f.viewWidth
                }
                // A box lays its children out from the start edge: the first button is at the right in RTL.
                let first = 0, last = 9
                XCTAssertTrue(shown(first) && !shown(last), "rtl \(rtl)")
                gtk_widget_grab_focus(buttons[last])
                f.settle()
                XCTAssertTrue(shown(last), "the focused button is scrolled into view, rtl \(rtl)")
                gtk_widget_grab_focus(buttons[first])
                f.settle()
                XCTAssertTrue(shown(first), "and back, rtl \(rtl)")
                XCTAssertEqual(f.value, rtl ? f.upper - 400 : 0)
            }
        }
    }
}
