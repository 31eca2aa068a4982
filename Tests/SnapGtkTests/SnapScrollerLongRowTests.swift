import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// A million items through one adjustment over the whole row (the row is a `GtkScrollable` of ours placing its items
/// relative to the adjustment's value), right to left, GTK's scrollbar over the whole row, and looping rows.
final class SnapScrollerLongRowTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    /// The strip's geometry: 100 px items 70 px apart.
    static let pitch = 170.0

    /// From an item to the root: item → row → scrolled window → overlay, with no viewport anywhere.
    func testTheRowIsTheScrolledWindowsScrollableChild() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture(count: 20)
            defer { f.close() }
            let scroller = f.scroller
            XCTAssertTrue(gtk_scrolled_window_get_child(scroller.scrolledWindow.opaque) == scroller.content)
            XCTAssertNotEqual(g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(scroller.content)), gtk_scrollable_get_type()), 0)
            XCTAssertTrue(scroller.adjustment == gtk_scrolled_window_get_hadjustment(scroller.scrolledWindow.opaque))
            var depth = 0
            var widget = scroller.itemWidget(at: 0)!
            while widget != scroller.widget {
                widget = gtk_widget_get_parent(widget)!
                depth += 1
            }
            XCTAssertEqual(depth, 3, "item → row → scrolled window → root")
            @MainActor func viewports(under widget: UnsafeMutablePointer<GtkWidget>) -> Int {
                var count = g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_viewport_get_type()) != 0 ? 1 : 0
                var child = gtk_widget_get_first_child(widget)
                while let current = child {
                    count += viewports(under: current)
                    child = gtk_widget_get_next_sibling(current)
                }
                return count
            }
            XCTAssertEqual(viewports(under: scroller.widget), 0)
            // The row takes the focus, not the scrolled window.
            XCTAssertEqual(gtk_widget_get_focusable(scroller.scrolledWindow), 0)
            scroller.handleDragBegin(x: 10)
            scroller.handleDragEnd(offsetX: 0)
            XCTAssertNotEqual(gtk_widget_has_focus(scroller.content), 0)
        }
    }

    func testAMillionItemsRestExactlyAtTheMiddleAndTheEnd() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture(count: 1_000_000)
            defer { f.close() }
            let layout = f.scroller.layout
            XCTAssertEqual(layout.contentWidth, 999_999 * Self.pitch + 500)
            // One adjustment over the whole row.
            XCTAssertEqual(gtk_adjustment_get_upper(f.scroller.adjustment), layout.contentWidth)
            XCTAssertEqual(gtk_adjustment_get_page_size(f.scroller.adjustment), 500)
            f.scroller.scrollTo(index: 500_000, animated: false)
            f.assertRests(on: 500_000)
            XCTAssertEqual(f.settled.last?.offset, 500_000 * Self.pitch)
            // An animated trip of 85 million px, exact at the end.
            f.scroller.handleKey(UInt32(GDK_KEY_End))
            f.waitSettled(2)
            f.assertRests(on: 999_999)
            XCTAssertEqual(f.settled.last?.offset, 999_999 * Self.pitch)
            XCTAssertEqual(gtk_adjustment_get_value(f.scroller.adjustment), layout.maxOffset)
            f.scroller.handleScroll(dx: -1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
            f.waitSettled(3)
            f.assertRests(on: 999_998)
            XCTAssertLessThan(f.scroller.createdItemCount, 20)
        }
    }

    /// Right to left the adjustment is flipped: it still counts from the row's left end, where the last item is.
    func testAMillionItemsRightToLeft() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture(count: 1_000_000)
            defer { f.close() }
            f.scroller.scrollTo(index: 999_998, animated: false)
            gtk_widget_set_direction(f.scroller.widget, GTK_TEXT_DIR_RTL)
            waitFrames(4, of: f.scroller.widget)
            XCTAssertEqual(gtk_adjustment_get_value(f.scroller.adjustment), 1 * Self.pitch)
            XCTAssertEqual(f.centreError(of: 999_998) ?? .nan, 0, accuracy: 0.5)
            // The last item lies left of its neighbour.
            var last = graphene_rect_t(), before = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(f.scroller.itemWidget(at: 999_999)!, f.scroller.content, &last), 0)
            XCTAssertNotEqual(gtk_widget_compute_bounds(f.scroller.itemWidget(at: 999_998)!, f.scroller.content, &before), 0)
            XCTAssertEqual(Double(before.origin.x - last.origin.x), Self.pitch)
            f.scroller.handleKey(UInt32(GDK_KEY_End))
            f.waitSettled(1)
            f.assertRests(on: 999_999)
            XCTAssertEqual(f.settled.last?.offset, 0)
            f.scroller.handleKey(UInt32(GDK_KEY_Home))
            f.waitSettled(2)
            f.assertRests(on: 0)
            XCTAssertEqual(f.settled.last?.offset, 999_999 * Self.pitch)
        }
    }

    /// Every painted frame of an animated trip across a million items shows every bound item where the controller's
    /// offset puts it, to half a pixel, and the adjustment holds that offset.
    func testEveryFrameOfALongTripIsInPlace() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture(count: 1_000_000)
            defer { f.close() }
            f.scroller.scrollTo(index: 10, animated: false)
            f.waitSettled(1)
            var frames = 0
            var worst = 0.0
            var adjustmentMatches = true
            let clock = gtk_widget_get_frame_clock(f.window)!
            let handler = Signals.connect(UnsafeMutableRawPointer(clock), "after-paint") {
                let scroller = f.scroller
                let layout = scroller.layout
                let offset = scroller.controller.offset
                adjustmentMatches = adjustmentMatches && gtk_adjustment_get_value(scroller.adjustment) == offset
                for (index, item) in scroller.items.bound where gtk_widget_get_visible(item) != 0 {
                    var bounds = graphene_rect_t()
                    guard gtk_widget_compute_bounds(item, scroller.content, &bounds) != 0 else { continue }
                    let expected = layout.itemStart(index) - offset + layout.itemWidth(index) / 2
                    worst = max(worst, abs(Double(bounds.origin.x + bounds.size.width / 2) - expected))
                }
                frames += 1
            }
            f.scroller.handleKey(UInt32(GDK_KEY_End))
            f.waitSettled(2)
            Signals.disconnect(UnsafeMutableRawPointer(clock), handler)
            f.assertRests(on: 999_999)
            XCTAssertGreaterThan(frames, 5)
            XCTAssertTrue(adjustmentMatches, "the adjustment holds the controller's offset in every frame")
            XCTAssertLessThanOrEqual(worst, 0.5, "an item was drawn \(worst) px from its place in some frame")
        }
    }

    /// GTK's own scrollbar spans the whole row (right to left too, where it is not mirrored: the start is at the
    /// right), and dragging it is followed, then snapped.
    func testTheScrollbarSpansTheWholeRow() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture(count: 1_000_000)
            defer { f.close() }
            f.scroller.isScrollbarVisible = true
            var hPolicy = GTK_POLICY_ALWAYS, vPolicy = GTK_POLICY_ALWAYS
            gtk_scrolled_window_get_policy(f.scroller.scrolledWindow.opaque, &hPolicy, &vPolicy)
            XCTAssertEqual(hPolicy, GTK_POLICY_AUTOMATIC)
            let bar = gtk_scrolled_window_get_hscrollbar(f.scroller.scrolledWindow.opaque)!
            XCTAssertTrue(gtk_scrollbar_get_adjustment(bar.opaque) == f.scroller.adjustment)
            XCTAssertEqual(gtk_adjustment_get_upper(f.scroller.adjustment), f.scroller.layout.contentWidth)
            // Dragged to the middle of the row (what the scrollbar does to the adjustment): followed, then snapped.
            let target = f.scroller.layout.restingOffset(600_000) + 30
            gtk_adjustment_set_value(f.scroller.adjustment, target)
            f.waitSettled(1)
            f.assertRests(on: 600_000)
            XCTAssertEqual(f.settled.last?.cause, .drag)
            gtk_widget_set_direction(f.scroller.widget, GTK_TEXT_DIR_RTL)
            waitFrames(2, of: f.scroller.widget)
            XCTAssertEqual(gtk_adjustment_get_value(f.scroller.adjustment), 399_999 * Self.pitch)
            gtk_adjustment_set_value(f.scroller.adjustment, 999_999 * Self.pitch - 40)
            f.waitSettled(2)
            f.assertRests(on: 0)
            // No scrollbar while looping.
            f.scroller.loops = true
            gtk_scrolled_window_get_policy(f.scroller.scrolledWindow.opaque, &hPolicy, &vPolicy)
            XCTAssertEqual(hPolicy, GTK_POLICY_EXTERNAL)
        }
    }

    /// A looping million: a virtual row of about 1.8·10¹¹ px, still exact at item 999,999 and across the seam, its
    /// offset the unlooped one modulo a round.
    func testALoopingMillionRestsExactlyAtTheLastItemAndAcrossTheSeam() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture(count: 1_000_000)
            defer { f.close() }
            f.scroller.loops = true
            let round = 1_000_000 * Self.pitch
            XCTAssertGreaterThan(f.scroller.layout.contentWidth, 1e11)
            f.scroller.scrollTo(index: 999_999)
            f.waitSettled(1)
            f.assertRests(on: 999_999)
            XCTAssertEqual(f.settled.last?.offset.truncatingRemainder(dividingBy: round), 999_999 * Self.pitch)
            f.scroller.handleScroll(dx: 1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
            f.waitSettled(2)
            f.assertRests(on: 0)
            XCTAssertEqual(f.settled.last?.offset.truncatingRemainder(dividingBy: round), 0)
            gtk_widget_set_direction(f.scroller.widget, GTK_TEXT_DIR_RTL)
            f.scroller.handleScroll(dx: 1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
            f.waitSettled(3)
            f.assertRests(on: 999_999)
            XCTAssertEqual(f.settled.last?.offset.truncatingRemainder(dividingBy: round), 0, "right to left the last item is at the left end of its round")
        }
    }

    func testALoopingRowWrapsBothWaysAndReportsRealItems() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture(count: 5)
            defer { f.close() }
            var current: [Int] = []
            f.scroller.onCurrentIndexChanged = { current.append($0.index) }
            f.scroller.loops = true
            GtkThread.iterate(timeout: 0.2) { false }
            XCTAssertEqual(f.scroller.currentIndex, 0)
            XCTAssertEqual(f.centreError(of: 0) ?? .nan, 0, accuracy: 0.5)
            f.scroller.handleScroll(dx: -1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
            f.waitSettled(1)
            XCTAssertEqual(f.settled.last?.index, 4)
            XCTAssertEqual(f.scroller.currentIndex, 4)
            XCTAssertEqual(current, [4])
            f.assertRests(on: 4)
            XCTAssertEqual(f.scroller.position, -1 + 1 + 4, accuracy: 1e-9)
            // Keys: Right wraps on to the first; End is the last of this round; Home its first.
            f.scroller.handleKey(UInt32(GDK_KEY_Right))
            f.waitSettled(2)
            XCTAssertEqual(f.settled.last?.index, 0)
            f.scroller.handleKey(UInt32(GDK_KEY_End))
            f.waitSettled(3)
            XCTAssertEqual(f.settled.last?.index, 4)
            f.scroller.handleKey(UInt32(GDK_KEY_Home))
            f.waitSettled(4)
            XCTAssertEqual(f.settled.last?.index, 0)
            // Programmatic moves take the short way round: from 0 to 3 is two back.
            current = []
            f.scroller.scrollTo(index: 3)
            f.waitSettled(5)
            XCTAssertEqual(current, [4, 3])
            XCTAssertEqual(f.centreError(of: 3) ?? .nan, 0, accuracy: 0.5)
            // A tap on a visible item reports the real item.
            f.taps = []
            if let item = f.scroller.itemWidget(at: 4) {
                var bounds = graphene_rect_t()
                XCTAssertNotEqual(gtk_widget_compute_bounds(item, f.scroller.content, &bounds), 0)
                let x = Double(bounds.origin.x + bounds.size.width / 2)
                f.scroller.handleDragBegin(x: x)
                f.scroller.handleDragEnd(offsetX: 0)
                XCTAssertEqual(f.taps, [4])
                f.waitSettled(6)
                XCTAssertEqual(f.settled.last?.index, 4)
            } else {
                XCTFail("item 4 is not near item 3")
            }
            // Far from the middle copy at rest, the row moves back to the middle without a visible change.
            let loop = try! XCTUnwrap(f.scroller.loopSpace)
            let far = loop.virtualIndex(middleOf: 4) + 5 * (loop.cycles / 4 + 2)
            f.scroller.restart(onVirtualIndex: far)
            GtkThread.iterate(timeout: 0.2) { false }
            let before = f.centreError(of: 4)
            f.scroller.recentreLoopIfFar()
            XCTAssertEqual(f.scroller.controller.currentIndex, loop.virtualIndex(middleOf: 4))
            GtkThread.iterate(timeout: 0.1) { false }
            XCTAssertEqual(f.centreError(of: 4) ?? .nan, before ?? .nan, accuracy: 0.5)
            // Loop off: a plain row on the same item.
            f.scroller.loops = false
            XCTAssertEqual(f.scroller.currentIndex, 4)
            XCTAssertEqual(f.scroller.layout.count, 5)
        }
    }
}
